import { randomUUID } from 'node:crypto';
import { ANONYMOUS, canView, IMAGE_SAFETY_STATES } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, imageSafetyMode, loadConfig } from '../../src/config.ts';
import { createImageSafety } from '../../src/features/image/safety/index.ts';
import { visibleTo } from '../../src/features/image/visibility-repository.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { enqueuePaidTask, pngOf, workerCalls } from '../generation-fixtures.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';
import { BLUE, colourScorer, HOLD, RED } from '../image-safety-fixtures.ts';

/**
 * The image-side safety check end to end, with a fake scorer in place of the models (their own test is
 * features/image/safety/models.test.ts): a finished image waits, its owner's only, until it is scored; the
 * rule then clears it or holds it for review; a moderator releases or removes a held one.
 *
 * The fake reads the picture's colour: a red result is scored as sexual with a young face (held), any other
 * as neutral with no face (cleared). Neutral test pictures only: flat colours.
 */
const { scorer, control: fake } = colourScorer();

let t: TestContext;
let calls: ReturnType<typeof workerCalls>;
let token: string;
let owner: { client: Client; id: number };
let other: { client: Client; id: number };
let anonymous: Client;

beforeAll(async () => {
  t = await createTestApp({ deps: { imageSafetyScorer: scorer } });
  calls = workerCalls(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  token = await t.services.workerAuth.issueToken('safety-worker');
  owner = await signedIn(t);
  other = await signedIn(t);
  anonymous = new Client(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** A finished txt2img image of the owner's, public by the owner's choice unless `private`. */
async function finishedImage(
  colour: { r: number; g: number; b: number },
  options: { private?: boolean } = {},
) {
  const task = await enqueuePaidTask(t, owner.id, { settings: { private: options.private === true } });
  expect((await calls.lease(token)).body.job?.id).toBe(task.id);
  const done = await calls.complete(token, task.id, await pngOf(64, 88, colour));
  expect(done.status).toBe(200);
  return done.body.image_uuid as string;
}

const safetyState = async (uuid: string) =>
  (await t.database.db.selectFrom('image').select('safety_state').where('uuid', '=', uuid).executeTakeFirst())
    ?.safety_state;

/** The status of a file request (not JSON: the client's own `get` would parse it). */
async function fileStatus(client: Client, file: string): Promise<number> {
  const cookie = client.cookieHeader();
  const response = await t.app.inject({
    method: 'GET',
    url: `/images/${file}`,
    remoteAddress: client.ip,
    headers: cookie ? { cookie } : {},
  });
  return response.statusCode;
}

/** Who gets the image's info, its file, and sees it on everybody's gallery. */
async function whoSees(uuid: string) {
  const seen: string[] = [];
  for (const [name, client] of [
    ['anonymous', anonymous],
    ['other', other.client],
    ['owner', owner.client],
  ] as const) {
    const info = await client.get(`/api/image/${uuid}/info`);
    const file = await fileStatus(client, `${uuid}.webp`);
    const board = await client.post('/api/gallery/search?size=48&author_id=0', {});
    const onBoard = (board.body.items as { uuid: string }[]).some((item) => item.uuid === uuid);
    // The three are answered alike; a difference would be a leak through one of them.
    expect([info.status, file], `${name} info and file`).toEqual(
      info.status === 200 ? [200, 200] : [404, 404],
    );
    if (info.status === 200) seen.push(name);
    if (onBoard) seen.push(`${name} on the board`);
  }
  return seen;
}

/** Everybody sees a published image; everybody's gallery shows visitors the guest samples instead. */
const EVERYBODY = ['anonymous', 'other', 'other on the board', 'owner', 'owner on the board'];

describe('a finished image and the safety check', () => {
  it('publishes an image the check allows, as its owner chose', async () => {
    const uuid = await finishedImage(BLUE);
    await t.services.imageSafety.idle();
    expect(await safetyState(uuid)).toBe('clear');
    expect(await whoSees(uuid)).toEqual(EVERYBODY);
  });

  it("keeps an image its owner's only while the models are not ready, and publishes it once checked", async () => {
    fake.block();
    try {
      const uuid = await finishedImage(BLUE);
      // The worker was answered before the check ran; the image waits, public by choice but unpublished.
      expect(await safetyState(uuid)).toBe('pending');
      expect(await whoSees(uuid)).toEqual(['owner']);
      fake.unblock();
      await t.services.imageSafety.idle();
      expect(await safetyState(uuid)).toBe('clear');
      expect(await whoSees(uuid)).toEqual(EVERYBODY);
    } finally {
      fake.unblock();
    }
  });

  it('never publishes an image whose check failed; the sweep checks it again', async () => {
    fake.failing = true;
    let uuid: string;
    try {
      uuid = await finishedImage(BLUE);
      await t.services.imageSafety.idle();
      expect(await safetyState(uuid)).toBe('pending');
      expect(await whoSees(uuid)).toEqual(['owner']);
    } finally {
      fake.failing = false;
    }
    // Not yet a minute old: left to the check that already ran; then taken by a sweep of all waiting images.
    expect(await t.services.imageSafety.sweep()).toBe(0);
    expect(await t.services.imageSafety.sweep(0)).toBeGreaterThanOrEqual(1);
    await t.services.imageSafety.idle();
    expect(await safetyState(uuid)).toBe('clear');
    expect(await whoSees(uuid)).toEqual(EVERYBODY);
  });
});

describe('an image the check holds', () => {
  it("stays its owner's only, and shows up in the review queue with its scores and reasons", async () => {
    const uuid = await finishedImage(RED);
    await t.services.imageSafety.idle();
    expect(await safetyState(uuid)).toBe('held');
    expect(await whoSees(uuid)).toEqual(['owner']);
    const reviews = await t.services.imageSafety.listReviews({});
    const review = reviews.find((row) => row.image_uuid === uuid);
    expect(review).toMatchObject({
      user_id: owner.id,
      username: expect.any(String) as string,
      state: 'open',
      reasons: ['sexual', 'young_face'],
      scores: { ...HOLD, sexual: expect.closeTo(0.905, 6) as number, youngestAge: 12.5 },
      resolved_at: null,
      resolved_by: null,
    });
  });

  it("cannot be published by its owner: made public, it is still nobody else's", async () => {
    await t.database.db
      .updateTable('app_user')
      .set({ pro_expire: new Date(Date.now() + 30 * 86_400_000) })
      .where('id', '=', owner.id)
      .execute();
    const uuid = await finishedImage(RED, { private: true });
    await t.services.imageSafety.idle();
    const toggled = await owner.client.request('PUT', `/api/image/${uuid}/private`);
    expect(toggled.status).toBe(200);
    expect(toggled.body).toEqual({ is_private: false });
    expect(await whoSees(uuid)).toEqual(['owner']);
    // Nor can anybody else act on it: favouriting answers as for a missing image.
    const favourite = await other.client.post('/api/action/favorite', { uuid });
    expect(favourite.status).toBe(404);
  });

  it('is published as its owner chose once a moderator releases it; a second decision is refused', async () => {
    const uuid = await finishedImage(RED);
    await t.services.imageSafety.idle();
    const review = (await t.services.imageSafety.listReviews({})).find((row) => row.image_uuid === uuid)!;

    const released = await t.services.imageSafety.resolveReview(review.id, 'release', other.id);

    expect(released).toEqual({ outcome: 'released', image_id: review.image_id });
    expect(await safetyState(uuid)).toBe('clear');
    expect(await whoSees(uuid)).toEqual(EVERYBODY);
    expect(await t.services.imageSafety.resolveReview(review.id, 'remove', other.id)).toEqual({
      outcome: 'not_open',
      state: 'released',
    });
    const [after] = await t.services.imageSafety.listReviews({ state: 'released', after: review.id - 1 });
    expect(after).toMatchObject({ id: review.id, state: 'released', resolved_by: other.id });
    expect(after!.resolved_at).toBeInstanceOf(Date);
    expect((await t.services.imageSafety.listReviews({})).map((row) => row.id)).not.toContain(review.id);
  });

  it('is deleted, files and all, when a moderator removes it; the review stays on record', async () => {
    const uuid = await finishedImage(RED);
    await t.services.imageSafety.idle();
    const review = (await t.services.imageSafety.listReviews({})).find((row) => row.image_uuid === uuid)!;
    expect(await fileStatus(owner.client, `${uuid}.png`)).toBe(200);

    const removed = await t.services.imageSafety.resolveReview(review.id, 'remove', other.id);

    expect(removed).toEqual({ outcome: 'removed', image: { id: review.image_id, uuid } });
    expect(await safetyState(uuid)).toBeUndefined();
    for (const file of [`${uuid}.png`, `${uuid}.webp`, `${uuid}-min.webp`])
      expect(await fileStatus(owner.client, file)).toBe(404);
    expect(await t.services.store.get(`images/${uuid}.png`)).toBeNull();
    const [kept] = await t.services.imageSafety.listReviews({ state: 'removed', after: review.id - 1 });
    expect(kept).toMatchObject({ id: review.id, image_id: null, image_uuid: uuid, state: 'removed' });
  });

  it('finishes a removal that was decided but not carried out, on the next sweep', async () => {
    const uuid = await finishedImage(RED);
    await t.services.imageSafety.idle();
    const review = (await t.services.imageSafety.listReviews({})).find((row) => row.image_uuid === uuid)!;
    // As if the process stopped between the decision and the deletion.
    await t.database.db
      .updateTable('image_safety_review')
      .set({ state: 'removed', resolved_at: new Date(), resolved_by: other.id })
      .where('id', '=', review.id)
      .execute();
    expect(await safetyState(uuid)).toBe('held');

    await t.services.imageSafety.sweep();

    expect(await safetyState(uuid)).toBeUndefined();
    expect(await t.services.store.get(`images/${uuid}.png`)).toBeNull();
  });

  it('answers not_found for a review that does not exist', async () => {
    expect(await t.services.imageSafety.resolveReview(987_654, 'release', other.id)).toEqual({
      outcome: 'not_found',
    });
  });
});

describe('with the check off (IMAGE_SAFETY=off, the default outside production)', () => {
  it('is on by default in production, where turning it off refuses the start', () => {
    const production = {
      NODE_ENV: 'production',
      COOKIE_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'https://mirage.example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      // Paths only: loadConfig does not read them.
      C2PA_CERT: '/etc/mirage/c2pa-chain.pem',
      C2PA_KEY: '/etc/mirage/c2pa-key.pem',
    };
    expect(imageSafetyMode(loadConfig(production))).toBe('models');
    expect(() => loadConfig({ ...production, IMAGE_SAFETY: 'off' })).toThrow(ConfigError);
    expect(imageSafetyMode(loadConfig({ NODE_ENV: 'development' }))).toBe('off');
    expect(imageSafetyMode(loadConfig({ NODE_ENV: 'development', IMAGE_SAFETY: 'models' }))).toBe('models');
  });

  it('stores new images cleared, and clears images an earlier run left waiting', async () => {
    const off = createImageSafety({
      config: loadConfig({ NODE_ENV: 'development' }),
      db: t.database.db,
      store: t.services.store,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      now: () => new Date(),
      deleteImage: () => Promise.reject(new Error('nothing is removed here')),
    });
    expect(off.initialState).toBe('clear');
    const uuid = randomUUID();
    await t.database.db
      .insertInto('image')
      .values({
        uuid,
        user_id: owner.id,
        gen_type: 'txt2img',
        format: 'Portrait',
        quality: 'Standard',
        seed: 1,
        width: 8,
        height: 8,
        prompt: 'a lighthouse at dusk',
        neg_prompt: '',
        gen_data: JSON.stringify({}),
        signature: null,
        blurhash: '',
        style_id: null,
        render: null,
        safety_state: 'pending',
      })
      .execute();
    await t.services.store.put(`images/${uuid}.png`, await pngOf(8, 8), 'image/png');
    const scoredBefore = fake.scored;

    expect(await off.sweep(0)).toBe(1);
    await off.idle();

    expect(await safetyState(uuid)).toBe('clear');
    expect(fake.scored).toBe(scoredBefore);
    await off.close();
  });
});

describe('canView and visibleTo', () => {
  it('agree on images in every safety state, private or public, for every viewer', async () => {
    const images = [];
    for (const safety_state of IMAGE_SAFETY_STATES)
      for (const is_private of [false, true])
        for (const userId of [owner.id, other.id])
          images.push(await addImage(t, userId, { is_private, safety_state }));
    const uuids = images.map((image) => image.uuid);
    for (const viewer of [ANONYMOUS, owner.id, other.id]) {
      const rows = await t.database.db
        .selectFrom('image')
        .select('uuid')
        .where('uuid', 'in', uuids)
        .where(visibleTo(viewer))
        .execute();
      const expected = images.filter((image) => canView(viewer, image)).map((image) => image.uuid);
      expect(rows.map((row) => row.uuid).sort(), `viewer ${viewer}`).toEqual(expected.sort());
    }
    // Not a vacuous agreement: strangers see the two cleared public images, owners their own six besides.
    expect(images.filter((image) => canView(ANONYMOUS, image))).toHaveLength(2);
    expect(images.filter((image) => canView(owner.id, image))).toHaveLength(7);
  });
});
