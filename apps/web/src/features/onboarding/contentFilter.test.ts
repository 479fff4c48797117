import { describe, expect, it } from 'vitest';
import type { HiddenTag } from '../settings/index.ts';
import { contentFilterOf, withContentFilter } from './contentFilter.ts';

const HENTAI: HiddenTag = { id: 1, kind: 'render', name: 'hentai' };
const REALISTIC: HiddenTag = { id: 2, kind: 'render', name: 'realistic' };
const FOG: HiddenTag = { id: 10, kind: 'prompt', name: 'fog' };
const SQUARE: HiddenTag = { id: 20, kind: 'format', name: 'square' };
const SYSTEM = [HENTAI, REALISTIC, SQUARE];

describe('the content filter kept in the hidden tags', () => {
  it('reads both, one render, or nothing from the hidden render tags', () => {
    expect(contentFilterOf([])).toBe('both');
    expect(contentFilterOf([FOG, SQUARE])).toBe('both');
    expect(contentFilterOf([REALISTIC, FOG])).toBe('hentai');
    expect(contentFilterOf([HENTAI])).toBe('realistic');
    expect(contentFilterOf([HENTAI, REALISTIC])).toBeNull();
  });

  it('hides the other render and keeps every other hidden tag', () => {
    expect(withContentFilter([FOG, SQUARE], SYSTEM, 'hentai')).toEqual([FOG, SQUARE, REALISTIC]);
    expect(withContentFilter([FOG], SYSTEM, 'realistic')).toEqual([FOG, HENTAI]);
  });

  it('switches from one render to the other, and back to both', () => {
    const hentaiOnly = withContentFilter([FOG], SYSTEM, 'hentai');
    const realisticOnly = withContentFilter(hentaiOnly, SYSTEM, 'realistic');
    expect(realisticOnly).toEqual([FOG, HENTAI]);
    expect(contentFilterOf(realisticOnly)).toBe('realistic');
    expect(withContentFilter(realisticOnly, SYSTEM, 'both')).toEqual([FOG]);
  });

  it('round-trips every choice', () => {
    for (const filter of ['both', 'hentai', 'realistic'] as const) {
      expect(contentFilterOf(withContentFilter([FOG], SYSTEM, filter))).toBe(filter);
    }
  });
});
