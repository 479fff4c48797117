import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionRepository } from './repository.ts';
import { hashToken } from './service.ts';

/**
 * Tokens that open a signed-in user's image files where the session cookie cannot come along:
 * - the service worker's file token (GET /api/config/token; apps/web/src/sw), sent in FILE_TOKEN_HEADER
 *   with the image file requests the worker makes, so that the private thumbnails it keeps are asked
 *   for on the user's behalf;
 * - the files host's read token (GET /api/config/b2_token), added as `?token=` to the addresses of the
 *   user's own files on FILES_PUBLIC_URL (an <img> on another host sends no cookie and no header).
 *
 * Both are signed, not stored: `<userId>.<expiry ms>.<session hash>.<HMAC-SHA256>`, the HMAC keyed by a key
 * derived from COOKIE_SECRET for that kind of token alone (one can never pass for the other, nor for
 * anything else signed with the secret). A token names the session it was made from by that session's
 * stored hash (never the cookie token itself, which stays HttpOnly), and each use looks that session up:
 * signing out, a revoked or an expired session ends the token at once, not only at its expiry.
 */

/** One hour: the web app asks for a new one well before (apps/web/src/sw/register.ts). */
export const FILE_TOKEN_MS = 60 * 60 * 1000;

/**
 * The read token is the same for a whole half hour of the clock (for one session), so that the file
 * addresses that carry it stay the same and browsers' caches keep working across page loads; it lasts
 * until the end of the next half hour (30 to 60 minutes when handed out, never more than an hour).
 */
export const READ_TOKEN_PERIOD_MS = 30 * 60 * 1000;

/** When a read token handed out at `nowMs` expires: the end of the half hour after the current one. */
export function readTokenExpiry(nowMs: number): number {
  return Math.floor(nowMs / READ_TOKEN_PERIOD_MS) * READ_TOKEN_PERIOD_MS + 2 * READ_TOKEN_PERIOD_MS;
}

/**
 * The header the service worker sends it in. A header of its own, not `Authorization: Bearer`: the worker
 * routes take bearer tokens of GPU workers, and a file token's errors must never sign anybody out.
 */
export const FILE_TOKEN_HEADER = 'x-mirage-file-token';

/** Tokens longer than this are refused unread (a user id, a time, two 43-character base64url strings). */
const MAX_LENGTH = 160;

interface TokenDeps {
  sessions: Pick<SessionRepository, 'findByHash'>;
  secret: string;
  now: () => Date;
}

function createSessionBoundTokens(
  deps: TokenDeps,
  kind: { purpose: string; expiry: (nowMs: number) => number },
) {
  const key = createHmac('sha256', deps.secret).update(kind.purpose).digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    /** A token for the session behind `sessionCookie` (whose user is `userId`). */
    issue(userId: number, sessionCookie: string): { token: string; expiresAt: Date } {
      const expiresAt = new Date(kind.expiry(deps.now().getTime()));
      const body = `${userId}.${expiresAt.getTime()}.${hashToken(sessionCookie).toString('base64url')}`;
      return { token: `${body}.${mac(body)}`, expiresAt };
    },

    /** The user a token acts for, or null when it is malformed, forged, expired or its session ended. */
    async userOf(token: string | undefined): Promise<number | null> {
      if (!token || token.length > MAX_LENGTH) return null;
      const parts = token.split('.');
      if (parts.length !== 4) return null;
      const [user, expiry, sessionHash, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(mac(`${user}.${expiry}.${sessionHash}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const userId = Number(user);
      if (!Number.isSafeInteger(userId) || Number(expiry) <= deps.now().getTime()) return null;
      const session = await deps.sessions.findByHash(Buffer.from(sessionHash, 'base64url'));
      if (!session || session.revoked_at || session.user_id !== userId) return null;
      if (session.expires_at.getTime() <= deps.now().getTime()) return null;
      return userId;
    },
  };
}
export type FileTokens = ReturnType<typeof createSessionBoundTokens>;

/** The service worker's file tokens: valid FILE_TOKEN_MS from when they were asked for. */
export function createFileTokens(deps: TokenDeps): FileTokens {
  return createSessionBoundTokens(deps, {
    purpose: 'mirage:sw-file-token:v1',
    expiry: (nowMs) => nowMs + FILE_TOKEN_MS,
  });
}

/** The files host's read tokens (see READ_TOKEN_PERIOD_MS). */
export function createReadTokens(deps: TokenDeps): FileTokens {
  return createSessionBoundTokens(deps, { purpose: 'mirage:files-read-token:v1', expiry: readTokenExpiry });
}
