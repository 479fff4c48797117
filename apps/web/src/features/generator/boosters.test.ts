import { describe, expect, it } from 'vitest';
import { type GraphicStyle, type ModifierCategory, humanise, slug } from '../catalogue/index.ts';
import { appendTag, boosterFitsStyle, incompatibleBoosters, indexModifiers } from './boosters.ts';

const style = (id: number, render: 'hentai' | 'realistic'): GraphicStyle => ({
  id,
  lib: `style_${id}`,
  preview: '',
  render,
  is_free: true,
  is_new: false,
  pipeline: 'x',
  txt2img: true,
});

const CATEGORIES: ModifierCategory[] = [
  {
    id: 1,
    lib: 'medium',
    modifiers: [
      {
        id: 401,
        lib: 'watercolor',
        weight: 70,
        render: 'both',
        preview: '',
        tags: [],
        is_new: false,
        incompatible_styles: [5],
      },
      {
        id: 403,
        lib: 'ink_sketch',
        weight: 60,
        render: 'hentai',
        preview: '',
        tags: [],
        is_new: false,
        incompatible_styles: [],
      },
      {
        id: 201,
        lib: 'bokeh',
        weight: 60,
        render: 'realistic',
        preview: '',
        tags: [],
        is_new: false,
        incompatible_styles: [],
      },
    ],
  },
];

describe('boosters', () => {
  const index = indexModifiers(CATEGORIES);

  it('indexes boosters by id with their category', () => {
    expect(index.get(403)?.category.lib).toBe('medium');
  });

  it('refuses boosters of the other render kind or listed as incompatible with the style', () => {
    expect(boosterFitsStyle(index.get(401)!, style(1, 'hentai'))).toBe(true);
    expect(boosterFitsStyle(index.get(401)!, style(5, 'hentai'))).toBe(false);
    const chosen = [401, 403, 201].map((id) => ({ id, weight: 50 }));
    expect(incompatibleBoosters(style(5, 'hentai'), chosen, index).map((m) => m.lib)).toEqual([
      'watercolor',
      'bokeh',
    ]);
    expect(incompatibleBoosters(style(20, 'realistic'), chosen, index).map((m) => m.lib)).toEqual([
      'ink_sketch',
    ]);
  });

  it('appends a suggested tag once, comma-separated', () => {
    expect(appendTag('', 'soft light')).toBe('soft light');
    expect(appendTag('a lighthouse, ', 'soft light')).toBe('a lighthouse, soft light');
    expect(appendTag('a lighthouse, Soft Light', 'soft light')).toBe('a lighthouse, Soft Light');
  });
});

describe('catalogue keys', () => {
  it('slugs English titles and path segments', () => {
    expect(slug('Sci-Fi')).toBe('sci_fi');
    expect(slug('Greenhouse café')).toBe('greenhouse_cafe');
    expect(slug('Cabin in the snow')).toBe('cabin_in_the_snow');
    expect(slug('Still Life')).toBe('still_life');
  });

  it('makes a readable fallback from a lib', () => {
    expect(humanise('anime_modern')).toBe('Anime modern');
  });
});
