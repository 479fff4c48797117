/**
 * Leaderboards: five boards, each ranking players by one counter of the player row. The level board shows
 * the level but orders by total XP (levels.ts `totalXp`), which tells apart players of the same level.
 * Ties go to whoever got there first (the time the value was reached, then the user id), so a rank never
 * changes between two reads that nothing happened between.
 */

export const LEADERBOARDS = ['level', 'scroll', 'report', 'daily', 'generation'] as const;
export type Leaderboard = (typeof LEADERBOARDS)[number];
export type LeaderboardMetric =
  'level' | 'scroll' | 'approved_reports' | 'daily_streak_best' | 'image_generated';

export function isLeaderboard(value: unknown): value is Leaderboard {
  return typeof value === 'string' && (LEADERBOARDS as readonly string[]).includes(value);
}

/** The player counter each board shows ("daily" is the best streak, which a broken streak keeps). */
export const LEADERBOARD_METRIC: Readonly<Record<Leaderboard, LeaderboardMetric>> = {
  level: 'level',
  scroll: 'scroll',
  report: 'approved_reports',
  daily: 'daily_streak_best',
  generation: 'image_generated',
};

export const LEADERBOARD_PAGE_SIZE = 25;
export const LEADERBOARD_MAX_PAGE_SIZE = 100;
/** The top places shown apart from the list. */
export const PODIUM_SIZE = 3;

/** A requested page size brought into 1..LEADERBOARD_MAX_PAGE_SIZE (the default when none is given). */
export function leaderboardPageSize(requested?: number): number {
  if (requested === undefined || !Number.isFinite(requested)) return LEADERBOARD_PAGE_SIZE;
  return Math.min(LEADERBOARD_MAX_PAGE_SIZE, Math.max(1, Math.trunc(requested)));
}

/** One player's standing on a board. */
export interface RankedEntry {
  userId: number;
  /** The value ordered by: the metric, or total XP on the level board. */
  score: number;
  /** When the player reached this score (ms since the epoch). */
  reachedAt: number;
}

/** Board order: higher score first; on a tie the earlier achiever, then the lower user id. */
export function compareRanked(a: RankedEntry, b: RankedEntry): number {
  return b.score - a.score || a.reachedAt - b.reachedAt || a.userId - b.userId;
}
