import { GUEST_SAMPLE_COUNT } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_IMAGES } from '../../src/features/gallery/sample-data.ts';
import { ensureGuestSamples } from '../../src/features/gallery/samples.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Card {
  uuid: string;
  nsfw: boolean;
  username: string;
  thumbnail_src: string;
}

describe('guest samples', () => {
  it('are painted once, then shown to visitors (24, some flagged NSFW) whatever they search', async () => {
    expect(SAMPLE_IMAGES).toHaveLength(GUEST_SAMPLE_COUNT);
    expect(await ensureGuestSamples(t.database.db, t.services)).toEqual({ created: 24 });
    expect(await ensureGuestSamples(t.database.db, t.services)).toEqual({ created: 0 });

    const guest = new Client(t.app);
    const page = await guest.post('/api/gallery/search', { pos_search: [1] });
    const items = page.body.items as Card[];
    expect(items).toHaveLength(24);
    expect(page.body.total).toBe(24);
    expect(items.filter((item) => item.nsfw).length).toBe(SAMPLE_IMAGES.filter((s) => s.nsfw).length);
    expect(items.every((item) => item.username === 'mirage')).toBe(true);
    expect((await guest.post('/api/gallery/search?page=1', {})).body.items).toEqual([]);

    const thumbnail = await t.app.inject({ method: 'GET', url: items[0]!.thumbnail_src });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    // The info says there is no generation data, so a client need not ask (and would get a 404).
    expect((await guest.get(`/api/image/${items[0]!.uuid}/info`)).body.has_gen_data).toBe(false);
    const gen = await guest.get(`/api/image/${items[0]!.uuid}/info/gen`);
    expect(gen.status).toBe(404);
    expect(codeOf(gen.body)).toBe('image_no_gen_data');
    // Painting the 24 samples is CPU work; on a 2-core machine running other test files beside it, it
    // took over the default 30 s once.
  }, 120_000);

  it("tells anybody that a member's public image has generation data, and gives it to a visitor", async () => {
    const member = await signedIn(t);
    const { uuid } = await addImage(t, member.id, { prompt: 'a lighthouse at dusk' });
    const guest = new Client(t.app);
    expect((await guest.get(`/api/image/${uuid}/info`)).body.has_gen_data).toBe(true);
    const gen = await guest.get(`/api/image/${uuid}/info/gen`);
    expect(gen.status).toBe(200);
    expect(gen.body.prompt).toBe('a lighthouse at dusk');
  });

  it('are public images like others for signed-in users, and the curator cannot sign in', async () => {
    const member = await signedIn(t);
    const page = await member.client.post('/api/gallery/search?size=48', {});
    expect((page.body.items as Card[]).filter((item) => item.username === 'mirage')).toHaveLength(24);
    const login = await new Client(t.app).post('/api/user/login', {
      username: 'mirage',
      pwd: 'whatever-123',
    });
    expect(login.status).toBe(401);
  });
});
