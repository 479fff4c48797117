import { describe, expect, it } from 'vitest';
import { checkFlood, createFloodGuard, FLOOD_GUARD_START, type FloodGuardState } from '../src/flood-guard.ts';

/** Runs calls at the given times; which went through. */
function run(times: readonly number[], start: FloodGuardState = FLOOD_GUARD_START): boolean[] {
  let state = start;
  return times.map((now) => {
    const decision = checkFlood(state, now);
    state = decision.state;
    return decision.allowed;
  });
}

describe('checkFlood', () => {
  it('lets five quick calls and the sixth through, then blocks for 1000 ms', () => {
    // Six calls 100 ms apart: the sixth starts the block; calls within 1000 ms of it are refused.
    expect(run([0, 100, 200, 300, 400, 500, 600, 1499])).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('lets a call through once the 1000 ms are over', () => {
    expect(run([0, 100, 200, 300, 400, 500, 1500])).toEqual([true, true, true, true, true, true, true]);
  });

  it('counts an average gap of exactly 1000 ms as a flood', () => {
    expect(run([0, 1000, 2000, 3000, 4000, 5000, 5999])).toEqual([true, true, true, true, true, true, false]);
  });

  it('never blocks calls whose average gap is above 1000 ms', () => {
    const times = Array.from({ length: 20 }, (_, index) => index * 1001);
    expect(run(times).every(Boolean)).toBe(true);
  });

  it('looks at the average, not each gap: one long pause among quick calls can keep it under', () => {
    // Gaps 10, 10, 10, 10, 4980: span 5020 over 5 gaps is 1004 ms on average, not a flood.
    expect(run([0, 10, 20, 30, 40, 5020]).every(Boolean)).toBe(true);
  });

  it('does not count refused calls, and a burst that keeps going gets one call per block', () => {
    const burst = Array.from({ length: 30 }, (_, index) => index * 100);
    const allowed = burst.filter((_, index) => run(burst.slice(0, index + 1)).at(-1));
    // 0..500 go through; 500 blocks until 1500, which goes through and blocks until 2500, and so on.
    expect(allowed).toEqual([0, 100, 200, 300, 400, 500, 1500, 2500]);
  });

  it('keeps only the last six calls', () => {
    let state = FLOOD_GUARD_START;
    for (let now = 0; now < 100_000; now += 5000) state = checkFlood(state, now).state;
    expect(state.times).toHaveLength(6);
  });
});

describe('createFloodGuard', () => {
  it('keeps its own state over a clock', () => {
    let now = 0;
    const guard = createFloodGuard(() => now);
    const results: boolean[] = [];
    for (let index = 0; index < 7; index += 1) {
      results.push(guard.attempt());
      now += 50;
    }
    expect(results).toEqual([true, true, true, true, true, true, false]);
    now += 1000;
    expect(guard.attempt()).toBe(true);
  });
});
