import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageKeys } from '../../src/features/image/post-process.ts';
import { addImage, signedIn, tagId } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t);
  other = await signedIn(t);
});
afterAll(async () => {
  await t.close();
});

const makePremium = (userId: number) =>
  t.database.db.updateTable('app_user').set({ plan: 2 }).where('id', '=', userId).execute();
const put = (client: Client, url: string, body?: unknown) => client.request('PUT', url, body ?? {});
const del = (client: Client, url: string, body?: unknown) => client.request('DELETE', url, body);

describe('image calls', () => {
  it('answers info and gen info for a public image, to guests too', async () => {
    const image = await addImage(t, owner.id, { prompt: 'a lighthouse at dusk, harbour' });
    const info = await other.client.get(`/api/image/${image.uuid}/info`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      uuid: image.uuid,
      user_id: owner.id,
      is_owner: false,
      is_favorite: false,
      is_private: false,
      tags: 'a lighthouse at dusk, harbour',
      image_src: `/images/${image.uuid}.webp`,
      upscaled_src: null,
    });
    const guest = await new Client(t.app).get(`/api/image/${image.uuid}/info/gen`);
    expect(guest.body).toMatchObject({
      prompt: 'a lighthouse at dusk, harbour',
      neg_prompt: 'blurry',
      seed: 42,
      style_id: 1,
      creativity: 'Balanced',
      modifiers: [{ id: 3, weight: 40 }],
    });
    expect(guest.body.created_at).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    const tags = await other.client.get(`/api/image/${image.uuid}/tags`);
    expect(tags.body.tags).toEqual(image.tag_ids);
  });

  it('keeps a private image invisible to everyone but its owner, through every call and file', async () => {
    const image = await addImage(t, owner.id, { prompt: 'a private garden', is_private: true, files: true });
    const paths = [
      `/api/image/${image.uuid}/info`,
      `/api/image/${image.uuid}/info/gen`,
      `/api/image/${image.uuid}/tags`,
      `/images/${image.uuid}.webp`,
      `/images/${image.uuid}-min.webp`,
      `/images/${image.uuid}.png`,
    ];
    const fetchAs = (client: Client, path: string) =>
      t.app.inject({ method: 'GET', url: path, headers: { cookie: client.cookieHeader() } });
    for (const path of paths) {
      for (const client of [other.client, new Client(t.app)]) {
        const response = await fetchAs(client, path);
        expect(response.statusCode, path).toBe(404);
        expect(codeOf(response.json())).toBe('image_not_found');
      }
      expect((await fetchAs(owner.client, path)).statusCode, path).toBe(200);
    }
    expect(codeOf((await other.client.post('/api/action/favorite', { uuid: image.uuid })).body)).toBe(
      'image_not_found',
    );
    expect(codeOf((await put(other.client, '/api/action/report/0', { uuid: image.uuid })).body)).toBe(
      'image_not_found',
    );
  });

  it('lets a premium owner toggle privacy; others and free users are refused', async () => {
    const image = await addImage(t, owner.id);
    const free = await put(owner.client, `/api/image/${image.uuid}/private`);
    expect(free.status).toBe(403);
    expect(codeOf(free.body)).toBe('unauthorized_resource');
    await makePremium(owner.id);
    await makePremium(other.id);
    expect(codeOf((await put(other.client, `/api/image/${image.uuid}/private`)).body)).toBe(
      'unauthorized_resource',
    );
    expect((await put(owner.client, `/api/image/${image.uuid}/private`)).body).toEqual({ is_private: true });
    expect((await other.client.get(`/api/image/${image.uuid}/info`)).status).toBe(404);
    expect((await put(owner.client, `/api/image/${image.uuid}/private`)).body).toEqual({ is_private: false });
    expect((await other.client.get(`/api/image/${image.uuid}/info`)).status).toBe(200);
  });

  it('deletes an image for its owner only: row, files, favourites and tag counts', async () => {
    const image = await addImage(t, owner.id, { prompt: 'a deletable comet', files: true });
    const comet = await tagId(t, 'a deletable comet');
    await other.client.post('/api/action/favorite', { uuid: image.uuid });
    expect(codeOf((await del(other.client, `/api/image/${image.uuid}`)).body)).toBe('unauthorized_resource');
    const deleted = await del(owner.client, `/api/image/${image.uuid}`);
    expect(deleted.body).toEqual({ ok: true });
    expect((await other.client.get(`/api/image/${image.uuid}/info`)).status).toBe(404);
    for (const key of Object.values(imageKeys(image.uuid))) {
      expect(await t.services.store.get(key)).toBeNull();
    }
    const favourites = await t.database.db
      .selectFrom('favorite')
      .select('image_id')
      .where('image_id', '=', image.id)
      .execute();
    expect(favourites).toEqual([]);
    const tag = await t.database.db
      .selectFrom('tag')
      .select('usage_count')
      .where('id', '=', comet)
      .executeTakeFirstOrThrow();
    expect(tag.usage_count).toBe(0);
  });

  it('answers image_not_found for an unknown or malformed uuid', async () => {
    for (const path of ['/api/image/00000000-0000-4000-8000-000000000000/info', '/api/image/nope/info']) {
      const response = await other.client.get(path);
      expect(response.status).toBe(404);
      expect(codeOf(response.body)).toBe('image_not_found');
    }
  });
});

describe('favourites', () => {
  it('adds, refuses a duplicate, lists in the collection and removes', async () => {
    const fan = await signedIn(t);
    const image = await addImage(t, owner.id);
    expect((await fan.client.post('/api/action/favorite', { uuid: image.uuid })).body).toEqual({ ok: true });
    const again = await fan.client.post('/api/action/favorite', { uuid: image.uuid });
    expect(again.status).toBe(409);
    expect(codeOf(again.body)).toBe('duplicate_favorite');
    const collection = await fan.client.post('/api/gallery/search?favorite=true', {});
    const items = collection.body.items as { uuid: string; is_favorite: boolean }[];
    expect(items).toEqual([expect.objectContaining({ uuid: image.uuid, is_favorite: true })]);
    expect((await fan.client.get(`/api/image/${image.uuid}/info`)).body.is_favorite).toBe(true);
    expect((await del(fan.client, '/api/action/favorite', { uuid: image.uuid })).body).toEqual({ ok: true });
    expect((await fan.client.post('/api/gallery/search?favorite=true', {})).body.items).toEqual([]);
  });

  it('removes several at once', async () => {
    const fan = await signedIn(t);
    const images = [await addImage(t, owner.id), await addImage(t, owner.id), await addImage(t, owner.id)];
    for (const image of images) await fan.client.post('/api/action/favorite', { uuid: image.uuid });
    const removed = await del(fan.client, '/api/action/favorites', {
      images: images.slice(0, 2).map(({ uuid }) => ({ uuid })),
    });
    expect(removed.body).toEqual({ removed: 2 });
    const left = (await fan.client.post('/api/gallery/search?favorite=true', {})).body.items as {
      uuid: string;
    }[];
    expect(left.map((item) => item.uuid)).toEqual([images[2]!.uuid]);
  });

  it('stops at the plan limit, exactly, under parallel adds (Free: 200)', async () => {
    const fan = await signedIn(t);
    const { rows: many } = await sql<{ id: number; uuid: string }>`
      insert into image (uuid, user_id, gen_type, format, quality, seed, width, height, prompt, neg_prompt,
        gen_data, blurhash)
      select gen_random_uuid(), ${owner.id}, 'txt2img', 'Portrait', 'Standard', g, 32, 44, 'filler', '',
        '{}'::jsonb, 'LEHV6nWB2yk8pyo0adR*.7kCMdnj'
      from generate_series(1, 205) g
      returning id, uuid`.execute(t.database.db);
    await t.database.db
      .insertInto('favorite')
      .values(many.slice(0, 195).map((image) => ({ user_id: fan.id, image_id: image.id })))
      .execute();
    const results = await Promise.all(
      many.slice(195).map((image) => fan.client.post('/api/action/favorite', { uuid: image.uuid })),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(5);
    const refused = results.filter((result) => result.status !== 200);
    expect(refused.map((result) => codeOf(result.body))).toEqual(Array(5).fill('favorites_limit_exceeded'));
    const count = await t.database.db
      .selectFrom('favorite')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const image = await addImage(t, owner.id);
    const guest = await new Client(t.app).post('/api/action/favorite', { uuid: image.uuid });
    expect(guest.status).toBe(401);
    expect(codeOf(guest.body)).toBe('token_missing');
  });
});

describe('reports', () => {
  it('stores one report per user and image with its reason', async () => {
    const image = await addImage(t, owner.id);
    const first = await put(other.client, '/api/action/report/4', { uuid: image.uuid });
    expect(first.body).toEqual({ ok: true, already_reported: false });
    const second = await put(other.client, '/api/action/report/1', { uuid: image.uuid });
    expect(second.body).toEqual({ ok: true, already_reported: true });
    const reports = await t.database.db
      .selectFrom('image_report')
      .select(['user_id', 'reason'])
      .where('image_id', '=', image.id)
      .execute();
    expect(reports).toEqual([{ user_id: other.id, reason: 'copyright' }]);
    const bad = await put(other.client, '/api/action/report/9', { uuid: image.uuid });
    expect(bad.status).toBe(400);
    expect(codeOf(bad.body)).toBe('validation_error');
  });
});
