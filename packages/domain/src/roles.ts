/**
 * Staff roles a user account may hold. Nobody holds one yet: roles are granted by the operations console
 * (an operator CLI), which also stores them. A route that needs a role declares the roles it accepts
 * (`config: { auth: ['moderator', 'admin'] }`, docs/architecture/auth.md); any one of them suffices.
 */
export const ROLES = ['moderator', 'admin'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a user holding `held` may use a route that accepts `accepted` (one role in common suffices). */
export function holdsAnyRole(held: readonly Role[], accepted: readonly Role[]): boolean {
  return accepted.some((role) => held.includes(role));
}
