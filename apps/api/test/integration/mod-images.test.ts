import type { ImageSafetyScores } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageSafetyScorer } from '../../src/features/image/safety/index.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { enqueuePaidTask, pngOf, workerCalls } from '../generation-fixtures.ts';
import { codeOf, createTestApp, type Client, type TestContext } from '../harness.ts';

/**
 * The console's queue of images the safety check held (`/api/mod/images`), and the staff preview of a
 * reported or held image (`/api/mod/previews/:uuid`), which is no window on other private images.
 */
const HOLD: ImageSafetyScores = {
  nsfw: { drawing: 0.02, hentai: 0.03, neutral: 0.05, porn: 0.85, sexy: 0.05 },
  faces: [{ score: 0.97, age: 12.5 }],
};
/** A fake scorer that holds every image (the rule's inputs are synthetic scores, never a picture). */
const holdAll: ImageSafetyScorer = { score: () => Promise.resolve(HOLD), close: async () => {} };

let t: TestContext;
let calls: ReturnType<typeof workerCalls>;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { imageSafetyScorer: holdAll } });
  calls = workerCalls(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  token = await t.services.workerAuth.issueToken('mod-images-worker');
});
afterAll(async () => {
  await t?.close();
});

async function heldImageOf(ownerId: number): Promise<string> {
  const task = await enqueuePaidTask(t, ownerId, { settings: { private: false } });
  expect((await calls.lease(token)).body.job?.id).toBe(task.id);
  const done = await calls.complete(token, task.id, await pngOf(64, 88, { r: 30, g: 60, b: 200 }));
  expect(done.status).toBe(200);
  await t.services.imageSafety.idle();
  return done.body.image_uuid as string;
}

const preview = (client: Client, uuid: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/mod/previews/${uuid}`,
    headers: { cookie: client.cookieHeader() },
  });

describe('held images in the console', () => {
  it('lists, previews and releases a held image once, with an audit entry', async () => {
    const moderator = await signedIn(t);
    await t.services.mod.roles.setRole(moderator.id, 'moderator');
    const owner = await signedIn(t);
    const uuid = await heldImageOf(owner.id);

    const queue = (await moderator.client.get('/api/mod/images?state=open')).body as {
      items: { id: number; image_uuid: string; image_present: boolean; reasons: string[] }[];
    };
    const review = queue.items.find((item) => item.image_uuid === uuid);
    expect(review).toMatchObject({ image_present: true });
    expect(review!.reasons.length).toBeGreaterThan(0);

    const seen = await preview(moderator.client, uuid);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    // Not for a user without a role, even the owner.
    expect(codeOf((await preview(owner.client, uuid)).json())).toBe('unauthorized_resource');

    const released = await moderator.client.post(`/api/mod/images/${review!.id}/resolve`, {
      decision: 'release',
      note: 'a landscape, nothing wrong',
    });
    expect(released.body).toEqual({ ok: true });
    const again = await moderator.client.post(`/api/mod/images/${review!.id}/resolve`, {
      decision: 'remove',
    });
    expect(codeOf(again.body)).toBe('review_not_open');
    const row = await t.database.db
      .selectFrom('image')
      .select('safety_state')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row.safety_state).toBe('clear');
    const audit = (await moderator.client.get('/api/mod/audit?limit=1')).body as {
      items: { action: string; target_type: string; note: string }[];
    };
    expect(audit.items[0]).toMatchObject({
      action: 'image_released',
      target_type: 'image_review',
      note: 'a landscape, nothing wrong',
    });
    expect(
      codeOf((await moderator.client.post('/api/mod/images/99999999/resolve', { decision: 'remove' })).body),
    ).toBe('not_found');
  });

  it('previews no private image that nobody reported or held', async () => {
    const moderator = await signedIn(t);
    await t.services.mod.roles.setRole(moderator.id, 'moderator');
    const owner = await signedIn(t);
    const image = await addImage(t, owner.id, { files: true, is_private: true, safety_state: 'clear' });
    expect(codeOf((await preview(moderator.client, image.uuid)).json())).toBe('image_not_found');
    expect(codeOf((await preview(moderator.client, 'not-a-uuid')).json())).toBe('image_not_found');
  });
});
