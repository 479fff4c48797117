import { describe, expect, it } from 'vitest';
import type { Preset, PresetMap } from '../catalogue/index.ts';
import { buildPresetTree, searchable } from './presetTree.ts';

const preset = (id: number, lib: string, value: string, favorite = false): Preset => ({
  id,
  lib,
  value,
  neg_prompt: 'blurry',
  favorite,
});

const PRESETS: PresetMap = {
  'Scenery/Coast': [
    preset(1, 'Lighthouse at dusk', 'a lighthouse at dusk'),
    preset(2, 'Sea cliffs', 'cliffs'),
  ],
  'Scenery/Mountains/Summer': [preset(5, 'Alpine meadow', 'an alpine meadow', true)],
  'Scenery/Mountains/Winter': [preset(8, 'Snowy peaks', 'snowy peaks')],
  Vehicles: [preset(38, 'Steam locomotive', 'a steam train'), preset(29, 'Greenhouse café', 'a cafe')],
};

const FRENCH: Record<string, string> = { Scenery: 'Paysages', Mountains: 'Montagnes', Coast: 'Côte' };
const filter = (query = '', favoritesOnly = false) => ({
  query,
  favoritesOnly,
  label: (segment: string) => FRENCH[segment] ?? segment,
  title: (lib: string) => (lib === 'Snowy peaks' ? 'Sommets enneigés' : lib),
});

const names = (nodes: ReturnType<typeof buildPresetTree>): unknown =>
  nodes.map((node) => ({
    [node.label]: [...node.presets.map((item) => item.id), ...(names(node.children) as unknown[])],
  }));

describe('preset tree', () => {
  it('splits paths on "/" into nested categories, keeping the server order, with counts', () => {
    const tree = buildPresetTree(PRESETS, filter());
    expect(names(tree)).toEqual([
      { Paysages: [{ Côte: [1, 2] }, { Montagnes: [{ Summer: [5] }, { Winter: [8] }] }] },
      { Vehicles: [38, 29] },
    ]);
    expect(tree.map((node) => node.count)).toEqual([4, 2]);
    expect(tree[0]?.children[1]?.path).toBe('Scenery/Mountains');
  });

  it('searches translated and English titles and prompts, without accents or case', () => {
    expect(names(buildPresetTree(PRESETS, filter('SOMMETS')))).toEqual([
      { Paysages: [{ Montagnes: [{ Winter: [8] }] }] },
    ]);
    expect(names(buildPresetTree(PRESETS, filter('cafe')))).toEqual([{ Vehicles: [29] }]);
    expect(names(buildPresetTree(PRESETS, filter('steam train')))).toEqual([{ Vehicles: [38] }]);
  });

  it('lets a word name a category in the interface language', () => {
    expect(names(buildPresetTree(PRESETS, filter('montagnes')))).toEqual([
      { Paysages: [{ Montagnes: [{ Summer: [5] }, { Winter: [8] }] }] },
    ]);
    expect(names(buildPresetTree(PRESETS, filter('montagnes alpine')))).toEqual([
      { Paysages: [{ Montagnes: [{ Summer: [5] }] }] },
    ]);
  });

  it('keeps favourites only when asked, and drops empty categories', () => {
    expect(names(buildPresetTree(PRESETS, filter('', true)))).toEqual([
      { Paysages: [{ Montagnes: [{ Summer: [5] }] }] },
    ]);
    expect(buildPresetTree(PRESETS, filter('nothing like this'))).toEqual([]);
  });

  it('normalises text for search', () => {
    expect(searchable('  Café ÉTÉ ')).toBe('cafe ete');
  });
});
