import { appendEvent, type Executor } from '../outbox/index.ts';

/** The verification links (migration 0015) and the account's verified mark. */
export function createEmailVerificationRepository(db: Executor) {
  return {
    async insertToken(token: { tokenHash: Buffer; userId: number; email: string; expiresAt: Date }) {
      await db
        .insertInto('email_verification')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          email: token.email,
          expires_at: token.expiresAt,
        })
        .execute();
    },

    /**
     * Uses a token up, only if it is unused, unexpired and still for the account's current address;
     * returns its account's id, or undefined. One statement: two parallel uses cannot both succeed.
     */
    async consumeToken(tokenHash: Buffer, now: Date): Promise<number | undefined> {
      const row = await db
        .updateTable('email_verification')
        .set({ used_at: now })
        .from('app_user')
        .whereRef('app_user.id', '=', 'email_verification.user_id')
        .whereRef('app_user.email', '=', 'email_verification.email')
        .where('email_verification.token_hash', '=', tokenHash)
        .where('email_verification.used_at', 'is', null)
        .where('email_verification.expires_at', '>', now)
        .returning('email_verification.user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Marks the account verified and records `user.email_verified` (the referral feature's cue), in the
     * caller's transaction; nothing, and no second event, for an account already verified.
     */
    async markVerified(userId: number, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('app_user')
        .set({ email_verified_at: now, updated_at: now })
        .where('id', '=', userId)
        .where('email_verified_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      // The update's `is null` is what makes it once per account (a dedupe key would expire with the outbox).
      await appendEvent(db, { type: 'user.email_verified', payload: { userId } });
      return true;
    },

    async deleteExpired(now: Date) {
      await db.deleteFrom('email_verification').where('expires_at', '<', now).execute();
    },
  };
}
export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
