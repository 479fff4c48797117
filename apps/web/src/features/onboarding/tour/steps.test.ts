import { describe, expect, it } from 'vitest';
import { availableSteps, stepAfter, stepBefore, tourProgress, TOUR_STEPS, type TourStep } from './steps.ts';

const STEPS: readonly TourStep[] = [
  { id: 'intro', target: null },
  { id: 'a', target: 'a' },
  { id: 'b', target: 'b' },
  { id: 'c', target: 'c' },
];
const present =
  (...targets: string[]) =>
  (target: string) =>
    targets.includes(target);

describe('the product tour steps', () => {
  it('skips steps whose element is missing, forward and back', () => {
    const isPresent = present('a', 'c');
    expect(stepAfter(STEPS, null, isPresent)?.id).toBe('intro');
    expect(stepAfter(STEPS, 'a', isPresent)?.id).toBe('c');
    expect(stepBefore(STEPS, 'c', isPresent)?.id).toBe('a');
    expect(stepAfter(STEPS, 'c', isPresent)).toBeNull();
    expect(stepBefore(STEPS, 'intro', isPresent)).toBeNull();
  });

  it('counts only the steps it can show in "step n of m"', () => {
    expect(tourProgress(STEPS, 'c', present('a', 'c'))).toEqual({ number: 3, total: 3 });
    expect(tourProgress(STEPS, 'b', present('a', 'b', 'c'))).toEqual({ number: 3, total: 4 });
  });

  it('keeps a card without a target even when nothing is on screen', () => {
    expect(availableSteps(STEPS, present()).map((step) => step.id)).toEqual(['intro']);
    expect(stepAfter(STEPS, 'intro', present())).toBeNull();
  });

  it('moves on from a step whose element went away meanwhile', () => {
    // 'b' was shown, then its element left (a phone turned): Next still finds 'c'.
    expect(stepAfter(STEPS, 'b', present('c'))?.id).toBe('c');
  });

  it('has unique ids, starts with a card every screen can show, and points at distinct elements', () => {
    const ids = TOUR_STEPS.map((step) => step.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(TOUR_STEPS[0]?.target).toBeNull();
    const targets = TOUR_STEPS.flatMap((step) => (step.target ? [step.target] : []));
    expect(new Set(targets).size).toBe(targets.length);
  });
});
