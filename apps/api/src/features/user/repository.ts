import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { NewUserRow, UserRow, UserUpdate } from '../../db/schema.ts';

export function createUserRepository(db: DB) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Login accepts the username or the email, without regard to case. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const lowered = login.toLowerCase();
      return db
        .selectFrom('app_user')
        .selectAll()
        .where((eb) => eb.or([eb(sql`lower(username)`, '=', lowered), eb(sql`lower(email)`, '=', lowered)]))
        .orderBy(sql`lower(username) = ${lowered}`, 'desc')
        .executeTakeFirst();
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('app_user')
        .selectAll()
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    async usernameTaken(username: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('app_user')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async emailTaken(email: string): Promise<boolean> {
      return (await this.findByEmail(email)) !== undefined;
    },

    async update(id: number, changes: UserUpdate): Promise<UserRow> {
      return db
        .updateTable('app_user')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertInTransaction(trx: DB, user: NewUserRow): Promise<UserRow> {
      return trx.insertInto('app_user').values(user).returningAll().executeTakeFirstOrThrow();
    },

    async insertPasswordReset(reset: { tokenHash: Buffer; userId: number; expiresAt: Date }) {
      await db
        .insertInto('password_reset')
        .values({ token_hash: reset.tokenHash, user_id: reset.userId, expires_at: reset.expiresAt })
        .execute();
    },

    /** The account of an unused, unexpired reset token (without using it up), or undefined. */
    async findPasswordResetUser(tokenHash: Buffer, now: Date) {
      return db
        .selectFrom('password_reset')
        .innerJoin('app_user', 'app_user.id', 'password_reset.user_id')
        .select(['app_user.id', 'app_user.username', 'app_user.email'])
        .where('password_reset.token_hash', '=', tokenHash)
        .where('password_reset.used_at', 'is', null)
        .where('password_reset.expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Marks a reset token used, only if it is unused and unexpired; returns its user id or undefined. */
    async consumePasswordReset(tokenHash: Buffer, now: Date): Promise<number | undefined> {
      const row = await db
        .updateTable('password_reset')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    async deleteExpiredPasswordResets(now: Date) {
      await db.deleteFrom('password_reset').where('expires_at', '<', now).execute();
    },

    async findOAuthIdentity(provider: string, subject: string) {
      return db
        .selectFrom('oauth_identity')
        .select('user_id')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    async insertOAuthIdentity(
      trx: DB,
      identity: { provider: string; subject: string; userId: number; email: string | null },
    ) {
      await trx
        .insertInto('oauth_identity')
        .values({
          provider: identity.provider,
          subject: identity.subject,
          user_id: identity.userId,
          email: identity.email,
        })
        .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
        .execute();
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
