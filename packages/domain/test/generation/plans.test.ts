import { describe, expect, it } from 'vitest';
import {
  PLAN,
  canUseQuality,
  capabilitiesFor,
  effectivePlan,
  energyResetValue,
  highestAllowedQuality,
  isPlanLapsed,
  lapsedPlan,
  minimumPlanForQuality,
  type Plan,
} from '../../src/index.ts';

/**
 * docs/product/pricing-and-plans.md#plan-capabilities: roles table with docs/product/decisions.md, one row
 * per capability, columns Free / Basic / Pro, written by hand.
 */
const ROLES: [string, (plan: Plan) => unknown, [unknown, unknown, unknown]][] = [
  ['premium', (p) => capabilitiesFor(p).premium, [false, true, true]],
  ['styles: free only', (p) => capabilitiesFor(p).freeStylesOnly, [true, false, false]],
  [
    'quality',
    (p) => capabilitiesFor(p).allowedQualities,
    [['Standard'], ['Standard', 'High'], ['Standard', 'High', 'Ultra']],
  ],
  ['max quality', (p) => capabilitiesFor(p).maxQuality, ['Standard', 'High', 'Ultra']],
  ['concurrent tasks', (p) => capabilitiesFor(p).maxConcurrentTasks, [1, 2, 4]],
  ['concurrent tweaks', (p) => capabilitiesFor(p).maxTweakConcurrent, [1, 1, 1]],
  ['watermark on by default', (p) => capabilitiesFor(p).watermarkOnByDefault, [true, false, false]],
  ['watermark removal tickets', (p) => capabilitiesFor(p).watermarkRemovalCost, [1, 0, 0]],
  ['private images', (p) => capabilitiesFor(p).canUsePrivate, [false, true, true]],
  ['eco (slow) mode', (p) => capabilitiesFor(p).canUseEcoMode, [false, false, true]],
  ['style conversion', (p) => capabilitiesFor(p).canStyleConvert, [false, false, true]],
  ['multi-generation', (p) => capabilitiesFor(p).multiGenerationMax, [1, 2, 4]],
  ['daily energy', (p) => capabilitiesFor(p).dailyEnergy, [0, 350, 1200]],
  ['energy reset value', (p) => energyResetValue(p), [0, 350, 1200]],
  ['favourites limit', (p) => capabilitiesFor(p).favoritesLimit, [200, 2000, 10_000]],
];

describe('plan capabilities (roles table)', () => {
  const cases = ROLES.flatMap(([name, read, values]) =>
    ([PLAN.free, PLAN.basic, PLAN.pro] as Plan[]).map((plan, index) => ({
      name,
      read,
      plan,
      value: values[index],
    })),
  );
  it.each(cases)('$name for plan $plan is $value', ({ read, plan, value }) => {
    expect(read(plan)).toEqual(value);
    expect(capabilitiesFor(plan).plan).toBe(plan);
  });

  it.each([
    [PLAN.free, 'Standard', true, 'Standard'],
    [PLAN.free, 'High', false, 'Standard'],
    [PLAN.free, 'Ultra', false, 'Standard'],
    [PLAN.basic, 'High', true, 'High'],
    [PLAN.basic, 'Ultra', false, 'High'],
    [PLAN.pro, 'Ultra', true, 'Ultra'],
    [PLAN.pro, 'Standard', true, 'Standard'],
  ] as const)('plan %d quality %s allowed %s, forced to %s', (plan, quality, allowed, forced) => {
    expect(canUseQuality(plan, quality)).toBe(allowed);
    expect(highestAllowedQuality(plan, quality)).toBe(forced);
  });

  it('names the lowest plan for each quality (resolution costs)', () => {
    expect(minimumPlanForQuality('Standard')).toBe(PLAN.free);
    expect(minimumPlanForQuality('High')).toBe(PLAN.basic);
    expect(minimumPlanForQuality('Ultra')).toBe(PLAN.pro);
  });
});

describe('effectivePlan: plan and pro_expire combined (premium)', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const past = '2025-06-15T11:59:59Z';
  const future = '2025-06-15T12:00:01Z';
  it.each([
    ['Free, no expiry', 0, null, PLAN.free, false, null],
    ['Basic, no expiry', 1, null, PLAN.basic, false, null],
    ['Pro, no expiry', 2, null, PLAN.pro, false, null],
    ['Basic, running', 1, future, PLAN.basic, false, null],
    ['Pro, running', 2, future, PLAN.pro, false, null],
    ['Pro, lapsed before the rollover', 2, past, PLAN.free, true, PLAN.pro],
    ['Basic, lapsed', 1, past, PLAN.free, true, PLAN.basic],
    ['Free with redeemed Pro days', 0, future, PLAN.pro, false, null],
    ['Free with ended Pro days', 0, past, PLAN.free, true, PLAN.pro],
    ['expiring exactly now counts as ended', 2, now.toISOString(), PLAN.free, true, PLAN.pro],
    ['a Date object works like a string', 2, new Date(future), PLAN.pro, false, null],
    ['an unreadable expiry is ignored', 1, 'not a date', PLAN.basic, false, null],
    ['an out-of-range plan number counts as Pro', 7, null, PLAN.pro, false, null],
  ] as const)('%s', (_name, plan, proExpire, expected, lapsed, formerPlan) => {
    const user = { plan, pro_expire: proExpire };
    expect(effectivePlan(user, now)).toBe(expected);
    expect(isPlanLapsed(user, now)).toBe(lapsed);
    expect(lapsedPlan(user, now)).toBe(formerPlan);
  });
});
