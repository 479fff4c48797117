import { GUIDE_CURATED_IMAGES, curatedImageSize } from '@mirage/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCuratorAccount } from '../../src/features/gallery/sample-repository.ts';
import {
  CURATOR,
  GUEST_SAMPLE_IMAGES,
  PAGE_IMAGES,
  curatedSceneInput,
  ensurePageImages,
} from '../../src/features/gallery/samples.ts';
import { defaultSceneInput } from '@mirage/preview-renderer';
import { signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
let firstRun: { created: number };
beforeAll(async () => {
  t = await createTestApp();
  firstRun = await ensurePageImages(t.database.db, t.services);
}, 240_000);
afterAll(async () => {
  await t.close();
});

interface Card {
  uuid: string;
}

describe('curated page images (guide, promo pages)', () => {
  it('are painted once, at the size their settings give, and served to anybody', async () => {
    expect(PAGE_IMAGES.length).toBeGreaterThanOrEqual(GUIDE_CURATED_IMAGES.length);
    expect(firstRun).toEqual({ created: PAGE_IMAGES.length });
    expect(await ensurePageImages(t.database.db, t.services)).toEqual({ created: 0 });

    // Fetched as a visitor: no session at all.
    for (const image of PAGE_IMAGES) {
      for (const file of [`${image.uuid}-min.webp`, `${image.uuid}.webp`]) {
        const response = await t.app.inject({ method: 'GET', url: `/images/${file}` });
        expect(response.statusCode, file).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toBe('public, max-age=86400');
      }
    }
    const sample = PAGE_IMAGES.find((image) => image.stage === 'upscaled')!;
    const png = await t.app.inject({ method: 'GET', url: `/images/${sample.uuid}.png` });
    expect(png.statusCode).toBe(200);
    const { width, height } = await sharp(png.rawPayload).metadata();
    expect({ width, height }).toEqual(curatedImageSize(sample));
  });

  it('stay out of every gallery, search and the guest board', async () => {
    const uuids = new Set(PAGE_IMAGES.map((image) => image.uuid));
    const guest = new Client(t.app);
    const board = (await guest.post('/api/gallery/search', {})).body.items as Card[];
    expect(board.filter((card) => uuids.has(card.uuid))).toEqual([]);

    const member = await signedIn(t);
    const everything = (await member.client.post('/api/gallery/search?size=48', {})).body;
    expect((everything.items as Card[]).filter((card) => uuids.has(card.uuid))).toEqual([]);
    const curator = await ensureCuratorAccount(t.database.db, CURATOR);
    const byCurator = await member.client.post(`/api/gallery/search?size=48&author_id=${curator}`, {});
    expect((byCurator.body.items as Card[]).filter((card) => uuids.has(card.uuid))).toEqual([]);
    const profile = await guest.get(`/api/public/${curator}/profile`);
    expect(JSON.stringify(profile.body)).not.toContain(PAGE_IMAGES[0]!.uuid);
  });

  it('cannot be opened in the viewer, favourited or tweaked by anybody', async () => {
    const [image] = PAGE_IMAGES;
    const member = await signedIn(t);
    const info = await member.client.get(`/api/image/${image!.uuid}/info`);
    expect(info.status).toBe(404);
    expect(codeOf(info.body)).toBe('image_not_found');
    const favourite = await member.client.post('/api/action/favorite', { uuid: image!.uuid });
    expect(favourite.status).toBe(404);
  });

  it('use catalogue styles, and paint the guest samples exactly as before', async () => {
    const styles = await t.database.db.selectFrom('graphic_style').select('lib').execute();
    const libs = new Set(styles.map((row) => row.lib));
    for (const image of [...PAGE_IMAGES, ...GUEST_SAMPLE_IMAGES])
      expect(libs, image.style).toContain(image.style);
    const boosters = new Set(
      (await t.database.db.selectFrom('booster').select('lib').execute()).map((row) => row.lib),
    );
    for (const image of PAGE_IMAGES) {
      for (const booster of image.boosters ?? []) expect(boosters).toContain(booster.lib);
    }
    for (const image of GUEST_SAMPLE_IMAGES) {
      expect(curatedSceneInput(image)).toEqual(defaultSceneInput(image.seed, image.prompt, image.style));
    }
  });
});
