import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as recountPublicTagUsage } from '../../src/db/migrations/0008_recount_public_tag_usage.ts';
import { addImage, signedIn, tagId } from '../gallery-fixtures.ts';
import { enqueuePaidTask, pngOf, workerCalls } from '../generation-fixtures.ts';
import { Client, codeOf, createTestApp, setBalances, type TestContext } from '../harness.ts';

/**
 * Tags come from prompts, and a private image's prompt is private (invariant 4). Tag suggestions, the
 * counts of a search (`tags_count`), the blacklist and saved prompts must never reveal a word that only
 * private images carry (abuse findings M2: a secret word of A's private prompt, probed by B, C and a
 * guest). Usage counts count public images only, and follow an image made private, public or deleted.
 */
let t: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
let probes: { name: string; client: Client }[];
let worker: ReturnType<typeof workerCalls>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  worker = workerCalls(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  token = await t.services.workerAuth.issueToken('tag-privacy-worker');
  owner = await signedIn(t);
  // Private images are for premium users (docs/product/image-viewer.md#privacy).
  await t.database.db.updateTable('app_user').set({ plan: 2 }).where('id', '=', owner.id).execute();
  await setBalances(t, owner.id, { generation_token: 500 });
  const [b, c] = [await signedIn(t), await signedIn(t)];
  probes = [
    { name: 'B', client: b.client },
    { name: 'C', client: c.client },
    { name: 'guest', client: new Client(t.app) },
  ];
});
afterAll(async () => {
  await t.close();
});

/** An image made through the worker protocol, created private when asked (the generator's switch). */
async function generate(prompt: string, options: { private: boolean }) {
  const task = await enqueuePaidTask(t, owner.id, {
    job: { prompt },
    settings: { private: options.private },
  });
  expect((await worker.lease(token)).body.job?.id).toBe(task.id);
  const done = await worker.complete(token, task.id, await pngOf(64, 88));
  expect(done.status).toBe(200);
  return done.body.image_uuid as string;
}

const suggestions = async (client: Client, text: string) => {
  const response = await client.get(`/api/gallery/search/tags?search=${encodeURIComponent(text)}`);
  expect(response.status).toBe(200);
  return response.body.tags as { id: number; name: string; count: number }[];
};

const tagsCount = async (client: Client, tag: number, authorId = owner.id) => {
  const response = await client.post(`/api/gallery/search?author_id=${authorId}`, { pos_search: [tag] });
  expect(response.status).toBe(200);
  return response.body.tags_count as Record<string, number>;
};

const togglePrivate = (uuid: string) => owner.client.request('PUT', `/api/image/${uuid}/private`, {});

const usage = async (tag: number) =>
  (
    await t.database.db
      .selectFrom('tag')
      .select('usage_count')
      .where('id', '=', tag)
      .executeTakeFirstOrThrow()
  ).usage_count;

describe('words of private prompts', () => {
  it('are never suggested nor counted for anyone while only private images carry them', async () => {
    await generate('a lighthouse at dusk, zqxmwvsecretword', { private: true });
    const secret = await tagId(t, 'zqxmwvsecretword');

    for (const probe of [...probes, { name: 'owner', client: owner.client }]) {
      expect(await suggestions(probe.client, 'zqxmwv'), probe.name).toEqual([]);
      expect(await suggestions(probe.client, 'ZQXMWVSECRETWORD'), probe.name).toEqual([]);
    }
    for (const probe of probes.slice(0, 2)) {
      expect(await tagsCount(probe.client, secret), probe.name).toEqual({});
      expect(await tagsCount(probe.client, secret, 0), probe.name).toEqual({});
    }
    expect(await usage(secret)).toBe(0);
  });

  it('cannot be read back through the blacklist or a saved prompt by their id', async () => {
    await generate('a harbour at night, zqxmwvhiddenname', { private: true });
    const hidden = await tagId(t, 'zqxmwvhiddenname');
    const lighthouse = await tagId(t, 'a lighthouse at dusk');
    const [b] = probes;

    const banned = await b!.client.request('PUT', '/api/settings/tags/ban', { tags: [hidden, lighthouse] });
    expect(banned.status).toBe(200);
    expect(banned.body.tags).toEqual([]);

    const saved = await b!.client.post('/api/prompt/save', { lib: 'probe', pos_tags: [hidden] });
    expect(saved.status).toBe(400);
    expect(saved.body).toEqual({
      detail: { code: 'validation_error', data: { field: 'pos_tags', unknown: [hidden] } },
    });
  });

  it('stay on a blacklist that took them while public, and cannot be added once private', async () => {
    const image = await addImage(t, owner.id, { prompt: 'zqxmwvkeptban, a tin robot' });
    const kept = await tagId(t, 'zqxmwvkeptban');
    const robot = await tagId(t, 'a tin robot');
    const [, c] = probes;
    const save = async (tags: number[]) =>
      (
        (await c!.client.request('PUT', '/api/settings/tags/ban', { tags })).body.tags as { id: number }[]
      ).map((tag) => tag.id);
    expect(await save([kept])).toEqual([kept]);
    expect((await togglePrivate(image.uuid)).body).toEqual({ is_private: true });
    // C knew the word: saving the list again keeps it; the robot, now only in a private image, is not added.
    expect(await save([kept, robot])).toEqual([kept]);
    expect(await save([])).toEqual([]);
    // Taken off, it cannot come back while only a private image carries it.
    expect(await save([kept])).toEqual([]);
  });

  it('are suggested and counted once their image is public, and no more once it is private again', async () => {
    const uuid = await generate('a quiet pier, zqxmwvtoggledword', { private: true });
    const toggled = await tagId(t, 'zqxmwvtoggledword');

    expect((await togglePrivate(uuid)).body).toEqual({ is_private: false });
    for (const probe of probes) {
      expect(await suggestions(probe.client, 'zqxmwvtog'), probe.name).toEqual([
        { id: toggled, name: 'zqxmwvtoggledword', count: 1 },
      ]);
    }
    expect(await tagsCount(probes[0]!.client, toggled)).toEqual({ [toggled]: 1 });

    expect((await togglePrivate(uuid)).body).toEqual({ is_private: true });
    for (const probe of probes) expect(await suggestions(probe.client, 'zqxmwvtog'), probe.name).toEqual([]);
    expect(await tagsCount(probes[1]!.client, toggled)).toEqual({});
    expect(await usage(toggled)).toBe(0);
  });
});

describe('tag usage counts', () => {
  it('count public images only, through creation, privacy changes and deletions', async () => {
    const first = await generate('zqxmwvshared, a red kite', { private: false });
    const second = await generate('zqxmwvshared, a blue kite', { private: false });
    const createdPrivate = await generate('zqxmwvshared, a green kite', { private: true });
    const shared = await tagId(t, 'zqxmwvshared');
    expect(await usage(shared)).toBe(2);

    expect((await togglePrivate(second)).body).toEqual({ is_private: true });
    expect(await usage(shared)).toBe(1);
    // Deleting a private image leaves the public count alone.
    expect((await owner.client.request('DELETE', `/api/image/${second}`)).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/image/${createdPrivate}`)).status).toBe(200);
    expect(await usage(shared)).toBe(1);
    expect(await suggestions(probes[2]!.client, 'zqxmwvsha')).toEqual([
      { id: shared, name: 'zqxmwvshared', count: 1 },
    ]);

    expect((await owner.client.request('DELETE', `/api/image/${first}`)).status).toBe(200);
    expect(await usage(shared)).toBe(0);
    expect(await suggestions(probes[2]!.client, 'zqxmwvsha')).toEqual([]);
  });

  it('stay exact when the owner toggles an image many times at once, and deletes it meanwhile', async () => {
    const kept = await addImage(t, owner.id, { prompt: 'zqxmwvracing, a paper boat' });
    const toggled = await addImage(t, owner.id, { prompt: 'zqxmwvracing, a paper plane' });
    const racing = await tagId(t, 'zqxmwvracing');
    expect(await usage(racing)).toBe(2);

    const answers = await Promise.all(Array.from({ length: 21 }, () => togglePrivate(toggled.uuid)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(21).fill(200));
    const states = answers.map((answer) => answer.body.is_private as boolean);
    // Each toggle flips the stored state once: 11 answers say private and 10 say public, in some order.
    expect(states.filter(Boolean)).toHaveLength(11);
    expect((await owner.client.get(`/api/image/${toggled.uuid}/info`)).body.is_private).toBe(true);
    expect(await usage(racing)).toBe(1);

    const mixed = await Promise.all([
      ...Array.from({ length: 10 }, () => togglePrivate(kept.uuid)),
      owner.client.request('DELETE', `/api/image/${kept.uuid}`),
      ...Array.from({ length: 10 }, () => togglePrivate(kept.uuid)),
    ]);
    expect(mixed.filter((answer) => answer.status >= 500)).toEqual([]);
    for (const answer of mixed.filter((one) => one.status !== 200)) {
      expect(codeOf(answer.body)).toBe('image_not_found');
    }
    expect(await usage(racing)).toBe(0);
  });

  it('count images finished together, private ones not at all', async () => {
    const privacy = [false, true, false, true, false];
    for (const [index, isPrivate] of privacy.entries()) {
      await enqueuePaidTask(t, owner.id, {
        job: { prompt: `zqxmwvtogether, kite ${'abcde'[index]}` },
        settings: { private: isPrivate },
      });
    }
    const jobs = [];
    for (let n = 0; n < privacy.length; n++) jobs.push((await worker.lease(token)).body.job!.id);
    const png = await pngOf(64, 88);
    const done = await Promise.all(jobs.map((id) => worker.complete(token, id, png)));
    expect(done.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    expect(await usage(await tagId(t, 'zqxmwvtogether'))).toBe(3);
  });

  it('are recounted from public images by migration 0008 where they counted private ones too', async () => {
    await addImage(t, owner.id, { prompt: 'zqxmwvlegacy, a stone bridge' });
    await addImage(t, owner.id, { prompt: 'zqxmwvlegacy, zqxmwvlegacysecret', is_private: true });
    const legacy = await tagId(t, 'zqxmwvlegacy');
    const legacySecret = await tagId(t, 'zqxmwvlegacysecret');
    // As the old code stored them: every image counted, private or not.
    await sql`update tag set usage_count = (select count(*) from image where tag_ids @> array[tag.id])
      where id in (${legacy}, ${legacySecret})`.execute(t.database.db);
    expect([await usage(legacy), await usage(legacySecret)]).toEqual([2, 1]);

    await recountPublicTagUsage(t.database.db as unknown as Kysely<unknown>);

    expect([await usage(legacy), await usage(legacySecret)]).toEqual([1, 0]);
    expect(await suggestions(probes[2]!.client, 'zqxmwvlegacys')).toEqual([]);
  });
});
