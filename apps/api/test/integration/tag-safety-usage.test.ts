import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as recountPublishedTagUsage } from '../../src/db/migrations/0023_recount_published_tag_usage.ts';
import { addImage, signedIn, tagId } from '../gallery-fixtures.ts';
import { enqueuePaidTask, pngOf, workerCalls } from '../generation-fixtures.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';
import { BLUE, colourScorer, RED } from '../image-safety-fixtures.ts';

/**
 * Tag usage counts (suggestions, a search's `tags_count`) count PUBLISHED images only: public and cleared
 * by the image-side safety check (isPublished in @mirage/domain). A public image waiting for the check or
 * held for review counts for nobody until the check or a moderator clears it. Same fake scorer as
 * image-safety.test.ts: a red picture is held, any other allowed (flat colours only; neutral prompts).
 */
const { scorer, control: fake } = colourScorer();

let t: TestContext;
let calls: ReturnType<typeof workerCalls>;
let token: string;
let owner: { client: Client; id: number };
let moderator: { client: Client; id: number };
let guest: Client;

beforeAll(async () => {
  t = await createTestApp({ deps: { imageSafetyScorer: scorer } });
  calls = workerCalls(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  token = await t.services.workerAuth.issueToken('tag-safety-worker');
  owner = await signedIn(t);
  moderator = await signedIn(t);
  guest = new Client(t.app);
  // Private images are for premium users (docs/product/image-viewer.md#privacy).
  await t.database.db.updateTable('app_user').set({ plan: 2 }).where('id', '=', owner.id).execute();
});
afterAll(async () => {
  fake.unblock();
  await t?.close();
});

/** A public txt2img image of the owner's with this prompt, finished by the worker (not checked yet). */
async function finished(prompt: string, colour: { r: number; g: number; b: number }) {
  const task = await enqueuePaidTask(t, owner.id, { job: { prompt }, settings: { private: false } });
  expect((await calls.lease(token)).body.job?.id).toBe(task.id);
  const done = await calls.complete(token, task.id, await pngOf(64, 88, colour));
  expect(done.status).toBe(200);
  return done.body.image_uuid as string;
}

const usage = async (tag: number) =>
  (
    await t.database.db
      .selectFrom('tag')
      .select('usage_count')
      .where('id', '=', tag)
      .executeTakeFirstOrThrow()
  ).usage_count;

const suggested = async (text: string) => {
  const response = await guest.get(`/api/gallery/search/tags?search=${encodeURIComponent(text)}`);
  expect(response.status).toBe(200);
  return (response.body.tags as { name: string; count: number }[]).map((tag) => [tag.name, tag.count]);
};

const reviewOf = async (uuid: string) =>
  (await t.services.imageSafety.listReviews({})).find((row) => row.image_uuid === uuid)!;

describe('tag usage and the image-side safety check', () => {
  it('does not count a public image while it waits for the check, and counts it once cleared', async () => {
    fake.block();
    try {
      await finished('zqxwaiting, a lighthouse at dusk', BLUE);
      const tag = await tagId(t, 'zqxwaiting');
      expect(await usage(tag)).toBe(0);
      expect(await suggested('zqxwait')).toEqual([]);
      fake.unblock();
      await t.services.imageSafety.idle();
      expect(await usage(tag)).toBe(1);
      expect(await suggested('zqxwait')).toEqual([['zqxwaiting', 1]]);
    } finally {
      fake.unblock();
    }
  });

  it('does not count a held image, whatever its owner toggles, and counts it once released', async () => {
    const uuid = await finished('zqxheld, a harbour in fog', RED);
    await t.services.imageSafety.idle();
    const tag = await tagId(t, 'zqxheld');
    expect(await usage(tag)).toBe(0);
    // Private, then public again: still held, so still counted by nobody.
    for (const expected of [true, false]) {
      const toggled = await owner.client.request('PUT', `/api/image/${uuid}/private`);
      expect(toggled.body).toEqual({ is_private: expected });
      expect(await usage(tag)).toBe(0);
    }
    expect(await suggested('zqxhel')).toEqual([]);

    await t.services.imageSafety.resolveReview((await reviewOf(uuid)).id, 'release', moderator.id);
    expect(await usage(tag)).toBe(1);
    expect(await suggested('zqxhel')).toEqual([['zqxheld', 1]]);
  });

  it('gives nothing back when a held image is removed or deleted, leaving other images counted', async () => {
    await addImage(t, owner.id, { prompt: 'zqxshared, a quiet meadow' });
    const removed = await finished('zqxshared, a quiet meadow at noon', RED);
    const deleted = await finished('zqxshared, a quiet meadow at night', RED);
    await t.services.imageSafety.idle();
    const tag = await tagId(t, 'zqxshared');
    expect(await usage(tag)).toBe(1);

    await t.services.imageSafety.resolveReview((await reviewOf(removed)).id, 'remove', moderator.id);
    expect((await owner.client.request('DELETE', `/api/image/${deleted}`)).status).toBe(200);

    expect(await usage(tag)).toBe(1);
  });

  it('counts a held image released as private by nobody, until its owner publishes it', async () => {
    const uuid = await finished('zqxprivate, a pine forest', RED);
    await t.services.imageSafety.idle();
    expect((await owner.client.request('PUT', `/api/image/${uuid}/private`)).body).toEqual({
      is_private: true,
    });
    await t.services.imageSafety.resolveReview((await reviewOf(uuid)).id, 'release', moderator.id);
    const tag = await tagId(t, 'zqxprivate');
    expect(await usage(tag)).toBe(0);
    expect((await owner.client.request('PUT', `/api/image/${uuid}/private`)).body).toEqual({
      is_private: false,
    });
    expect(await usage(tag)).toBe(1);
  });

  it('are recounted from published images by migration 0023 where held ones counted too', async () => {
    await addImage(t, owner.id, { prompt: 'zqxlegacy, a stone bridge' });
    await addImage(t, owner.id, { prompt: 'zqxlegacy, zqxlegacyheld', safety_state: 'held' });
    await addImage(t, owner.id, { prompt: 'zqxlegacy, a stone bridge', safety_state: 'pending' });
    const legacy = await tagId(t, 'zqxlegacy');
    const legacyHeld = await tagId(t, 'zqxlegacyheld');
    // As the old code stored them: every public image counted, whatever the check said.
    await sql`update tag set usage_count = (select count(*) from image where not is_private and tag_ids @> array[tag.id])
      where id in (${legacy}, ${legacyHeld})`.execute(t.database.db);
    expect([await usage(legacy), await usage(legacyHeld)]).toEqual([3, 1]);

    await recountPublishedTagUsage(t.database.db as unknown as Kysely<unknown>);

    expect([await usage(legacy), await usage(legacyHeld)]).toEqual([1, 0]);
    expect(await suggested('zqxlegacyh')).toEqual([]);
  });
});
