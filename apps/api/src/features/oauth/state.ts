import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh OAuth `state`: 32 random bytes, base64url (43 characters). */
export function newState(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Constant-time comparison of the state returned by the provider with the one we stored (cookie).
 * A missing or empty value never matches.
 */
export function statesMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}
