import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { SessionRepository } from './repository.ts';

/** Sessions live 30 days (spec §9: auth cookie 30 days). */
export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

/** A 256-bit random token; only its SHA-256 is stored, so a database leak does not leak sessions. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function createSessionService(
  sessions: SessionRepository,
  now: () => Date,
  /** Told after sessions of a user were revoked (app.ts signals open streams on every instance). */
  onRevoked: (userId: number) => Promise<void> = () => Promise.resolve(),
) {
  return {
    /** Starts a new session (a new token at every login). Returns the token for the cookie. */
    async start(userId: number, client: { userAgent: string | null; ip: string | null }) {
      const token = newToken();
      const expiresAt = new Date(now().getTime() + SESSION_MS);
      await sessions.insert({ tokenHash: hashToken(token), userId, expiresAt, ...client });
      return { token, expiresAt };
    },

    /** Resolves a cookie token to its user id, or throws the spec's token error. */
    async resolve(token: string | undefined): Promise<number> {
      if (!token) throw new AppError('token_missing');
      if (token.length > 100) throw new AppError('token_invalid');
      const session = await sessions.findByHash(hashToken(token));
      if (!session || session.revoked_at) throw new AppError('token_invalid');
      if (session.expires_at.getTime() <= now().getTime()) throw new AppError('token_expired');
      return session.user_id;
    },

    async revoke(token: string | undefined) {
      if (!token) return;
      const userId = await sessions.revoke(hashToken(token), now());
      if (userId !== undefined) await onRevoked(userId);
    },

    /** Deletes sessions past their expiry (revoked ones go too once expired). */
    async purgeExpired() {
      await sessions.deleteExpired(now());
    },

    async revokeOthers(userId: number, keepToken: string | undefined) {
      await sessions.revokeAllForUser(userId, now(), keepToken ? hashToken(keepToken) : undefined);
      await onRevoked(userId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
