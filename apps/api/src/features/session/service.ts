import { createHash, randomBytes } from 'node:crypto';
import { utcDay } from '@mirage/domain';
import { AppError } from '../../errors.ts';
import type { SessionRepository } from './repository.ts';

/** Sessions live 30 days (docs/product/accounts.md#sign-in-state: auth cookie 30 days). */
export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

/** A 256-bit random token; only its SHA-256 is stored, so a database leak does not leak sessions. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Tokens checked per query by `liveUsers` (a slot of heartbeats holds about 670 at 10,000 streams). */
const LIVE_CHECK_CHUNK = 1000;

export function createSessionService(
  sessions: SessionRepository,
  now: () => Date,
  /** Told after sessions of a user were revoked (app.ts signals open streams on every instance). */
  onRevoked: (userId: number) => Promise<void> = () => Promise.resolve(),
  /**
   * Told of the first sign-in (or signed-in request) of a user in a UTC day (app.ts appends
   * `user.signed_in_day`, deduplicated by user and day, so repeats from other instances are dropped).
   */
  onSignedInDay: (userId: number, day: string) => Promise<void> = () => Promise.resolve(),
) {
  // Users already told of today, so that only their first request of the day writes anything.
  let memoDay = '';
  const toldToday = new Set<number>();
  async function signedIn(userId: number): Promise<void> {
    const day = utcDay(now());
    if (day !== memoDay) {
      memoDay = day;
      toldToday.clear();
    }
    if (toldToday.has(userId)) return;
    await onSignedInDay(userId, day);
    toldToday.add(userId);
  }

  return {
    /** Starts a new session (a new token at every login). Returns the token for the cookie. */
    async start(userId: number, client: { userAgent: string | null; ip: string | null }) {
      const token = newToken();
      const expiresAt = new Date(now().getTime() + SESSION_MS);
      await sessions.insert({ tokenHash: hashToken(token), userId, expiresAt, ...client });
      await signedIn(userId);
      return { token, expiresAt };
    },

    /** Resolves a cookie token to its user id, or throws the spec's token error. */
    async resolve(token: string | undefined): Promise<number> {
      if (!token) throw new AppError('token_missing');
      if (token.length > 100) throw new AppError('token_invalid');
      const session = await sessions.findByHash(hashToken(token));
      if (!session || session.revoked_at) throw new AppError('token_invalid');
      if (session.expires_at.getTime() <= now().getTime()) throw new AppError('token_expired');
      await signedIn(session.user_id);
      return session.user_id;
    },

    /**
     * Which of `tokens` still name a valid session, with their users (the live streams' heartbeat checks
     * many at once: features/live/heartbeat.ts). Read in chunks of LIVE_CHECK_CHUNK tokens per query.
     */
    async liveUsers(tokens: readonly string[]): Promise<Map<string, number>> {
      const byHash = new Map<string, string>();
      const hashes: Buffer[] = [];
      for (const token of new Set(tokens)) {
        if (token.length > 100) continue;
        const hash = hashToken(token);
        byHash.set(hash.toString('hex'), token);
        hashes.push(hash);
      }
      const live = new Map<string, number>();
      for (let from = 0; from < hashes.length; from += LIVE_CHECK_CHUNK) {
        for (const row of await sessions.findLive(hashes.slice(from, from + LIVE_CHECK_CHUNK), now())) {
          const token = byHash.get(Buffer.from(row.token_hash).toString('hex'));
          if (token !== undefined) live.set(token, row.user_id);
        }
      }
      // As a request would: a stream kept open across midnight counts as signed in on the new day.
      for (const userId of new Set(live.values())) await signedIn(userId);
      return live;
    },

    /** When the session behind a cookie token was started (undefined: no such live session). */
    async startedAt(token: string | undefined): Promise<Date | undefined> {
      if (!token || token.length > 100) return undefined;
      const session = await sessions.findByHash(hashToken(token));
      return session && !session.revoked_at ? session.created_at : undefined;
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
