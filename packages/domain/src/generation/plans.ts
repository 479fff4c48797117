import { PLAN, type Plan } from '../plan.ts';
import { QUALITIES, type Quality } from './options.ts';

/**
 * What each plan may do when generating: the roles table of
 * docs/product/pricing-and-plans.md#plan-capabilities with the product calls of docs/product/decisions.md.
 * The web reads it to show and disable options; the API reads the same table to refuse them.
 */
export interface PlanCapabilities {
  plan: Plan;
  /** docs/product/pricing-and-plans.md#effective-plan: premium = Basic or Pro. */
  premium: boolean;
  /** Qualities the plan may render, lowest first. */
  allowedQualities: readonly Quality[];
  maxQuality: Quality;
  /** docs/product/pricing-and-plans.md#plan-capabilities: concurrent tasks 1 / 2 / 4. */
  maxConcurrentTasks: number;
  /**
   * docs/product/decisions.md#prices-and-plans: at most one inpaint or style conversion at a time, on every
   * plan.
   */
  maxTweakConcurrent: number;
  /**
   * docs/product/generation.md, docs/product/pricing-and-plans.md#plan-capabilities: the create button's
   * repeat count, 1 / 2 / 4.
   */
  multiGenerationMax: number;
  /** docs/product/pricing-and-plans.md#plan-capabilities: Free may use free styles only. */
  freeStylesOnly: boolean;
  canUsePrivate: boolean;
  /** docs/product/pricing-and-plans.md#plan-capabilities: eco (slow) mode is Pro only. */
  canUseEcoMode: boolean;
  /**
   * docs/product/decisions.md#prices-and-plans: style conversion is Pro only (the shop's "Basic" reading
   * loses).
   */
  canStyleConvert: boolean;
  /**
   * docs/product/decisions.md#prices-and-plans: Free images carry the watermark unless the user pays to
   * remove it.
   */
  watermarkOnByDefault: boolean;
  /** Tickets per image to remove the watermark: Free 1, Basic and Pro 0 (free removal). */
  watermarkRemovalCost: number;
  /** docs/product/decisions.md#prices-and-plans: energy (daily_token) reset value; Free has none. */
  dailyEnergy: number;
  /** docs/product/decisions.md#prices-and-plans: favourites limit 200 / 2,000 / 10,000. */
  favoritesLimit: number;
}

export const PLAN_CAPABILITIES: Readonly<Record<Plan, Readonly<PlanCapabilities>>> = {
  [PLAN.free]: {
    plan: PLAN.free,
    premium: false,
    allowedQualities: ['Standard'],
    maxQuality: 'Standard',
    maxConcurrentTasks: 1,
    maxTweakConcurrent: 1,
    multiGenerationMax: 1,
    freeStylesOnly: true,
    canUsePrivate: false,
    canUseEcoMode: false,
    canStyleConvert: false,
    watermarkOnByDefault: true,
    watermarkRemovalCost: 1,
    dailyEnergy: 0,
    favoritesLimit: 200,
  },
  [PLAN.basic]: {
    plan: PLAN.basic,
    premium: true,
    allowedQualities: ['Standard', 'High'],
    maxQuality: 'High',
    maxConcurrentTasks: 2,
    maxTweakConcurrent: 1,
    multiGenerationMax: 2,
    freeStylesOnly: false,
    canUsePrivate: true,
    canUseEcoMode: false,
    canStyleConvert: false,
    // Decision: docs/product/pricing-and-plans.md#plan-capabilities "removal available (one reading: optional
    // for Basic)"; docs/product/decisions.md#prices-and-plans makes removal free, so a paying user starts
    // without the watermark.
    watermarkOnByDefault: false,
    watermarkRemovalCost: 0,
    dailyEnergy: 350,
    favoritesLimit: 2000,
  },
  [PLAN.pro]: {
    plan: PLAN.pro,
    premium: true,
    allowedQualities: ['Standard', 'High', 'Ultra'],
    maxQuality: 'Ultra',
    maxConcurrentTasks: 4,
    maxTweakConcurrent: 1,
    multiGenerationMax: 4,
    freeStylesOnly: false,
    canUsePrivate: true,
    canUseEcoMode: true,
    canStyleConvert: true,
    watermarkOnByDefault: false,
    watermarkRemovalCost: 0,
    dailyEnergy: 1200,
    favoritesLimit: 10_000,
  },
};

export const PLANS: readonly Plan[] = [PLAN.free, PLAN.basic, PLAN.pro];

export function capabilitiesFor(plan: Plan): Readonly<PlanCapabilities> {
  return PLAN_CAPABILITIES[plan];
}

export function canUseQuality(plan: Plan, quality: Quality): boolean {
  return PLAN_CAPABILITIES[plan].allowedQualities.includes(quality);
}

/** The lowest plan that may use a quality (for the "upgrade to ..." hints and error data). */
export function minimumPlanForQuality(quality: Quality): Plan {
  return PLANS.find((plan) => canUseQuality(plan, quality)) ?? PLAN.pro;
}

/**
 * The highest allowed quality not above the requested one (Basic asking Ultra gets High,
 * docs/product/generation.md).
 */
export function highestAllowedQuality(plan: Plan, requested: Quality): Quality {
  const allowed = PLAN_CAPABILITIES[plan].allowedQualities;
  const requestedRank = QUALITIES.indexOf(requested);
  let best: Quality = 'Standard';
  for (const quality of allowed) if (QUALITIES.indexOf(quality) <= requestedRank) best = quality;
  return best;
}

/** The two account fields that decide the plan (docs/product/accounts.md#the-user). */
export interface PlanHolder {
  plan: number;
  pro_expire: string | Date | null;
}

function expiryTime(user: PlanHolder): number | null {
  if (user.pro_expire === null) return null;
  const time = new Date(user.pro_expire).getTime();
  return Number.isNaN(time) ? null : time;
}

/** A stored plan number as a Plan (unknown higher values count as Pro, anything lower as Free). */
export function toPlan(plan: number): Plan {
  if (plan >= PLAN.pro) return PLAN.pro;
  if (plan >= PLAN.basic) return PLAN.basic;
  return PLAN.free;
}

/**
 * The paid period has ended: pro_expire is set and not later than now (the rollover of
 * docs/product/pricing-and-plans.md#daily-energy then makes the account Free; until it runs the stored plan
 * may still say Basic or Pro).
 */
export function isPlanLapsed(user: PlanHolder, now: Date = new Date()): boolean {
  const expiry = expiryTime(user);
  return expiry !== null && expiry <= now.getTime();
}

/**
 * The plan the server applies now.
 * Decision (how `plan` and `pro_expire` combine; docs/product/pricing-and-plans.md#effective-plan says
 * premium = plan >= 1 or pro_expire > now):
 * - pro_expire set and passed: Free at once, even before the midnight rollover rewrites `plan`, so a
 *   lapsed subscription grants nothing more (the API answers `user_pro_expired`, see forcing.ts);
 * - plan Basic/Pro with no pro_expire, or with a future one: that plan;
 * - plan Free with a future pro_expire: Pro, because redeemed serial keys grant "Pro days"
 *   (docs/product/decisions.md#commerce).
 * This is stricter than `isPremium` in user.ts (the spec's literal display rule), only in the window
 * between an expiry and the next rollover.
 */
export function effectivePlan(user: PlanHolder, now: Date = new Date()): Plan {
  const expiry = expiryTime(user);
  if (expiry !== null && expiry <= now.getTime()) return PLAN.free;
  const plan = toPlan(user.plan);
  if (plan !== PLAN.free) return plan;
  return expiry !== null ? PLAN.pro : PLAN.free;
}

/**
 * The plan a lapsed account had, to tell "your Pro expired" (`user_pro_expired`) from "your plan never
 * allowed this" (`unauthorized_*`). Null when the account has not lapsed. A lapsed Free-plan account had
 * Pro days (see effectivePlan).
 */
export function lapsedPlan(user: PlanHolder, now: Date = new Date()): Plan | null {
  if (!isPlanLapsed(user, now)) return null;
  const plan = toPlan(user.plan);
  return plan === PLAN.free ? PLAN.pro : plan;
}

/**
 * docs/product/decisions.md#prices-and-plans: daily_token is reset TO this value at 00:00 UTC (Basic 350, Pro
 * 1200, Free 0).
 */
export function energyResetValue(plan: Plan): number {
  return PLAN_CAPABILITIES[plan].dailyEnergy;
}
