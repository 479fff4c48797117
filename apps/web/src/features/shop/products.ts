/**
 * The shop's products as the page shows them: what a product id is (a pack's tickets, a plan's month), what
 * each plan may do (PLAN_CAPABILITIES, docs/product/pricing-and-plans.md#plan-capabilities), and what a plan's
 * card offers the visitor looking at it.
 */
import {
  effectivePlan,
  PLAN,
  PLAN_CAPABILITIES,
  PLAN_NAMES,
  planPurchaseRefusal,
  productById,
  type Plan,
} from '@mirage/domain';

export type ProductView =
  { kind: 'pack'; tickets: number; bonus: number } | { kind: 'plan'; plan: 'basic' | 'pro'; months: number };

/** A product id of the catalogue ("pack_400", "plan_pro") as what it sells; null for an unknown id. */
export function describeProduct(id: string): ProductView | null {
  const product = productById(id);
  if (!product) return null;
  if (product.kind === 'pack') return { kind: 'pack', tickets: product.tickets, bonus: product.bonus };
  return { kind: 'plan', plan: PLAN_NAMES[product.plan], months: product.months };
}

/** One line of a plan card's list: a key of `shop:plans.features`, its count, and whether the plan has it. */
export interface PlanFeature {
  key:
    | 'qualityStandard'
    | 'qualityHigh'
    | 'qualityUltra'
    | 'freeStyles'
    | 'allStyles'
    | 'tasks'
    | 'multi'
    | 'private'
    | 'eco'
    | 'styleConvert'
    | 'watermark'
    | 'noWatermark'
    | 'favourites';
  count?: number;
  included: boolean;
}

/** The main capabilities of a plan, in the card's order (the same lines on every card, to compare). */
export function planFeatures(plan: Plan): PlanFeature[] {
  const caps = PLAN_CAPABILITIES[plan];
  const quality =
    caps.maxQuality === 'Ultra'
      ? 'qualityUltra'
      : caps.maxQuality === 'High'
        ? 'qualityHigh'
        : 'qualityStandard';
  return [
    { key: quality, included: true },
    { key: caps.freeStylesOnly ? 'freeStyles' : 'allStyles', included: true },
    { key: 'multi', count: caps.multiGenerationMax, included: true },
    { key: 'tasks', count: caps.maxConcurrentTasks, included: true },
    { key: caps.watermarkOnByDefault ? 'watermark' : 'noWatermark', included: true },
    { key: 'private', included: caps.canUsePrivate },
    { key: 'eco', included: caps.canUseEcoMode },
    { key: 'styleConvert', included: caps.canStyleConvert },
    { key: 'favourites', count: caps.favoritesLimit, included: true },
  ];
}

/**
 * What a plan's card offers: `signup` (a guest on Free), `create` (the Free user's own plan), `buy`,
 * `extend` (another month of the plan one has), `upgrade` (Pro over Basic), `disabled` (Basic while Pro
 * runs: the API refuses it, `already_pro`), `none` (Free for a paying user).
 */
export type PlanAction = 'signup' | 'create' | 'buy' | 'extend' | 'upgrade' | 'disabled' | 'none';

export interface PlanCardState {
  current: boolean;
  /** The end of the paid period of the plan one has (ISO), when it has one. */
  expiry: string | null;
  action: PlanAction;
}

export interface PlanAccount {
  plan: number;
  pro_expire: string | null;
}

/** The card of `plan` for this visitor (`account` undefined: a guest). */
export function planCardState(
  plan: Plan,
  account: PlanAccount | undefined,
  now: Date = new Date(),
): PlanCardState {
  if (!account) return { current: false, expiry: null, action: plan === PLAN.free ? 'signup' : 'buy' };
  const running = effectivePlan(account, now);
  const current = running === plan;
  const expiry = current && plan !== PLAN.free ? account.pro_expire : null;
  let action: PlanAction;
  if (plan === PLAN.free) action = current ? 'create' : 'none';
  else if (current) action = 'extend';
  else if (planPurchaseRefusal(account, plan, now)) action = 'disabled';
  else if (plan === PLAN.pro && running === PLAN.basic) action = 'upgrade';
  else action = 'buy';
  return { current, expiry, action };
}
