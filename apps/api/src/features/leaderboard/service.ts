import { LEADERBOARDS, type Leaderboard } from '@mirage/domain';
import { equippedView } from '../player/index.ts';
import type { LeaderboardRepository, LeaderboardRow } from './repository.ts';

/** How often the background work looks for boards to recompute (background.ts). */
export const LEADERBOARD_REFRESH_MS = 60_000;
/**
 * A board is recomputed at most every REFRESH_COST_FACTOR times its last computation's duration: at a million
 * players a board takes 10–20 s on PostgreSQL (BENCHMARKS.md), so the refresh then spends at most a tenth of
 * the time on it, and its ranks are a few minutes old instead of one.
 */
const REFRESH_COST_FACTOR = 10;
/**
 * A change committed by a transaction that began before the last refresh may carry an `updated_at` older than
 * it: a board is recomputed while anything changed in this window before its last refresh too.
 */
const CHANGE_MARGIN_MS = 2 * 60_000;

function entryView(row: LeaderboardRow) {
  return {
    rank: row.rank,
    user_id: row.userId,
    username: row.username,
    value: row.value,
    level: row.level,
    title: row.title,
    equipped: equippedView(row.equipped),
  };
}

/** The five leaderboards (docs/product/player.md#leaderboards): pages of ranks and the caller's own row. */
export function createLeaderboardService(deps: { boards: LeaderboardRepository; now: () => Date }) {
  const { boards } = deps;

  async function refreshIfChanged(board: Leaderboard, force = false): Promise<void> {
    const last = await boards.lastRefresh(board);
    const now = deps.now();
    if (!force && last) {
      const due = last.at.getTime() + Math.max(LEADERBOARD_REFRESH_MS, REFRESH_COST_FACTOR * last.durationMs);
      // The background looks every minute: a board due within the next second counts as due.
      if (now.getTime() < due - 1_000) return;
      if (!(await boards.changedSince(new Date(last.at.getTime() - CHANGE_MARGIN_MS)))) return;
    }
    await boards.refresh(board, now);
  }

  return {
    /** Recomputes the boards whose players changed (every minute in the background; tests call it). */
    async refresh(options: { force?: boolean } = {}): Promise<void> {
      for (const board of LEADERBOARDS) await refreshIfChanged(board, options.force);
    },

    async page(board: Leaderboard, page: number, size: number, viewerId: number | null) {
      // A board never computed (a new install) is computed now rather than shown empty for a minute.
      let last = await boards.lastRefresh(board);
      if (!last) {
        await boards.refresh(board, deps.now());
        last = await boards.lastRefresh(board);
      }
      const from = page * size + 1;
      const [rows, own] = await Promise.all([
        boards.page(board, from, from + size - 1),
        viewerId === null ? Promise.resolve(undefined) : boards.own(board, viewerId),
      ]);
      const players = last?.players ?? 0;
      return {
        answer: {
          items: rows.map(entryView),
          me: own ? entryView(own) : null,
          page,
          pages: Math.ceil(players / size),
          total: players,
          updated_at: (last?.at ?? deps.now()).toISOString(),
        },
        ownRank: own?.rank ?? null,
      };
    },
  };
}
export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
