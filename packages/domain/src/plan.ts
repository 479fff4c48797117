/**
 * Plans (docs/product/pricing-and-plans.md#plans): Free 0, Basic 1, Pro 2. Own module so that user and
 * generation rules share it.
 */
export const PLAN = { free: 0, basic: 1, pro: 2 } as const;
export type Plan = (typeof PLAN)[keyof typeof PLAN];

/** Each plan's name, as the interface's texts are keyed (the tracker's label, the shop's cards). */
export const PLAN_NAMES = { [PLAN.free]: 'free', [PLAN.basic]: 'basic', [PLAN.pro]: 'pro' } as const;
export type PlanName = (typeof PLAN_NAMES)[Plan];
