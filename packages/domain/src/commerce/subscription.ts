/**
 * Plans bought with money (docs/product/commerce.md#subscriptions): what a purchase, a renewal or a
 * reversal does to `plan` and `pro_expire`. Pure; the API applies the result in the payment's transaction.
 */
import { effectivePlan, type PlanHolder } from '../generation/plans.ts';
import { PLAN, type Plan } from '../plan.ts';
import { planOffer, type PaidPlan } from './catalogue.ts';

const DAY_MS = 24 * 60 * 60_000;

export interface Subscription {
  plan: number;
  pro_expire: Date | null;
}

/**
 * `months` calendar months after `from`, in UTC; a day the target month lacks becomes its last day
 * (Jan 31 + 1 month = Feb 28 or 29): "monthly" as people count it, not 30 days.
 */
export function addMonthsUtc(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** Why a plan cannot be bought now. */
export type PlanPurchaseRefusal = 'already_pro';

/**
 * Whether `plan` may be bought by this account: Basic is refused while Pro runs (the shop disables it;
 * Pro days would be lost for a cheaper plan). Pro over Basic is an upgrade; a plan over itself extends it.
 */
export function planPurchaseRefusal(
  account: PlanHolder,
  plan: PaidPlan,
  now: Date,
): PlanPurchaseRefusal | null {
  return plan === PLAN.basic && effectivePlan(account, now) === PLAN.pro ? 'already_pro' : null;
}

/**
 * The account after a paid month of `plan` (a purchase or a renewal):
 * - the same plan still running: the month is added to its expiry (paid early, nothing is lost);
 * - nothing running: a month from now;
 * - Pro bought while Basic runs: a month from now, plus the Basic days left converted at the price ratio
 *   (decisions: "Basic → Pro upgrade by payment").
 * A plan the account had without expiry (granted by an operator) is left as it is, never shortened.
 */
export function afterPaidMonth(
  account: Subscription,
  plan: PaidPlan,
  months: number,
  now: Date,
): Subscription {
  const running = effectivePlan(account, now);
  if (running !== PLAN.free && account.pro_expire === null) return account;
  const expiry = account.pro_expire;
  if (running === plan && expiry) return { plan, pro_expire: addMonthsUtc(expiry, months) };
  const start = addMonthsUtc(now, months);
  if (running === PLAN.basic && plan === PLAN.pro && expiry) {
    const leftMs = Math.max(0, expiry.getTime() - now.getTime());
    return { plan, pro_expire: new Date(start.getTime() + convertedMs(leftMs, PLAN.basic, PLAN.pro)) };
  }
  return { plan, pro_expire: start };
}

/** Time left on one plan worth the same on another, at their monthly prices (USD), to the minute. */
export function convertedMs(leftMs: number, from: PaidPlan, to: PaidPlan): number {
  const ratio = planOffer(from)!.priceCents.usd / planOffer(to)!.priceCents.usd;
  return Math.floor((leftMs * ratio) / 60_000) * 60_000;
}

/** Days, rounded down, for messages ("12 days left"). */
export function wholeDays(ms: number): number {
  return Math.max(0, Math.floor(ms / DAY_MS));
}

/**
 * The account after a refund or a chargeback of a plan purchase: the plan ends now (decisions: "a
 * subscription ends at once"), unless another plan runs that this purchase did not give.
 */
export function afterReversal(account: Subscription, plan: Plan, now: Date): Subscription {
  if (effectivePlan(account, now) !== plan) return account;
  return { plan: PLAN.free, pro_expire: now };
}
