import { SEARCH_TOTAL_CAP, shuffleStart } from '@mirage/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn, tagId } from '../gallery-fixtures.ts';
import { createTestApp, type Client, type TestContext } from '../harness.ts';

let t: TestContext;
let author: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
const uuids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  author = await signedIn(t);
  viewer = await signedIn(t);
  const images = {
    lighthouse: { prompt: 'lighthouse, harbour, dusk' },
    forest: { prompt: 'forest, fog, dusk', style_id: 2, style_lib: 'anime_classic', format: 'Wide' as const },
    harbour: {
      prompt: 'harbour, boats',
      render: 'realistic' as const,
      style_id: 20,
      style_lib: 'photo_natural',
    },
    inpainted: { prompt: 'lighthouse, fog', gen_type: 'inpaint' },
    secret: { prompt: 'lighthouse, secret garden', is_private: true },
  };
  for (const [name, spec] of Object.entries(images)) uuids[name] = (await addImage(t, author.id, spec)).uuid;
});
afterAll(async () => {
  await t.close();
});

interface Page {
  items: { uuid: string; is_private: boolean; is_favorite: boolean; username: string }[];
  total: number;
  total_capped: boolean;
  tags_count: Record<string, number>;
}

async function search(client: Client, body: Record<string, unknown> = {}, query = '') {
  const response = await client.post(`/api/gallery/search?author_id=${author.id}${query}`, body);
  expect(response.status).toBe(200);
  return response.body as unknown as Page;
}
const names = (page: Page) =>
  page.items.map((item) => Object.keys(uuids).find((name) => uuids[name] === item.uuid)).sort();

describe('gallery search semantics', () => {
  it('lists a user gallery newest first without the private image', async () => {
    const page = await search(viewer.client);
    expect(page.items.map((item) => item.uuid)).toEqual([
      uuids.inpainted,
      uuids.harbour,
      uuids.forest,
      uuids.lighthouse,
    ]);
    expect(page.total).toBe(4);
    expect(page.total_capped).toBe(false);
  });

  it('pos needs all tags, opt any, neg none', async () => {
    const lighthouse = await tagId(t, 'lighthouse');
    const dusk = await tagId(t, 'dusk');
    const fog = await tagId(t, 'fog');
    const harbour = await tagId(t, 'harbour');
    expect(names(await search(viewer.client, { pos_search: [lighthouse, dusk] }))).toEqual(['lighthouse']);
    expect(names(await search(viewer.client, { opt_search: [fog, harbour] }))).toEqual([
      'forest',
      'harbour',
      'inpainted',
      'lighthouse',
    ]);
    expect(names(await search(viewer.client, { pos_search: [lighthouse], neg_search: [fog] }))).toEqual([
      'lighthouse',
    ]);
    const counted = await search(viewer.client, { pos_search: [lighthouse] });
    // Usage counts count public images only (the private "secret" image carries the tag too), and are
    // the same for every viewer.
    expect(counted.tags_count).toEqual({ [String(lighthouse)]: 2 });
    const own = await search(author.client, { pos_search: [lighthouse] });
    expect(own.tags_count).toEqual({ [String(lighthouse)]: 2 });
  });

  it('filters by style, format, render and generation type', async () => {
    expect(names(await search(viewer.client, { styles: [2] }))).toEqual(['forest']);
    expect(names(await search(viewer.client, { styles: [2, 20] }))).toEqual(['forest', 'harbour']);
    expect(names(await search(viewer.client, { formats: ['Wide'] }))).toEqual(['forest']);
    expect(names(await search(viewer.client, { renders: ['realistic'] }))).toEqual(['harbour']);
    expect(names(await search(viewer.client, { gen_types: ['tweak'] }))).toEqual(['inpainted']);
    expect(names(await search(viewer.client, { gen_types: ['style_convert'] }))).toEqual([]);
    // A style no image was made with matches nothing, rather than being ignored.
    expect(names(await search(viewer.client, { styles: [6] }))).toEqual([]);
  });

  it('hides blacklisted tags, prompt and system ones, for that user only', async () => {
    const fog = await tagId(t, 'fog');
    const realistic = await tagId(t, 'realistic', 'render');
    const put = await viewer.client.request('PUT', '/api/settings/tags/ban', { tags: [fog, realistic] });
    expect(put.status).toBe(200);
    expect((put.body.tags as { id: number }[]).map((tag) => tag.id).sort()).toEqual([fog, realistic].sort());
    try {
      expect(names(await search(viewer.client))).toEqual(['lighthouse']);
      expect(names(await search(author.client))).toContain('forest');
    } finally {
      await viewer.client.request('PUT', '/api/settings/tags/ban', { tags: [] });
    }
    expect(names(await search(viewer.client))).toHaveLength(4);
  });

  it('shows the owner their private image on their own board only', async () => {
    const own = await search(author.client);
    expect(own.items.find((item) => item.uuid === uuids.secret)?.is_private).toBe(true);
    const publicGallery = await viewer.client.post('/api/gallery/search', {});
    const items = (publicGallery.body as unknown as Page).items.map((item) => item.uuid);
    expect(items).toContain(uuids.lighthouse);
    expect(items).not.toContain(uuids.secret);
    // Not even the owner sees a private image in the public gallery of everyone.
    const ownPublic = (await author.client.post('/api/gallery/search', {})).body as unknown as Page;
    expect(ownPublic.items.map((item) => item.uuid)).not.toContain(uuids.secret);
  });

  it('refuses a malformed body with a validation error, not a 500', async () => {
    const bad = await viewer.client.post('/api/gallery/search', { pos_search: ['x'] });
    expect(bad.status).toBe(400);
    const size = await viewer.client.post('/api/gallery/search?size=1000', {});
    expect(size.status).toBe(400);
  });
});

describe('paging and shuffle', () => {
  let painter: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    painter = await signedIn(t);
    for (let i = 0; i < 23; i++) await addImage(t, painter.id, { prompt: `study ${i}, canvas` });
  });

  async function allPages(body: Record<string, unknown>, size: number) {
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const response = await viewer.client.post(
        `/api/gallery/search?author_id=${painter.id}&page=${page}&size=${size}`,
        body,
      );
      const items = (response.body as unknown as Page).items.map((item) => item.uuid);
      seen.push(...items);
      if (items.length < size) return seen;
    }
  }

  it('pages through newest without duplicates or gaps', async () => {
    const pages = await allPages({}, 5);
    expect(pages).toHaveLength(23);
    expect(new Set(pages).size).toBe(23);
    const single = await allPages({}, 48);
    expect(pages).toEqual(single);
  });

  it('keeps one shuffled order per seed across pages, and another for another seed', async () => {
    const first = await allPages({ shuffle: 0.25 }, 4);
    expect(first).toHaveLength(23);
    expect(new Set(first).size).toBe(23);
    expect(await allPages({ shuffle: 0.25 }, 7)).toEqual(first);
    const newest = await allPages({}, 48);
    expect(first).not.toEqual(newest);
    expect([...first].sort()).toEqual([...newest].sort());
    const other = await allPages({ shuffle: -0.6 }, 48);
    expect(other).not.toEqual(first);
  });

  it('takes shuffle as a boolean too, as clients of the spec send it: true with a seed, false for newest', async () => {
    const newest = await allPages({}, 48);
    expect(await allPages({ shuffle: false }, 5)).toEqual(newest);
    expect(await allPages({ shuffle: true, seed: 0.25 }, 4)).toEqual(await allPages({ shuffle: 0.25 }, 48));
    // Without a seed the server picks one, the same for this viewer all day: pages stay consistent.
    const chosen = await allPages({ shuffle: true }, 4);
    expect(chosen).toHaveLength(23);
    expect(await allPages({ shuffle: true }, 7)).toEqual(chosen);
    expect(chosen).not.toEqual(newest);
    expect([...chosen].sort()).toEqual([...newest].sort());
    const refused = await viewer.client.post('/api/gallery/search', { shuffle: 'yes' });
    expect(refused.status).toBe(400);
  });

  it('skips the images the client added at the top since page 0 (offset)', async () => {
    const all = await allPages({}, 48);
    const response = await viewer.client.post(
      `/api/gallery/search?author_id=${painter.id}&page=1&size=5&offset=2`,
      {},
    );
    expect((response.body as unknown as Page).items.map((item) => item.uuid)).toEqual(all.slice(7, 12));
  });
});

describe('tag autocomplete', () => {
  it('answers tags with a word starting with the text: whole-name prefixes first, most used first', async () => {
    await addImage(t, author.id, { prompt: 'lighthouse keeper, light rain, a lighthouse at dusk' });
    const response = await viewer.client.get('/api/gallery/search/tags?search=LIGH');
    const tags = response.body.tags as { name: string; count: number }[];
    // lighthouse: two public images (the private one is not counted).
    expect(tags[0]).toEqual({ id: expect.any(Number) as number, name: 'lighthouse', count: 2 });
    expect(tags.map((tag) => tag.name)).toEqual([
      'lighthouse',
      'light rain',
      'lighthouse keeper',
      'a lighthouse at dusk',
    ]);
    const inner = (await viewer.client.get('/api/gallery/search/tags?search=at%20du')).body.tags as {
      name: string;
    }[];
    expect(inner.map((tag) => tag.name)).toEqual(['a lighthouse at dusk']);
    expect((await viewer.client.get('/api/gallery/search/tags?search=%25')).body.tags).toEqual([]);
    expect((await viewer.client.get('/api/gallery/search/tags?search=')).body.tags).toEqual([]);
  });
});

describe('many matches (more than the count cap: the index-walk plan)', () => {
  it('gives the same orders as the few-matches plan would', async () => {
    const crowd = await signedIn(t);
    const style = await tagId(t, 'anime_modern', 'style');
    await sql`insert into image (uuid, user_id, style_id, gen_type, render, format, quality, seed, width, height,
        prompt, neg_prompt, gen_data, blurhash, tag_ids)
      select gen_random_uuid(), ${crowd.id}, 1, 'txt2img', 'hentai', 'Portrait', 'Standard', g, 32, 44,
        'crowd', '', '{}'::jsonb, 'LEHV6nWB2yk8pyo0adR*.7kCMdnj', array[${style}]::bigint[]
      from generate_series(1, ${SEARCH_TOTAL_CAP + 100}) g`.execute(t.database.db);
    const rows = await t.database.db
      .selectFrom('image')
      .select(['uuid', 'id', 'shuffle_key'])
      .where('user_id', '=', crowd.id)
      .execute();
    const query = `/api/gallery/search?author_id=${crowd.id}&page=3&size=12`;

    const newest = (await viewer.client.post(query, {})).body as unknown as Page;
    expect(newest.total).toBe(SEARCH_TOTAL_CAP);
    expect(newest.total_capped).toBe(true);
    const byId = [...rows].sort((a, b) => b.id - a.id).map((row) => row.uuid);
    expect(newest.items.map((item) => item.uuid)).toEqual(byId.slice(36, 48));

    const seed = 0.1;
    const start = shuffleStart(seed);
    const circle = [...rows].sort(
      (a, b) =>
        Number(a.shuffle_key < start) - Number(b.shuffle_key < start) ||
        a.shuffle_key - b.shuffle_key ||
        a.id - b.id,
    );
    const shuffled = (await viewer.client.post(query, { shuffle: seed })).body as unknown as Page;
    expect(shuffled.items.map((item) => item.uuid)).toEqual(circle.slice(36, 48).map((row) => row.uuid));
  });
});
