import { DEFAULT_RULES } from '@mirage/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../src/db/seed/catalogue.ts';
import { findBoosters, findStyle } from '../../src/features/catalogue/repository.ts';
import { boostersIncompatibleWith, loadGenerationCatalogue } from '../../src/features/catalogue/service.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Style {
  id: number;
  lib: string;
  preview: string;
  render: string;
  is_free: boolean;
  is_new: boolean;
  pipeline: string;
  txt2img: boolean;
}
interface Modifier {
  id: number;
  lib: string;
  weight: number;
  render: string;
  tags: string[];
  is_new: boolean;
  incompatible_styles: number[];
}
interface Rule {
  id: number;
  words: string[];
  suggestions: string[];
  type: number;
  applies_to: string;
}

async function getJson<T>(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body) as T };
}

describe('GET /api/config/styles', () => {
  it('lists at least 12 enabled styles in order, exactly two of them free (one per render)', async () => {
    const { status, headers, body } = await getJson<Style[]>('/api/config/styles');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=300');
    expect(body.length).toBeGreaterThanOrEqual(12);
    expect(body[0]?.lib).toBe('anime_modern');
    const free = body.filter((style) => style.is_free);
    expect(free.map((style) => [style.lib, style.render])).toEqual([
      ['anime_modern', 'hentai'],
      ['photo_natural', 'realistic'],
    ]);
    for (const style of body) {
      expect(Object.keys(style).sort()).toEqual(
        ['id', 'is_free', 'is_new', 'lib', 'pipeline', 'preview', 'render', 'txt2img'].sort(),
      );
      expect(['hentai', 'realistic']).toContain(style.render);
      expect(style.preview).toBe(`/api/catalogue/preview/style/${style.lib}.webp`);
      expect(style.pipeline).toMatch(/\.safetensors$/);
    }
    expect(new Set(body.map((style) => style.lib)).size).toBe(body.length);
    expect(body.find((style) => style.lib === 'anime_lineart')?.txt2img).toBe(false);
    // A retired style is not offered.
    expect(body.some((style) => style.lib === 'photo_retro')).toBe(false);
  });
});

describe('style previews', () => {
  it('serves a deterministic WebP per style, distinct between styles', async () => {
    const url = '/api/catalogue/preview/style/anime_modern.webp';
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 352]);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/catalogue/preview/style/photo_natural.webp',
    });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it.each(['unknown_style.webp', 'anime_modern.png', '..%2Fsecret.webp', 'ANIME_MODERN.webp'])(
    'answers 404 not_found for %s',
    async (file) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/catalogue/preview/style/${file}` });
      expect(response.statusCode).toBe(404);
      expect(codeOf(JSON.parse(response.body) as Record<string, unknown>)).toBe('not_found');
    },
  );
});

describe('GET /api/settings/modifiers', () => {
  it('lists at least 30 boosters in at least 6 categories with weights, renders and tags', async () => {
    const { status, headers, body } =
      await getJson<{ id: number; lib: string; modifiers: Modifier[] }[]>('/api/settings/modifiers');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=300');
    expect(body.length).toBeGreaterThanOrEqual(6);
    const modifiers = body.flatMap((category) => category.modifiers);
    expect(modifiers.length).toBeGreaterThanOrEqual(30);
    expect(new Set(modifiers.map((modifier) => modifier.id)).size).toBe(modifiers.length);
    const styles = (await getJson<Style[]>('/api/config/styles')).body;
    const styleIds = new Set(styles.map((style) => style.id));
    for (const modifier of modifiers) {
      expect(Number.isInteger(modifier.weight) && modifier.weight >= 0 && modifier.weight <= 100).toBe(true);
      expect(['hentai', 'realistic', 'both']).toContain(modifier.render);
      expect(modifier.tags.length).toBeGreaterThan(0);
      expect(typeof modifier.is_new).toBe('boolean');
      for (const id of modifier.incompatible_styles) expect(styleIds.has(id)).toBe(true);
    }
    const pixelArt = modifiers.find((modifier) => modifier.lib === 'pixel_art');
    const photoNatural = styles.find((style) => style.lib === 'photo_natural');
    expect(pixelArt?.incompatible_styles).toContain(photoNatural?.id);
  });
});

describe('moderation lists', () => {
  it('serves the full rules with words, suggestions, type and scope', async () => {
    const { status, headers, body } = await getJson<{ rules: Rule[] }>('/api/config/moderation_rules');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=300');
    expect(body.rules.length).toBeGreaterThan(0);
    for (const rule of body.rules) {
      expect(rule.words.length).toBeGreaterThan(0);
      expect([0, 1]).toContain(rule.type);
      expect(['positive', 'negative', 'all']).toContain(rule.applies_to);
    }
    // The built-in rules of packages/domain are all there, as written.
    for (const rule of DEFAULT_RULES) {
      const { words, suggestions, type, applies_to } = rule;
      expect(body.rules).toContainEqual({
        id: expect.any(Number) as number,
        words,
        suggestions,
        type,
        applies_to,
      });
    }
    const suggestion = body.rules.find((rule) => rule.words.includes('lesbian'));
    expect(suggestion).toMatchObject({ type: 1, applies_to: 'positive', suggestions: ['yuri'] });
    expect(body.rules.some((rule) => rule.type === 0 && rule.applies_to === 'negative')).toBe(true);
  });

  it('lists as banned words exactly the forbidden words for the positive prompt', async () => {
    await t.database.db
      .insertInto('moderation_rule')
      .values([
        { lib: 'test_positive', words: ['zzforbiddenpos'], type: 0, applies_to: 'positive' },
        { lib: 'test_all', words: ['zzforbiddenall'], type: 0, applies_to: 'all' },
        { lib: 'test_suggest', words: ['zzsuggested'], suggestions: ['x'], type: 1, applies_to: 'all' },
      ])
      .execute();
    const { status, headers, body } = await getJson<{ words: string[] }>('/api/config/banned_words');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=300');
    expect(Object.keys(body)).toEqual(['words']);
    expect(body.words).toEqual(expect.arrayContaining(['zzforbiddenpos', 'zzforbiddenall']));
    expect(body.words).not.toContain('zzsuggested');
    expect(body.words).not.toContain('mature');
    const rules = (await getJson<{ rules: Rule[] }>('/api/config/moderation_rules')).body.rules;
    const expected = rules
      .filter((rule) => rule.type === 0 && rule.applies_to !== 'negative')
      .flatMap((rule) => rule.words);
    expect([...body.words].sort()).toEqual([...new Set(expected)].sort());
    await t.database.db.deleteFrom('moderation_rule').where('lib', 'like', 'test_%').execute();
  });
});

describe('seedCatalogue', () => {
  async function snapshot() {
    const db = t.database.db;
    return {
      styles: await db.selectFrom('graphic_style').selectAll().orderBy('id').execute(),
      categories: await db.selectFrom('booster_category').selectAll().orderBy('id').execute(),
      boosters: await db.selectFrom('booster').selectAll().orderBy('id').execute(),
      presets: await db.selectFrom('preset').selectAll().orderBy('id').execute(),
      rules: await db.selectFrom('moderation_rule').selectAll().orderBy('id').execute(),
    };
  }

  it('is idempotent: running it again changes nothing', async () => {
    const before = await snapshot();
    expect(await seedCatalogue(t.database.db)).toEqual({ changed: 0 });
    expect(await seedCatalogue(t.database.db)).toEqual({ changed: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('restores an edited row and survives concurrent runs', async () => {
    const before = await snapshot();
    await t.database.db
      .updateTable('graphic_style')
      .set({ pipeline: 'edited.safetensors' })
      .where('lib', '=', 'anime_classic')
      .execute();
    await t.database.db.deleteFrom('preset').where('lib', '=', 'Airship').execute();
    const results = await Promise.all([seedCatalogue(t.database.db), seedCatalogue(t.database.db)]);
    expect(results.map((result) => result.changed).sort()).toEqual([0, 2]);
    const after = await snapshot();
    expect(after.styles).toEqual(before.styles);
    expect(after.presets.map(({ id: _id, ...preset }) => preset)).toEqual(
      before.presets.map(({ id: _id, ...preset }) => preset),
    );
  });
});

describe('catalogue for the job builder', () => {
  it('finds a style and boosters by id with what a job needs', async () => {
    const style = await findStyle(t.database.db, 1);
    expect(style).toMatchObject({
      id: 1,
      lib: 'anime_modern',
      render: 'hentai',
      is_free: true,
      txt2img: true,
      enabled: true,
      pipeline: 'mirage-anime-v3.safetensors',
    });
    expect(style?.default_steps).toBeGreaterThan(0);
    expect(typeof style?.default_sampler).toBe('string');
    expect(typeof style?.default_scheduler).toBe('string');
    expect(await findStyle(t.database.db, 999_999)).toBeUndefined();
    expect(await findStyle(t.database.db, 2 ** 40)).toBeUndefined();
    expect((await findStyle(t.database.db, 26))?.enabled).toBe(false);

    const boosters = await findBoosters(t.database.db, [404, 101, 404, 999_999, -1]);
    expect(boosters.map((booster) => booster.lib)).toEqual(['pixel_art', 'soft_light']);
    expect(boosters[1]).toMatchObject({ render: 'both', enabled: true, lora_weight: 0.8 });
    expect(boosters[1]?.lora).toMatch(/\.safetensors$/);
    expect(boosters[0]?.incompatible_style_libs).toContain('photo_natural');
    expect(await findBoosters(t.database.db, [])).toEqual([]);
  });

  it('loads the whole catalogue and tells incompatible boosters apart', async () => {
    const catalogue = await loadGenerationCatalogue(t.database.db);
    expect(catalogue.styles.size).toBeGreaterThanOrEqual(13);
    expect(catalogue.boosters.size).toBeGreaterThanOrEqual(30);
    const photo = catalogue.styles.get(20)!;
    const chosen = [101, 404, 405].map((id) => catalogue.boosters.get(id)!);
    // pixel_art lists photo_natural; cel_shading is an anime-only booster.
    expect(boostersIncompatibleWith(photo, chosen).map((booster) => booster.lib)).toEqual([
      'pixel_art',
      'cel_shading',
    ]);
    expect(boostersIncompatibleWith(catalogue.styles.get(1)!, chosen)).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue calls', async () => {
    const spec = (await getJson<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json')).body;
    for (const path of [
      '/api/config/styles',
      '/api/config/banned_words',
      '/api/config/moderation_rules',
      '/api/settings/modifiers',
      '/api/preset',
      '/api/preset/random',
    ]) {
      expect(spec.paths[path]?.get, path).toBeDefined();
    }
    expect(spec.paths['/api/preset/{id}/favorite']?.put).toBeDefined();
  });
});
