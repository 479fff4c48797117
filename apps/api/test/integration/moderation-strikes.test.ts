/**
 * Strike escalation through the API (issue 9): each child-safety refusal is a strike; 3 in 30 days warn,
 * 5 put the account in the review queue, 8 mute it until a moderator lifts the mute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_SAFETY_EVASION_PROBES } from '../child-safety-probe.ts';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const REFUSED = 'portrait of a person, 12 years old';
let seed = 5000;
const txt2img = (prompt: string, neg_prompt = 'blurry') => ({
  prompt,
  neg_prompt,
  style_id: 1,
  quality: 'Standard',
  format: 'Portrait',
  seed: seed++,
});

async function signedIn() {
  const client = new Client(t.app);
  const account = newAccount();
  const created = await client.post('/api/user/create', account);
  return { client, account, id: (created.body.user as { id: number }).id };
}

/** A signed-in moderator (the console's review queue and mute lifting are theirs). */
let moderatorClient: Client | undefined;
let moderatorName = '';
async function operator(method: 'GET' | 'POST', url: string, payload?: object) {
  if (!moderatorClient) {
    const moderator = await signedIn();
    await t.services.mod.roles.setRole(moderator.id, 'moderator');
    moderatorClient = moderator.client;
    moderatorName = moderator.account.username;
  }
  const answer = await moderatorClient.request(method, url, payload);
  return { statusCode: answer.status, json: <T>() => answer.body as T };
}

async function openReviews() {
  const answer = await operator('GET', '/api/mod/reviews?state=open');
  expect(answer.statusCode).toBe(200);
  return answer.json<{
    items: { id: number; user_id: number; strikes: number; recent_strikes: unknown[] }[];
  }>().items;
}

const tickets = async (id: number) =>
  (
    await t.database.db
      .selectFrom('app_user')
      .select('generation_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).generation_token;

describe('strike escalation', () => {
  it('warns at 3, queues the account for review at 5 and mutes it at 8; a moderator lifts the mute', async () => {
    const { client, id } = await signedIn();
    const before = await tickets(id);
    const answers = [];
    for (let strike = 1; strike <= 8; strike++)
      answers.push(await client.post('/api/tasks/txt2img', txt2img(REFUSED)));

    expect(answers.slice(0, 2).map((answer) => answer.body)).toEqual([
      { detail: { code: 'forbidden_prompt' } },
      { detail: { code: 'forbidden_prompt' } },
    ]);
    for (const answer of answers.slice(2, 7)) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        detail: { code: 'forbidden_prompt', data: { warning: 'safety_warning' } },
      });
    }
    expect(answers[7]?.status).toBe(403);
    expect(answers[7]?.body).toEqual({ detail: { code: 'user_muted' } });
    // Never the prompt's words in an answer.
    expect(JSON.stringify(answers.map((answer) => answer.body))).not.toContain('12');

    const review = (await openReviews()).find((item) => item.user_id === id);
    expect(review).toMatchObject({ user_id: id, strikes: 8 });
    expect(review?.recent_strikes).toHaveLength(8);
    expect(review?.recent_strikes[0]).toMatchObject({ prompt: REFUSED, reasons: ['minor_age'] });

    // Muted: clean prompts and upscales are refused too, and nothing is charged.
    const clean = await client.post('/api/tasks/txt2img', txt2img('a lighthouse at dusk'));
    expect(clean.status).toBe(403);
    expect(codeOf(clean.body)).toBe('user_muted');
    const upscale = await client.post('/api/tasks/00000000-0000-4000-8000-000000000000/upscale');
    expect(codeOf(upscale.body)).toBe('user_muted');
    expect(await tickets(id)).toBe(before);

    const lifted = await operator('POST', `/api/mod/users/${id}/unmute`, { note: 'reviewed' });
    expect(lifted.statusCode).toBe(200);
    expect((await client.post('/api/tasks/txt2img', txt2img('a lighthouse at dusk'))).status).toBe(200);
    // Strikes before the lift no longer count: the next refusal is the first again, without a warning.
    const next = await client.post('/api/tasks/txt2img', txt2img(REFUSED, 'blurry, watermark'));
    expect(next.body).toEqual({ detail: { code: 'forbidden_prompt' } });

    const resolved = await operator('POST', `/api/mod/reviews/${review?.id ?? 0}/resolve`, {
      resolution: 'warned the user',
    });
    expect(resolved.statusCode).toBe(200);
    expect((await openReviews()).some((item) => item.user_id === id)).toBe(false);
    const actions = await t.database.db
      .selectFrom('moderation_action')
      .select(['action', 'actor'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'review_opened', actor: 'system' },
      { action: 'muted', actor: 'system' },
      { action: 'unmuted', actor: moderatorName },
      { action: 'review_resolved', actor: moderatorName },
    ]);
  });

  it('counts strikes over 30 days only (fake clock)', async () => {
    const { client, account } = await signedIn();
    for (let strike = 1; strike <= 2; strike++) await client.post('/api/tasks/txt2img', txt2img(REFUSED));
    t.clock.offsetMs += 31 * DAY_MS;
    try {
      // Sessions last 30 days too: sign in again at the new time.
      await client.post('/api/user/login', { username: account.username, pwd: account.pwd });
      const third = await client.post('/api/tasks/txt2img', txt2img(REFUSED));
      expect(third.body).toEqual({ detail: { code: 'forbidden_prompt' } });
      const fourth = await client.post('/api/tasks/txt2img', txt2img(REFUSED));
      expect(fourth.body).toEqual({ detail: { code: 'forbidden_prompt' } });
      const fifth = await client.post('/api/tasks/txt2img', txt2img(REFUSED));
      expect(fifth.body).toEqual({
        detail: { code: 'forbidden_prompt', data: { warning: 'safety_warning' } },
      });
    } finally {
      t.clock.offsetMs -= 31 * DAY_MS;
    }
  });

  it('counts parallel refusals one by one and mutes the account once', async () => {
    const { client, id } = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => client.post('/api/tasks/txt2img', txt2img(REFUSED))),
    );
    expect(answers.every((answer) => answer.status === 400 || answer.status === 403)).toBe(true);
    expect(answers.filter((answer) => codeOf(answer.body) === 'user_muted').length).toBeGreaterThanOrEqual(5);
    const strikes = await t.database.db
      .selectFrom('moderation_strike')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    // A refusal after the mute is refused before moderation: no strike for it.
    expect(strikes.length).toBeGreaterThanOrEqual(8);
    expect(strikes.length).toBeLessThanOrEqual(12);
    const mutes = await t.database.db
      .selectFrom('moderation_action')
      .select('id')
      .where('user_id', '=', id)
      .where('action', '=', 'muted')
      .execute();
    expect(mutes).toHaveLength(1);
    expect((await openReviews()).filter((item) => item.user_id === id)).toHaveLength(1);
  });

  it.each(CHILD_SAFETY_EVASION_PROBES)('refuses the %s probe %j as a strike', async (field, text) => {
    const { client, id } = await signedIn();
    const answer = await client.post(
      '/api/tasks/txt2img',
      txt2img(field === 'prompt' ? text : 'a portrait', field === 'neg_prompt' ? text : 'blurry'),
    );
    expect(answer.body).toEqual({ detail: { code: 'forbidden_prompt' } });
    const strikes = await t.database.db
      .selectFrom('moderation_strike')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(strikes).toHaveLength(1);
  });
});

describe('moderation endpoints', () => {
  it('answers not_found for an account that is not muted and a review that is not open', async () => {
    const { id } = await signedIn();
    expect((await operator('POST', `/api/mod/users/${id}/unmute`, { note: 'checked' })).statusCode).toBe(404);
    expect((await operator('POST', '/api/mod/reviews/999999/resolve', { resolution: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('refuses a user session: moderation is not a user capability (every console call: mod-console.test.ts)', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/mod/reviews')).status).toBe(403);
  });
});
