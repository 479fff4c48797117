import { beforeAll, describe, expect, it } from 'vitest';
import { CHILD_SAFETY_TEST_TERMS } from '../child-safety-probe.ts';
import { codeOf, Client } from '../harness.ts';
import {
  promptIds as ids,
  subscriptionFlags as flags,
  usePromptApp,
  type PromptUser as User,
} from '../prompt-fixtures.ts';

const { context, tag, signedIn, save, list, subscribe, stored } = usePromptApp();

/**
 * Saved prompts (docs/product/collections-and-prompts.md#saved-prompts, /api/prompt): saving, the three
 * lists, search, sort and paging.
 */
describe('POST /api/prompt/save', () => {
  it('saves a private prompt with its tags in order, trimmed and without repeats', async () => {
    const user = await signedIn();
    const id = await save(user, {
      lib: '  Evening walk  ',
      pos_tags: [tag.river, tag.sunset, tag.river],
      opt_tags: [tag.forest],
      neg_tags: [tag.night],
      styles: [2, 1, 2],
    });
    const { prompt } = await stored(id);
    const page = await list(user, 'mine');
    expect(page).toMatchObject({ page: 0, pages: 1, total: 1 });
    expect(page.items[0]).toEqual({
      id,
      lib: 'Evening walk',
      pos_tags: [
        { id: tag.river, name: 'river' },
        { id: tag.sunset, name: 'sunset' },
      ],
      opt_tags: [{ id: tag.forest, name: 'forest' }],
      neg_tags: [{ id: tag.night, name: 'night' }],
      styles: [2, 1],
      public: false,
      user_id: user.id,
      username: user.username,
      is_subscribed: false,
      is_subscribable: false,
      subscriber_count: 0,
      created_at: prompt!.created_at.toISOString(),
    });
  });

  it('saves a public prompt when asked, with only optional or negative tags', async () => {
    const user = await signedIn();
    const id = await save(user, { pos_tags: [], neg_tags: [tag.snow], public: true });
    expect((await stored(id)).prompt?.is_public).toBe(true);
  });

  let validator: User | undefined;
  it.each([
    ['an empty name', { lib: '' }, 'lib'],
    ['a blank name', { lib: '   ' }, 'lib'],
    ['a name over 60 characters', { lib: 'x'.repeat(61) }, 'lib'],
    ['no name', { lib: undefined }, 'lib'],
    ['no tag at all', { pos_tags: [], opt_tags: [], neg_tags: [] }, 'tags'],
    ['21 tags in a list', { opt_tags: Array.from({ length: 21 }, (_, i) => i + 1) }, 'opt_tags'],
    ['a tag id that is not an integer', { pos_tags: [1.5] }, 'pos_tags.0'],
    ['a tag id as text', { neg_tags: ['7'] }, 'neg_tags.0'],
    ['an unknown tag id', { neg_tags: [999_999] }, 'neg_tags'],
    ['an unknown style', { styles: [424_242] }, 'styles'],
    ['21 styles', { styles: Array.from({ length: 21 }, (_, i) => i) }, 'styles'],
    ['a public flag as text', { public: 'yes' }, 'public'],
  ])('refuses %s with validation_error', async (_, body, field) => {
    validator ??= await signedIn();
    const response = await validator.client.post('/api/prompt/save', {
      lib: 'fine',
      pos_tags: [tag.castle],
      ...body,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ detail: { code: 'validation_error', data: { field } } });
    expect((await list(validator, 'mine')).total).toBe(0);
  });

  it('refuses a name the child-safety layer refuses with forbidden_prompt, no detail and no strike', async () => {
    const user = await signedIn();
    const probe = CHILD_SAFETY_TEST_TERMS.find(([field]) => field === 'prompt')![1];
    const response = await user.client.post('/api/prompt/save', { lib: probe, pos_tags: [tag.castle] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: { code: 'forbidden_prompt' } });
    expect((await list(user, 'mine')).total).toBe(0);
    const strikes = await context.t.database.db
      .selectFrom('moderation_strike')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(strikes).toEqual([]);
  });

  it('keeps at most 100 prompts per user, even under concurrent saves', async () => {
    const user = await signedIn();
    await context.t.database.db
      .insertInto('saved_prompt')
      .values(Array.from({ length: 90 }, (_, i) => ({ user_id: user.id, lib: `bulk ${i}` })))
      .execute();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        user.client.post('/api/prompt/save', { lib: `race ${i}`, pos_tags: [tag.snow] }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: { code: 'saved_prompts_limit_exceeded', data: { max: 100 } } });
    }
    expect((await list(user, 'mine', {}, 'size=100')).total).toBe(100);
    const refused = await user.client.post('/api/prompt/save', { lib: 'one more', pos_tags: [tag.snow] });
    expect(codeOf(refused.body)).toBe('saved_prompts_limit_exceeded');

    const deleted = await user.client.request('DELETE', `/api/prompt/${ids(await list(user, 'mine'))[0]}`);
    expect(deleted.status).toBe(200);
    await save(user, { lib: 'room again' });
    expect((await list(user, 'mine')).total).toBe(100);
  });
});

describe('guests', () => {
  it.each([
    ['POST', '/api/prompt/save', { lib: 'x', pos_tags: [1] }],
    ['POST', '/api/prompt/mine', {}],
    ['POST', '/api/prompt/community', {}],
    ['POST', '/api/prompt/subscribed', {}],
    ['DELETE', '/api/prompt/1', undefined],
    ['POST', '/api/prompt/1/publish', {}],
    ['POST', '/api/prompt/1/subscribe', {}],
  ] as const)('%s %s needs a session', async (method, url, body) => {
    const response = await new Client(context.t.app).request(method, url, body);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: { code: 'token_missing' } });
  });
});

describe('lists', () => {
  let alice: User, bob: User, carol: User;
  const p: Record<string, number> = {};

  beforeAll(async () => {
    [alice, bob, carol] = [await signedIn(), await signedIn(), await signedIn()];
    p.alicePrivate = await save(alice, { lib: 'zq Alpine Lake' });
    p.alicePublic = await save(alice, { lib: 'zq bright meadow', public: true });
    p.bobPublic = await save(bob, { lib: 'zq Castle at night', pos_tags: [tag.castle], public: true });
    p.bobPrivate = await save(bob, { lib: 'zq hidden cove' });
    p.carolPublic = await save(carol, { lib: 'zq 100%_sure', public: true });
    expect((await subscribe(alice, p.bobPublic)).status).toBe(200);
    expect((await subscribe(carol, p.bobPublic)).status).toBe(200);
    expect((await subscribe(alice, p.carolPublic)).status).toBe(200);
  });

  it('mine: own private and public prompts, plus public subscriptions with and_subscribed', async () => {
    expect(ids(await list(alice, 'mine'))).toEqual([p.alicePublic, p.alicePrivate]);
    const withSubscribed = await list(alice, 'mine', { and_subscribed: true });
    expect(ids(withSubscribed)).toEqual([p.carolPublic, p.bobPublic, p.alicePublic, p.alicePrivate]);
    const bobs = withSubscribed.items.find((item) => item.id === p.bobPublic)!;
    expect(bobs).toMatchObject({ user_id: bob.id, username: bob.username, is_subscribed: true });
    expect(bobs).toMatchObject({ is_subscribable: true, subscriber_count: 2 });
    expect(ids(await list(bob, 'mine'))).toEqual([p.bobPrivate, p.bobPublic]);
  });

  it('community: every public prompt, own ones included but not subscribable', async () => {
    const page = await list(alice, 'community', { search: 'zq' });
    expect(ids(page)).toEqual([p.carolPublic, p.bobPublic, p.alicePublic]);
    expect(flags(page)).toEqual(['subscribed subscribable', 'subscribed subscribable', '- -']);
    const asBob = await list(bob, 'community', { search: 'zq' });
    expect(flags(asBob)).toEqual(['- subscribable', '- -', '- subscribable']);
  });

  it('subscribed: the subscriptions that are still public', async () => {
    expect(ids(await list(alice, 'subscribed'))).toEqual([p.carolPublic, p.bobPublic]);
    expect(ids(await list(carol, 'subscribed'))).toEqual([p.bobPublic]);
    expect((await list(bob, 'subscribed')).total).toBe(0);
  });

  it('searches names without regard to case, and wildcards match themselves', async () => {
    expect(ids(await list(alice, 'community', { search: 'CASTLE' }))).toEqual([p.bobPublic]);
    expect(ids(await list(alice, 'mine', { search: 'lake' }))).toEqual([p.alicePrivate]);
    expect(ids(await list(alice, 'community', { search: '%_' }))).toEqual([p.carolPublic]);
    expect((await list(alice, 'community', { search: 'zq%lake' })).total).toBe(0);
    expect((await list(bob, 'community', { search: 'hidden' })).total).toBe(0);
  });

  it('sorts by subscribers and by name, both ways', async () => {
    const bySubscribers = await list(alice, 'community', { search: 'zq', sort: 'subscribers' });
    expect(ids(bySubscribers)).toEqual([p.bobPublic, p.carolPublic, p.alicePublic]);
    const byName = await list(alice, 'community', { search: 'zq', sort: 'lib', sort_desc: false });
    expect(byName.items.map((item) => item.lib)).toEqual([
      'zq 100%_sure',
      'zq bright meadow',
      'zq Castle at night',
    ]);
    const byNameDesc = await list(alice, 'community', { search: 'zq', sort: 'lib', sort_desc: true });
    expect(ids(byNameDesc)).toEqual(ids(byName).reverse());
    const oldest = await list(alice, 'community', { search: 'zq', sort: 'created_at', sort_desc: false });
    expect(ids(oldest)).toEqual([p.alicePublic, p.bobPublic, p.carolPublic]);
  });

  it('refuses a bad target, sort, page or size', async () => {
    for (const [url, body] of [
      ['/api/prompt/everyone', {}],
      ['/api/prompt/mine', { sort: 'random' }],
      ['/api/prompt/mine', { sort_desc: 'yes' }],
      ['/api/prompt/mine?page=-1', {}],
      ['/api/prompt/mine?size=0', {}],
      ['/api/prompt/mine?size=101', {}],
      ['/api/prompt/mine?size=abc', {}],
    ] as const) {
      const response = await alice.client.post(url, body);
      expect(response.status, url).toBe(400);
      expect(codeOf(response.body), url).toBe('validation_error');
    }
  });
});

describe('paging', () => {
  it('walks every page once, with no repeats or gaps, even when the sort key ties', async () => {
    const user = await signedIn();
    // One statement: all 12 share created_at and subscriber_count, so only the id breaks ties.
    await context.t.database.db
      .insertInto('saved_prompt')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          user_id: user.id,
          lib: `pg ${i % 3}`,
          pos_tags: [tag.harbour!],
          is_public: true,
        })),
      )
      .execute();
    for (const sort of ['created_at', 'subscribers', 'lib']) {
      for (const sort_desc of [true, false]) {
        const body = { search: 'pg ', sort, sort_desc };
        const all = await list(user, 'mine', body, 'size=100');
        expect(all).toMatchObject({ total: 12, pages: 1 });
        const first = await list(user, 'mine', body);
        expect(first).toMatchObject({ page: 0, pages: 3, total: 12 });
        expect(first.items).toHaveLength(5);
        const walked = [...ids(first)];
        for (const page of [1, 2]) walked.push(...ids(await list(user, 'mine', body, `page=${page}`)));
        expect(walked, `${sort} ${sort_desc}`).toEqual(ids(all));
        expect(new Set(walked).size).toBe(12);
        const past = await list(user, 'mine', body, 'page=3');
        expect(past).toMatchObject({ items: [], page: 3, pages: 3, total: 12 });
      }
    }
  });
});
