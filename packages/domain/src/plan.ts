/**
 * Plans (docs/product/pricing-and-plans.md#plans): Free 0, Basic 1, Pro 2. Own module so that user and
 * generation rules share it.
 */
export const PLAN = { free: 0, basic: 1, pro: 2 } as const;
export type Plan = (typeof PLAN)[keyof typeof PLAN];
