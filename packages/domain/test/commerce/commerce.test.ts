import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  afterPaidMonth,
  afterReversal,
  convertedMs,
  grantOf,
  nextOrderStatus,
  packDiscountPercent,
  PLAN,
  PLAN_OFFERS,
  planPurchaseRefusal,
  PRODUCT_IDS,
  productById,
  TICKET_PACKS,
  type OrderStatus,
  type PaymentEventKind,
} from '../../src/index.ts';

const at = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60_000;

describe('the catalogue (spec §9)', () => {
  it('sells the six packs at their prices, in cents, the same figure in USD and EUR', () => {
    expect(TICKET_PACKS.map((pack) => [pack.tickets, pack.bonus, pack.priceCents.usd])).toEqual([
      [60, 0, 299],
      [400, 0, 899],
      [1000, 171, 1899],
      [2500, 968, 3499],
      [6600, 3752, 6399],
      [14000, 10284, 8299],
    ]);
    for (const pack of TICKET_PACKS) expect(pack.priceCents.eur).toBe(pack.priceCents.usd);
    expect(TICKET_PACKS.filter((pack) => pack.trial).map((pack) => pack.id)).toEqual(['pack_60']);
    expect(TICKET_PACKS.filter((pack) => pack.best).map((pack) => pack.id)).toEqual(['pack_2500']);
  });

  it('sells Basic and Pro by the month with their energy and images a day', () => {
    expect(PLAN_OFFERS.map((offer) => [offer.id, offer.priceCents.usd, offer.basePriceCents.usd])).toEqual([
      ['plan_basic', 1199, 1249],
      ['plan_pro', 2499, 3099],
    ]);
    expect(PLAN_OFFERS.map((offer) => [offer.energy, offer.imagesPerDay])).toEqual([
      [350, 175],
      [1200, 600],
    ]);
  });

  it.each([
    ['pack_60', 0],
    ['pack_400', 0],
    ['pack_1000', 27],
    ['pack_2500', 55],
    ['pack_6600', 72],
    ['pack_14000', 85],
  ])('shows %s at %i %% off the 0.0223 base (bonus packs only)', (id, percent) => {
    expect(packDiscountPercent(TICKET_PACKS.find((pack) => pack.id === id)!)).toBe(percent);
  });

  it('finds every product by id, and grants a pack’s tickets with its bonus, a plan’s month', () => {
    expect(PRODUCT_IDS).toHaveLength(8);
    expect(grantOf(productById('pack_1000')!)).toEqual({ kind: 'tickets', tickets: 1171 });
    expect(grantOf(productById('plan_pro')!)).toEqual({ kind: 'plan', plan: PLAN.pro, months: 1 });
    for (const unknown of ['pack_1', 'plan_free', 'toString', '__proto__', '']) {
      expect(productById(unknown)).toBeUndefined();
    }
  });
});

describe('a month in UTC', () => {
  it.each([
    ['2026-01-15T10:00:00Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T23:30:00Z', '2026-02-28T23:30:00.000Z'],
    ['2028-01-31T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['2026-12-31T12:00:00Z', '2027-01-31T12:00:00.000Z'],
  ])('after %s is %s', (from, to) => {
    expect(addMonthsUtc(at(from), 1).toISOString()).toBe(to);
  });
});

describe('a paid month', () => {
  const now = at('2026-11-26T12:00:00Z');
  const free = { plan: PLAN.free, pro_expire: null };

  it('starts now for a Free account, and for one whose plan lapsed', () => {
    expect(afterPaidMonth(free, PLAN.basic, 1, now)).toEqual({
      plan: PLAN.basic,
      pro_expire: at('2026-12-26T12:00:00Z'),
    });
    const lapsed = { plan: PLAN.pro, pro_expire: at('2026-11-20T00:00:00Z') };
    expect(afterPaidMonth(lapsed, PLAN.pro, 1, now).pro_expire).toEqual(at('2026-12-26T12:00:00Z'));
  });

  it('extends the same running plan from its expiry, so paying early loses nothing', () => {
    const running = { plan: PLAN.pro, pro_expire: at('2026-12-05T08:00:00Z') };
    expect(afterPaidMonth(running, PLAN.pro, 1, now)).toEqual({
      plan: PLAN.pro,
      pro_expire: at('2027-01-05T08:00:00Z'),
    });
  });

  it('upgrades Basic to Pro from now, the Basic days left converted at the price ratio', () => {
    const basic = { plan: PLAN.basic, pro_expire: new Date(now.getTime() + 10 * DAY) };
    const after = afterPaidMonth(basic, PLAN.pro, 1, now);
    expect(after.plan).toBe(PLAN.pro);
    const extra = after.pro_expire!.getTime() - addMonthsUtc(now, 1).getTime();
    // 10 days × 11.99 / 24.99 ≈ 4.8 days.
    expect(extra).toBe(convertedMs(10 * DAY, PLAN.basic, PLAN.pro));
    expect(extra / DAY).toBeCloseTo((10 * 1199) / 2499, 3);
  });

  it('refuses Basic while Pro runs, never Pro, nor Basic once Pro has lapsed', () => {
    const pro = { plan: PLAN.pro, pro_expire: at('2026-12-05T00:00:00Z') };
    expect(planPurchaseRefusal(pro, PLAN.basic, now)).toBe('already_pro');
    expect(planPurchaseRefusal(pro, PLAN.pro, now)).toBeNull();
    expect(
      planPurchaseRefusal({ ...pro, pro_expire: at('2026-11-01T00:00:00Z') }, PLAN.basic, now),
    ).toBeNull();
    expect(planPurchaseRefusal(free, PLAN.basic, now)).toBeNull();
  });

  it('leaves a plan without expiry (an operator’s grant) as it is', () => {
    const granted = { plan: PLAN.pro, pro_expire: null };
    expect(afterPaidMonth(granted, PLAN.pro, 1, now)).toBe(granted);
  });

  it('ends the plan a refund or chargeback took back, and no other', () => {
    const pro = { plan: PLAN.pro, pro_expire: at('2026-12-26T12:00:00Z') };
    expect(afterReversal(pro, PLAN.pro, now)).toEqual({ plan: PLAN.free, pro_expire: now });
    expect(afterReversal(pro, PLAN.basic, now)).toBe(pro);
  });
});

describe('an order’s status', () => {
  const moves: [OrderStatus, PaymentEventKind, OrderStatus | null][] = [
    ['PENDING', 'paid', 'SUCCESS'],
    ['FAILURE', 'paid', 'SUCCESS'],
    ['SUCCESS', 'paid', null],
    ['PROCESSED', 'paid', null],
    ['PENDING', 'failed', 'FAILURE'],
    ['SUCCESS', 'failed', null],
    ['SUCCESS', 'refunded', 'PROCESSED'],
    ['SUCCESS', 'charged_back', 'PROCESSED'],
    ['PENDING', 'refunded', null],
    ['PROCESSED', 'charged_back', null],
    ['SUCCESS', 'renewed', null],
    ['SUCCESS', 'cancelled', null],
  ];
  it.each(moves)(
    'goes from %s on %s to %s (null: a replay or out of order, nothing moves)',
    (from, event, to) => {
      expect(nextOrderStatus(from, event)).toBe(to);
    },
  );
});
