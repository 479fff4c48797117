import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_SAFETY_TEST_TERMS } from '../child-safety-probe.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { Client, codeOf, createTestApp, newAccount, setBalances, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // A neutral forbidden word for the rules test (the seeded rules are suggestions and the age rule).
  await t.database.db
    .insertInto('moderation_rule')
    .values({
      lib: 'test_forbidden',
      words: ['watermelon'],
      suggestions: [],
      type: 0,
      applies_to: 'positive',
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

const FREE_ANIME = 1;
const PAID_ANIME = 2;
const NO_TXT2IMG = 7;
const RETIRED = 26;
const REALISTIC_ONLY_BOOSTER = 201;

let seedCounter = 1000;
const body = (overrides: Record<string, unknown> = {}) => ({
  prompt: 'a lighthouse at dusk, crashing waves',
  neg_prompt: 'blurry',
  style_id: FREE_ANIME,
  quality: 'Standard',
  format: 'Portrait',
  seed: seedCounter++,
  ...overrides,
});

/** A signed-in account; balances come through the ledger, other account fields by UPDATE. */
async function signedIn(changes: Record<string, unknown> = {}) {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  const id = (created.body.user as { id: number }).id;
  const { generation_token, daily_token, ...account } = changes as {
    generation_token?: number;
    daily_token?: number;
  };
  if (Object.keys(account).length > 0)
    await t.database.db.updateTable('app_user').set(account).where('id', '=', id).execute();
  await setBalances(t, id, { generation_token, daily_token });
  return { client, id };
}

async function user(id: number) {
  return t.database.db
    .selectFrom('app_user')
    .select(['generation_token', 'daily_token', 'plan'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const ledgerSum = async (id: number, balance: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('ledger_entry')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('total'))
        .where('user_id', '=', id)
        .where('currency', '=', balance === 'daily_token' ? 'energy' : 'tickets')
        .executeTakeFirstOrThrow()
    ).total,
  );

describe('POST /api/tasks/txt2img', () => {
  it('debits the cost and queues a fully resolved job', async () => {
    const { client, id } = await signedIn();
    const result = await client.post(
      '/api/tasks/txt2img?fastlane=false',
      body({ seed: 7, quality: 'Standard' }),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ seed: 7, cost: 2, paid_with_daily: false });
    expect((await user(id)).generation_token).toBe(18);
    const task = await t.database.db
      .selectFrom('task')
      .selectAll()
      .where('id', '=', result.body.task_id as string)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({
      state: 0,
      lane: 'normal',
      cost: 2,
      paid_with: 'generation_token',
      checkpoint: 'mirage-anime-v3.safetensors',
    });
    expect(task.job).toMatchObject({
      seed: 7,
      width: 512,
      height: 704,
      cfg: 5,
      watermark: true,
      hires: { width: 832, height: 1144 },
    });
  });

  it('draws a seed when none is sent, and prices fast lane', async () => {
    const { client } = await signedIn();
    const result = await client.post('/api/tasks/txt2img?fastlane=true', { ...body(), seed: undefined });
    expect(result.status).toBe(200);
    expect(result.body.seed).toBeGreaterThanOrEqual(1);
    expect(result.body.seed).toBeLessThanOrEqual(4294967295);
    expect(result.body.cost).toBe(6);
  });

  it('needs a session', async () => {
    const result = await new Client(t.app).post('/api/tasks/txt2img', body());
    expect(result.status).toBe(401);
    expect(codeOf(result.body)).toBe('token_missing');
  });

  it.each([
    ['unauthorized_style', {}, { style_id: PAID_ANIME }],
    ['style_not_txt2img', { plan: 2 }, { style_id: NO_TXT2IMG }],
    ['style_disabled', { plan: 2 }, { style_id: RETIRED }],
    ['unauthorized_modifier', { plan: 2 }, { modifiers: [{ id: REALISTIC_ONLY_BOOSTER, weight: 50 }] }],
    ['unauthorized_resource', {}, { quality: 'Ultra' }],
    ['user_pro_expired', { plan: 2, pro_expire: new Date(Date.now() - 60_000) }, { quality: 'Ultra' }],
    ['user_insufficient_funds', { generation_token: 1 }, {}],
    [
      'insufficient_token_count',
      { plan: 1, generation_token: 0, daily_token: 0, energy_reset_at: new Date() },
      {},
    ],
  ])('answers %s', async (code, account, request) => {
    const { client, id } = await signedIn(account);
    const before = await user(id);
    const result = await client.post('/api/tasks/txt2img', body(request));
    expect(codeOf(result.body), JSON.stringify(result.body)).toBe(code);
    expect(await user(id)).toEqual(before);
    expect(
      await t.database.db.selectFrom('task').select('id').where('user_id', '=', id).execute(),
    ).toHaveLength(0);
  });

  it('refuses forbidden words from the rules and lists them', async () => {
    const { client } = await signedIn();
    const result = await client.post(
      '/api/tasks/txt2img',
      body({ prompt: 'a still life, w.a.t.e.r.m.e.l.o.n.s on a table' }),
    );
    expect(result.status).toBe(400);
    // The words as the user wrote them, so that the generator can point at them.
    expect(result.body).toEqual({
      detail: { code: 'forbidden_prompt', data: { words: ['w.a.t.e.r.m.e.l.o.n.s'] } },
    });
  });

  it('refuses minors in either prompt, records a strike, and echoes nothing back', async () => {
    const { client, id } = await signedIn();
    for (const [field, text] of CHILD_SAFETY_TEST_TERMS.slice(0, 2)) {
      const result = await client.post('/api/tasks/txt2img', body({ [field]: text }));
      expect(result.body, text).toEqual({ detail: { code: 'forbidden_prompt' } });
    }
    // The third strike warns (moderation-strikes.test.ts follows the escalation further).
    for (const [field, text] of CHILD_SAFETY_TEST_TERMS.slice(2)) {
      const result = await client.post('/api/tasks/txt2img', body({ [field]: text }));
      expect(result.body, text).toEqual({
        detail: { code: 'forbidden_prompt', data: { warning: 'safety_warning' } },
      });
    }
    const strikes = await t.database.db
      .selectFrom('moderation_strike')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(strikes).toHaveLength(CHILD_SAFETY_TEST_TERMS.length);
    expect(strikes.every((strike) => strike.kind === 'child_safety' && strike.reasons.length > 0)).toBe(true);
  });

  it('caps running tasks at the plan limit (Free 1)', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/tasks/txt2img', body())).status).toBe(200);
    const second = await client.post('/api/tasks/txt2img', body());
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ detail: { code: 'max_running_tasks', data: { max: 1 } } });
  });

  it('answers duplicate_task_signature for the same settings and seed, charging nothing', async () => {
    const { client, id } = await signedIn({ plan: 2, generation_token: 50 });
    const request = body({ seed: 4242 });
    expect((await client.post('/api/tasks/txt2img', request)).status).toBe(200);
    const running = await client.post('/api/tasks/txt2img', request);
    expect(running.body).toEqual({ detail: { code: 'duplicate_task_signature' } });
    const task = await t.database.db
      .selectFrom('task')
      .select('id')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    const image = await t.database.db
      .insertInto('image')
      .values({
        uuid: crypto.randomUUID(),
        user_id: id,
        gen_type: 'txt2img',
        format: 'Portrait',
        quality: 'Standard',
        seed: 4242,
        width: 8,
        height: 8,
        prompt: 'x',
        neg_prompt: '',
        gen_data: '{}',
        blurhash: 'L00000fQfQfQfQfQfQfQfQfQfQfQ',
        signature: (
          await t.database.db
            .selectFrom('task')
            .select('signature')
            .where('id', '=', task.id)
            .executeTakeFirstOrThrow()
        ).signature,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('task').set({ state: 9 }).where('id', '=', task.id).execute();
    const before = (await user(id)).generation_token;
    const done = await client.post('/api/tasks/txt2img', request);
    expect(done.body).toEqual({ detail: { code: 'duplicate_task_signature', data: { uuid: image.uuid } } });
    expect((await user(id)).generation_token).toBe(before);
  });

  it('starts a cooldown with remaining_time after repeated failures', async () => {
    const { client, id } = await signedIn();
    for (let i = 0; i < 3; i++) {
      const created = await client.post('/api/tasks/txt2img', body());
      await t.database.db
        .updateTable('task')
        .set({ state: 8, finished_at: new Date() })
        .where('id', '=', created.body.task_id as string)
        .execute();
    }
    const result = await client.post('/api/tasks/txt2img', body());
    expect(result.status).toBe(429);
    expect(codeOf(result.body)).toBe('max_failed_task');
    const remaining = (result.body.detail as { data: { remaining_time: number } }).data.remaining_time;
    expect(remaining).toBeGreaterThan(50);
    expect(remaining).toBeLessThanOrEqual(60);
    expect(id).toBeGreaterThan(0);
  });

  it('pays from daily energy first for a premium user, resetting it at the UTC day boundary without stacking', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const { client, id } = await signedIn({ plan: 1, daily_token: 5, energy_reset_at: yesterday });
    const result = await client.post('/api/tasks/txt2img', body({ quality: 'High' }));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ cost: 3, paid_with_daily: true });
    expect(await user(id)).toMatchObject({ daily_token: 347, generation_token: 20 });
    // Reset TO 350 (5 left over + 345), never 5 + 350: energy does not stack.
    const movements = await t.database.db
      .selectFrom('ledger_entry')
      .select(['delta', 'reason'])
      .where('user_id', '=', id)
      .where('currency', '=', 'energy')
      .orderBy('id')
      .execute();
    expect(movements).toEqual([
      { delta: 5, reason: 'operator_adjustment' }, // the fixture's 5 left over from yesterday
      { delta: 345, reason: 'energy_reset' },
      { delta: -3, reason: 'task_debit' },
    ]);
    // A second task the same day does not reset again: no second energy_reset, and energy = its entries.
    await client.post('/api/tasks/txt2img', body({ quality: 'High' })).catch(() => undefined);
    const resets = await t.database.db
      .selectFrom('ledger_entry')
      .select('delta')
      .where('user_id', '=', id)
      .where('reason', '=', 'energy_reset')
      .execute();
    expect(resets).toEqual([{ delta: 345 }]);
    expect(await ledgerSum(id, 'daily_token')).toBe((await user(id)).daily_token);
    expect((await user(id)).daily_token).toBeLessThanOrEqual(347);
  });

  it('accepts exactly as many of 200 parallel creates as the balance pays for, never below zero', async () => {
    const { client, id } = await signedIn({
      plan: 2,
      generation_token: 6,
      energy_reset_at: new Date(),
      daily_token: 0,
    });
    const results = await Promise.all(
      Array.from({ length: 200 }, () => client.post('/api/tasks/txt2img', body())),
    );
    const accepted = results.filter((result) => result.status === 200);
    expect(accepted).toHaveLength(3);
    const codes = new Set(
      results.filter((result) => result.status !== 200).map((result) => codeOf(result.body)),
    );
    expect(
      [...codes].every((code) => code === 'insufficient_token_count' || code === 'max_running_tasks'),
    ).toBe(true);
    expect((await user(id)).generation_token).toBe(0);
    // Exactly the three accepted debits are in the ledger, and every balance equals its entries.
    const debits = await t.database.db
      .selectFrom('ledger_entry')
      .select(['delta', 'ref_id'])
      .where('user_id', '=', id)
      .where('reason', '=', 'task_debit')
      .execute();
    expect(debits.map((debit) => debit.delta)).toEqual([-2, -2, -2]);
    expect(new Set(debits.map((debit) => debit.ref_id))).toEqual(
      new Set(accepted.map((result) => result.body.task_id)),
    );
    expect(await ledgerSum(id, 'generation_token')).toBe(0);
    expect(await ledgerDiscrepancies(t.database.db, [id])).toEqual([]);
  });
});

describe('energy sweep at 00:00 UTC', () => {
  it('resets premium energy to the plan value once per UTC day, and turns a lapsed Pro account Free', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const basic = await signedIn({ plan: 1, daily_token: 12, energy_reset_at: yesterday });
    const lapsed = await signedIn({
      plan: 2,
      daily_token: 900,
      pro_expire: new Date(Date.now() - 1000),
      energy_reset_at: yesterday,
    });
    await t.services.sweepEnergy();
    expect(await user(basic.id)).toMatchObject({ daily_token: 350, plan: 1 });
    expect(await user(lapsed.id)).toMatchObject({ daily_token: 0, plan: 0 });
    await t.services.sweepEnergy();
    expect(await user(basic.id)).toMatchObject({ daily_token: 350 });
    const resets = await t.database.db
      .selectFrom('ledger_entry')
      .select('delta')
      .where('user_id', '=', basic.id)
      .where('reason', '=', 'energy_reset')
      .execute();
    expect(resets).toEqual([{ delta: 338 }]);
  });
});
