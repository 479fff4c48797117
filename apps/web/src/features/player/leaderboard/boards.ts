import { isLeaderboard, type Leaderboard } from '@mirage/domain';

/** The board a visitor lands on: the level board (spec §2, the dropdown's first). */
export const DEFAULT_BOARD: Leaderboard = 'level';

/** The board named by `?board=` (an unknown or missing one is the default). */
export function boardOf(search: URLSearchParams): Leaderboard {
  const board = search.get('board');
  return isLeaderboard(board) ? board : DEFAULT_BOARD;
}

/**
 * The rows of the list under the podium: from rank 4 on (the caller's own row is also shown on its own,
 * above the podium: spec §2, "the signed-in user's own row first").
 */
export function listedRows<T extends { rank: number }>(rows: readonly T[], podium: number): T[] {
  return rows.filter((row) => row.rank > podium);
}
