import { PLAN } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { checkoutTarget, needsMethodChoice } from './checkout.ts';
import { describeProduct, planCardState, planFeatures } from './products.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const LATER = '2026-04-10T12:00:00.000Z';
const EARLIER = '2026-03-01T00:00:00.000Z';

describe('products', () => {
  it('reads the catalogue’s ids', () => {
    expect(describeProduct('pack_1000')).toEqual({ kind: 'pack', tickets: 1000, bonus: 171 });
    expect(describeProduct('plan_basic')).toEqual({ kind: 'plan', plan: 'basic', months: 1 });
    expect(describeProduct('plan_pro')).toEqual({ kind: 'plan', plan: 'pro', months: 1 });
    expect(describeProduct('pack_7')).toBeNull();
  });
});

describe('the plan cards’ capabilities', () => {
  const line = (plan: (typeof PLAN)[keyof typeof PLAN], key: string) =>
    planFeatures(plan).find((feature) => feature.key === key);

  it('follow the plan table', () => {
    expect(planFeatures(PLAN.free).map((feature) => feature.key)).toContain('qualityStandard');
    expect(planFeatures(PLAN.basic).map((feature) => feature.key)).toContain('qualityHigh');
    expect(planFeatures(PLAN.pro).map((feature) => feature.key)).toContain('qualityUltra');
    expect([PLAN.free, PLAN.basic, PLAN.pro].map((plan) => line(plan, 'tasks')?.count)).toEqual([1, 2, 4]);
    expect([PLAN.free, PLAN.basic, PLAN.pro].map((plan) => line(plan, 'multi')?.count)).toEqual([1, 2, 4]);
    expect([PLAN.free, PLAN.basic, PLAN.pro].map((plan) => line(plan, 'eco')?.included)).toEqual([
      false,
      false,
      true,
    ]);
    expect([PLAN.free, PLAN.basic, PLAN.pro].map((plan) => line(plan, 'private')?.included)).toEqual([
      false,
      true,
      true,
    ]);
    expect(line(PLAN.free, 'watermark')?.included).toBe(true);
    expect(line(PLAN.basic, 'noWatermark')?.included).toBe(true);
    expect(line(PLAN.pro, 'favourites')?.count).toBe(10_000);
  });

  it('list the same number of lines on every card', () => {
    const lengths = [PLAN.free, PLAN.basic, PLAN.pro].map((plan) => planFeatures(plan).length);
    expect(new Set(lengths).size).toBe(1);
  });
});

describe('a plan card for its visitor', () => {
  const free = { plan: PLAN.free, pro_expire: null };
  const basic = { plan: PLAN.basic, pro_expire: LATER };
  const pro = { plan: PLAN.pro, pro_expire: LATER };

  it('a guest: sign up on Free, buy on the paid plans (the checkout then sends to sign-up)', () => {
    expect(planCardState(PLAN.free, undefined, NOW)).toEqual({
      current: false,
      expiry: null,
      action: 'signup',
    });
    expect(planCardState(PLAN.pro, undefined, NOW).action).toBe('buy');
  });

  it('a Free user: Free is theirs (start creating), Basic and Pro to buy', () => {
    expect(planCardState(PLAN.free, free, NOW)).toEqual({ current: true, expiry: null, action: 'create' });
    expect(planCardState(PLAN.basic, free, NOW).action).toBe('buy');
    expect(planCardState(PLAN.pro, free, NOW).action).toBe('buy');
  });

  it('a Basic user: Basic is theirs until its expiry, Pro is an upgrade', () => {
    expect(planCardState(PLAN.basic, basic, NOW)).toEqual({ current: true, expiry: LATER, action: 'extend' });
    expect(planCardState(PLAN.pro, basic, NOW).action).toBe('upgrade');
    expect(planCardState(PLAN.free, basic, NOW)).toEqual({ current: false, expiry: null, action: 'none' });
  });

  it('a Pro user: Basic is disabled (the API refuses it), Pro is extended', () => {
    expect(planCardState(PLAN.basic, pro, NOW)).toEqual({ current: false, expiry: null, action: 'disabled' });
    expect(planCardState(PLAN.pro, pro, NOW)).toEqual({ current: true, expiry: LATER, action: 'extend' });
  });

  it('a lapsed plan is Free, and redeemed Pro days on Free are Pro', () => {
    const lapsed = { plan: PLAN.pro, pro_expire: EARLIER };
    expect(planCardState(PLAN.free, lapsed, NOW).current).toBe(true);
    expect(planCardState(PLAN.basic, lapsed, NOW).action).toBe('buy');
    const proDays = { plan: PLAN.free, pro_expire: LATER };
    expect(planCardState(PLAN.pro, proDays, NOW)).toEqual({ current: true, expiry: LATER, action: 'extend' });
  });
});

describe('the checkout', () => {
  it('asks how to pay only when there is a choice', () => {
    expect(needsMethodChoice(['sandbox'])).toBe(false);
    expect(needsMethodChoice(['ccbill', 'nowpayments'])).toBe(true);
  });

  it('opens the sandbox’s page with the router and leaves for a real provider', () => {
    expect(checkoutTarget('/payment/sandbox/abc')).toEqual({ kind: 'route', path: '/payment/sandbox/abc' });
    expect(checkoutTarget('https://pay.example/checkout?x=1')).toEqual({
      kind: 'external',
      url: 'https://pay.example/checkout?x=1',
    });
    expect(checkoutTarget('//elsewhere.example/x')).toEqual({
      kind: 'external',
      url: '//elsewhere.example/x',
    });
  });
});
