import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSecret } from '../../src/config.ts';
import { createSandboxProvider } from '../../src/features/payment/providers/sandbox.ts';
import { hashToken } from '../../src/features/session/index.ts';
import type { Mail } from '../../src/mail/mailer.ts';
import { markEmailVerified } from '../account-fixtures.ts';
import {
  Client,
  codeOf,
  createTestApp,
  newAccount,
  recordingMailer,
  setBalances,
  type TestContext,
} from '../harness.ts';

/**
 * Email verification and receipts (docs/product/accounts.md#email-verification, commerce.md#receipts):
 * the sign-up mail and its link, single use and expiry, the resend limit, OAuth's verified accounts
 * (oauth-login.test.ts), the purchase that needs a verified address, and one receipt per payment.
 */
const { mailer, sent } = recordingMailer();
let t: TestContext;
let sandbox: ReturnType<typeof createSandboxProvider>;

beforeAll(async () => {
  t = await createTestApp({ deps: { mailer } });
  const secret = createHmac('sha256', cookieSecret(t.config)).update('sandbox-payments').digest('hex');
  sandbox = createSandboxProvider({ secret, checkoutPath: (id) => `/payment/sandbox/${id}` });
});
afterAll(async () => {
  await t.close();
});

const VERIFY_LINK = /http:\/\/localhost:8080\/account\/verify\?token=([\w%-]+)/;

/** The verification mails sent to an address since the test began. */
function verificationMails(to: string): Mail[] {
  return sent.filter((mail) => mail.to === to && VERIFY_LINK.test(mail.text));
}

function tokenOf(mail: Mail): string {
  return decodeURIComponent(VERIFY_LINK.exec(mail.text)![1]!);
}

async function signUp(overrides: Partial<ReturnType<typeof newAccount>> & { lang?: string } = {}) {
  const account = { ...newAccount(), ...overrides };
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', account);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await t.services.outbox.drain();
  return { account, client, id: (created.body.user as { id: number }).id };
}

async function me(client: Client) {
  return (await client.get('/api/user/me')).body as { email_verified: boolean };
}

async function eventsOf(type: string, key: string, value: string | number) {
  const { rows } = await sql<{ payload: Record<string, unknown> }>`
    select payload from outbox where type = ${type} and payload->>${key} = ${String(value)} order by id
  `.execute(t.database.db);
  return rows.map((row) => row.payload);
}

describe('the verification mail', () => {
  it('goes out once at sign-up, with a link that verifies the account once', async () => {
    const { account, client, id } = await signUp();
    const mails = verificationMails(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(account.username);
    expect(await me(client)).toMatchObject({ email_verified: false });
    // Only the token's hash is stored, for the address it was mailed to.
    const stored = await t.database.db
      .selectFrom('email_verification')
      .select(['token_hash', 'email'])
      .where('user_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.email).toBe(account.email);
    expect(Buffer.from(stored[0]!.token_hash)).toEqual(hashToken(tokenOf(mails[0]!)));

    // Anyone holding the link may use it: the mail may be opened on another device.
    const verified = await new Client(t.app).post('/api/user/verify-email', { token: tokenOf(mails[0]!) });
    expect([verified.status, verified.body]).toEqual([200, { ok: true }]);
    expect(await me(client)).toMatchObject({ email_verified: true });
    expect(await eventsOf('user.email_verified', 'userId', id)).toEqual([{ userId: id }]);

    const again = await new Client(t.app).post('/api/user/verify-email', { token: tokenOf(mails[0]!) });
    expect([again.status, codeOf(again.body)]).toEqual([400, 'verify_token_invalid']);
    expect(await eventsOf('user.email_verified', 'userId', id)).toHaveLength(1);
  });

  it('is written in the language chosen at sign-up', async () => {
    const english = await signUp();
    const german = await signUp({ lang: 'de' });
    const [en] = verificationMails(english.account.email);
    const [de] = verificationMails(german.account.email);
    expect(de!.subject).not.toBe(en!.subject);
    expect(de!.text).toContain('48 Stunden');
  });

  it('refuses an expired, a garbage or a missing token with verify_token_invalid', async () => {
    const { account, client } = await signUp();
    const token = tokenOf(verificationMails(account.email)[0]!);
    for (const body of [{ token: 'x'.repeat(43) }, { token: 'short' }, { token: 'y'.repeat(500) }, {}]) {
      const answer = await new Client(t.app).post('/api/user/verify-email', body);
      expect([answer.status, codeOf(answer.body)], JSON.stringify(body)).toEqual([
        400,
        'verify_token_invalid',
      ]);
    }
    t.clock.offsetMs = 48 * 60 * 60 * 1000 + 1000;
    try {
      const late = await new Client(t.app).post('/api/user/verify-email', { token });
      expect([late.status, codeOf(late.body)]).toEqual([400, 'verify_token_invalid']);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect(await me(client)).toMatchObject({ email_verified: false });
  });

  it('accepts a still valid link of an account verified meanwhile, without a second event', async () => {
    const { account, client, id } = await signUp();
    expect((await client.post('/api/user/verify-email/resend', {})).status).toBe(200);
    await t.services.outbox.drain();
    const [first, second] = verificationMails(account.email);
    expect(second).toBeDefined();
    expect((await client.post('/api/user/verify-email', { token: tokenOf(first!) })).status).toBe(200);
    expect((await client.post('/api/user/verify-email', { token: tokenOf(second!) })).status).toBe(200);
    expect(await eventsOf('user.email_verified', 'userId', id)).toHaveLength(1);
  });
});

describe('resending the link', () => {
  it('mails a new link up to 3 times an hour, then answers spam_protection', async () => {
    const { account, client } = await signUp();
    const answers: (string | number)[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await client.post('/api/user/verify-email/resend', {});
      answers.push(answer.status === 200 ? 200 : codeOf(answer.body)!);
    }
    expect(answers).toEqual([200, 200, 200, 'spam_protection']);
    await t.services.outbox.drain();
    const mails = verificationMails(account.email);
    expect(mails).toHaveLength(4); // the sign-up's and three more
    // Each link works (the newest here).
    expect((await client.post('/api/user/verify-email', { token: tokenOf(mails[3]!) })).status).toBe(200);
  });

  it('sends nothing to a verified account and refuses a visitor', async () => {
    const { account, client, id } = await signUp();
    await markEmailVerified(t, id);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/user/verify-email/resend', {})).status).toBe(200);
    }
    await t.services.outbox.drain();
    expect(verificationMails(account.email)).toHaveLength(1);
    const visitor = await new Client(t.app).post('/api/user/verify-email/resend', {});
    expect([visitor.status, codeOf(visitor.body)]).toEqual([401, 'token_missing']);
  });
});

describe('buying needs a verified address', () => {
  it('refuses an unverified buyer with email_not_verified, and lets the same buyer buy once verified', async () => {
    const { account, client } = await signUp();
    const refused = await client.post('/api/payment/sandbox/order', { product: 'pack_60' });
    expect([refused.status, codeOf(refused.body)]).toEqual([403, 'email_not_verified']);
    const orders = await client.get('/api/payment/history');
    expect(orders.body).toMatchObject({ total: 0 });
    const token = tokenOf(verificationMails(account.email)[0]!);
    await client.post('/api/user/verify-email', { token });
    const ordered = await client.post('/api/payment/sandbox/order', { product: 'pack_60' });
    expect(ordered.status).toBe(200);
  });
});

describe('receipts', () => {
  function notify(body: Parameters<typeof sandbox.signedNotification>[0]) {
    const { rawBody, headers } = sandbox.signedNotification(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/webhook',
      payload: rawBody,
      headers: { 'content-type': 'application/json', ...headers },
    });
  }

  const receiptsTo = (to: string) => sent.filter((mail) => mail.to === to && mail.text.includes('Order: '));

  it('mails one receipt per successful payment, even when its notification is replayed', async () => {
    const { account, client, id } = await signUp();
    await markEmailVerified(t, id);
    const ordered = await client.post('/api/payment/sandbox/order', { product: 'pack_400', currency: 'eur' });
    const orderId = (ordered.body as { order_id: string }).order_id;
    const paid = { event_id: `paid-${orderId}`, kind: 'paid' as const, order_id: orderId };
    const amounts = { amount_cents: 899, currency: 'eur' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify({ ...paid, ...amounts })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // The same payment told again under another id changes nothing, and mails nothing.
    await notify({ ...paid, event_id: `paid-again-${orderId}`, ...amounts });
    await t.services.outbox.drain();
    await notify({ ...paid, ...amounts });
    await t.services.outbox.drain();

    const receipts = receiptsTo(account.email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt!.text).toContain(orderId);
    expect(receipt!.text).toContain('400 tickets');
    expect(receipt!.text).toContain('€8.99');
    expect(receipt!.text).toContain('Sandbox');
    expect(receipt!.text).toMatch(/Date: \w+ \d{1,2}, \d{4}/);
    expect(await eventsOf('payment.succeeded', 'orderId', orderId)).toEqual([{ orderId, userId: id }]);
  });

  it('mails nothing for a declined payment, and a receipt in the buyer’s language', async () => {
    const { account, client, id } = await signUp({ lang: 'fr' });
    await markEmailVerified(t, id);
    const declined = await client.post('/api/payment/sandbox/order', { product: 'pack_60' });
    const declinedId = (declined.body as { order_id: string }).order_id;
    await client.post(`/api/payment/sandbox/${declinedId}/decision`, { approve: false });
    const bought = await client.post('/api/payment/sandbox/order', { product: 'plan_basic' });
    const boughtId = (bought.body as { order_id: string }).order_id;
    await client.post(`/api/payment/sandbox/${boughtId}/decision`, { approve: true });
    await t.services.outbox.drain();
    const mails = sent.filter((mail) => mail.to === account.email && mail.text.includes('Commande'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(boughtId);
    expect(mails[0]!.text).not.toContain(declinedId);
    expect(mails[0]!.text).toContain('Abonnement Basic');
    expect(mails[0]!.text).toMatch(/11,99\s\$US/);
    expect(await eventsOf('payment.succeeded', 'orderId', declinedId)).toEqual([]);
  });

  it('tells the buyer once what a refund took back, and what was already spent', async () => {
    const { account, client, id } = await signUp();
    await markEmailVerified(t, id);
    const ordered = await client.post('/api/payment/sandbox/order', { product: 'pack_400' });
    const orderId = (ordered.body as { order_id: string }).order_id;
    const amounts = { amount_cents: 899, currency: 'usd' };
    await notify({ event_id: `paid-${orderId}`, kind: 'paid', order_id: orderId, ...amounts });
    // 150 of the 400 tickets are spent before the refund: 250 left.
    await setBalances(t, id, { generation_token: 250 });
    const refund = {
      event_id: `refund-${orderId}`,
      kind: 'refunded' as const,
      order_id: orderId,
      ...amounts,
    };
    await notify(refund);
    await notify(refund);
    await t.services.outbox.drain();
    const notices = sent.filter((mail) => mail.to === account.email && mail.subject.includes('refunded'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(orderId);
    expect(notices[0]!.text).toContain('250 tickets were taken from your balance.');
    expect(notices[0]!.text).toContain('150 of its tickets had already been used');
    expect(await eventsOf('payment.reversed', 'orderId', orderId)).toEqual([
      { orderId, userId: id, kind: 'refunded', takenTickets: 250, shortfall: 150, planEnded: false },
    ]);
  });
});
