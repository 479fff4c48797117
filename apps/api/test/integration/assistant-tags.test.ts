import { TEXT_LIMIT_POS } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_SAFETY_TEST_TERMS } from '../child-safety-probe.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * The AI prompt assistant without a language model (docs/product/assistant.md): tag completion from the
 * shipped dictionary and the public images' co-occurrence, the built-in natural-language converter, and
 * what both refuse: visitors, malformed input, unsafe prompts, too many calls.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // A neutral forbidden word (the seeded rules are suggestions and negative-prompt rules).
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

const TAGS = '/api/tasks/tags';
const CONVERT = '/api/tasks/nl_convert';
const tagsOf = (output: unknown) => String(output).split(', ');

describe('POST /api/tasks/tags', () => {
  it('keeps the prompt and adds up to 8 related tags it did not have', async () => {
    const { client } = await signedIn(t);
    const prompt = 'lighthouse, (crashing waves:1.2), ';
    const answer = await client.post(TAGS, { input: `  ${prompt}  ` });
    expect(answer.status).toBe(200);
    const output = String(answer.body.output);
    expect(output.startsWith('lighthouse, (crashing waves:1.2), ')).toBe(true);
    const added = tagsOf(output.slice('lighthouse, (crashing waves:1.2), '.length));
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThanOrEqual(8);
    expect(new Set(added).size).toBe(added.length);
    expect(added).not.toContain('lighthouse');
    expect(added).not.toContain('crashing waves');
    // The curated coast group: at least some of its tags come first.
    expect(
      added.some((tag) => ['ocean', 'cliffs', 'seagull', 'dramatic sky', 'rocks', 'coast'].includes(tag)),
    ).toBe(true);
  });

  it("adds what the public images carry together, never a private prompt's words", async () => {
    const owner = await signedIn(t);
    for (let i = 0; i < 3; i++) {
      await addImage(t, owner.id, { prompt: 'quokka, marsupial meadow, rainbow umbrella' });
    }
    await addImage(t, owner.id, { prompt: 'quokka, secret private word', is_private: true });
    await addImage(t, owner.id, { prompt: 'quokka, secret private word', is_private: true });
    await t.services.assistant.refreshCooccurrence();
    const { client } = await signedIn(t);
    const answer = await client.post(TAGS, { input: 'quokka' });
    expect(answer.status).toBe(200);
    const added = tagsOf(answer.body.output).slice(1);
    expect(added).toEqual(expect.arrayContaining(['marsupial meadow', 'rainbow umbrella']));
    expect(String(answer.body.output)).not.toContain('secret private word');
  });

  it('cuts forbidden words out of the answer', async () => {
    const { client } = await signedIn(t);
    const answer = await client.post(TAGS, { input: 'lighthouse, watermelon' });
    expect(answer.status).toBe(200);
    expect(String(answer.body.output)).not.toMatch(/watermelon/i);
    expect(String(answer.body.output).startsWith('lighthouse, ')).toBe(true);
  });
});

describe('POST /api/tasks/nl_convert without a language model', () => {
  it('converts a description with the built-in converter', async () => {
    const { client } = await signedIn(t);
    const answer = await client.post(CONVERT, {
      input: 'A woman with long blonde hair walking on the beach at sunset, wearing a red dress',
    });
    expect(answer.status).toBe(200);
    expect(tagsOf(answer.body.output)).toEqual(
      expect.arrayContaining([
        'woman',
        'long hair',
        'blonde hair',
        'walking',
        'beach at sunset',
        'red dress',
      ]),
    );
    expect(String(answer.body.output)).toBe(String(answer.body.output).toLowerCase());
  });

  it('cuts forbidden words out of the converted tags', async () => {
    const { client } = await signedIn(t);
    const answer = await client.post(CONVERT, { input: 'a bowl of watermelon on a wooden table' });
    expect(answer.status).toBe(200);
    expect(String(answer.body.output)).not.toMatch(/watermelon/i);
    expect(tagsOf(answer.body.output)).toEqual(['bowl', 'wooden tables']);
  });
});

describe('the assistant refuses', () => {
  it('a visitor with the token code (the web sends them to sign in)', async () => {
    for (const url of [TAGS, CONVERT]) {
      const answer = await new Client(t.app).post(url, { input: 'lighthouse' });
      expect(answer.status).toBe(401);
      expect(codeOf(answer.body)).toBe('token_missing');
    }
  });

  it('malformed input with validation_error, never a 5xx', async () => {
    const { client } = await signedIn(t);
    const bad: unknown[] = [
      {},
      { input: '' },
      { input: '   \n ' },
      { input: 42 },
      { input: null },
      { input: ['lighthouse'] },
      { input: 'x'.repeat(TEXT_LIMIT_POS + 1) },
      { input: 'lighthouse\u0000, dusk' },
      { input: 'lighthouse\u0007, dusk' },
      { input: 'lighthouse\u001b[31m' },
      { input: 'lighthouse\u0085' },
      { input: 'lone \ud800 surrogate' },
    ];
    for (const url of [TAGS, CONVERT]) {
      for (const body of bad) {
        const answer = await client.post(url, body);
        expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(codeOf(answer.body)).toBe('validation_error');
      }
    }
    // The limit applies after trimming; tabs and line breaks are fine.
    const long = await client.post(TAGS, { input: `  ${'a'.repeat(TEXT_LIMIT_POS)}  ` });
    expect(long.status).toBe(200);
    expect(String(long.body.output).length).toBeLessThanOrEqual(TEXT_LIMIT_POS);
    expect((await client.post(CONVERT, { input: 'lighthouse\tat dusk\r\nrain' })).status).toBe(200);
  });

  it('a prompt the child-safety layer refuses, as txt2img does (a strike)', async () => {
    for (const url of [TAGS, CONVERT]) {
      const { client, id } = await signedIn(t);
      const probe = CHILD_SAFETY_TEST_TERMS.find(([field]) => field === 'prompt')![1];
      const answer = await client.post(url, { input: probe });
      expect(answer.status).toBe(400);
      expect(codeOf(answer.body)).toBe('forbidden_prompt');
      expect(JSON.stringify(answer.body)).not.toContain('12');
      const strikes = await t.database.db
        .selectFrom('moderation_strike')
        .select('id')
        .where('user_id', '=', id)
        .execute();
      expect(strikes).toHaveLength(1);
    }
  });

  it('a muted account', async () => {
    const { client, id } = await signedIn(t);
    await t.database.db.updateTable('app_user').set({ muted_at: new Date() }).where('id', '=', id).execute();
    const answer = await client.post(TAGS, { input: 'lighthouse' });
    expect(answer.status).toBe(403);
    expect(codeOf(answer.body)).toBe('user_muted');
  });

  it('more than 20 calls a minute from one user, with spam_protection', async () => {
    const { client } = await signedIn(t);
    const other = await signedIn(t);
    // The limit counts in fixed minutes: start the calls just after one begins, so all fall in it.
    t.clock.offsetMs += 61_000 - ((Date.now() + t.clock.offsetMs) % 60_000);
    for (let i = 0; i < 20; i++) {
      const url = i % 2 === 0 ? TAGS : CONVERT;
      expect((await client.post(url, { input: 'lighthouse at dusk' })).status).toBe(200);
    }
    const limited = await client.post(CONVERT, { input: 'lighthouse at dusk' });
    expect(limited.status).toBe(429);
    expect(codeOf(limited.body)).toBe('spam_protection');
    expect((limited.body.detail as { data?: { retry_after?: number } }).data?.retry_after).toBeGreaterThan(0);
    // Per user: another account is not held back.
    expect((await other.client.post(TAGS, { input: 'lighthouse' })).status).toBe(200);
  });
});
