import { describe, expect, it } from 'vitest';
import {
  PLAN,
  QUALITIES,
  chooseBalance,
  costBreakdown,
  generationCost,
  standaloneUpscaleCost,
  type Plan,
  type Quality,
} from '../../src/index.ts';

const F = PLAN.free;
const B = PLAN.basic;
const P = PLAN.pro;

/**
 * Hand-computed prices (docs/product/pricing-and-plans.md#prices,
 * docs/product/decisions.md#prices-and-plans). Columns: plan, quality, upscale, fast lane, watermark on, slow
 * mode, expected tickets, and the arithmetic that gives it.
 */
const PRICES: [Plan, Quality, boolean, boolean, boolean, boolean, number, string][] = [
  [F, 'Standard', false, false, true, false, 2, 'base 2 (5 images from 10 tickets)'],
  [F, 'Standard', true, false, true, false, 3, '2 + upscale 1'],
  [F, 'Standard', false, true, true, false, 6, '2 + fast 4'],
  [F, 'Standard', false, false, false, false, 3, '2 + watermark removal 1'],
  [F, 'Standard', true, true, false, false, 8, '2 + 1 + 4 + 1'],
  [F, 'High', false, false, true, false, 3, '2 + High 1'],
  [F, 'Ultra', false, false, true, false, 4, '2 + Ultra 2'],
  [F, 'Ultra', true, true, false, false, 10, '2 + 2 + 1 + 4 + 1'],
  [F, 'Standard', false, false, true, true, 2, 'Free has no eco price'],
  [F, 'Standard', false, false, false, true, 3, 'no eco price; removal still 1'],
  [B, 'Standard', false, false, true, false, 2, 'base 2'],
  [B, 'Standard', false, false, false, false, 2, 'free removal'],
  [B, 'High', false, false, true, false, 3, '2 + 1'],
  [B, 'High', true, false, false, false, 4, '2 + 1 + 1'],
  [B, 'High', false, true, false, false, 7, '2 + 1 + 4'],
  [B, 'Ultra', false, false, true, false, 4, '2 + 2 (priced, refused elsewhere)'],
  [B, 'Ultra', true, true, true, false, 9, '2 + 2 + 1 + 4'],
  [B, 'Standard', false, false, true, true, 2, 'Basic has no eco price'],
  [B, 'High', true, false, true, true, 4, 'no eco price: 2 + 1 + 1'],
  [P, 'Standard', false, false, true, false, 2, 'base 2'],
  [P, 'High', true, false, true, false, 4, '2 + 1 + 1'],
  [P, 'Ultra', false, false, false, false, 4, '2 + 2, free removal'],
  [P, 'Ultra', true, true, false, false, 9, '2 + 2 + 1 + 4'],
  [P, 'Standard', false, true, true, false, 6, '2 + 4'],
  [P, 'High', false, true, false, false, 7, '2 + 1 + 4'],
  [P, 'Standard', false, false, true, true, 0, 'eco: nothing'],
  [P, 'Ultra', false, false, false, true, 0, 'eco: quality free'],
  [P, 'Ultra', true, false, true, true, 1, 'eco: upscale only'],
  [P, 'High', false, true, true, true, 0, 'eco: fast lane not charged'],
  [P, 'Standard', true, true, false, true, 1, 'eco: upscale only'],
];

describe('generation cost, hand-computed rows', () => {
  it.each(PRICES)(
    'plan %d %s upscale=%s fast=%s watermark=%s slow=%s -> %d (%s)',
    (plan, quality, upscale, fastLane, watermark, slowMode, expected) => {
      const settings = { quality, upscale, fastLane, watermark, slow_mode: slowMode };
      expect(generationCost(settings, plan)).toBe(expected);
      const breakdown = costBreakdown(settings, plan);
      expect(breakdown.total).toBe(expected);
      expect(breakdown.lines.reduce((sum, line) => sum + line.cost, 0)).toBe(expected);
    },
  );

  it('covers at least 20 rows and every plan', () => {
    expect(PRICES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(PRICES.map((row) => row[0]))).toEqual(new Set([F, B, P]));
  });
});

describe('generation cost, every combination against an independent formula', () => {
  const qualityTickets: Record<Quality, number> = { Standard: 0, High: 1, Ultra: 2 };
  const expectedCost = (plan: Plan, q: Quality, up: boolean, fast: boolean, wm: boolean, slow: boolean) => {
    if (plan === P && slow) return up ? 1 : 0;
    return 2 + qualityTickets[q] + (up ? 1 : 0) + (fast ? 4 : 0) + (plan === F && !wm ? 1 : 0);
  };
  const bools = [false, true];
  const combos = [F, B, P].flatMap((plan) =>
    QUALITIES.flatMap((quality) =>
      bools.flatMap((upscale) =>
        bools.flatMap((fastLane) =>
          bools.flatMap((watermark) =>
            bools.map((slow_mode) => ({ plan, quality, upscale, fastLane, watermark, slow_mode })),
          ),
        ),
      ),
    ),
  );
  it('enumerates 144 combinations', () => expect(combos).toHaveLength(144));
  it.each(combos)('%j', ({ plan, ...settings }) => {
    const { quality, upscale, fastLane, watermark, slow_mode } = settings;
    expect(generationCost(settings, plan)).toBe(
      expectedCost(plan, quality, upscale, fastLane, watermark, slow_mode),
    );
  });
});

describe('cost breakdown lines (live cost in the UI)', () => {
  it('lists every item in order with its own amount', () => {
    const breakdown = costBreakdown(
      { quality: 'Ultra', upscale: true, fastLane: true, watermark: false, slow_mode: false },
      F,
    );
    expect(breakdown).toEqual({
      eco: false,
      total: 10,
      lines: [
        { item: 'base', cost: 2 },
        { item: 'quality', cost: 2 },
        { item: 'upscale', cost: 1 },
        { item: 'fast_lane', cost: 4 },
        { item: 'watermark_removal', cost: 1 },
      ],
    });
  });

  it('in eco mode only the upscale line counts', () => {
    const breakdown = costBreakdown(
      { quality: 'High', upscale: true, fastLane: true, watermark: false, slow_mode: true },
      P,
    );
    expect(breakdown.eco).toBe(true);
    expect(breakdown.lines.filter((line) => line.cost > 0)).toEqual([{ item: 'upscale', cost: 1 }]);
  });

  it('10 Free tickets make 5 watermarked images', () => {
    const cost = generationCost(
      { quality: 'Standard', upscale: false, fastLane: false, watermark: true, slow_mode: false },
      F,
    );
    expect(Math.floor(10 / cost)).toBe(5);
  });
});

describe('other prices', () => {
  it.each([
    [false, 1],
    [true, 5],
  ])('standalone upscale with fast lane %s costs %d', (fastLane, cost) => {
    expect(standaloneUpscaleCost(fastLane)).toBe(cost);
  });
});

describe('chooseBalance: energy first if premium and sufficient, else tickets', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const past = '2025-06-01T00:00:00Z';
  const future = '2025-07-01T00:00:00Z';
  it.each([
    ['Pro with energy', 2, null, 1200, 0, 4, 'daily_token', null],
    ['Basic with exactly enough energy', 1, null, 4, 0, 4, 'daily_token', null],
    ['Pro short of energy pays with tickets', 2, null, 3, 10, 4, 'generation_token', null],
    ['Pro short of both', 2, null, 3, 3, 4, null, 'insufficient_token_count'],
    ['Basic with nothing', 1, future, 0, 0, 2, null, 'insufficient_token_count'],
    ['Free never spends energy', 0, null, 100, 10, 2, 'generation_token', null],
    ['Free with exactly enough tickets', 0, null, 0, 2, 2, 'generation_token', null],
    ['Free short of tickets', 0, null, 100, 1, 2, null, 'user_insufficient_funds'],
    ['lapsed Pro keeps no energy', 2, past, 1200, 5, 4, 'generation_token', null],
    ['lapsed Pro short of tickets', 2, past, 1200, 0, 4, null, 'user_insufficient_funds'],
    ['redeemed Pro days use energy', 0, future, 50, 0, 4, 'daily_token', null],
    ['an eco image (cost 0) is paid by empty energy', 2, null, 0, 0, 0, 'daily_token', null],
  ] as const)('%s', (_name, plan, proExpire, daily, tickets, cost, balance, code) => {
    const user = { plan, pro_expire: proExpire, daily_token: daily, generation_token: tickets };
    expect(chooseBalance(user, cost, now)).toEqual({ balance, code });
  });
});
