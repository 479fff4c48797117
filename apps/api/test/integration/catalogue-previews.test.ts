import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewKey, renderPreview } from '../../src/features/catalogue/previews.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The enabled styles and boosters: what the seed-time run must cover. */
async function enabledLibs() {
  const db = t.database.db;
  const styles = await db.selectFrom('graphic_style').select('lib').where('enabled', '=', true).execute();
  const boosters = await db.selectFrom('booster').select('lib').where('enabled', '=', true).execute();
  return [
    ...styles.map((row) => previewKey('style', row.lib)),
    ...boosters.map((row) => previewKey('booster', row.lib)),
  ];
}

async function expectPreview(url: string) {
  const first = await get(url);
  const second = await get(url);
  expect(first.statusCode, url).toBe(200);
  expect(first.headers['content-type']).toBe('image/webp');
  expect(first.headers['cache-control']).toBe('public, max-age=86400');
  expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
  const meta = await sharp(first.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 352]);
  return first.rawPayload;
}

describe('style and booster previews', () => {
  it('paints a style preview with the preview renderer, stores it and serves the stored bytes', async () => {
    const store = t.services.store;
    const key = 'catalogue/styles/anime_modern.webp';
    expect(await store.get(key)).toBeNull();
    const image = await expectPreview('/api/catalogue/preview/style/anime_modern.webp');
    expect((await store.get(key))?.equals(image)).toBe(true);
    // The picture of a neutral job on the style's checkpoint.
    const expected = await renderPreview({
      kind: 'style',
      lib: 'anime_modern',
      model: 'mirage-anime-v3.safetensors',
    });
    expect(image.equals(expected)).toBe(true);
    // Painting again after the object is gone gives the same bytes.
    await store.delete(key);
    expect((await get('/api/catalogue/preview/style/anime_modern.webp')).rawPayload.equals(image)).toBe(true);
  });

  it('serves a booster preview for every modifier listed, distinct from one another', async () => {
    const response = await get('/api/settings/modifiers');
    const categories = JSON.parse(response.body) as { modifiers: { lib: string; preview: string }[] }[];
    const modifiers = categories.flatMap((category) => category.modifiers);
    expect(modifiers.length).toBeGreaterThanOrEqual(30);
    const images = new Set<string>();
    for (const modifier of modifiers) {
      expect(modifier.preview).toBe(`/api/catalogue/preview/booster/${modifier.lib}.webp`);
      const image = await expectPreview(modifier.preview);
      images.add(image.toString('base64'));
      const stored = await t.services.store.get(`catalogue/boosters/${modifier.lib}.webp`);
      expect(stored?.equals(image)).toBe(true);
    }
    expect(images.size).toBe(modifiers.length);
  });

  it('serves what the object store holds (any instance that stored it first wins)', async () => {
    const other = await sharp({ create: { width: 256, height: 352, channels: 3, background: '#204060' } })
      .webp()
      .toBuffer();
    await t.services.store.put('catalogue/boosters/pixel_art.webp', other, 'image/webp');
    const response = await get('/api/catalogue/preview/booster/pixel_art.webp');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(other)).toBe(true);
  });

  it('paints a preview once when many requests ask for it at the same time', async () => {
    const url = '/api/catalogue/preview/booster/soft_light.webp';
    await t.services.store.delete('catalogue/boosters/soft_light.webp');
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    for (const response of responses) expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
  });

  it.each([
    'style/unknown_style.webp',
    'style/soft_light.webp',
    'style/anime_modern.png',
    'style/..%2Fsecret.webp',
    'style/ANIME_MODERN.webp',
    'booster/unknown_booster.webp',
    'booster/anime_modern.webp',
    'booster/pixel_art.jpg',
    'booster/.webp',
    'lora/pixel_art.webp',
  ])('answers 404 not_found for %s', async (path) => {
    const response = await get(`/api/catalogue/preview/${path}`);
    expect(response.statusCode).toBe(404);
    expect(codeOf(JSON.parse(response.body) as Record<string, unknown>)).toBe('not_found');
  });

  it('documents both preview calls', async () => {
    const spec = JSON.parse((await get('/api/docs/json')).body) as {
      paths: Record<string, { get?: unknown }>;
    };
    expect(spec.paths['/api/catalogue/preview/style/{file}']?.get).toBeDefined();
    expect(spec.paths['/api/catalogue/preview/booster/{file}']?.get).toBeDefined();
  });
});

describe("modifier previews at the spec's address", () => {
  it('serves /image/modifiers/{lib}.webp: the booster preview, cacheable for a day', async () => {
    const image = await expectPreview('/image/modifiers/golden_hour.webp');
    expect(image.equals((await get('/api/catalogue/preview/booster/golden_hour.webp')).rawPayload)).toBe(
      true,
    );
  });

  it('serves the realistic look at /image/modifiers/{lib}_r.webp for a booster realistic styles take', async () => {
    const anime = await expectPreview('/image/modifiers/dramatic.webp');
    const realistic = await expectPreview('/image/modifiers/dramatic_r.webp');
    expect(realistic.equals(anime)).toBe(false);
    // Painted on a realistic style's checkpoint, stored like the other previews.
    expect(
      (await t.services.store.get('catalogue/boosters-realistic/dramatic.webp'))?.equals(realistic),
    ).toBe(true);
    // A booster for realistic styles only has its realistic look too.
    await expectPreview('/image/modifiers/bokeh_r.webp');
  });

  it.each([
    'whimsical_r.webp',
    'unknown_booster.webp',
    'unknown_booster_r.webp',
    'anime_modern.webp',
    'GOLDEN_HOUR.webp',
    'golden_hour.png',
    'golden_hour_r_r.webp',
    '..%2Fsecret.webp',
    '.webp',
  ])('answers 404 not_found in the catalogue shape for %s', async (file) => {
    const response = await get(`/image/modifiers/${file}`);
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({
      detail: { code: 'not_found', data: { resource: 'modifier_preview' } },
    });
  });
});

describe('seed-time preview rendering', () => {
  it('stores every missing preview, then skips the stored ones', async () => {
    const store = t.services.store;
    const keys = await enabledLibs();
    expect(keys.length).toBeGreaterThanOrEqual(40);
    // Start from an empty folder, but for one preview that is already there (and must stay untouched).
    for (const key of keys) await store.delete(key);
    const kept = Buffer.from('kept as it is');
    await store.put(keys[1]!, kept, 'image/webp');

    const first = await t.services.cataloguePreviews.renderMissing();
    expect(first).toEqual({ rendered: keys.length - 1, skipped: 1, failed: 0 });
    for (const key of keys) expect(await store.get(key), key).not.toBeNull();
    expect((await store.get(keys[1]!))?.equals(kept)).toBe(true);
    const meta = await sharp((await store.get(keys[0]!))!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 352]);

    const again = await t.services.cataloguePreviews.renderMissing();
    expect(again).toEqual({ rendered: 0, skipped: keys.length, failed: 0 });
  });

  it('leaves disabled styles to be painted on demand', async () => {
    const retired = 'catalogue/styles/photo_retro.webp';
    await t.services.store.delete(retired);
    await t.services.cataloguePreviews.renderMissing();
    expect(await t.services.store.get(retired)).toBeNull();
    await expectPreview('/api/catalogue/preview/style/photo_retro.webp');
  });
});
