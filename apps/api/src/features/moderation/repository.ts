import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** SQL of strike escalation and the moderators' review queue (migration 0007). */
export function createModerationRepository(db: DB) {
  return {
    /** When the account was muted, or null (undefined: no such account). */
    async mutedAt(userId: number): Promise<Date | null | undefined> {
      const row = await db
        .selectFrom('app_user')
        .select('muted_at')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? row.muted_at : undefined;
    },

    /** Locks the account row: strikes of one account are counted one at a time. */
    async lockAccount(trx: Transaction<Database>, userId: number) {
      return trx
        .selectFrom('app_user')
        .select(['muted_at', 'strikes_lifted_at'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    async addStrike(
      trx: Transaction<Database>,
      strike: { userId: number; reasons: string[]; prompt: string; negPrompt: string; at: Date },
    ): Promise<void> {
      await trx
        .insertInto('moderation_strike')
        .values({
          user_id: strike.userId,
          kind: 'child_safety',
          reasons: strike.reasons,
          prompt: strike.prompt,
          neg_prompt: strike.negPrompt,
          created_at: strike.at,
        })
        .execute();
    },

    async countStrikes(trx: Transaction<Database>, userId: number, since: Date): Promise<number> {
      const row = await trx
        .selectFrom('moderation_strike')
        .select((eb) => eb.fn.countAll<string | number>().as('strikes'))
        .where('user_id', '=', userId)
        .where('kind', '=', 'child_safety')
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.strikes);
    },

    /** Opens a review unless the account already has an open one; true when it opened one. */
    async openReview(
      trx: Transaction<Database>,
      review: { userId: number; strikes: number; at: Date },
    ): Promise<boolean> {
      const opened = await trx
        .insertInto('moderation_review')
        .values({
          user_id: review.userId,
          reason: 'child_safety_strikes',
          strikes: review.strikes,
          created_at: review.at,
        })
        .onConflict((oc) => oc.column('user_id').where('state', '=', 'open').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!opened) {
        await trx
          .updateTable('moderation_review')
          .set({ strikes: review.strikes })
          .where('user_id', '=', review.userId)
          .where('state', '=', 'open')
          .execute();
      }
      return opened !== undefined;
    },

    async mute(trx: Transaction<Database>, userId: number, at: Date): Promise<void> {
      await trx.updateTable('app_user').set({ muted_at: at }).where('id', '=', userId).execute();
    },

    /** Lifts a mute; strikes before `at` stop counting. False when the account was not muted. */
    async unmute(trx: Transaction<Database>, userId: number, at: Date): Promise<boolean> {
      const result = await trx
        .updateTable('app_user')
        .set({ muted_at: null, strikes_lifted_at: at })
        .where('id', '=', userId)
        .where('muted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async addAction(
      trx: Transaction<Database> | DB,
      action: {
        userId: number;
        action: 'muted' | 'unmuted' | 'review_opened' | 'review_resolved';
        actor: string;
        note?: string | null;
        at: Date;
      },
    ): Promise<void> {
      await trx
        .insertInto('moderation_action')
        .values({
          user_id: action.userId,
          action: action.action,
          actor: action.actor,
          note: action.note ?? null,
          created_at: action.at,
        })
        .execute();
    },

    /** The review queue, oldest first, with each account's name and mute state. */
    async listReviews(state: 'open' | 'resolved', limit: number, offset: number) {
      return db
        .selectFrom('moderation_review as review')
        .innerJoin('app_user as account', 'account.id', 'review.user_id')
        .select([
          'review.id',
          'review.user_id',
          'account.username',
          'account.muted_at',
          'review.reason',
          'review.strikes',
          'review.state',
          'review.created_at',
          'review.resolved_at',
          'review.resolved_by',
          'review.resolution',
        ])
        .where('review.state', '=', state)
        .orderBy('review.created_at', state === 'open' ? 'asc' : 'desc')
        .orderBy('review.id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** The account's latest strikes (newest first), for the reviewer. */
    async recentStrikes(userId: number, limit: number) {
      return db
        .selectFrom('moderation_strike')
        .select(['id', 'reasons', 'prompt', 'neg_prompt', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Resolves an open review; the account it was about, or undefined when none was open. */
    async resolveReview(
      trx: Transaction<Database>,
      review: { id: number; actor: string; resolution: string; at: Date },
    ): Promise<number | undefined> {
      const row = await trx
        .updateTable('moderation_review')
        .set({
          state: 'resolved',
          resolved_at: review.at,
          resolved_by: review.actor,
          resolution: review.resolution,
        })
        .where('id', '=', review.id)
        .where('state', '=', 'open')
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
