/**
 * The product tour's steps (docs/product/accounts.md#product-tour), in order. Each points at an element of
 * the shell or of /create by its `data-tour` attribute, or at nothing (a card in the middle of the screen).
 * A step whose element is missing or hidden where the tour runs (the presets column on a phone, the bottom
 * bar on a desktop, /create's controls on another page) is skipped. Pure: where the tour goes next.
 */
export interface TourStep {
  /** The key of its text in onboarding.json (`tour.steps.<id>`). */
  id: string;
  /** The `data-tour` value of the element it points at; null for a card without one. */
  target: string | null;
}

export const TOUR_STEPS: readonly TourStep[] = [
  { id: 'welcome', target: null },
  { id: 'presets', target: 'presets' },
  { id: 'styles', target: 'styles' },
  { id: 'prompt', target: 'prompt' },
  { id: 'create', target: 'create' },
  { id: 'tickets', target: 'tickets' },
  { id: 'nav', target: 'nav' },
  { id: 'bottom_bar', target: 'bottom-bar' },
  { id: 'account', target: 'account' },
];

/** Whether an element for this `data-tour` value is on screen now. */
export type IsPresent = (target: string) => boolean;

/** The steps the tour can show now: those without a target, and those whose element is present. */
export function availableSteps(steps: readonly TourStep[], isPresent: IsPresent): TourStep[] {
  return steps.filter((step) => step.target === null || isPresent(step.target));
}

/** The first available step after `currentId` (in the full order), or null at the end. */
export function stepAfter(
  steps: readonly TourStep[],
  currentId: string | null,
  isPresent: IsPresent,
): TourStep | null {
  const from = currentId === null ? -1 : steps.findIndex((step) => step.id === currentId);
  return availableSteps(steps.slice(from + 1), isPresent)[0] ?? null;
}

/** The last available step before `currentId`, or null at the start. */
export function stepBefore(
  steps: readonly TourStep[],
  currentId: string,
  isPresent: IsPresent,
): TourStep | null {
  const at = steps.findIndex((step) => step.id === currentId);
  if (at <= 0) return null;
  return availableSteps(steps.slice(0, at), isPresent).at(-1) ?? null;
}

/** "Step n of m": the position of `currentId` among the steps available now (1-based). */
export function tourProgress(
  steps: readonly TourStep[],
  currentId: string,
  isPresent: IsPresent,
): { number: number; total: number } {
  const available = availableSteps(steps, isPresent);
  return {
    number: available.findIndex((step) => step.id === currentId) + 1,
    total: available.length,
  };
}
