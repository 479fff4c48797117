import { describe, expect, it } from 'vitest';
import { PLAN, PLANS, TASK_LANES, capabilitiesFor, laneFor, laneForFastLane } from '../../src/index.ts';

describe('the lane of a task', () => {
  it('is eco for slow mode on Pro, whatever the fast-lane switch says', () => {
    expect(laneFor({ slow_mode: true, fastLane: false }, PLAN.pro)).toBe('eco');
    expect(laneFor({ slow_mode: true, fastLane: true }, PLAN.pro)).toBe('eco');
  });

  it('never is eco on a plan that may not use eco mode', () => {
    for (const plan of PLANS.filter((p) => !capabilitiesFor(p).canUseEcoMode)) {
      expect(laneFor({ slow_mode: true, fastLane: false }, plan)).toBe('normal');
      expect(laneFor({ slow_mode: true, fastLane: true }, plan)).toBe('fast');
    }
    expect(capabilitiesFor(PLAN.basic).canUseEcoMode).toBe(false);
  });

  it('is fast or normal by the fast-lane switch without slow mode, on every plan', () => {
    for (const plan of PLANS) {
      expect(laneFor({ slow_mode: false, fastLane: true }, plan)).toBe('fast');
      expect(laneFor({ slow_mode: false, fastLane: false }, plan)).toBe('normal');
    }
  });

  it('is fast or normal for jobs without eco mode', () => {
    expect(laneForFastLane(true)).toBe('fast');
    expect(laneForFastLane(false)).toBe('normal');
    expect(TASK_LANES).toEqual(['fast', 'normal', 'eco']);
  });
});
