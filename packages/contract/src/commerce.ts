import { MONEY_CURRENCIES, ORDER_STATUS, PRODUCT_IDS, queryFlag } from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';

/** The shop, orders and payments (docs/product/commerce.md). Amounts are integer cents. */

const cents = z
  .object(Object.fromEntries(MONEY_CURRENCIES.map((currency) => [currency, z.number().int()])))
  .describe('Integer cents by currency');

export const providerIds = ['sandbox', 'ccbill', 'nowpayments'] as const;
const provider = z.enum(providerIds, { error: 'payment_provider_unavailable' });

export const shop = z
  .object({
    packs: z.array(
      z.object({
        id: z.string(),
        tickets: z.number().int(),
        bonus: z.number().int(),
        price_cents: cents,
        discount_percent: z.number().int().describe('Against 0.0223 per ticket; 0 without a bonus'),
        trial: z.boolean(),
        best: z.boolean(),
      }),
    ),
    plans: z.array(
      z.object({
        id: z.string(),
        plan: z.number().int().describe('1 Basic, 2 Pro'),
        months: z.number().int(),
        price_cents: cents,
        base_price_cents: cents,
        energy: z.number().int(),
        images_per_day: z.number().int(),
      }),
    ),
    providers: z.array(z.enum(providerIds)).describe('The providers configured here, in the shop’s order'),
  })
  .meta({ id: 'Shop', description: 'What the shop sells, and how one can pay' });

export const getShop = operation('getShop', {
  tag: 'commerce',
  summary: 'The shop',
  description: 'Ticket packs and monthly plans with their prices, and the payment providers available.',
  responses: { 200: shop },
  errors: [],
});

export const createOrder = operation('createOrder', {
  tag: 'commerce',
  summary: 'Buy a product',
  description:
    'Creates an order for a pack or a month of a plan at today’s price, and answers where to send the ' +
    'buyer to pay (the provider’s checkout). Nothing is granted until the provider’s notification says ' +
    'the payment went through. Basic cannot be bought while Pro runs (`already_pro`), nor anything before ' +
    'the buyer’s address is verified (`email_not_verified`).',
  params: z.object({ provider }),
  body: z.object({
    product: z.enum(PRODUCT_IDS as [string, ...string[]], { error: 'product_not_found' }),
    currency: z.enum(MONEY_CURRENCIES).default('usd'),
  }),
  responses: {
    200: z
      .object({ order_id: z.uuid(), redirect_url: z.string() })
      .describe('The order, and where the buyer pays'),
  },
  errors: [
    'payment_provider_unavailable',
    'product_not_found',
    'email_not_verified',
    'already_pro',
    'payment_failed',
  ],
});

export const receivePaymentNotification = operation('receivePaymentNotification', {
  tag: 'commerce',
  summary: 'A provider’s notification',
  description:
    'Where a provider reports a payment (a sale, a renewal, a failure, a refund, a chargeback). Verified ' +
    'by the provider’s own means (a signature; for CCBill, its source addresses and the path’s secret), ' +
    'matched to an order this server created, and applied once however often it is sent.',
  params: z.object({ provider }),
  querystring: z.object({
    secret: z.string().max(200).optional().describe('CCBill: the secret of the webhook URL set in its admin'),
    eventType: z.string().max(100).optional().describe('CCBill: the event (NewSaleSuccess, RenewalSuccess…)'),
  }),
  responses: { 200: z.object({ ok: z.literal(true) }).describe('Received') },
  errors: ['payment_provider_unavailable', 'unauthorized_resource', 'validation_error'],
});

export const paymentOrder = z
  .object({
    id: z.uuid(),
    provider: z.enum(providerIds),
    product: z.string(),
    currency: z.enum(MONEY_CURRENCIES),
    amount_cents: z.number().int(),
    status: z.enum(Object.values(ORDER_STATUS) as [string, ...string[]]),
    created_at: z.string(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: 'PaymentOrder', description: 'One purchase' });

export const listPayments = operation('listPayments', {
  tag: 'commerce',
  summary: 'Purchase history',
  description: 'The signed-in user’s orders, newest first.',
  querystring: z.object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(50).default(10),
  }),
  responses: {
    200: z
      .object({
        items: z.array(paymentOrder),
        page: z.number().int(),
        pages: z.number().int(),
        total: z.number().int(),
      })
      .describe('A page of orders'),
  },
  errors: [],
});

export const getSubscription = operation('getSubscription', {
  tag: 'commerce',
  summary: 'The signed-in user’s plan',
  description:
    'The plan running now and its expiry, and whether it renews by itself: the latest plan bought through a ' +
    'provider whose payments renew (CCBill), not cancelled since, with the provider’s page where the ' +
    'subscriber stops the renewals. Crypto and sandbox purchases never renew.',
  responses: {
    200: z
      .object({
        plan: z.number().int().describe('0 Free, 1 Basic, 2 Pro (Free once the expiry has passed)'),
        pro_expire: z
          .string()
          .nullable()
          .describe('When the plan ends; null for Free or a plan without expiry'),
        renews: z.boolean(),
        manage_url: z.string().nullable().describe('Where to stop the renewals, when it renews'),
      })
      .meta({ id: 'Subscription', description: 'The plan and its renewal' }),
  },
  errors: [],
});

export const decideSandboxPayment = operation('decideSandboxPayment', {
  tag: 'commerce',
  summary: 'Approve or decline a test payment',
  description:
    'The sandbox checkout’s buttons (never in production): approving sends this server a signed ' +
    '`paid` notification through the same path as a real provider’s, declining a `failed` one.',
  params: z.object({ orderId: z.uuid({ error: 'order_not_found' }) }),
  body: z.object({ approve: z.boolean() }),
  responses: {
    200: z
      .object({ status: z.enum(Object.values(ORDER_STATUS) as [string, ...string[]]) })
      .describe('The order’s status after the notification'),
  },
  errors: ['order_not_found', 'payment_provider_unavailable'],
});

export const redeemSerialKey = operation('redeemSerialKey', {
  tag: 'commerce',
  summary: 'Redeem a reseller’s serial key',
  description:
    'Credits a key bought from a key reseller (the first path segment is the reseller’s short name): its ' +
    'tickets, and its Pro days if it carries any. Case, dashes and spaces in the key do not matter. A ' +
    'Pro-days key while Pro runs answers `already_pro`, while Basic runs `upgrade_from_basic`, both with ' +
    '`data: {duration, tickets}` and nothing applied; the same call with `confirm=true` applies it (Pro ' +
    'days extend the expiry, or start now with the Basic days left converted). Wrong guesses are limited ' +
    '(`spam_protection`).',
  params: z.object({
    reseller: z.string().max(64),
    serialKey: z.string().max(64, { error: 'key_not_found' }),
  }),
  querystring: z.object({ confirm: queryFlag }),
  responses: {
    200: z
      .object({
        tickets: z.number().int().describe('Tickets credited'),
        duration: z.number().int().optional().describe('Pro days granted, when the key carries any'),
      })
      .meta({ id: 'RedeemResponse', description: 'What the key gave' }),
  },
  errors: [
    'key_not_found',
    'key_already_consumed',
    'already_pro',
    'upgrade_from_basic',
    'spam_protection',
    'validation_error',
  ],
});

export const listResellers = operation('listResellers', {
  tag: 'commerce',
  summary: 'Key resellers',
  description:
    'The resellers whose serial keys can be redeemed here (those with keys on sale), with the address of ' +
    'their shop when the operator set one. The redeem card sends the reseller’s `name` as the first path ' +
    'segment of `redeemSerialKey`.',
  responses: {
    200: z
      .object({
        resellers: z.array(z.object({ name: z.string(), url: z.string().nullable() })),
      })
      .describe('The resellers, by name'),
  },
  errors: [],
});

export const commerceOperations = {
  getShop,
  createOrder,
  receivePaymentNotification,
  listPayments,
  getSubscription,
  decideSandboxPayment,
  redeemSerialKey,
  listResellers,
};
