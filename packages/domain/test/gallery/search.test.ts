import { describe, expect, it } from 'vitest';
import {
  EMPTY_SEARCH_BODY,
  SEARCH_MAX_TAGS,
  dailyShuffleSeed,
  searchBodySchema,
  searchShuffle,
  shuffleAfterOptionalTags,
  shuffleStart,
} from '../../src/index.ts';

describe('searchBodySchema', () => {
  it('fills every list with nothing and means newest first when empty', () => {
    expect(searchBodySchema.parse({})).toEqual(EMPTY_SEARCH_BODY);
  });

  it('accepts a full body', () => {
    const body = {
      pos_search: [1, 2],
      opt_search: [3],
      neg_search: [4],
      shuffle: -0.25,
      styles: [1, 5],
      formats: ['Portrait', 'Square'],
      renders: ['realistic'],
      gen_types: ['txt2img', 'tweak'],
    };
    expect(searchBodySchema.parse(body)).toEqual(body);
  });

  it.each([
    [{ pos_search: [0] }],
    [{ pos_search: [1.5] }],
    [{ opt_search: ['7'] }],
    [{ neg_search: Array.from({ length: SEARCH_MAX_TAGS + 1 }, (_, i) => i + 1) }],
    [{ shuffle: 2 }],
    [{ shuffle: 'true' }],
    [{ shuffle: true, seed: 1.5 }],
    [{ formats: ['Panorama'] }],
    [{ renders: ['cartoon'] }],
    [{ gen_types: ['upscale'] }],
    [{ styles: [-1] }],
    [{ styles: [0] }],
  ])('refuses %j', (body) => {
    expect(searchBodySchema.safeParse(body).success).toBe(false);
  });
});

describe("shuffle as the spec's clients send it (a boolean and the area seed)", () => {
  const server = () => 0.5;

  it('parses true, false, a seed and null', () => {
    expect(searchBodySchema.parse({ shuffle: true, seed: -0.3 })).toMatchObject({
      shuffle: true,
      seed: -0.3,
    });
    expect(searchBodySchema.parse({ shuffle: false })).toMatchObject({ shuffle: false });
    expect(searchBodySchema.parse({ shuffle: 0.4 })).toMatchObject({ shuffle: 0.4 });
    expect(searchBodySchema.parse({ shuffle: null })).toMatchObject({ shuffle: null });
  });

  it('resolves to the seed to shuffle with, or null for newest first', () => {
    expect(searchShuffle({ shuffle: 0.4 }, server)).toBe(0.4);
    expect(searchShuffle({ shuffle: 0.4, seed: -0.9 }, server)).toBe(0.4);
    expect(searchShuffle({ shuffle: true, seed: -0.3 }, server)).toBe(-0.3);
    expect(searchShuffle({ shuffle: true }, server)).toBe(0.5);
    expect(searchShuffle({ shuffle: false, seed: -0.3 }, server)).toBeNull();
    expect(searchShuffle({ shuffle: null }, server)).toBeNull();
  });

  it('picks a server seed in [-1, 1], the same all day for one viewer, another for another day or viewer', () => {
    const seeds = [1, 2, 3, 40, 500].flatMap((viewer) =>
      ['2026-11-25', '2026-11-26'].map((day) => dailyShuffleSeed(viewer, day)),
    );
    for (const seed of seeds) {
      expect(seed).toBeGreaterThanOrEqual(-1);
      expect(seed).toBeLessThanOrEqual(1);
    }
    expect(new Set(seeds).size).toBe(seeds.length);
    expect(dailyShuffleSeed(7, '2026-11-25')).toBe(dailyShuffleSeed(7, '2026-11-25'));
  });
});

describe('shuffleStart', () => {
  it('maps -1..1 onto the 31-bit key space, in order', () => {
    expect(shuffleStart(-1)).toBe(0);
    expect(shuffleStart(0)).toBe(2 ** 30);
    expect(shuffleStart(1)).toBe(2 ** 31 - 1);
    expect(shuffleStart(-0.5)).toBeLessThan(shuffleStart(0.5));
  });

  it('gives one start per seed', () => {
    expect(shuffleStart(0.123456)).toBe(shuffleStart(0.123456));
    expect(shuffleStart(0.123456)).not.toBe(shuffleStart(0.123457));
  });
});

describe('shuffleAfterOptionalTags', () => {
  it('turns shuffle off while optional tags are searched, and restores the saved choice after', () => {
    expect(shuffleAfterOptionalTags(1, true)).toBe(false);
    expect(shuffleAfterOptionalTags(3, false)).toBe(false);
    expect(shuffleAfterOptionalTags(0, true)).toBe(true);
    expect(shuffleAfterOptionalTags(0, false)).toBe(false);
  });
});
