import { createHmac, randomUUID } from 'node:crypto';
import { REFERRAL } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSecret } from '../../src/config.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { ATTACH_LIMIT } from '../../src/features/referral/index.ts';
import { createSandboxProvider } from '../../src/features/payment/providers/sandbox.ts';
import {
  Client,
  codeOf,
  createTestApp,
  newAccount,
  recordingMailer,
  setBalances,
  startOfNextHour,
  type TestContext,
} from '../harness.ts';

/**
 * Referrals (docs/product/commerce.md#referrals) through HTTP: naming a referrer at sign-up or in the
 * settings and each refusal, the referred gain on verification and the referrer's on the first purchase,
 * each once (replayed events change nothing), a refund taking the referrer's back, and the list.
 */
const BLOCKED = '203.0.113.0/24,2001:db8:dead::/48';
const { mailer, sent } = recordingMailer();
let t: TestContext;
let sandbox: ReturnType<typeof createSandboxProvider>;

beforeAll(async () => {
  t = await createTestApp({ env: { REFERRAL_BLOCKED_CIDRS: BLOCKED }, deps: { mailer } });
  const secret = createHmac('sha256', cookieSecret(t.config)).update('sandbox-payments').digest('hex');
  sandbox = createSandboxProvider({ secret, checkoutPath: (id) => `/payment/sandbox/${id}` });
});
afterAll(async () => {
  await t.close();
});

interface Account {
  client: Client;
  id: number;
  email: string;
}

async function signUp(referralCode?: string, ip?: string) {
  const account = newAccount(referralCode === undefined ? {} : { referral_code: referralCode });
  const client = new Client(t.app, ip);
  const created = await client.post('/api/user/create', account);
  return {
    created,
    account: { client, id: (created.body.user as { id: number } | undefined)?.id ?? 0, email: account.email },
  };
}

async function newUser(referralCode?: string, ip?: string): Promise<Account> {
  const { created, account } = await signUp(referralCode, ip);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return account;
}

async function referrals(account: Account, query = '') {
  const answer = await account.client.get(`/api/referral${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    code: string;
    referrer: string | null;
    redeem_until: string | null;
    items: { username: string; verified: boolean; purchased: boolean; tickets: number }[];
    page: number;
    pages: number;
    total: number;
    tickets: number;
  };
}

async function codeOfUser(account: Account) {
  return (await referrals(account)).code;
}

async function tickets(account: Account) {
  return ((await account.client.get('/api/user/me')).body as { generation_token: number }).generation_token;
}

/** Follows the account's verification link, as its owner would, and lets the events run. */
async function verify(account: Account) {
  await t.services.outbox.drain();
  const mail = sent.findLast((item) => item.to === account.email && item.text.includes('/account/verify'));
  const token = decodeURIComponent(/verify\?token=([\w%-]+)/.exec(mail!.text)![1]!);
  const verified = await new Client(t.app).post('/api/user/verify-email', { token });
  expect(verified.status).toBe(200);
  await t.services.outbox.drain();
}

async function bell(account: Account, type: string) {
  const answer = await account.client.get('/api/notifications?page=0&size=50');
  const items = (answer.body.items ?? answer.body.notifications) as {
    type: string;
    tickets: number | null;
  }[];
  return items.filter((item) => item.type === type);
}

/** Buys a pack with the sandbox (approved at once) and lets the events run. */
async function buy(account: Account) {
  const order = await account.client.post('/api/payment/sandbox/order', { product: 'pack_60' });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const orderId = (order.body as { order_id: string }).order_id;
  const decided = await account.client.post(`/api/payment/sandbox/${orderId}/decision`, { approve: true });
  expect(decided.body).toEqual({ status: 'SUCCESS' });
  await t.services.outbox.drain();
  return orderId;
}

async function refund(orderId: string) {
  const { rawBody, headers } = sandbox.signedNotification({
    event_id: randomUUID(),
    kind: 'refunded',
    order_id: orderId,
    amount_cents: 299,
    currency: 'usd',
  });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/payment/sandbox/webhook',
    payload: rawBody,
    headers: { 'content-type': 'application/json', ...headers },
  });
  expect(answer.statusCode).toBe(200);
}

/** Runs the referral handler again on an event it already handled (a redelivery after a crash). */
async function replay(type: 'user.email_verified' | 'payment.succeeded', payload: object) {
  const handler = t.services.eventHandlers.find(type, 'referral')!;
  await t.database.db.transaction().execute((trx) =>
    handler({ type, payload } as never, {
      trx,
      eventId: 0,
      attempt: 2,
      idempotencyKey: `referral:replay`,
      occurredAt: new Date(),
    }),
  );
}

describe('naming a referrer at sign-up', () => {
  it('sets the referrer for a code in any case, and pays the referred account once it verifies', async () => {
    const referrer = await newUser();
    const code = await codeOfUser(referrer);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const referred = await newUser(code.toLowerCase());
    expect((await referrals(referred)).referrer).toBeTruthy();
    expect((await referrals(referred)).redeem_until).toBeNull();
    const before = await tickets(referred);

    await verify(referred);
    expect(await tickets(referred)).toBe(before + REFERRAL.referredTickets);
    expect(await bell(referred, 'referral_gain')).toMatchObject([{ tickets: 20 }]);
    // The bell's notification pays nothing more when read: the posting paid it.
    expect((await bell(referred, 'referral_gain'))[0]).not.toHaveProperty('action', 'claim');

    await replay('user.email_verified', { userId: referred.id });
    expect(await tickets(referred)).toBe(before + REFERRAL.referredTickets);
    expect(await bell(referred, 'referral_gain')).toHaveLength(1);
    expect(await ledgerDiscrepancies(t.database.db, [referred.id])).toEqual([]);
  });

  it('refuses an unknown code, the referrer’s own recent address, and an anonymiser’s', async () => {
    const referrer = await newUser();
    const code = await codeOfUser(referrer);
    for (const typed of ['ZZZZZZZZ', 'abc', 'A'.repeat(64)]) {
      const { created } = await signUp(typed);
      expect([created.status, codeOf(created.body)]).toEqual([400, 'referrer_not_found']);
    }
    const sameAddress = await signUp(code, referrer.client.ip);
    expect([sameAddress.created.status, codeOf(sameAddress.created.body)]).toEqual([403, 'vpn_enabled']);
    for (const ip of ['203.0.113.77', '2001:db8:dead::5']) {
      const { created } = await signUp(code, ip);
      expect([created.status, codeOf(created.body)]).toEqual([403, 'vpn_enabled']);
    }
    // Nothing was created by a refused sign-up.
    expect((await referrals(referrer)).total).toBe(0);
  });

  it('gives nothing to an account that is never verified', async () => {
    const referrer = await newUser();
    const referred = await newUser(await codeOfUser(referrer));
    const before = await tickets(referred);
    await t.services.outbox.drain();
    expect(await tickets(referred)).toBe(before);
    expect(await bell(referred, 'referral_gain')).toEqual([]);
  });
});

describe('POST /api/referral/{code}', () => {
  it('names the referrer once, and refuses the own code, a second one and an unknown one', async () => {
    const referrer = await newUser();
    const other = await newUser();
    const account = await newUser();
    const own = await account.client.post(`/api/referral/${await codeOfUser(account)}`);
    expect([own.status, codeOf(own.body)]).toEqual([400, 'user_refer_self']);
    const unknown = await account.client.post('/api/referral/ZZZZZZZZ');
    expect([unknown.status, codeOf(unknown.body)]).toEqual([400, 'referrer_not_found']);

    const named = await account.client.post(`/api/referral/${(await codeOfUser(referrer)).toLowerCase()}`);
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const username = (await referrer.client.get('/api/user/me')).body.username;
    expect(named.body).toEqual({ referrer: username });
    expect((await referrals(account)).referrer).toBe(username);

    const again = await account.client.post(`/api/referral/${await codeOfUser(other)}`);
    expect([again.status, codeOf(again.body)]).toEqual([409, 'referrer_already_set']);
    expect((await referrals(referrer)).total).toBe(1);
    expect((await referrals(other)).total).toBe(0);
  });

  it('refuses a call from the referrer’s address or an anonymiser’s, and an account older than 30 days', async () => {
    const referrer = await newUser();
    const code = await codeOfUser(referrer);
    const sameAddress = await newUser(undefined, referrer.client.ip);
    const shared = await sameAddress.client.post(`/api/referral/${code}`);
    expect([shared.status, codeOf(shared.body)]).toEqual([403, 'vpn_enabled']);

    // Signed up elsewhere, calling now from an anonymiser's range: the cookie travels, the address does not.
    const travelling = await newUser();
    const viaVpn = new Client(t.app, '203.0.113.9');
    for (const [name, value] of travelling.client.cookies) viaVpn.cookies.set(name, value);
    const blocked = await viaVpn.post(`/api/referral/${code}`);
    expect([blocked.status, codeOf(blocked.body)]).toEqual([403, 'vpn_enabled']);

    const old = await newUser();
    await t.database.db
      .updateTable('app_user')
      .set({ created_at: new Date(Date.now() - 31 * 24 * 3600_000) } as never)
      .where('id', '=', old.id)
      .execute();
    const late = await old.client.post(`/api/referral/${code}`);
    expect([late.status, codeOf(late.body)]).toEqual([409, 'referral_too_late']);
  });

  it('pays a verified account at once, and only once', async () => {
    const referrer = await newUser();
    const account = await newUser();
    await verify(account);
    const before = await tickets(account);
    const named = await account.client.post(`/api/referral/${await codeOfUser(referrer)}`);
    expect(named.status).toBe(200);
    expect(await tickets(account)).toBe(before + REFERRAL.referredTickets);
    await replay('user.email_verified', { userId: account.id });
    await t.services.outbox.drain();
    expect(await tickets(account)).toBe(before + REFERRAL.referredTickets);
    expect(await bell(account, 'referral_gain')).toHaveLength(1);
  });

  it('answers hostile codes with 4xx, never 500', async () => {
    const account = await newUser();
    for (const path of [
      '%00',
      'ABCD%002345',
      'A'.repeat(65),
      'A'.repeat(5000),
      '%2E%2E%2Fuser%2Fme',
      '..%2F..%2Fapi',
      '%F0%9F%98%80%F0%9F%98%80',
      '%E2%80%AEABCD1234',
      '%',
      "'%20or%201=1--",
    ]) {
      const answer = await account.client.post(`/api/referral/${path}`);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
    for (const query of ['?size=0', '?size=51', '?page=-1', '?page=abc', '?size=%00']) {
      const answer = await account.client.get(`/api/referral${query}`);
      expect(answer.status, query).toBe(400);
    }
    expect((await new Client(t.app).get('/api/referral')).status).toBe(401);
  });

  it('limits the codes one account tries (spam_protection)', async () => {
    startOfNextHour(t);
    const account = await newUser();
    for (let attempt = 0; attempt < ATTACH_LIMIT.max; attempt += 1) {
      expect(codeOf((await account.client.post('/api/referral/ZZZZ2222')).body)).toBe('referrer_not_found');
    }
    const limited = await account.client.post('/api/referral/ZZZZ2222');
    expect([limited.status, codeOf(limited.body)]).toEqual([429, 'spam_protection']);
  });
});

describe('the referrer’s gain', () => {
  it('comes with the first purchase only, once, and a refund takes it back', async () => {
    const referrer = await newUser();
    const referred = await newUser(await codeOfUser(referrer));
    await verify(referred);
    const before = await tickets(referrer);

    const first = await buy(referred);
    expect(await tickets(referrer)).toBe(before + REFERRAL.referrerTickets);
    expect(await bell(referrer, 'referrer_gain')).toMatchObject([{ tickets: 100 }]);
    await replay('payment.succeeded', { orderId: first, userId: referred.id });
    await buy(referred);
    expect(await tickets(referrer)).toBe(before + REFERRAL.referrerTickets);
    expect(await bell(referrer, 'referrer_gain')).toHaveLength(1);
    expect((await referrals(referrer)).items).toMatchObject([
      { verified: true, purchased: true, tickets: REFERRAL.referrerTickets },
    ]);

    // Most of it spent: the refund takes back what is left, never below zero, and says so on the order.
    await setBalances(t, referrer.id, { generation_token: 30 });
    await refund(first);
    expect(await tickets(referrer)).toBe(0);
    const order = await t.database.db
      .selectFrom('payment_order')
      .select('review')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(order.review).toBe('referrer_reversal_shortfall:70');
    expect((await referrals(referrer)).items).toMatchObject([{ purchased: true, tickets: 70 }]);
    expect(await ledgerDiscrepancies(t.database.db, [referrer.id, referred.id])).toEqual([]);
  });

  it('is not paid for a purchase made before the referrer was named', async () => {
    const referrer = await newUser();
    const buyer = await newUser();
    await verify(buyer);
    await buy(buyer);
    const before = await tickets(referrer);
    expect((await buyer.client.post(`/api/referral/${await codeOfUser(referrer)}`)).status).toBe(200);
    await buy(buyer);
    expect(await tickets(referrer)).toBe(before);
    expect((await referrals(referrer)).items).toMatchObject([{ purchased: false, tickets: 0 }]);
  });
});

describe('GET /api/referral', () => {
  it('lists the referred accounts newest first, 5 a page, with the totals', async () => {
    const referrer = await newUser();
    const code = await codeOfUser(referrer);
    const names: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const referred = await newUser(code);
      names.push((await referred.client.get('/api/user/me')).body.username as string);
    }
    const first = await referrals(referrer);
    expect(first).toMatchObject({ page: 0, pages: 2, total: 7, tickets: 0, referrer: null });
    expect(first.items.map((item) => item.username)).toEqual(names.slice(2).reverse());
    expect(first.items[0]).toMatchObject({ verified: false, purchased: false, tickets: 0 });
    const second = await referrals(referrer, '?page=1');
    expect(second.items.map((item) => item.username)).toEqual(names.slice(0, 2).reverse());
    const all = await referrals(referrer, '?page=0&size=50');
    expect(all.items).toHaveLength(7);
    expect(first.redeem_until).not.toBeNull();
  });
});
