import { PLAN, defaultSettings, type GraphicStyleRule } from '@mirage/domain';
import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../testing/fakeBrowser.ts';
import {
  loadPromptData,
  PROMPT_DATA_REPLACED,
  replacePromptData,
  type PromptData,
} from '../generator/index.ts';
import type { ImageGenInfo } from './api.ts';
import { clonedPromptData, firstWords, formatDay, matchTagId, parseGenDate, splitTags } from './details.ts';

const STYLES: GraphicStyleRule[] = [
  { id: 1, render: 'hentai', is_free: true, txt2img: true },
  { id: 2, render: 'hentai', is_free: false, txt2img: true },
  { id: 8, render: 'realistic', is_free: true, txt2img: true },
  { id: 9, render: 'realistic', is_free: false, txt2img: true },
];

const gen = (overrides: Partial<ImageGenInfo> = {}): ImageGenInfo => ({
  created_at: '03-14-2026',
  prompt: 'a lighthouse at dusk, warm light',
  neg_prompt: 'blurry',
  seed: 123456,
  style_id: 9,
  format: 'Wide',
  quality: 'Ultra',
  creativity: 'Precise',
  modifiers: [{ id: 101, weight: 40 }],
  watermark: false,
  model: 'preview-renderer',
  user_id: 7,
  username: 'author',
  ...overrides,
});

const current = (plan: (typeof PLAN)[keyof typeof PLAN]): PromptData => ({
  settings: { ...defaultSettings(plan), prompt: 'old prompt', upscale: true, style_id: 1 },
  render: 'hentai',
});

describe('the generation date (month-day-year)', () => {
  it('reads MM-DD-YYYY and refuses impossible dates', () => {
    expect(parseGenDate('03-14-2026')?.toISOString()).toBe('2026-03-14T12:00:00.000Z');
    expect(parseGenDate('02-30-2026')).toBeNull();
    expect(parseGenDate('2026-03-14')).toBeNull();
    expect(parseGenDate('')).toBeNull();
  });

  it('shows the day in the reader’s language', () => {
    const day = parseGenDate('03-14-2026')!;
    expect(formatDay(day, 'en')).toBe('March 14, 2026');
    expect(formatDay(day, 'fr')).toBe('14 mars 2026');
    expect(formatDay(day, 'ja')).toBe('2026年3月14日');
  });
});

describe('tags', () => {
  it('splits the comma-separated list, trimmed and distinct', () => {
    expect(splitTags('lighthouse, dusk,  warm light ,dusk,')).toEqual(['lighthouse', 'dusk', 'warm light']);
    expect(splitTags('')).toEqual([]);
  });

  it('finds a tag id by exact name among the tags the image carries', () => {
    const suggestions = [
      { id: 4, name: 'dusky' },
      { id: 5, name: 'dusk' },
      { id: 6, name: 'dusk' },
    ];
    expect(matchTagId('Dusk', suggestions, [6, 10])).toBe(6);
    expect(matchTagId('dusk', suggestions, [])).toBe(5);
    expect(matchTagId('dawn', suggestions, [5])).toBeNull();
  });
});

describe('clone', () => {
  it('copies prompt, negative prompt, style, boosters, format, creativity and seed (locked)', () => {
    const data = clonedPromptData(
      gen(),
      { render: 'realistic', style_id: 9 },
      current(PLAN.pro),
      PLAN.pro,
      STYLES,
    );
    expect(data.render).toBe('realistic');
    expect(data.settings).toMatchObject({
      prompt: 'a lighthouse at dusk, warm light',
      neg_prompt: 'blurry',
      style_id: 9,
      modifiers: [{ id: 101, weight: 40 }],
      format: 'Wide',
      quality: 'Ultra',
      creativity: 'Precise',
      seed: 123456,
      seedLock: true,
      multiGeneration: 1,
      // The user's own switches stay.
      upscale: true,
    });
  });

  it('forces Standard for a Free user and at most High for Basic', () => {
    const free = clonedPromptData(gen(), undefined, current(PLAN.free), PLAN.free, STYLES);
    expect(free.settings.quality).toBe('Standard');
    expect(clonedPromptData(gen(), undefined, current(PLAN.basic), PLAN.basic, STYLES).settings.quality).toBe(
      'High',
    );
  });

  it('gives a Free user the free style of the same kind, and the watermark back', () => {
    const free = clonedPromptData(gen(), undefined, current(PLAN.free), PLAN.free, STYLES);
    expect(free.settings.style_id).toBe(8);
    expect(free.render).toBe('realistic');
    expect(free.settings.watermark).toBe(true);
  });

  it('defaults a missing or unknown creativity to Balanced', () => {
    const missing = clonedPromptData(
      gen({ creativity: null }),
      undefined,
      current(PLAN.pro),
      PLAN.pro,
      STYLES,
    );
    expect(missing.settings.creativity).toBe('Balanced');
    const odd = clonedPromptData(gen({ creativity: 'Wild' }), undefined, current(PLAN.pro), PLAN.pro, STYLES);
    expect(odd.settings.creativity).toBe('Balanced');
  });

  it('keeps the current format when the image has an unknown one, and works without the style list', () => {
    const data = clonedPromptData(
      gen({ format: 'Panorama', style_id: 2 }),
      { render: 'hentai', style_id: 2 },
      current(PLAN.pro),
      PLAN.pro,
      [],
    );
    expect(data.settings.format).toBe('Portrait');
    expect(data.settings.style_id).toBe(2);
    expect(data.render).toBe('hentai');
  });
});

describe('handing a clone to the generator', () => {
  it('saves it as promptData and tells a mounted (kept-alive) generator to read it back', () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const heard: string[] = [];
    target.addEventListener(PROMPT_DATA_REPLACED, (event) => heard.push(event.type));
    const storage = new MemoryStorage();
    const data = clonedPromptData(gen(), undefined, current(PLAN.free), PLAN.free, STYLES);
    replacePromptData(storage, data);
    expect(heard).toEqual([PROMPT_DATA_REPLACED]);
    expect(loadPromptData(storage, PLAN.free)).toEqual(data);
  });
});

describe('firstWords', () => {
  it('keeps short texts and cuts long ones at a word', () => {
    expect(firstWords('  a lighthouse   at dusk ')).toBe('a lighthouse at dusk');
    expect(firstWords('one two three four five', 12)).toBe('one two…');
    expect(firstWords('abcdefghijklmnop', 5)).toBe('abcde…');
  });
});
