/**
 * What the shop sells (spec §9 "Plans", "Ticket packs"; docs/product/commerce.md): ticket packs and the
 * monthly Basic and Pro plans. Prices are integer cents, so no sum is ever a float. The spec gives one price
 * per product "USD or EUR": the same figure is charged in either currency, as the shop shows it (decided).
 */
import { PLAN, type Plan } from '../plan.ts';

export const MONEY_CURRENCIES = ['usd', 'eur'] as const;
export type MoneyCurrency = (typeof MONEY_CURRENCIES)[number];

export function isMoneyCurrency(value: unknown): value is MoneyCurrency {
  return typeof value === 'string' && (MONEY_CURRENCIES as readonly string[]).includes(value);
}

/** The price of one ticket the bonus discount is measured against (spec §9: 0.0223 per ticket). */
export const BASE_TICKET_PRICE = 0.0223;

export interface TicketPack {
  id: PackId;
  tickets: number;
  bonus: number;
  priceCents: Record<MoneyCurrency, number>;
  /** The smallest pack, for a first try. */
  trial: boolean;
  /** The pack the shop highlights. */
  best: boolean;
}

const PACK_ROWS = [
  // tickets, bonus, price (cents), trial, best
  [60, 0, 299, true, false],
  [400, 0, 899, false, false],
  [1000, 171, 1899, false, false],
  [2500, 968, 3499, false, true],
  [6600, 3752, 6399, false, false],
  [14000, 10284, 8299, false, false],
] as const;

export type PackId = `pack_${(typeof PACK_ROWS)[number][0]}`;

export const TICKET_PACKS: readonly TicketPack[] = PACK_ROWS.map(([tickets, bonus, cents, trial, best]) => ({
  id: `pack_${tickets}`,
  tickets,
  bonus,
  priceCents: { usd: cents, eur: cents },
  trial,
  best,
}));

/**
 * The discount a pack shows, in whole percent: what its tickets and bonus would cost at BASE_TICKET_PRICE
 * against its price. A pack without a bonus shows none (the small packs cost more per ticket than the base).
 */
export function packDiscountPercent(pack: Pick<TicketPack, 'tickets' | 'bonus' | 'priceCents'>): number {
  if (pack.bonus <= 0) return 0;
  const worth = (pack.tickets + pack.bonus) * BASE_TICKET_PRICE * 100;
  return Math.max(0, Math.round((1 - pack.priceCents.usd / worth) * 100));
}

export type PaidPlan = typeof PLAN.basic | typeof PLAN.pro;
export type PlanId = 'plan_basic' | 'plan_pro';

export interface PlanOffer {
  id: PlanId;
  plan: PaidPlan;
  /** Months one purchase adds. */
  months: 1;
  priceCents: Record<MoneyCurrency, number>;
  /** The crossed-out price the shop shows beside the price. */
  basePriceCents: Record<MoneyCurrency, number>;
  energy: number;
  imagesPerDay: number;
}

export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    id: 'plan_basic',
    plan: PLAN.basic,
    months: 1,
    priceCents: { usd: 1199, eur: 1199 },
    basePriceCents: { usd: 1249, eur: 1249 },
    energy: 350,
    imagesPerDay: 175,
  },
  {
    id: 'plan_pro',
    plan: PLAN.pro,
    months: 1,
    priceCents: { usd: 2499, eur: 2499 },
    basePriceCents: { usd: 3099, eur: 3099 },
    energy: 1200,
    imagesPerDay: 600,
  },
];

/** What a Free account gets (spec §9: 5 images a day from 10 tickets). */
export const FREE_OFFER = { priceCents: 0, imagesPerDay: 5 } as const;

export type ProductId = PackId | PlanId;
export type Product = ({ kind: 'pack' } & TicketPack) | ({ kind: 'plan' } & PlanOffer);

export function productById(id: string): Product | undefined {
  const pack = TICKET_PACKS.find((candidate) => candidate.id === id);
  if (pack) return { kind: 'pack', ...pack };
  const plan = PLAN_OFFERS.find((candidate) => candidate.id === id);
  return plan ? { kind: 'plan', ...plan } : undefined;
}

export const PRODUCT_IDS: readonly ProductId[] = [
  ...TICKET_PACKS.map((pack) => pack.id),
  ...PLAN_OFFERS.map((plan) => plan.id),
];

export function planOffer(plan: Plan): PlanOffer | undefined {
  return PLAN_OFFERS.find((offer) => offer.plan === plan);
}

/** What one paid product grants: tickets (a pack's, bonus included), or a plan's month. */
export type Grant = { kind: 'tickets'; tickets: number } | { kind: 'plan'; plan: PaidPlan; months: number };

export function grantOf(product: Product): Grant {
  return product.kind === 'pack'
    ? { kind: 'tickets', tickets: product.tickets + product.bonus }
    : { kind: 'plan', plan: product.plan, months: product.months };
}
