import { formatSerialKey, PLAN } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import {
  createSerialKeyRepository,
  mintSerialKeys,
  REDEEM_LIMITS,
  type SerialKeyRepository,
} from '../../src/features/serial-key/index.ts';
import { signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, startOfNextHour, type TestContext } from '../harness.ts';

/**
 * Reseller serial keys through HTTP (docs/product/commerce.md#serial-keys): a key credits once, whoever
 * races for it; Pro days and the two conflicts; wrong, revoked and foreign keys; the guessing limit.
 */
let t: TestContext;
let keys: SerialKeyRepository;
beforeAll(async () => {
  t = await createTestApp({
    env: { KEY_RESELLER_URLS: 'g2a=https://keys.example/g2a, Other-Shop=https://other.example/' },
  });
  keys = createSerialKeyRepository(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60_000;
type User = Awaited<ReturnType<typeof signedIn>>;

async function mint(tickets: number, proDays = 0, count = 1, reseller = 'g2a') {
  return (await mintSerialKeys(keys, { reseller, value: { tickets, proDays }, count })).keys;
}

const redeem = (user: User, key: string, query = '', reseller = 'g2a') =>
  user.client.post(`/api/${reseller}/redeem/${encodeURIComponent(key)}${query}`);

async function me(user: User) {
  return (await user.client.get('/api/user/me')).body as {
    generation_token: number;
    daily_token: number;
    plan: number;
    pro_expire: string | null;
  };
}

async function setPlan(user: User, plan: number, days: number) {
  await t.database.db
    .updateTable('app_user')
    .set({ plan, pro_expire: new Date(Date.now() + days * DAY) })
    .where('id', '=', user.id)
    .execute();
}

describe('the resellers', () => {
  it('lists the linked ones and those with keys on sale, to anyone', async () => {
    await mint(5, 0, 1, 'night-market');
    const answer = await new Client(t.app).get('/api/resellers');
    expect(answer.body).toEqual({
      resellers: [
        { name: 'g2a', url: 'https://keys.example/g2a' },
        { name: 'night-market', url: null },
        { name: 'other-shop', url: 'https://other.example/' },
      ],
    });
  });
});

describe('redeeming a serial key', () => {
  it('credits its tickets once, through the ledger, whatever the case and dashes', async () => {
    const [key] = await mint(500);
    const buyer = await signedIn(t);
    const before = (await me(buyer)).generation_token;
    const typed = formatSerialKey(key!).toLowerCase();
    const answer = await redeem(buyer, typed);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ tickets: 500 });
    expect((await me(buyer)).generation_token).toBe(before + 500);

    const again = await redeem(buyer, key!);
    expect([again.status, codeOf(again.body)]).toEqual([409, 'key_already_consumed']);
    const other = await signedIn(t);
    expect(codeOf((await redeem(other, key!)).body)).toBe('key_already_consumed');
    expect((await me(buyer)).generation_token).toBe(before + 500);
    expect(await ledgerDiscrepancies(t.database.db, [buyer.id, other.id])).toEqual([]);
  });

  it('gives exactly one of 50 parallel redeems of one key', async () => {
    const [key] = await mint(60);
    const racers = await Promise.all(Array.from({ length: 50 }, () => signedIn(t)));
    const answers = await Promise.all(racers.map((racer) => redeem(racer, key!)));
    const codes = answers.map((answer) => (answer.status === 200 ? 'ok' : codeOf(answer.body)));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code === 'key_already_consumed')).toHaveLength(49);
    const credited = await t.database.db
      .selectFrom('ledger_entry')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('reason', '=', 'serial_key_redeem')
      .where(
        'user_id',
        'in',
        racers.map((racer) => racer.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(credited.n)).toBe(1);
    expect(
      await ledgerDiscrepancies(
        t.database.db,
        racers.map((racer) => racer.id),
      ),
    ).toEqual([]);
  }, 60_000);

  it('makes a Free account Pro for the key’s days, with its energy at once', async () => {
    const [key] = await mint(100, 30);
    const user = await signedIn(t);
    const answer = await redeem(user, key!);
    expect(answer.body).toEqual({ tickets: 100, duration: 30 });
    const after = await me(user);
    expect(after.plan).toBe(PLAN.pro);
    const expiry = new Date(after.pro_expire!).getTime();
    expect(Math.abs(expiry - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(after.daily_token).toBe(1200);
  });

  it('asks first while Pro runs (already_pro with the key’s value), then extends on confirm', async () => {
    const [key] = await mint(40, 7);
    const user = await signedIn(t);
    await setPlan(user, PLAN.pro, 10);
    const before = await me(user);
    const conflict = await redeem(user, key!);
    expect([conflict.status, conflict.body]).toEqual([
      409,
      { detail: { code: 'already_pro', data: { duration: 7, tickets: 40 } } },
    ]);
    expect(await me(user)).toEqual(before); // nothing applied, the key still unused
    const confirmed = await redeem(user, key!, '?confirm=true');
    expect(confirmed.body).toEqual({ tickets: 40, duration: 7 });
    const after = await me(user);
    expect(after.generation_token).toBe(before.generation_token + 40);
    expect(new Date(after.pro_expire!).getTime() - new Date(before.pro_expire!).getTime()).toBe(7 * DAY);
  });

  it('asks first while Basic runs (upgrade_from_basic), then upgrades with the Basic days converted', async () => {
    const [key] = await mint(0, 30);
    const user = await signedIn(t);
    await setPlan(user, PLAN.basic, 10);
    const conflict = await redeem(user, key!);
    expect(conflict.body).toEqual({
      detail: { code: 'upgrade_from_basic', data: { duration: 30, tickets: 0 } },
    });
    expect((await me(user)).plan).toBe(PLAN.basic);
    expect((await redeem(user, key!, '?confirm=true')).body).toEqual({ tickets: 0, duration: 30 });
    const after = await me(user);
    expect(after.plan).toBe(PLAN.pro);
    const extraDays = (new Date(after.pro_expire!).getTime() - Date.now()) / DAY - 30;
    expect(extraDays).toBeGreaterThan(4.7);
    expect(extraDays).toBeLessThan(4.9); // 10 Basic days × 11.99 / 24.99
  });

  it('credits a tickets-only key to a Pro account without asking', async () => {
    const [key] = await mint(25);
    const user = await signedIn(t);
    await setPlan(user, PLAN.pro, 3);
    expect((await redeem(user, key!)).body).toEqual({ tickets: 25 });
  });

  it('answers key_not_found for a mistyped, foreign-reseller, revoked or hostile key, never a 500', async () => {
    const [key, revoked] = await mint(10, 0, 2);
    const [ofBatch] = await mint(10, 0, 1, 'key-shop');
    const user = await signedIn(t);
    // The last character is the check character: any other one makes a key that cannot exist.
    const mistyped = key!.slice(0, 15) + (key!.endsWith('A') ? 'B' : 'A');
    await keys.revokeKey(revoked!, new Date());
    const batches = await keys.listBatches();
    await keys.revokeBatch(batches.find((batch) => batch.reseller === 'key-shop')!.id, new Date());
    const cases: [string, string][] = [
      [mistyped, 'g2a'],
      [key!, 'key-shop'], // the right key at the wrong reseller
      [key!, 'unknown-shop'],
      [revoked!, 'g2a'],
      [ofBatch!, 'key-shop'],
      ['\u0000'.repeat(16), 'g2a'],
      ['%2e%2e%2f', 'g2a'],
      [key!, '%00'],
      [key!, 'G2A%20'],
    ];
    for (const [typed, reseller] of cases) {
      const answer = await redeem(user, typed, '', reseller);
      expect([answer.status, codeOf(answer.body)], `${typed} at ${reseller}`).toEqual([404, 'key_not_found']);
    }
    const huge = await redeem(user, 'A'.repeat(5000));
    expect(huge.status).toBeLessThan(500);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect((await redeem(user, key!)).status).toBe(200); // still redeemable by its owner
  });

  it('needs a signed-in user', async () => {
    const [key] = await mint(10);
    const answer = await new Client(t.app).post(`/api/g2a/redeem/${key}`);
    expect([answer.status, codeOf(answer.body)]).toEqual([401, 'token_missing']);
  });

  it('limits wrong guesses per account (spam_protection), and does not count good keys', async () => {
    startOfNextHour(t);
    const good = await mint(1, 0, 3);
    const user = await signedIn(t);
    for (const key of good) expect((await redeem(user, key)).status).toBe(200);
    const wrong = '0000-0000-0000-0001';
    for (let guess = 0; guess < REDEEM_LIMITS.perAccount.max; guess += 1) {
      expect(codeOf((await redeem(user, wrong)).body)).toBe('key_not_found');
    }
    const limited = await redeem(user, wrong);
    expect([limited.status, codeOf(limited.body)]).toEqual([429, 'spam_protection']);
  });
});
