import type { Role } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances } from '../../src/features/ledger/index.ts';
import { createSerialKeyRepository, mintSerialKeys } from '../../src/features/serial-key/index.ts';
import { previewLease } from '../generation-fixtures.ts';
import { signedIn } from '../gallery-fixtures.ts';
import { codeOf, createTestApp, type Client, type TestContext } from '../harness.ts';

/**
 * The console's operations areas (docs/product/moderation-console.md): moderation rules (an edit applies to
 * the next prompt check), serial-key batches (a revocation stops unredeemed keys only) and worker tokens
 * (a revoked worker cannot lease), each change audited; access by role and validation.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function staff(role: Role) {
  const account = await signedIn(t);
  await t.services.mod.roles.setRole(account.id, role);
  return account;
}

type Rule = { id: number; name: string; words: string[]; built_in: boolean };
const auditActions = async (client: Client) =>
  (
    (await client.get('/api/mod/audit?limit=100')).body as {
      items: { action: string; target_type: string; target_id: string }[];
    }
  ).items;

/** What the prompt check answers for a positive prompt: the forbidden words, or [] when it passes them. */
async function forbiddenIn(prompt: string): Promise<unknown> {
  const user = await signedIn(t);
  const answer = await user.client.post('/api/tasks/txt2img', {
    prompt,
    neg_prompt: 'blurry',
    style_id: 1,
    quality: 'Standard',
    format: 'Portrait',
    seed: Math.floor(Math.random() * 100_000),
  });
  if (codeOf(answer.body) !== 'forbidden_prompt') return [];
  return (answer.body as { detail: { data?: { words: string[] } } }).detail.data?.words;
}

describe('access', () => {
  it('lets moderators read the rules but only admins change them or see keys and workers', async () => {
    const moderator = await staff('moderator');
    const listed = await moderator.client.get('/api/mod/rules');
    expect(listed.status).toBe(200);
    const rules = (listed.body as { items: Rule[] }).items;
    expect(rules.some((rule) => rule.built_in)).toBe(true);
    const create = await moderator.client.post('/api/mod/rules', {
      words: ['teacup'],
      type: 0,
      applies_to: 'positive',
    });
    expect(codeOf(create.body)).toBe('unauthorized_resource');
    for (const url of ['/api/mod/key-batches', '/api/mod/workers']) {
      expect(codeOf((await moderator.client.get(url)).body)).toBe('unauthorized_resource');
    }
    const me = (await moderator.client.get('/api/mod/me')).body as { areas: string[] };
    expect(me.areas).toContain('rules');
    expect(me.areas).not.toContain('rule_changes');
    expect(me.areas).not.toContain('workers');
  });

  it('refuses a normal user with unauthorized_resource', async () => {
    const user = await signedIn(t);
    for (const url of ['/api/mod/rules', '/api/mod/key-batches', '/api/mod/workers']) {
      expect(codeOf((await user.client.get(url)).body)).toBe('unauthorized_resource');
    }
    const create = await user.client.post('/api/mod/rules', { words: ['x'], type: 0, applies_to: 'all' });
    expect(codeOf(create.body)).toBe('unauthorized_resource');
  });
});

describe('moderation rules', () => {
  it('applies a new, changed or deleted rule to the next prompt check, and audits each change', async () => {
    const admin = await staff('admin');
    // The rules are cached: read them once so that the change must invalidate the cache.
    expect(await forbiddenIn('a teapot on a windowsill')).toEqual([]);

    const created = await admin.client.post('/api/mod/rules', {
      words: ['teapot', ' Teapot '],
      type: 0,
      applies_to: 'positive',
      note: 'testing the console',
    });
    expect(created.status).toBe(200);
    const rule = created.body as Rule;
    expect(rule).toMatchObject({ words: ['teapot'], built_in: false });
    expect(await forbiddenIn('a teapot on a windowsill')).toEqual(['teapot']);

    const updated = await admin.client.request('PUT', `/api/mod/rules/${rule.id}`, {
      words: ['kettle'],
      type: 0,
      applies_to: 'positive',
    });
    expect(updated.status).toBe(200);
    expect(await forbiddenIn('a teapot on a windowsill')).toEqual([]);
    expect(await forbiddenIn('a kettle on a windowsill')).toEqual(['kettle']);

    const deleted = await admin.client.request('DELETE', `/api/mod/rules/${rule.id}`, { note: 'done' });
    expect(deleted.body).toEqual({ changed: true });
    expect(await forbiddenIn('a kettle on a windowsill')).toEqual([]);

    const entries = (await auditActions(admin.client)).filter(
      (entry) => entry.target_type === 'moderation_rule' && entry.target_id === String(rule.id),
    );
    expect(entries.map((entry) => entry.action)).toEqual(['rule_deleted', 'rule_updated', 'rule_created']);
  });

  it('keeps the built-in rules read-only and answers not_found for an unknown rule', async () => {
    const admin = await staff('admin');
    const rules = ((await admin.client.get('/api/mod/rules')).body as { items: Rule[] }).items;
    const builtIn = rules.find((rule) => rule.built_in)!;
    const body = { words: ['anything'], type: 0, applies_to: 'all' };
    expect(codeOf((await admin.client.request('PUT', `/api/mod/rules/${builtIn.id}`, body)).body)).toBe(
      'moderation_rule_built_in',
    );
    const removal = await admin.client.request('DELETE', `/api/mod/rules/${builtIn.id}`, {});
    expect(codeOf(removal.body)).toBe('moderation_rule_built_in');
    expect(codeOf((await admin.client.request('PUT', '/api/mod/rules/999999', body)).body)).toBe('not_found');
  });

  it.each([
    ['no words', { words: [], type: 0, applies_to: 'all' }],
    ['an empty word', { words: ['  '], type: 0, applies_to: 'all' }],
    ['a NUL byte', { words: ['tea\u0000pot'], type: 0, applies_to: 'all' }],
    ['a huge list', { words: Array.from({ length: 201 }, (_, i) => `word${i}`), type: 0, applies_to: 'all' }],
    ['a word too long', { words: ['a'.repeat(101)], type: 0, applies_to: 'all' }],
    ['punctuation only', { words: [',,'], type: 0, applies_to: 'all' }],
    ['a broken token', { words: ['{age:40-20}'], type: 0, applies_to: 'all' }],
    ['a suggestion rule with nothing to suggest', { words: ['tea'], type: 1, applies_to: 'all' }],
    ['an unknown type', { words: ['tea'], type: 2, applies_to: 'all' }],
    ['an unknown scope', { words: ['tea'], type: 0, applies_to: 'title' }],
  ])('refuses %s with validation_error', async (_what, body) => {
    const admin = await staff('admin');
    const answer = await admin.client.post('/api/mod/rules', body);
    expect(answer.status).toBe(400);
    expect(codeOf(answer.body)).toBe('validation_error');
  });
});

const ticketsOf = async (userId: number) =>
  (await accountBalances(t.database.db, userId)).find((row) => row.currency === 'tickets')?.balance ?? 0;

describe('serial-key batches', () => {
  it('revoking a batch stops its unredeemed keys only, is audited, and a second revoke changes nothing', async () => {
    const admin = await staff('admin');
    const keys = createSerialKeyRepository(t.database.db);
    const minted = await mintSerialKeys(keys, {
      reseller: 'opsshop',
      value: { tickets: 40, proDays: 0 },
      count: 3,
    });
    const [first, second] = minted.keys;
    const owner = await signedIn(t);
    expect((await owner.client.post(`/api/opsshop/redeem/${first}`)).body).toEqual({ tickets: 40 });
    const ticketsBefore = await ticketsOf(owner.id);

    const revoked = await admin.client.post(`/api/mod/key-batches/${minted.batchId}/revoke`, {
      note: 'reseller lost the file',
    });
    expect(revoked.body).toEqual({ changed: true });
    const batches = (await admin.client.get('/api/mod/key-batches')).body as {
      items: { id: number; minted: number; redeemed: number; revoked: number; revoked_at: string | null }[];
    };
    expect(batches.items.find((batch) => batch.id === minted.batchId)).toMatchObject({
      minted: 3,
      redeemed: 1,
      revoked: 2,
      revoked_at: expect.any(String) as string,
    });

    const late = await signedIn(t);
    const lateBefore = await ticketsOf(late.id);
    expect(codeOf((await late.client.post(`/api/opsshop/redeem/${second}`)).body)).toBe('key_not_found');
    // The redeemed key keeps what it gave.
    expect(await ticketsOf(owner.id)).toBe(ticketsBefore);
    expect(await ticketsOf(late.id)).toBe(lateBefore);

    const entries = await auditActions(admin.client);
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'key_batch_revoked',
        target_type: 'key_batch',
        target_id: String(minted.batchId),
      }),
    );
    const again = await admin.client.post(`/api/mod/key-batches/${minted.batchId}/revoke`, {
      note: 'once more',
    });
    expect(again.body).toEqual({ changed: false });
    const missing = await admin.client.post('/api/mod/key-batches/999999/revoke', { note: 'nothing' });
    expect(codeOf(missing.body)).toBe('not_found');
    const noReason = await admin.client.post(`/api/mod/key-batches/${minted.batchId}/revoke`, {});
    expect(codeOf(noReason.body)).toBe('validation_error');
  });
});

describe('workers', () => {
  const lease = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/worker/lease',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...previewLease, wait_seconds: 0 },
    });

  it('issues a token once, shows the worker online, and a revoked worker cannot lease', async () => {
    const admin = await staff('admin');
    const issued = await admin.client.post('/api/mod/workers', { name: 'console-worker' });
    expect(issued.status).toBe(200);
    const { id, token, replaced } = issued.body as { id: number; token: string; replaced: boolean };
    expect(replaced).toBe(false);
    expect(token).toMatch(/^mw_/);
    const leased = await lease(token);
    expect(leased.statusCode).toBe(200);
    // The prompt checks above queued tasks: the worker may hold one now, shown as its current job.
    const { job } = leased.json<{ job: { id: string } | null }>();

    const listed = (await admin.client.get('/api/mod/workers')).body as {
      items: { id: number; presence: string; engine: string | null; job: { task_id: string } | null }[];
    };
    const shown = listed.items.find((worker) => worker.id === id);
    expect(shown).toMatchObject({ presence: 'online', engine: previewLease.engine });
    expect(shown?.job?.task_id ?? null).toBe(job?.id ?? null);
    expect(JSON.stringify(listed)).not.toContain(token);

    const revoked = await admin.client.post(`/api/mod/workers/${id}/revoke`, { note: 'machine retired' });
    expect(revoked.body).toEqual({ changed: true });
    const refused = await lease(token);
    expect(refused.statusCode).toBe(401);
    expect(codeOf(refused.json())).toBe('token_invalid');
    const after = (await admin.client.get('/api/mod/workers')).body as {
      items: { id: number; presence: string }[];
    };
    expect(after.items.find((worker) => worker.id === id)?.presence).toBe('revoked');

    // A new token for the same name replaces the old one and enables the worker again.
    const again = await admin.client.post('/api/mod/workers', { name: 'console-worker', note: 'back' });
    expect(again.body).toMatchObject({ id, replaced: true });
    expect((await lease((again.body as { token: string }).token)).statusCode).toBe(200);
    expect(codeOf((await lease(token)).json())).toBe('token_invalid');

    const actions = (await auditActions(admin.client))
      .filter((entry) => entry.target_type === 'worker' && entry.target_id === String(id))
      .map((entry) => entry.action);
    expect(actions).toEqual(['worker_token_issued', 'worker_revoked', 'worker_token_issued']);
  });

  it('refuses a bad name and an unknown worker', async () => {
    const admin = await staff('admin');
    for (const name of ['', 'a', 'spaces in name', 'nul\u0000name', 'x'.repeat(41)]) {
      expect(codeOf((await admin.client.post('/api/mod/workers', { name })).body)).toBe('validation_error');
    }
    const missing = await admin.client.post('/api/mod/workers/999999/revoke', { note: 'nothing' });
    expect(codeOf(missing.body)).toBe('not_found');
  });
});
