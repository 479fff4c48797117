import type { NotificationType, PlayerCounter, PlayerProgress, XpCapGroup } from '@mirage/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PlayerTable } from '../../db/schema/player.ts';
import { CHANNEL, notifyExpression } from '../../events/notifier.ts';

export interface NewNotification {
  type: NotificationType;
  /** One notification per user and key (a level, an achievement, a day): a replay adds none. */
  dedupeKey: string | null;
  data: Record<string, unknown>;
  xpGain: number | null;
  rewardTokens: number;
  expiresAt?: Date | null;
}

/** Board metrics whose `<metric>_at` says when the value last rose. */
const BOARD_COUNTERS = ['scroll', 'approved_reports', 'image_generated'] as const satisfies PlayerCounter[];

/**
 * The player projector's SQL (features/player/projector.ts), always inside the outbox handler's
 * transaction: the player row is locked first, so every change to one player is applied one after another.
 */
export function createProgressRepository(trx: Transaction<Database>) {
  return {
    /** Records that an event was applied; false when it already was (a replay then changes nothing). */
    async claimEvent(eventId: number): Promise<boolean> {
      const rows = await trx
        .insertInto('player_projected_event')
        .values({ event_id: eventId })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .execute();
      return rows.length > 0;
    },

    /**
     * Locks the user's row (FOR NO KEY UPDATE), then creates the user's player row if it is missing and
     * locks it (FOR UPDATE). The user row comes first, as in every ledger posting and task creation: a
     * projector that took only the foreign keys' KEY SHARE locks on it deadlocked against parallel
     * postings on PostgreSQL (measured: 3 of 50 parallel debits). Undefined when the user no longer exists
     * (deleted since the event): the event then changes nothing.
     */
    async lock(userId: number): Promise<PlayerProgress | undefined> {
      const user = await trx
        .selectFrom('app_user')
        .select('id')
        .where('id', '=', userId)
        // A deleted account (its anonymised row stays) gets no progress from events still on their way.
        .where('deleted_at', 'is', null)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!user) return undefined;
      await trx
        .insertInto('player')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const row = await trx
        .selectFrom('player')
        .selectAll()
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        level: row.level,
        xpProgress: row.xp_progress,
        xpTotal: row.xp_total,
        dailyStreak: row.daily_streak,
        dailyStreakBest: row.daily_streak_best,
        lastStreakDay: row.last_streak_day,
        counters: {
          image_generated: row.image_generated,
          total_fav: row.total_fav,
          approved_reports: row.approved_reports,
          scroll: row.scroll,
          daily_quests: row.daily_quests,
          upscales: row.upscales,
        },
      };
    },

    /** Writes the player's new progress; each board's `<metric>_at` moves to `at` when its value rose. */
    async save(userId: number, before: PlayerProgress, after: PlayerProgress, at: Date): Promise<void> {
      const rose = (was: number, is: number) => (is > was ? at : undefined);
      const changes: Partial<Record<keyof PlayerTable, unknown>> = {
        level: after.level,
        xp_progress: after.xpProgress,
        xp_total: after.xpTotal,
        xp_total_at: rose(before.xpTotal, after.xpTotal),
        daily_streak: after.dailyStreak,
        daily_streak_best: after.dailyStreakBest,
        daily_streak_best_at: rose(before.dailyStreakBest, after.dailyStreakBest),
        last_streak_day: after.lastStreakDay,
        ...after.counters,
        // The database's clock, not the event's: the leaderboards' refresh looks for rows changed since it ran.
        updated_at: sql`now()`,
      };
      for (const counter of BOARD_COUNTERS) {
        changes[`${counter}_at`] = rose(before.counters[counter], after.counters[counter]);
      }
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await trx.updateTable('player').set(defined).where('user_id', '=', userId).execute();
      // Delivered on commit: the user's live streams say `player`, and the app reads the player again.
      await sql`select ${notifyExpression(CHANNEL.playerChanged, String(userId))}`.execute(trx);
    },

    /** XP already earned on `day` in a capped group. */
    async xpEarned(userId: number, day: string, group: XpCapGroup): Promise<number> {
      const row = await trx
        .selectFrom('player_xp_day')
        .select('xp')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .where('cap_group', '=', group)
        .executeTakeFirst();
      return row?.xp ?? 0;
    },

    async addXpEarned(userId: number, day: string, group: XpCapGroup, xp: number): Promise<void> {
      await trx
        .insertInto('player_xp_day')
        .values({ user_id: userId, day, cap_group: group, xp })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'day', 'cap_group'])
            .doUpdateSet({ xp: sql`player_xp_day.xp + excluded.xp` }),
        )
        .execute();
    },

    async unlockedAchievements(userId: number): Promise<Set<number>> {
      const rows = await trx
        .selectFrom('player_achievement')
        .select('achievement_id')
        .where('user_id', '=', userId)
        .execute();
      return new Set(rows.map((row) => row.achievement_id));
    },

    /** Unlocks achievements; returns the ids that were not unlocked before (the primary key decides). */
    async unlockAchievements(userId: number, ids: readonly number[], at: Date): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await trx
        .insertInto('player_achievement')
        .values(ids.map((id) => ({ user_id: userId, achievement_id: id, unlocked_at: at })))
        .onConflict((oc) => oc.columns(['user_id', 'achievement_id']).doNothing())
        .returning('achievement_id')
        .execute();
      return rows.map((row) => row.achievement_id);
    },

    /**
     * Adds notifications (a dedupe key already used by the user adds nothing) and signals each new one to
     * the user's live streams on commit.
     */
    async notify(userId: number, notifications: readonly NewNotification[], at: Date): Promise<number[]> {
      if (notifications.length === 0) return [];
      const rows = await trx
        .insertInto('notification')
        .values(
          notifications.map((n) => ({
            user_id: userId,
            type: n.type,
            dedupe_key: n.dedupeKey,
            data: JSON.stringify(n.data),
            xp_gain: n.xpGain,
            reward_tokens: n.rewardTokens,
            created_at: at,
            expires_at: n.expiresAt ?? null,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
        .returning('id')
        .execute();
      const ids = rows.map((row) => row.id);
      for (const id of ids) {
        await sql`select ${notifyExpression(CHANNEL.notificationCreated, `${userId}:${id}`)}`.execute(trx);
      }
      return ids;
    },
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
