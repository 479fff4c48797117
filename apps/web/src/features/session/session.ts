/**
 * Sign-in state (docs/product/accounts.md#sign-in-state): the server sets the client-visible cookie
 * `auth=true` (30 days) next to the HttpOnly session cookie; the client only reads it, and clears it when the
 * server says the token is bad.
 * Once cleared, this page stays signed out even if the browser kept the cookie (e.g. one scoped to another
 * path or domain), and subscribers re-render as a guest.
 */
import { COOKIE } from '@mirage/domain';
import { deleteCookie, getCookie } from '../cookie/index.ts';

let signedOutHere = false;
const listeners = new Set<() => void>();

export function isSignedIn(): boolean {
  return !signedOutHere && getCookie(COOKIE.auth) === 'true';
}

export function clearAuthCookie(): void {
  deleteCookie(COOKIE.auth);
  signedOutHere = true;
  for (const listener of listeners) listener();
}

/** Notifies when this page signs out (for useSyncExternalStore). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const ME_QUERY_KEY = ['user', 'me'] as const;
