/**
 * Sign-in state (spec §4): the server sets the client-visible cookie `auth=true` (30 days) next to the
 * HttpOnly session cookie; the client only reads it, and clears it when the server says the token is bad.
 */
import { COOKIE } from '@mirage/domain';
import { deleteCookie, getCookie } from '../cookie/cookie.ts';

export function isSignedIn(): boolean {
  return getCookie(COOKIE.auth) === 'true';
}

export function clearAuthCookie(): void {
  deleteCookie(COOKIE.auth);
}

export const ME_QUERY_KEY = ['user', 'me'] as const;
