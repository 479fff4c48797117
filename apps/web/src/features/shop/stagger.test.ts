import { describe, expect, it } from 'vitest';
import { STAGGER_START_MS, STAGGER_STEP_MS, staggerDelays } from './stagger.ts';

describe('the cards’ entrance', () => {
  it('starts after 100 ms, then one card every 120 ms', () => {
    expect(STAGGER_START_MS).toBe(100);
    expect(STAGGER_STEP_MS).toBe(120);
    expect(staggerDelays(3, true)).toEqual([100, 220, 340]);
    expect(staggerDelays(6, true)).toEqual([100, 220, 340, 460, 580, 700]);
  });

  it('is off on phones and with reduced motion (the caller says so)', () => {
    expect(staggerDelays(6, false)).toBeNull();
  });

  it('has no delay for no card', () => {
    expect(staggerDelays(0, true)).toEqual([]);
    expect(staggerDelays(-1, true)).toEqual([]);
  });
});
