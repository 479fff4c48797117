import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';

// Each gallery card carries its main tags (GalleryItem.main_tags, @mirage/domain mainTags): the first three
// prompt tags in prompt order, which its alt text names. Only for images the viewer may see at all.

let t: TestContext;
let author: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
const uuids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  author = await signedIn(t);
  viewer = await signedIn(t);
  const images = {
    lighthouse: { prompt: '(lighthouse:1.2), Harbour, dusk, fog, boats' },
    pair: { prompt: 'forest, forest, fog' },
    wordless: { prompt: '!!!, ...' },
    secret: { prompt: 'secret garden, moonlight', is_private: true },
  };
  for (const [name, spec] of Object.entries(images)) uuids[name] = (await addImage(t, author.id, spec)).uuid;
});
afterAll(async () => {
  await t.close();
});

interface Card {
  uuid: string;
  main_tags: string[];
}

/** The main tags of each card of a board, by the test's image names, as `client` sees them. */
async function mainTagsOn(client: Client, query: string): Promise<Record<string, string[]>> {
  const response = await client.post(`/api/gallery/search?${query}`, {});
  expect(response.status).toBe(200);
  const items = response.body.items as Card[];
  return Object.fromEntries(
    items.flatMap((item) => {
      const name = Object.keys(uuids).find((key) => uuids[key] === item.uuid);
      return name ? [[name, item.main_tags]] : [];
    }),
  );
}

describe('main tags of gallery cards', () => {
  it("lists an image's first three prompt tags in prompt order, normalised as stored; none without tags", async () => {
    expect(await mainTagsOn(viewer.client, `author_id=${author.id}`)).toEqual({
      lighthouse: ['lighthouse', 'harbour', 'dusk'],
      pair: ['forest', 'fog'],
      wordless: [],
    });
  });

  it("gives a private image's tags to its owner only: others never get the card", async () => {
    const own = await mainTagsOn(author.client, `author_id=${author.id}`);
    expect(own.secret).toEqual(['secret garden', 'moonlight']);
    const others = await viewer.client.post(`/api/gallery/search?author_id=${author.id}`, {});
    expect(JSON.stringify(others.body)).not.toContain('secret garden');
    const everyone = await author.client.post('/api/gallery/search', {});
    expect(JSON.stringify(everyone.body)).not.toContain('secret garden');
  });

  it("carries them on a collection's cards and on the visitors' samples too", async () => {
    expect((await viewer.client.post('/api/action/favorite', { uuid: uuids.lighthouse })).status).toBe(200);
    expect(await mainTagsOn(viewer.client, 'favorite=true')).toEqual({
      lighthouse: ['lighthouse', 'harbour', 'dusk'],
    });
    await t.database.db
      .updateTable('image')
      .set({ is_sample: true })
      .where('uuid', 'in', [uuids.pair!, uuids.secret!])
      .execute();
    // A private image is no sample for visitors even when flagged as one.
    expect(await mainTagsOn(new Client(t.app), '')).toEqual({ pair: ['forest', 'fog'] });
  });
});
