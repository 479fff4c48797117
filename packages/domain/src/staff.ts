import { holdsAnyRole, type Role } from './roles.ts';

/**
 * The moderation console's rules (docs/product/moderation-console.md): which role may do what, what a
 * moderator may do to whom, and what every action is called in the audit log. The server enforces these;
 * the console reads them to show only what its user may use.
 */

/**
 * The console's areas and the roles each accepts. Moderators handle content and conduct; money, workers,
 * keys and rules are an admin's (a moderator's mistake there costs the business, not one user).
 */
export const STAFF_AREAS = {
  reports: ['moderator', 'admin'],
  reviews: ['moderator', 'admin'],
  users: ['moderator', 'admin'],
  /** Mute, ban, unban and revoking sessions. */
  restrictions: ['moderator', 'admin'],
  /** Ticket and energy adjustments through the ledger. */
  balances: ['admin'],
  audit: ['moderator', 'admin'],
  /** Flagged payments (amount mismatches, uncovered reversals, chargebacks): reviewed, never paid out here. */
  payments: ['admin'],
  /** Game events: listing, scheduling and ending them (moderators see the events in the app like players). */
  events: ['admin'],
  /** Prompt moderation rules: moderators read them (they judge prompts), admins change them. */
  rules: ['moderator', 'admin'],
  rule_changes: ['admin'],
  /** Reseller serial-key batches. */
  keys: ['admin'],
  /** Worker tokens and the workers' live status. */
  workers: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

export function staffRolesFor(area: StaffArea): readonly Role[] {
  return STAFF_AREAS[area];
}

export function mayUseArea(held: readonly Role[], area: StaffArea): boolean {
  return holdsAnyRole(held, STAFF_AREAS[area]);
}

/** The console areas a staff member sees, in the console's tab order. */
export function staffAreasOf(held: readonly Role[]): StaffArea[] {
  return (Object.keys(STAFF_AREAS) as StaffArea[]).filter((area) => mayUseArea(held, area));
}

/** Every action the audit log records. */
export const STAFF_ACTIONS = [
  'report_approved',
  'report_rejected',
  'review_resolved',
  'user_muted',
  'user_unmuted',
  'user_banned',
  'user_unbanned',
  'sessions_revoked',
  'balance_adjusted',
  'role_changed',
  /** An image held by the image-side safety check, released to its owner's privacy setting. */
  'image_released',
  /** An image held by the image-side safety check, deleted with its files. */
  'image_removed',
  /** A flagged payment (an order, an unmatched notification or a charged-back account) marked reviewed. */
  'payment_review_resolved',
  /** A game event scheduled from the console. */
  'game_event_created',
  /** A game event ended (running) or cancelled (not started yet) from the console. */
  'game_event_ended',
  /** Prompt moderation rules (the child-safety layer is code, never a rule). */
  'rule_created',
  'rule_updated',
  'rule_deleted',
  /** A reseller's serial-key batch revoked: its unredeemed keys stop working. */
  'key_batch_revoked',
  /** A worker's token issued (a new worker, or a replaced token) or revoked. */
  'worker_token_issued',
  'worker_revoked',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** What an upheld report does to the image: hidden (private, its owner cannot publish it) or deleted. */
export const REPORT_OUTCOMES = ['hide', 'remove'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/**
 * What a flagged payment is (docs/product/moderation-console.md#flagged-payments): an order whose `review`
 * is set, a provider notification no order matched, or an account a chargeback flagged.
 */
export const PAYMENT_REVIEW_KINDS = ['order', 'notification', 'account'] as const;
export type PaymentReviewKind = (typeof PAYMENT_REVIEW_KINDS)[number];

/** A written reason: required for restrictions and balance adjustments, shown in the audit log. */
export const STAFF_NOTE_MIN = 3;
export const STAFF_NOTE_MAX = 500;

/** The largest single adjustment (either way): a typo of a few extra zeros is refused, not posted. */
export const STAFF_ADJUSTMENT_MAX = 100_000;

/**
 * Whether a staff member may restrict (mute, ban, revoke, adjust) an account. Never their own (a
 * moderator cannot unban or top up themselves), never an admin's, and a moderator's only by an admin:
 * staff are answerable to someone above them, not to each other.
 */
export function mayActOn(
  actor: { id: number; roles: readonly Role[] },
  target: { id: number; roles: readonly Role[] },
): boolean {
  if (actor.id === target.id) return false;
  if (target.roles.includes('admin')) return false;
  if (target.roles.includes('moderator')) return actor.roles.includes('admin');
  return actor.roles.length > 0;
}
