import type { Leaderboard } from '@mirage/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * How each board orders its players (docs/product/player.md#leaderboards): the number it sorts by, the time
 * that number last rose (a tie goes to the earlier achiever), and the number it shows. The level board sorts
 * by every XP ever earned, which orders level and progress together and only grows.
 */
const BOARD_ORDER: Readonly<Record<Leaderboard, { sort: string; at: string; shown: string }>> = {
  level: { sort: 'xp_total', at: 'xp_total_at', shown: 'level' },
  scroll: { sort: 'scroll', at: 'scroll_at', shown: 'scroll' },
  report: { sort: 'approved_reports', at: 'approved_reports_at', shown: 'approved_reports' },
  daily: { sort: 'daily_streak_best', at: 'daily_streak_best_at', shown: 'daily_streak_best' },
  generation: { sort: 'image_generated', at: 'image_generated_at', shown: 'image_generated' },
};

export interface LeaderboardRow {
  rank: number;
  userId: number;
  value: number;
  username: string;
  level: number;
  title: number | null;
  equipped: {
    animation: number | null;
    style: number | null;
    color: number | null;
    profile_pic: number | null;
  };
}

/**
 * The boards' ranks (migration 0011): computed from `player` by `refresh` into `leaderboard_rank`, so that a
 * page is a primary-key range and a player's own rank one index lookup, whatever the number of players.
 * Names, levels, titles and looks are read live with each page.
 */
export function createLeaderboardRepository(db: DB) {
  const rowsWhere = (board: Leaderboard) =>
    db
      .selectFrom('leaderboard_rank as r')
      .innerJoin('app_user as u', 'u.id', 'r.user_id')
      .leftJoin('player as p', 'p.user_id', 'r.user_id')
      .select([
        'r.rank',
        'r.user_id',
        'r.value',
        'u.username',
        'p.level',
        'p.title_achievement_id',
        'p.equipped_animation',
        'p.equipped_style',
        'p.equipped_color',
        'p.equipped_profile_pic',
      ])
      .where('r.board', '=', board);

  const toRow = (row: Awaited<ReturnType<ReturnType<typeof rowsWhere>['execute']>>[number]) => ({
    rank: row.rank,
    userId: row.user_id,
    value: row.value,
    username: row.username,
    level: row.level ?? 1,
    title: row.title_achievement_id ?? null,
    equipped: {
      animation: row.equipped_animation ?? null,
      style: row.equipped_style ?? null,
      color: row.equipped_color ?? null,
      profile_pic: row.equipped_profile_pic ?? null,
    },
  });

  return {
    /** Ranks `from`..`to` (inclusive) of a board. */
    async page(board: Leaderboard, from: number, to: number): Promise<LeaderboardRow[]> {
      const rows = await rowsWhere(board)
        .where('r.rank', '>=', from)
        .where('r.rank', '<=', to)
        .orderBy('r.rank')
        .execute();
      return rows.map(toRow);
    },

    /** The user's own row, when they are ranked on the board. */
    async own(board: Leaderboard, userId: number): Promise<LeaderboardRow | undefined> {
      const row = await rowsWhere(board).where('r.user_id', '=', userId).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    /** How many players the board ranked at its last refresh, and when (undefined: never computed). */
    async lastRefresh(
      board: Leaderboard,
    ): Promise<{ at: Date; players: number; durationMs: number } | undefined> {
      const row = await db
        .selectFrom('leaderboard_refresh')
        .select(['refreshed_at', 'players', 'duration_ms'])
        .where('board', '=', board)
        .executeTakeFirst();
      return row ? { at: row.refreshed_at, players: row.players, durationMs: row.duration_ms } : undefined;
    },

    /** Whether any player changed since `at` (the refresh skips a board nothing moved). */
    async changedSince(at: Date): Promise<boolean> {
      const row = await db
        .selectFrom('player')
        .select('user_id')
        .where('updated_at', '>', at)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Recomputes a board's ranks in one transaction (readers see the old ranks until it commits): active
     * players with a value above 0, by value, then the earlier achiever, then the lower user id.
     */
    async refresh(board: Leaderboard, at: Date): Promise<number> {
      const order = BOARD_ORDER[board];
      const started = performance.now();
      return db.transaction().execute(async (trx) => {
        // One refresh per board at a time across instances: the second waits, then recomputes.
        await sql`select pg_advisory_xact_lock(hashtext(${`leaderboard:${board}`}))`.execute(trx);
        await trx.deleteFrom('leaderboard_rank').where('board', '=', board).execute();
        const inserted = await sql`
          insert into leaderboard_rank (board, rank, user_id, value)
          select ${board}, row_number() over (
              order by p.${sql.ref(order.sort)} desc, p.${sql.ref(order.at)}, p.user_id),
            p.user_id, p.${sql.ref(order.shown)}
          from player p join app_user u on u.id = p.user_id and u.is_active
          where p.${sql.ref(order.sort)} > 0`.execute(trx);
        const players = Number(inserted.numAffectedRows ?? 0);
        const durationMs = Math.round(performance.now() - started);
        await trx
          .insertInto('leaderboard_refresh')
          .values({ board, refreshed_at: at, players, duration_ms: durationMs })
          .onConflict((oc) =>
            oc.column('board').doUpdateSet({ refreshed_at: at, players, duration_ms: durationMs }),
          )
          .execute();
        return players;
      });
    },
  };
}
export type LeaderboardRepository = ReturnType<typeof createLeaderboardRepository>;
