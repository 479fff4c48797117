import { COOKIE } from '@mirage/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** HttpOnly cookie holding the session token (never readable by scripts). */
export const SESSION_COOKIE = 'mirage_session';

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/**
 * Sets the session cookie and the client-visible `auth=true` flag of docs/product/accounts.md#sign-in-state
 * with the same lifetime.
 * The flag only tells the SPA to load the user; it grants nothing.
 */
export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  secure: boolean,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
  reply.setCookie(COOKIE.auth, 'true', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(COOKIE.auth, { path: '/', sameSite: 'lax', secure });
}
