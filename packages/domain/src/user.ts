import { effectivePlan } from './generation/plans.ts';
import { PLAN } from './plan.ts';

/** docs/product/accounts.md#validation: username 3-12, password 8-32, email under 100 characters. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 12;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** "under 100 characters": 99 is the longest accepted address. */
export const EMAIL_MAX = 99;

/**
 * Allowed username characters. The spec only says "allowed characters only"; we take ASCII letters,
 * digits, underscore and hyphen so that names are safe in URLs like /gallery/{username}-{id}
 * (the id is read after the last hyphen).
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export const OAUTH_PROVIDERS = ['google', 'discord'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export { PLAN, PLAN_NAMES, type Plan, type PlanName } from './plan.ts';

/**
 * docs/product/pricing-and-plans.md#effective-plan: premium when plan >= 1 or pro_expire is later than now.
 * Decision: a pro_expire that has passed wins over a plan column the midnight rollover has not rewritten yet,
 * so the client and the server agree with the plan the server applies (effectivePlan in generation/plans.ts).
 */
export function isPremium(
  user: { plan: number; pro_expire: string | Date | null },
  now: Date = new Date(),
): boolean {
  return effectivePlan(user, now) >= PLAN.basic;
}

/**
 * docs/product/pricing-and-plans.md#effective-plan: daily tickets are available when premium and daily_token
 * > 0.
 */
export function hasDailyTickets(
  user: { plan: number; pro_expire: string | Date | null; daily_token: number },
  now: Date = new Date(),
): boolean {
  return isPremium(user, now) && user.daily_token > 0;
}
