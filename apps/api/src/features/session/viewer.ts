import type { FastifyRequest } from 'fastify';
import { sessionToken } from '../../http/session-cookies.ts';
import type { SessionService } from './service.ts';

/**
 * The signed-in user, or null for a visitor without a session cookie. A cookie that is there but no
 * longer valid still answers its token error, so the client logs out (spec §4) instead of silently
 * seeing the guest view.
 */
export async function viewerOf(request: FastifyRequest, sessions: SessionService): Promise<number | null> {
  const token = sessionToken(request);
  if (!token) return null;
  return sessions.resolve(token);
}

/** The signed-in user; token_missing for a visitor. */
export function userOf(request: FastifyRequest, sessions: SessionService): Promise<number> {
  return sessions.resolve(sessionToken(request));
}
