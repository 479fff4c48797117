import type { Plan } from '../plan.ts';
import { capabilitiesFor, effectivePlan, type PlanHolder } from './plans.ts';
import type { Quality } from './options.ts';
import type { PricedSettings } from './settings.ts';

/**
 * Ticket prices (docs/product/pricing-and-plans.md#prices with docs/product/decisions.md#prices-and-plans):
 *   cost = base + quality + upscale + fast lane + watermark removal
 *   base 2 (0 for a premium user in eco mode), quality Standard 0 / High 1 / Ultra 2, upscale +1,
 *   fast lane +4, watermark removal +1 for Free only; in eco mode only the upscale line applies.
 * One price per image: a multi-generation of N images costs N times this.
 */
export const BASE_COST = 2;
export const QUALITY_COST: Readonly<Record<Quality, number>> = { Standard: 0, High: 1, Ultra: 2 };
export const UPSCALE_COST = 1;
export const FAST_LANE_COST = 4;
/** docs/product/pricing-and-plans.md#prices: "Standalone upscale costs 1"; tweak cost = 1 + fast lane. */
export const STANDALONE_UPSCALE_COST = 1;
export const TWEAK_BASE_COST = 1;

export const COST_ITEMS = ['base', 'quality', 'upscale', 'fast_lane', 'watermark_removal'] as const;
export type CostItem = (typeof COST_ITEMS)[number];

export interface CostLine {
  item: CostItem;
  cost: number;
}

export interface CostBreakdown {
  /** Every item in COST_ITEMS order, 0 where it does not apply (the UI hides zero lines if it likes). */
  lines: CostLine[];
  total: number;
  /** True when the eco-mode price applies (only the upscale line counts). */
  eco: boolean;
}

/**
 * Decision: the eco price applies only on a plan that may use eco mode (Pro,
 * docs/product/pricing-and-plans.md#plan-capabilities). The spec's formula says "premium user in slow mode",
 * but Basic may not use eco, so a Basic request with slow_mode is priced normally (and refused by
 * validateSettings); a price never rewards a forbidden option.
 */
function ecoPriceApplies(settings: PricedSettings, plan: Plan): boolean {
  return settings.slow_mode && capabilitiesFor(plan).canUseEcoMode;
}

/** The live cost lines of one image, for the generator's cost display and the server's debit. */
export function costBreakdown(settings: PricedSettings, plan: Plan): CostBreakdown {
  const eco = ecoPriceApplies(settings, plan);
  const upscale = settings.upscale ? UPSCALE_COST : 0;
  const lines: CostLine[] = eco
    ? [
        { item: 'base', cost: 0 },
        { item: 'quality', cost: 0 },
        { item: 'upscale', cost: upscale },
        { item: 'fast_lane', cost: 0 },
        { item: 'watermark_removal', cost: 0 },
      ]
    : [
        { item: 'base', cost: BASE_COST },
        { item: 'quality', cost: QUALITY_COST[settings.quality] },
        { item: 'upscale', cost: upscale },
        { item: 'fast_lane', cost: settings.fastLane ? FAST_LANE_COST : 0 },
        {
          item: 'watermark_removal',
          // Free pays to remove the watermark; Basic and Pro remove it for free
          // (docs/product/decisions.md#prices-and-plans).
          cost: settings.watermark ? 0 : capabilitiesFor(plan).watermarkRemovalCost,
        },
      ];
  return { lines, total: lines.reduce((sum, line) => sum + line.cost, 0), eco };
}

/** Tickets (or energy) one image costs. */
export function generationCost(settings: PricedSettings, plan: Plan): number {
  return costBreakdown(settings, plan).total;
}

/**
 * Decision: docs/product/pricing-and-plans.md#prices prices a standalone upscale at 1, and
 * docs/product/image-viewer.md's upscale call takes `?fastlane`; the fast lane costs the same +4 there as on
 * a generation.
 */
export function standaloneUpscaleCost(fastLane: boolean): number {
  return STANDALONE_UPSCALE_COST + (fastLane ? FAST_LANE_COST : 0);
}

export type BalanceField = 'daily_token' | 'generation_token';
export type InsufficientFundsCode = 'user_insufficient_funds' | 'insufficient_token_count';

export type BalanceChoice =
  { balance: BalanceField; code: null } | { balance: null; code: InsufficientFundsCode };

export interface BalanceHolder extends PlanHolder {
  daily_token: number;
  generation_token: number;
}

/**
 * Which balance pays `cost` (docs/product/pricing-and-plans.md#which-balance-pays: energy first if premium
 * and sufficient, otherwise tickets; docs/product/pricing-and-plans.md#which-balance-pays ticket
 * sufficiency).
 * Decision: premium is the effective plan (plans.ts), so energy left on a lapsed subscription is not
 * spendable. No split payment: one balance pays the whole cost, so a refund goes back to exactly one.
 * Decision on the code when neither suffices: a premium user, who has two balances, gets
 * `insufficient_token_count` ('Insufficient Token Funds': neither energy nor tickets); a Free user, who
 * only has tickets, gets `user_insufficient_funds` ('Insufficient Ticket Funds').
 */
export function chooseBalance(user: BalanceHolder, cost: number, now: Date = new Date()): BalanceChoice {
  const premium = capabilitiesFor(effectivePlan(user, now)).premium;
  if (premium && user.daily_token >= cost) return { balance: 'daily_token', code: null };
  if (user.generation_token >= cost) return { balance: 'generation_token', code: null };
  return { balance: null, code: premium ? 'insufficient_token_count' : 'user_insufficient_funds' };
}
