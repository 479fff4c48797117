import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../gallery-fixtures.ts';
import { enqueuePaidTask, pngOf, workerCalls } from '../generation-fixtures.ts';
import { createTestApp, type Client, type TestContext } from '../harness.ts';
import { BLUE, colourScorer, RED } from '../image-safety-fixtures.ts';

/**
 * The owner's bell when the image-side safety check holds an image (docs/architecture/image-safety.md):
 * one neutral notification when it is held, one when a moderator releases or removes it, none for an
 * image the check allows. Same fake scorer as image-safety.test.ts: a red picture is held, any other
 * allowed (flat colours only).
 */
const { scorer } = colourScorer();

const IMAGE_NOTICES = ['image_held', 'image_released', 'image_removed'] as const;

let t: TestContext;
let calls: ReturnType<typeof workerCalls>;
let token: string;
let moderator: { client: Client; id: number };

beforeAll(async () => {
  t = await createTestApp({ deps: { imageSafetyScorer: scorer } });
  calls = workerCalls(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  token = await t.services.workerAuth.issueToken('safety-notice-worker');
  moderator = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
});

/** A new owner and one finished, checked txt2img image of theirs in `colour`. */
async function checkedImage(colour: { r: number; g: number; b: number }) {
  const owner = await signedIn(t);
  const task = await enqueuePaidTask(t, owner.id);
  expect((await calls.lease(token)).body.job?.id).toBe(task.id);
  const done = await calls.complete(token, task.id, await pngOf(64, 88, colour));
  expect(done.status).toBe(200);
  await t.services.imageSafety.idle();
  return { owner, uuid: done.body.image_uuid as string };
}

/** The owner's image-review notifications, oldest first. */
async function notices(userId: number) {
  return t.database.db
    .selectFrom('notification')
    .select(['type', 'data', 'reward_tokens', 'xp_gain', 'consumed_at'])
    .where('user_id', '=', userId)
    .where('type', 'in', IMAGE_NOTICES)
    .orderBy('id')
    .execute();
}

async function reviewOf(uuid: string) {
  return (await t.services.imageSafety.listReviews({})).find((row) => row.image_uuid === uuid)!;
}

describe("the owner's notifications of an image safety review", () => {
  it('a held image gives its owner exactly one neutral notification, listed in the bell', async () => {
    const { owner } = await checkedImage(RED);
    // A second sweep or check of the same image adds nothing.
    await t.services.imageSafety.sweep(0);
    await t.services.imageSafety.idle();

    expect(await notices(owner.id)).toEqual([
      { type: 'image_held', data: {}, reward_tokens: 0, xp_gain: null, consumed_at: null },
    ]);
    expect(await notices(moderator.id)).toEqual([]);
    const bell = await owner.client.get('/api/notifications');
    expect(bell.status).toBe(200);
    const items = bell.body.items as { type: string; key: string; action: unknown; new: boolean }[];
    const held = items.filter((item) => item.type === 'image_held');
    expect(held).toEqual([
      expect.objectContaining({ key: 'notifications.image_held', action: null, new: true }),
    ]);
    // Nothing of the verdict reaches the owner: no reason, no score.
    expect(JSON.stringify(held)).not.toMatch(/young|sexual|\bage\b|face|score|reason/);
  });

  it('an image the check allows gives none', async () => {
    const { owner } = await checkedImage(BLUE);
    expect(await notices(owner.id)).toEqual([]);
  });

  it('a release tells the owner once; a second decision adds nothing', async () => {
    const { owner, uuid } = await checkedImage(RED);
    const review = await reviewOf(uuid);
    expect(await t.services.imageSafety.resolveReview(review.id, 'release', moderator.id)).toMatchObject({
      outcome: 'released',
    });
    await t.services.imageSafety.resolveReview(review.id, 'remove', moderator.id);
    expect((await notices(owner.id)).map((row) => row.type)).toEqual(['image_held', 'image_released']);
  });

  it('a removal tells the owner', async () => {
    const { owner, uuid } = await checkedImage(RED);
    const review = await reviewOf(uuid);
    expect(await t.services.imageSafety.resolveReview(review.id, 'remove', moderator.id)).toMatchObject({
      outcome: 'removed',
    });
    expect((await notices(owner.id)).map((row) => row.type)).toEqual(['image_held', 'image_removed']);
  });

  it('an image its owner deleted while held gives no outcome notification', async () => {
    const { owner, uuid } = await checkedImage(RED);
    const review = await reviewOf(uuid);
    const deleted = await owner.client.request('DELETE', `/api/image/${uuid}`);
    expect(deleted.status).toBe(200);
    await t.services.imageSafety.resolveReview(review.id, 'release', moderator.id);
    expect((await notices(owner.id)).map((row) => row.type)).toEqual(['image_held']);
  });
});
