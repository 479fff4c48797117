import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { isGuestOwner } from '../guest/index.ts';

const SUMMARY = [
  'app_user.id',
  'app_user.username',
  'app_user.email',
  'app_user.plan',
  'app_user.pro_expire',
  'app_user.is_active',
  'app_user.muted_at',
  'app_user.banned_at',
  'app_user.email_verified_at',
  'app_user.created_at',
] as const;

/** Escapes LIKE's wildcards so that a search for "a_b" finds "a_b", not "axb". */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The console's reads and changes of accounts (docs/product/moderation-console.md#users). */
export function createModUserRepository(db: DB) {
  return {
    /**
     * By id, or by the start of the username or email (case-insensitive); newest accounts first. The guest
     * trial's owner accounts (features/guest: one per visitor's browser, erased after a day) match their id
     * only: a name search would list them by the dozen.
     */
    async search(text: string, limit: number) {
      const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
      const pattern = likePrefix(text.toLowerCase());
      return db
        .selectFrom('app_user')
        .select(SUMMARY)
        .where((eb) =>
          eb.or([
            ...(id !== null ? [eb('app_user.id', '=', id)] : []),
            eb.and([
              eb.not(isGuestOwner(eb.ref('app_user.referral_code'))),
              eb.or([
                eb(sql<string>`lower(app_user.username)`, 'like', pattern),
                eb(sql<string>`lower(app_user.email)`, 'like', pattern),
              ]),
            ]),
          ]),
        )
        .orderBy('app_user.id', 'desc')
        .limit(limit)
        .execute();
    },

    async summary(userId: number) {
      return db.selectFrom('app_user').select(SUMMARY).where('id', '=', userId).executeTakeFirst();
    },

    /** Locks the account row for a restriction (two moderators banning at once are served in turn). */
    async lock(trx: DB, userId: number) {
      return trx
        .selectFrom('app_user')
        .select(['id', 'muted_at', 'banned_at', 'is_active'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setMuted(trx: DB, userId: number, at: Date): Promise<void> {
      await trx.updateTable('app_user').set({ muted_at: at }).where('id', '=', userId).execute();
    },

    /** A ban deactivates the account (login and `me` refuse it: user_not_active). */
    async setBanned(trx: DB, userId: number, at: Date | null): Promise<void> {
      await trx
        .updateTable('app_user')
        .set({ banned_at: at, is_active: at === null })
        .where('id', '=', userId)
        .execute();
    },

    /** The newest ledger entries of the account, for the console's balance history. */
    async ledger(userId: number, limit: number) {
      return db
        .selectFrom('ledger_entry')
        .select(['id', 'currency', 'delta', 'reason', 'ref_type', 'ref_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async activeSessions(userId: number, now: Date): Promise<number> {
      const row = await db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async strikeCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('moderation_strike')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type ModUserRepository = ReturnType<typeof createModUserRepository>;
