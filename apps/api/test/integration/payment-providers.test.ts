import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { verifiedBuyer } from '../account-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * CCBill and NOWPayments through the app (docs/product/commerce.md#providers): configured by environment,
 * offered in the shop, their checkouts, and their notifications through the one webhook route into the
 * settlement. The adapters' protocol details are tested against fakes beside them (providers/*.test.ts);
 * here a fake NOWPayments invoice API answers the checkout.
 */
const CCBILL_SECRET = 'ccbill-webhook-secret-0123456789';
const IPN_SECRET = 'nowpayments-ipn-secret';
let t: TestContext;
let fake: http.Server;
const invoices: Record<string, unknown>[] = [];

beforeAll(async () => {
  fake = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url !== '/v1/invoice' || request.headers['x-api-key'] !== 'np-api-key-123') {
        response.writeHead(403, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            status: false,
            statusCode: 403,
            code: 'INVALID_API_KEY',
            message: 'Invalid api key',
          }),
        );
        return;
      }
      const invoice = JSON.parse(body) as Record<string, unknown>;
      invoices.push(invoice);
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: '4522625843',
          order_id: invoice.order_id,
          invoice_url: 'https://nowpayments.io/payment/?iid=4522625843',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      CCBILL_ACCOUNT_NUMBER: '900100',
      CCBILL_SUBACCOUNT: '0001',
      CCBILL_FLEXFORM_ID: 'aa00bb11-cc22',
      CCBILL_SALT: 'ccbill-salt-value',
      CCBILL_WEBHOOK_SECRET: CCBILL_SECRET,
      // The test's requests come from loopback; CCBill's own ranges are the default.
      CCBILL_WEBHOOK_CIDRS: '127.0.0.1/32, ::1/128',
      NOWPAYMENTS_API_KEY: 'np-api-key-123',
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
      NOWPAYMENTS_API_URL: `http://127.0.0.1:${port}/v1`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

const tickets = async (buyer: Awaited<ReturnType<typeof verifiedBuyer>>) =>
  ((await buyer.client.get('/api/user/me')).body as { generation_token: number }).generation_token;

function webhook(provider: string, query: string, body: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payment/${provider}/webhook${query}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** NOWPayments' IPN signature: HMAC-SHA512 of the body with its keys sorted. */
function ipnSignature(body: Record<string, unknown>): string {
  const sorted = Object.fromEntries(
    Object.keys(body)
      .sort()
      .map((key) => [key, body[key]]),
  );
  return createHmac('sha512', IPN_SECRET).update(JSON.stringify(sorted)).digest('hex');
}

it('offers the configured providers, cards first, then crypto, then the sandbox', async () => {
  expect((await new Client(t.app).get('/api/shop')).body.providers).toEqual([
    'ccbill',
    'nowpayments',
    'sandbox',
  ]);
});

describe('CCBill', () => {
  it('sends the buyer to a FlexForm, and settles its webhooks by order id, then by subscription', async () => {
    const buyer = await verifiedBuyer(t);
    const before = await tickets(buyer);
    const ordered = await buyer.client.post('/api/payment/ccbill/order', { product: 'pack_400' });
    const { order_id, redirect_url } = ordered.body as { order_id: string; redirect_url: string };
    const form = new URL(redirect_url);
    expect(form.origin + form.pathname).toBe('https://api.ccbill.com/wap-frontflex/flexforms/aa00bb11-cc22');
    expect(form.searchParams.get('initialPrice')).toBe('8.99');
    expect(form.searchParams.get('orderId')).toBe(order_id);

    const sale = JSON.stringify({
      clientAccnum: '900100',
      clientSubacc: '0001',
      transactionId: '0114072204000000123',
      subscriptionId: '0114072204000000123',
      billedInitialPrice: '8.99',
      billedCurrencyCode: '840',
      'X-orderId': order_id,
      timestamp: '2026-11-26 12:00:00',
    });
    const wrong = await webhook('ccbill', '?secret=guess&eventType=NewSaleSuccess', sale);
    expect([wrong.statusCode, codeOf(wrong.json())]).toEqual([403, 'unauthorized_resource']);
    const none = await webhook('ccbill', '?eventType=NewSaleSuccess', sale);
    expect(none.statusCode).toBe(403);
    // The event type is the query's, never a header the sender chose.
    const forged = await webhook('ccbill', `?secret=${CCBILL_SECRET}`, sale, {
      'x-ccbill-event-type': 'NewSaleSuccess',
    });
    expect([forged.statusCode, codeOf(forged.json())]).toEqual([400, 'validation_error']);
    expect(await tickets(buyer)).toBe(before);

    const ok = await webhook('ccbill', `?secret=${CCBILL_SECRET}&eventType=NewSaleSuccess`, sale);
    expect(ok.statusCode).toBe(200);
    await webhook('ccbill', `?secret=${CCBILL_SECRET}&eventType=NewSaleSuccess`, sale);
    expect(await tickets(buyer)).toBe(before + 400);

    // A refund names the subscription only: found by the ref the sale recorded.
    const refund = JSON.stringify({
      clientAccnum: '900100',
      clientSubacc: '0001',
      transactionId: '0114072204000000999',
      subscriptionId: '0114072204000000123',
      amount: '8.99',
      currencyCode: '840',
      timestamp: '2026-11-27 09:00:00',
    });
    expect((await webhook('ccbill', `?secret=${CCBILL_SECRET}&eventType=Refund`, refund)).statusCode).toBe(
      200,
    );
    expect(await tickets(buyer)).toBe(before);
    expect(await ledgerDiscrepancies(t.database.db, [buyer.id])).toEqual([]);
  });

  it('renews a plan bought by card until CCBill says it was cancelled (the settings’ renewal card)', async () => {
    const buyer = await verifiedBuyer(t);
    expect((await buyer.client.get('/api/payment/subscription')).body).toEqual({
      plan: 0,
      pro_expire: null,
      renews: false,
      manage_url: null,
    });
    const ordered = await buyer.client.post('/api/payment/ccbill/order', { product: 'plan_pro' });
    const { order_id } = ordered.body as { order_id: string };
    const subscriptionId = '0114072204000000555';
    const sale = JSON.stringify({
      clientAccnum: '900100',
      clientSubacc: '0001',
      transactionId: subscriptionId,
      subscriptionId,
      billedInitialPrice: '24.99',
      billedCurrencyCode: '840',
      'X-orderId': order_id,
      timestamp: '2026-11-26 12:00:00',
    });
    expect(
      (await webhook('ccbill', `?secret=${CCBILL_SECRET}&eventType=NewSaleSuccess`, sale)).statusCode,
    ).toBe(200);
    const running = (await buyer.client.get('/api/payment/subscription')).body;
    expect(running).toMatchObject({ plan: 2, renews: true, manage_url: 'https://support.ccbill.com/' });
    expect(typeof running.pro_expire).toBe('string');

    const cancellation = JSON.stringify({
      clientAccnum: '900100',
      clientSubacc: '0001',
      subscriptionId,
      reason: 'customer request',
      source: 'webAdmin',
      timestamp: '2026-11-27 10:00:00',
    });
    expect(
      (await webhook('ccbill', `?secret=${CCBILL_SECRET}&eventType=Cancellation`, cancellation)).statusCode,
    ).toBe(200);
    // The paid month runs out; nothing renews it any more.
    expect((await buyer.client.get('/api/payment/subscription')).body).toMatchObject({
      plan: 2,
      pro_expire: running.pro_expire,
      renews: false,
      manage_url: null,
    });
  });
});

describe('a card subscription over time (a fake clock)', () => {
  it('renews from the current expiry once per event, and lapses to Free at the UTC midnight after it', async () => {
    const buyer = await verifiedBuyer(t);
    const ordered = await buyer.client.post('/api/payment/ccbill/order', { product: 'plan_pro' });
    const { order_id } = ordered.body as { order_id: string };
    const subscriptionId = '0114072204000000777';
    const common = { clientAccnum: '900100', clientSubacc: '0001', subscriptionId };
    const sale = {
      ...common,
      transactionId: subscriptionId,
      billedInitialPrice: '24.99',
      billedCurrencyCode: '840',
    };
    const send = (eventType: string, body: object) =>
      webhook('ccbill', `?secret=${CCBILL_SECRET}&eventType=${eventType}`, JSON.stringify(body));
    expect((await send('NewSaleSuccess', { ...sale, 'X-orderId': order_id })).statusCode).toBe(200);
    const account = async () => {
      const row = await t.database.db
        .selectFrom('app_user')
        .select(['plan', 'pro_expire', 'daily_token'])
        .where('id', '=', buyer.id)
        .executeTakeFirstOrThrow();
      return { plan: row.plan, expiry: row.pro_expire?.getTime() ?? 0, energy: row.daily_token };
    };
    const first = await account();
    expect(first).toMatchObject({ plan: 2, energy: 1200 });
    try {
      // A minute before the month ends, CCBill rebills: the month is added to the expiry, not to now.
      t.clock.offsetMs = first.expiry - 60_000 - Date.now();
      const renewal = {
        ...common,
        transactionId: '0114072204000000778',
        billedAmount: '24.99',
        billedCurrencyCode: '840',
      };
      expect((await send('RenewalSuccess', renewal)).statusCode).toBe(200);
      expect((await send('RenewalSuccess', renewal)).statusCode).toBe(200); // replayed: nothing more
      const renewed = await account();
      const expected = new Date(first.expiry);
      expected.setUTCMonth(expected.getUTCMonth() + 1);
      // addMonthsUtc clamps to the month's last day; compare by the day it lands on.
      expect(Math.abs(renewed.expiry - expected.getTime())).toBeLessThan(4 * 24 * 60 * 60_000);
      expect(renewed.expiry).toBeGreaterThan(first.expiry + 27 * 24 * 60 * 60_000);

      // The UTC midnight after the first month: still Pro, energy filled again.
      t.clock.offsetMs = first.expiry + 24 * 60 * 60_000 - Date.now();
      await t.services.sweepEnergy();
      expect(await account()).toMatchObject({ plan: 2, energy: 1200 });

      // No more renewals; the UTC midnight after the renewed month: Free, no energy.
      t.clock.offsetMs = renewed.expiry + 24 * 60 * 60_000 - Date.now();
      await t.services.sweepEnergy();
      expect(await account()).toMatchObject({ plan: 0, energy: 0 });
      // (The session itself ran out meanwhile: after two months a real user signs in again.)
      expect(await ledgerDiscrepancies(t.database.db, [buyer.id])).toEqual([]);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('NOWPayments', () => {
  it('creates an invoice at the fake API, and settles a signed IPN once', async () => {
    const buyer = await verifiedBuyer(t);
    const before = await tickets(buyer);
    const ordered = await buyer.client.post('/api/payment/nowpayments/order', {
      product: 'pack_60',
      currency: 'eur',
    });
    const { order_id, redirect_url } = ordered.body as { order_id: string; redirect_url: string };
    expect(redirect_url).toBe('https://nowpayments.io/payment/?iid=4522625843');
    expect(invoices.at(-1)).toMatchObject({
      price_amount: 2.99,
      price_currency: 'eur',
      order_id,
      // A crypto buyer comes back to the crypto status page, which says the payment is being confirmed.
      success_url: `http://localhost:8080/crypto-payment/success?order=${order_id}`,
      cancel_url: `http://localhost:8080/crypto-payment/cancel?order=${order_id}`,
    });

    const ipn = {
      payment_id: 5077125051,
      invoice_id: 4522625843,
      payment_status: 'finished',
      price_amount: 2.99,
      price_currency: 'eur',
      pay_amount: 0.0001,
      actually_paid: 0.0001,
      pay_currency: 'btc',
      order_id,
      order_description: 'pack_60',
      parent_payment_id: null,
    };
    const body = JSON.stringify(ipn);
    const bad = await webhook('nowpayments', '', body, { 'x-nowpayments-sig': 'a'.repeat(128) });
    expect(bad.statusCode).toBe(403);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        webhook('nowpayments', '', body, { 'x-nowpayments-sig': ipnSignature(ipn) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await tickets(buyer)).toBe(before + 60);
    const history = (await buyer.client.get('/api/payment/history')).body as { items: { status: string }[] };
    expect(history.items[0]!.status).toBe('SUCCESS');
  });

  it('answers payment_failed, charging nothing, when the provider refuses the invoice', async () => {
    const broken = await createTestApp({
      env: {
        NOWPAYMENTS_API_KEY: 'wrong-api-key',
        NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
        NOWPAYMENTS_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
      },
    });
    try {
      const buyer = await verifiedBuyer(broken);
      const answer = await buyer.client.post('/api/payment/nowpayments/order', { product: 'pack_60' });
      expect([answer.status, codeOf(answer.body)]).toEqual([502, 'payment_failed']);
    } finally {
      await broken.close();
    }
  });
});

it('keeps a random order id out of reach of another provider’s notification', async () => {
  const buyer = await verifiedBuyer(t);
  const before = await tickets(buyer);
  const ordered = await buyer.client.post('/api/payment/ccbill/order', { product: 'pack_60' });
  const { order_id } = ordered.body as { order_id: string };
  // A valid NOWPayments IPN naming a CCBill order matches nothing.
  const ipn = {
    payment_id: 1,
    payment_status: 'finished',
    price_amount: 2.99,
    price_currency: 'usd',
    order_id,
    parent_payment_id: null,
    id: randomUUID(),
  };
  const answer = await webhook('nowpayments', '', JSON.stringify(ipn), {
    'x-nowpayments-sig': ipnSignature(ipn),
  });
  expect(answer.statusCode).toBe(200);
  expect(await tickets(buyer)).toBe(before);
});
