import type { DB } from '../../db/database.ts';

export function createSessionRepository(db: DB) {
  return {
    async insert(session: {
      tokenHash: Buffer;
      userId: number;
      expiresAt: Date;
      userAgent: string | null;
      ip: string | null;
    }) {
      await db
        .insertInto('session')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          expires_at: session.expiresAt,
          user_agent: session.userAgent,
          ip: session.ip,
        })
        .execute();
    },

    async findByHash(tokenHash: Buffer) {
      return db
        .selectFrom('session')
        .select(['user_id', 'expires_at', 'revoked_at', 'created_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** The sessions among `tokenHashes` that are neither revoked nor expired at `now`, with their users. */
    async findLive(tokenHashes: readonly Buffer[], now: Date) {
      if (tokenHashes.length === 0) return [];
      return db
        .selectFrom('session')
        .select(['token_hash', 'user_id'])
        .where('token_hash', 'in', tokenHashes)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
    },

    /** Revokes one session; returns its user id, or undefined when there was no live one. */
    async revoke(tokenHash: Buffer, now: Date): Promise<number | undefined> {
      const row = await db
        .updateTable('session')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Used after a password change or reset: every other device has to sign in again. */
    async revokeAllForUser(userId: number, now: Date, exceptHash?: Buffer) {
      let query = db
        .updateTable('session')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptHash) query = query.where('token_hash', '!=', exceptHash);
      await query.execute();
    },

    async deleteExpired(now: Date) {
      await db.deleteFrom('session').where('expires_at', '<', now).execute();
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
