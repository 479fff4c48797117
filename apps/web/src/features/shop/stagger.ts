/**
 * The shop's cards appear one by one (docs/product/routes.md, Shop): the first 100 ms after the page, then
 * one every 120 ms. Phones and reduced motion show them all at once.
 */
export const STAGGER_START_MS = 100;
export const STAGGER_STEP_MS = 120;

/** Each card's entrance delay in ms, in order; null when the cards do not animate. */
export function staggerDelays(count: number, animate: boolean): number[] | null {
  if (!animate) return null;
  return Array.from({ length: Math.max(0, count) }, (_, index) => STAGGER_START_MS + index * STAGGER_STEP_MS);
}
