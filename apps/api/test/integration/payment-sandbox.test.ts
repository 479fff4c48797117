import { createHmac, randomUUID } from 'node:crypto';
import { PLAN } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSecret } from '../../src/config.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import {
  createSandboxProvider,
  type SandboxNotificationBody,
} from '../../src/features/payment/providers/sandbox.ts';
import { verifiedBuyer } from '../account-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * The shop with the sandbox provider (docs/product/commerce.md): orders, the signed notifications that
 * settle them (through the same webhook as a real provider's), exactly once under replays and races,
 * amount checks, out-of-order events, refunds and chargebacks, plans, and the purchase history.
 */
let t: TestContext;
let sandbox: ReturnType<typeof createSandboxProvider>;
beforeAll(async () => {
  t = await createTestApp();
  // The same key the app derives: a notification signed here is one the sandbox itself would send.
  const secret = createHmac('sha256', cookieSecret(t.config)).update('sandbox-payments').digest('hex');
  sandbox = createSandboxProvider({ secret, checkoutPath: (id) => `/payment/sandbox/${id}` });
});
afterAll(async () => {
  await t.close();
});

type Buyer = Awaited<ReturnType<typeof verifiedBuyer>>;

async function order(buyer: Buyer, product: string, currency = 'usd') {
  const answer = await buyer.client.post('/api/payment/sandbox/order', { product, currency });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { order_id: string; redirect_url: string };
}

/** Posts a notification to the webhook the way a provider's server does: no session, no origin. */
function notify(body: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/sandbox/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function signed(body: SandboxNotificationBody) {
  const { rawBody, headers } = sandbox.signedNotification(body);
  return () => notify(rawBody, headers);
}

async function balances(buyer: Buyer) {
  const me = (await buyer.client.get('/api/user/me')).body as {
    generation_token: number;
    daily_token: number;
    plan: number;
    pro_expire: string | null;
  };
  return me;
}

async function statusOf(buyer: Buyer, orderId: string) {
  const history = (await buyer.client.get('/api/payment/history')).body as {
    items: { id: string; status: string }[];
  };
  return history.items.find((item) => item.id === orderId)?.status;
}

describe('the shop', () => {
  it('lists the packs, the plans and the sandbox, to anyone', async () => {
    const shop = await new Client(t.app).get('/api/shop');
    expect(shop.status).toBe(200);
    expect((shop.body.packs as { id: string }[]).map((pack) => pack.id)).toEqual([
      'pack_60',
      'pack_400',
      'pack_1000',
      'pack_2500',
      'pack_6600',
      'pack_14000',
    ]);
    expect((shop.body.plans as { id: string }[]).map((plan) => plan.id)).toEqual(['plan_basic', 'plan_pro']);
    expect(shop.body.providers).toEqual(['sandbox']);
  });

  it('refuses a guest, an unknown provider and an unknown product', async () => {
    const buyer = await verifiedBuyer(t);
    expect((await new Client(t.app).post('/api/payment/sandbox/order', { product: 'pack_60' })).status).toBe(
      401,
    );
    const provider = await buyer.client.post('/api/payment/paypal/order', { product: 'pack_60' });
    expect([provider.status, codeOf(provider.body)]).toEqual([404, 'payment_provider_unavailable']);
    for (const product of ['pack_61', 'plan_free', '__proto__', 'pack_60\u0000']) {
      const answer = await buyer.client.post('/api/payment/sandbox/order', { product });
      expect([answer.status, codeOf(answer.body)]).toEqual([400, 'product_not_found']);
    }
  });
});

describe('a pack bought with the sandbox', () => {
  it('credits its tickets once when approved, and shows in the history', async () => {
    const buyer = await verifiedBuyer(t);
    const before = (await balances(buyer)).generation_token;
    const { order_id, redirect_url } = await order(buyer, 'pack_1000', 'eur');
    expect(redirect_url).toBe(`/payment/sandbox/${order_id}`);
    expect(await statusOf(buyer, order_id)).toBe('PENDING');
    const decided = await buyer.client.post(`/api/payment/sandbox/${order_id}/decision`, { approve: true });
    expect(decided.body).toEqual({ status: 'SUCCESS' });
    expect((await balances(buyer)).generation_token).toBe(before + 1171);
    const history = (await buyer.client.get('/api/payment/history?page=0&size=5')).body;
    expect(history).toMatchObject({ page: 0, pages: 1, total: 1 });
    expect((history.items as object[])[0]).toMatchObject({
      id: order_id,
      product: 'pack_1000',
      provider: 'sandbox',
      currency: 'eur',
      amount_cents: 1899,
      status: 'SUCCESS',
    });
    expect(await ledgerDiscrepancies(t.database.db, [buyer.id])).toEqual([]);
  });

  it('credits once under 20 concurrent copies of one notification', async () => {
    const buyer = await verifiedBuyer(t);
    const before = (await balances(buyer)).generation_token;
    const { order_id } = await order(buyer, 'pack_400');
    const send = signed({
      event_id: `evt-${order_id}`,
      kind: 'paid',
      order_id,
      amount_cents: 899,
      currency: 'usd',
    });
    const answers = await Promise.all(Array.from({ length: 20 }, send));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect((await balances(buyer)).generation_token).toBe(before + 400);
    // A different event of the same payment (the provider says "paid" twice under two ids) pays nothing more.
    await signed({
      event_id: `evt2-${order_id}`,
      kind: 'paid',
      order_id,
      amount_cents: 899,
      currency: 'usd',
    })();
    expect((await balances(buyer)).generation_token).toBe(before + 400);
    expect(await ledgerDiscrepancies(t.database.db, [buyer.id])).toEqual([]);
  });

  it('refuses a notification with a missing, wrong or stale signature, and grants nothing', async () => {
    const buyer = await verifiedBuyer(t);
    const before = (await balances(buyer)).generation_token;
    const { order_id } = await order(buyer, 'pack_60');
    const body: SandboxNotificationBody = {
      event_id: randomUUID(),
      kind: 'paid',
      order_id,
      amount_cents: 299,
      currency: 'usd',
    };
    const { rawBody, headers } = sandbox.signedNotification(body);
    const tampered = rawBody.replace('"amount_cents":299', '"amount_cents":1');
    for (const [payload, header] of [
      [rawBody, {}],
      [rawBody, { 'x-sandbox-signature': 'ab'.repeat(32) }],
      [rawBody, { 'x-sandbox-signature': 'not hex' }],
      [tampered, headers],
    ] as [string, Record<string, string>][]) {
      const answer = await notify(payload, header);
      expect([answer.statusCode, codeOf(answer.json())]).toEqual([403, 'unauthorized_resource']);
    }
    expect((await balances(buyer)).generation_token).toBe(before);
    expect(await statusOf(buyer, order_id)).toBe('PENDING');
  });

  it('flags an amount or currency that does not match the order, and grants nothing', async () => {
    const buyer = await verifiedBuyer(t);
    const before = (await balances(buyer)).generation_token;
    const { order_id } = await order(buyer, 'pack_2500');
    await signed({ event_id: randomUUID(), kind: 'paid', order_id, amount_cents: 299, currency: 'usd' })();
    await signed({ event_id: randomUUID(), kind: 'paid', order_id, amount_cents: 3499, currency: 'eur' })();
    expect((await balances(buyer)).generation_token).toBe(before);
    const row = await t.database.db
      .selectFrom('payment_order')
      .select(['status', 'review'])
      .where('id', '=', order_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'PENDING', review: 'amount_mismatch' });
  });

  it('ignores events out of order: a refund before the payment, a failure after it', async () => {
    const buyer = await verifiedBuyer(t);
    const before = (await balances(buyer)).generation_token;
    const { order_id } = await order(buyer, 'pack_60');
    const paid = { order_id, amount_cents: 299, currency: 'usd' };
    await signed({ event_id: randomUUID(), kind: 'refunded', ...paid })();
    expect(await statusOf(buyer, order_id)).toBe('PENDING');
    await signed({ event_id: randomUUID(), kind: 'paid', ...paid })();
    await signed({ event_id: randomUUID(), kind: 'failed', ...paid })();
    expect(await statusOf(buyer, order_id)).toBe('SUCCESS');
    expect((await balances(buyer)).generation_token).toBe(before + 60);
  });

  it('takes back a refunded pack’s tickets as far as the balance allows, and records the rest', async () => {
    const buyer = await verifiedBuyer(t);
    const { order_id } = await order(buyer, 'pack_60');
    const paid = { order_id, amount_cents: 299, currency: 'usd' };
    await signed({ event_id: randomUUID(), kind: 'paid', ...paid })();
    const after = (await balances(buyer)).generation_token;
    expect(after).toBeGreaterThanOrEqual(60);
    await signed({ event_id: randomUUID(), kind: 'refunded', ...paid })();
    expect((await balances(buyer)).generation_token).toBe(after - 60);
    expect(await statusOf(buyer, order_id)).toBe('PROCESSED');

    // A second pack, most of it spent before the chargeback: the balance stops at 0, the rest is recorded.
    const second = await order(buyer, 'pack_60');
    const secondPaid = { order_id: second.order_id, amount_cents: 299, currency: 'usd' };
    await signed({ event_id: randomUUID(), kind: 'paid', ...secondPaid })();
    const balance = (await balances(buyer)).generation_token;
    await t.database.db
      .updateTable('app_user')
      .set({ review_reason: null })
      .where('id', '=', buyer.id)
      .execute();
    const { post } = await import('../../src/features/ledger/repository.ts');
    await t.database.db.transaction().execute((trx) =>
      post(
        trx,
        [
          {
            userId: buyer.id,
            currency: 'tickets',
            delta: -(balance - 10),
            reason: 'operator_adjustment',
            ref: { type: 'user', id: String(buyer.id) },
          },
        ],
        `test:${randomUUID()}`,
      ),
    );
    await signed({ event_id: randomUUID(), kind: 'charged_back', ...secondPaid })();
    expect((await balances(buyer)).generation_token).toBe(0);
    const row = await t.database.db
      .selectFrom('payment_order')
      .innerJoin('app_user', 'app_user.id', 'payment_order.user_id')
      .select(['payment_order.status', 'payment_order.review', 'app_user.review_reason'])
      .where('payment_order.id', '=', second.order_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'PROCESSED',
      review: 'reversal_shortfall:50',
      review_reason: 'chargeback',
    });
    expect(await ledgerDiscrepancies(t.database.db, [buyer.id])).toEqual([]);
  });

  it('lets only the order’s buyer decide a sandbox order', async () => {
    const buyer = await verifiedBuyer(t);
    const other = await verifiedBuyer(t);
    const { order_id } = await order(buyer, 'pack_60');
    const answer = await other.client.post(`/api/payment/sandbox/${order_id}/decision`, { approve: true });
    expect([answer.status, codeOf(answer.body)]).toEqual([404, 'order_not_found']);
    const declined = await buyer.client.post(`/api/payment/sandbox/${order_id}/decision`, { approve: false });
    expect(declined.body).toEqual({ status: 'FAILURE' });
  });
});

describe('a plan bought with the sandbox', () => {
  it('makes the buyer Pro for a month with Pro’s energy now, refuses Basic then, renews, and ends on a chargeback', async () => {
    const buyer = await verifiedBuyer(t);
    const { order_id } = await order(buyer, 'plan_pro');
    await buyer.client.post(`/api/payment/sandbox/${order_id}/decision`, { approve: true });
    const pro = await balances(buyer);
    expect(pro.plan).toBe(PLAN.pro);
    expect(pro.daily_token).toBe(1200);
    const expiry = new Date(pro.pro_expire!);
    const days = (expiry.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const basic = await buyer.client.post('/api/payment/sandbox/order', { product: 'plan_basic' });
    expect([basic.status, codeOf(basic.body)]).toEqual([409, 'already_pro']);

    const paid = { order_id, amount_cents: 2499, currency: 'usd' };
    const renewal = signed({ event_id: `renew-${order_id}-1`, kind: 'renewed', ...paid });
    await Promise.all([renewal(), renewal(), renewal()]);
    const renewed = new Date((await balances(buyer)).pro_expire!);
    expect(renewed.getUTCMonth()).toBe((expiry.getUTCMonth() + 1) % 12);

    await signed({ event_id: randomUUID(), kind: 'charged_back', ...paid })();
    const after = await balances(buyer);
    expect(after.plan).toBe(PLAN.free);
    expect(after.daily_token).toBe(0);
    expect(await statusOf(buyer, order_id)).toBe('PROCESSED');
    expect(await ledgerDiscrepancies(t.database.db, [buyer.id])).toEqual([]);
  });
});
