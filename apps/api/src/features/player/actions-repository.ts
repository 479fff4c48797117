import { CURRENCY, type EquipSlot } from '@mirage/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { post } from '../ledger/index.ts';
import { appendEvent } from '../outbox/index.ts';
import { visibleTo } from '../image/index.ts';

const EQUIP_COLUMN = {
  animation: 'equipped_animation',
  style: 'equipped_style',
  color: 'equipped_color',
  profile_pic: 'equipped_profile_pic',
} as const satisfies Record<EquipSlot, string>;

/** The player row, created with the defaults if the user has none yet (no event touched them). */
async function ensurePlayer(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx
    .insertInto('player')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** What the player does (docs/product/player.md): cosmetics, titles, the daily quest, scroll counting. */
export function createPlayerActionsRepository(db: DB) {
  return {
    /**
     * Buys a reward: the ownership row and the debit commit together. A reward already owned changes
     * nothing ('owned'); too few tokens is the ledger's overdraft error, which rolls the ownership back.
     */
    async unlockReward(
      userId: number,
      reward: { id: number; price: number },
    ): Promise<{ outcome: 'owned' } | { outcome: 'unlocked'; balance: number }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('player_reward')
          .values({ user_id: userId, reward_id: reward.id })
          .onConflict((oc) => oc.columns(['user_id', 'reward_id']).doNothing())
          .returning('reward_id')
          .execute();
        if (inserted.length === 0) return { outcome: 'owned' as const };
        if (reward.price === 0) return { outcome: 'unlocked' as const, balance: 0 };
        const posted = await post(
          trx,
          [
            {
              userId,
              currency: CURRENCY.rewardTokens,
              delta: -reward.price,
              reason: 'reward_unlock',
              ref: { type: 'reward', id: String(reward.id) },
            },
          ],
          `reward_unlock:${userId}:${reward.id}`,
        );
        return { outcome: 'unlocked' as const, balance: posted.balances[0]?.balance ?? 0 };
      });
    },

    /** Writes the equipped reward of each given slot (the caller checked ownership). */
    async equip(userId: number, slots: Partial<Record<EquipSlot, number>>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await ensurePlayer(trx, userId);
        const set = Object.fromEntries(
          (Object.keys(slots) as EquipSlot[]).map((slot) => [EQUIP_COLUMN[slot], slots[slot]]),
        );
        await trx.updateTable('player').set(set).where('user_id', '=', userId).execute();
      });
    },

    async setTitle(userId: number, achievementId: number | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await ensurePlayer(trx, userId);
        await trx
          .updateTable('player')
          .set({ title_achievement_id: achievementId })
          .where('user_id', '=', userId)
          .execute();
      });
    },

    /** The public side of an active user: name and player (missing for a user no event touched). */
    async publicPlayer(userId: number) {
      return db
        .selectFrom('app_user as u')
        .leftJoin('player as p', 'p.user_id', 'u.id')
        .select([
          'u.id',
          'u.username',
          'p.level',
          'p.title_achievement_id',
          'p.daily_streak',
          'p.daily_streak_best',
          'p.approved_reports',
          'p.scroll',
          'p.total_fav',
          'p.image_generated',
          'p.equipped_animation',
          'p.equipped_style',
          'p.equipped_color',
          'p.equipped_profile_pic',
        ])
        .where('u.id', '=', userId)
        .where('u.is_active', '=', true)
        .executeTakeFirst();
    },

    async dailyQuest(userId: number) {
      return db
        .selectFrom('app_user')
        .select(['daily_quest_day', 'daily_quest_opened_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Records the opening, unless the quest was already opened on `day` (the wait does not restart). */
    async openDailyQuest(userId: number, at: Date, day: string): Promise<void> {
      await db
        .updateTable('app_user')
        .set({ daily_quest_opened_at: at })
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('daily_quest_opened_at', 'is', null),
            eb(sql`(daily_quest_opened_at at time zone 'UTC')::date`, '<>', sql`${day}::date`),
          ]),
        )
        .execute();
    },

    /**
     * Completes the quest in one transaction with the user's row locked: `check` sees the current state
     * and throws to refuse; the day, the tickets and the event then commit together, once per day (the
     * ledger key and the event's dedupe key are the day's).
     */
    async completeDailyQuest(
      userId: number,
      day: string,
      tickets: number,
      check: (state: { day: string | null; openedAt: Date | null }) => void,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('app_user')
          .select(['daily_quest_day', 'daily_quest_opened_at'])
          .where('id', '=', userId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        check({ day: row.daily_quest_day, openedAt: row.daily_quest_opened_at });
        await trx.updateTable('app_user').set({ daily_quest_day: day }).where('id', '=', userId).execute();
        const posted = await post(
          trx,
          [
            {
              userId,
              currency: CURRENCY.tickets,
              delta: tickets,
              reason: 'daily_quest',
              ref: { type: 'day', id: day },
            },
          ],
          `daily_quest:${userId}:${day}`,
        );
        await appendEvent(
          trx,
          { type: 'daily_quest.completed', payload: { userId, day } },
          { dedupeKey: `daily_quest.completed:${userId}:${day}` },
        );
        return posted.balances[0]?.balance ?? 0;
      });
    },

    /**
     * Counts the images (by uuid) the user may see and has not counted today; appends one
     * `gallery.scrolled` event with the number, in the same transaction.
     */
    async countScroll(userId: number, uuids: readonly string[], day: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const counted = await trx
          .insertInto('player_scroll_day')
          .columns(['user_id', 'day', 'image_id'])
          .expression((eb) =>
            eb
              .selectFrom('image')
              .select([sql.lit(userId).as('user_id'), sql`${day}::date`.as('day'), 'id'])
              .where('uuid', 'in', [...uuids])
              .where(visibleTo(userId)),
          )
          .onConflict((oc) => oc.columns(['user_id', 'day', 'image_id']).doNothing())
          .returning('image_id')
          .execute();
        if (counted.length > 0) {
          await appendEvent(trx, { type: 'gallery.scrolled', payload: { userId, count: counted.length } });
        }
        return counted.length;
      });
    },

    /** Drops the scroll rows of days before `today` (the hourly maintenance). */
    async forgetScrollBefore(today: string): Promise<void> {
      await db.deleteFrom('player_scroll_day').where('day', '<', today).execute();
    },

    /**
     * Forgets the projected-event ids whose events the outbox has purged (maintenance): a purged event can
     * never be delivered again, so its id guards nothing any more.
     */
    async forgetPurgedEvents(limit = 5_000): Promise<number> {
      const result = await sql`
        delete from player_projected_event where event_id in (
          select p.event_id from player_projected_event p
          where not exists (select 1 from outbox o where o.id = p.event_id)
          limit ${limit}
        )`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    async imageCount(): Promise<number> {
      const row = await db
        .selectFrom('image')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type PlayerActionsRepository = ReturnType<typeof createPlayerActionsRepository>;
