import { isPublished } from '@mirage/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/** A deleted account's address: unique, undeliverable (.invalid is reserved, RFC 2606). */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;
/** A deleted account's username once its grace period is over: frees the name it had. */
export const deletedUsername = (userId: number) => `deleted_${userId}`;

/**
 * The SQL of deleting an account (docs/product/accounts.md#deleting-an-account), all in the caller's
 * transaction. Personal data goes; the anonymised row, its ledger entries and its orders stay for the
 * accounts. Counters other users see are kept right: the public tag counts of its public images, and the
 * subscriber counts of the prompts it subscribed to.
 */
export function createDeletionRepository() {
  return {
    /** The password hash of a live account (null: it has none); undefined when deleted or unknown. */
    async liveAccount(db: DB, userId: number) {
      return db
        .selectFrom('app_user')
        .select(['pwd_hash'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Locks the account; undefined when there is none or it is already deleted. */
    async lockLive(trx: DB, userId: number) {
      return trx
        .selectFrom('app_user')
        .select(['id', 'pwd_hash'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Deletes the account's images (rows) and gives back their tags' public usage; returns their uuids. */
    async deleteImages(trx: DB, userId: number): Promise<string[]> {
      const deleted = await trx
        .deleteFrom('image')
        .where('user_id', '=', userId)
        .returning(['uuid', 'is_private', 'tag_ids', 'safety_state'])
        .execute();
      const uses = new Map<number, number>();
      for (const image of deleted) {
        if (!isPublished(image)) continue;
        for (const tagId of image.tag_ids) uses.set(tagId, (uses.get(tagId) ?? 0) + 1);
      }
      if (uses.size > 0) {
        const ids = [...uses.keys()];
        const counts = ids.map((id) => uses.get(id)!);
        // Tag rows locked in (kind, name) order, like every other change of tag counts (no deadlock).
        await sql`update tag set usage_count = greatest(tag.usage_count - gone.n, 0)
          from (select id, n from unnest(${ids}::bigint[], ${counts}::bigint[]) as u(id, n)) gone,
            (select id from tag where id = any(${ids}::bigint[]) order by kind, name for update) locked
          where tag.id = gone.id and locked.id = gone.id`.execute(trx);
      }
      return deleted.map((image) => image.uuid);
    },

    /** Its subscriptions go, each subscribed prompt's count with it; its own prompts go too. */
    async deletePrompts(trx: DB, userId: number): Promise<void> {
      await sql`update saved_prompt set subscriber_count = greatest(subscriber_count - 1, 0)
        where id in (select prompt_id from prompt_subscription where user_id = ${userId})`.execute(trx);
      await trx.deleteFrom('prompt_subscription').where('user_id', '=', userId).execute();
      await trx.deleteFrom('saved_prompt').where('user_id', '=', userId).execute();
    },

    /** Everything else that is the person's: sign-ins, identities, favourites, settings, game progress. */
    async deletePersonalRows(trx: DB, userId: number): Promise<void> {
      for (const table of [
        'session',
        'oauth_identity',
        'password_reset',
        'email_verification',
        'favorite',
        'user_tag_ban',
        'preset_favorite',
        'user_role',
        'notification',
        'player_achievement',
        'player_reward',
        'player_scroll_day',
        'player_xp_day',
        'leaderboard_rank',
        'game_event_find',
        'game_event_visitor',
        'player',
        'task',
      ] as const) {
        await trx.deleteFrom(table).where('user_id', '=', userId).execute();
      }
    },

    /** The anonymised row: no email, no password, deactivated; the username is kept for the grace period. */
    async anonymise(trx: DB, userId: number, at: Date): Promise<void> {
      await trx
        .updateTable('app_user')
        .set({
          email: deletedEmail(userId),
          pwd_hash: null,
          keep_updated: false,
          is_active: false,
          deleted_at: at,
          updated_at: at,
        })
        .where('id', '=', userId)
        .execute();
    },

    /** Frees the usernames of accounts deleted before `before` (the maintenance sweep); returns how many. */
    async freeUsernames(db: DB, before: Date): Promise<number> {
      const result = await sql`update app_user set username = 'deleted_' || id
        where deleted_at < ${before} and username <> 'deleted_' || id`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
export type DeletionRepository = ReturnType<typeof createDeletionRepository>;
