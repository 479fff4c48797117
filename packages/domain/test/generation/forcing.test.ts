import { describe, expect, it } from 'vitest';
import {
  PLAN,
  defaultSettings,
  disabledOptions,
  fallbackFreeStyle,
  normaliseSettings,
  type GeneratorSettings,
  type GraphicStyleRule,
  type NormaliseContext,
  type Plan,
  type SettingsInput,
} from '../../src/index.ts';

const STYLES: GraphicStyleRule[] = [
  { id: 1, render: 'hentai', is_free: false, txt2img: true },
  { id: 2, render: 'hentai', is_free: true, txt2img: true },
  { id: 3, render: 'realistic', is_free: true, txt2img: true },
  { id: 4, render: 'realistic', is_free: false, txt2img: true },
  { id: 5, render: 'hentai', is_free: true, txt2img: false },
  { id: 6, render: 'hentai', is_free: true, txt2img: true, enabled: false },
];

function settings(overrides: Partial<GeneratorSettings> = {}): GeneratorSettings {
  return { ...defaultSettings(PLAN.pro), style_id: 2, ...overrides };
}

function normalise(input: Partial<SettingsInput>, ctx: Partial<NormaliseContext> & { plan: Plan }) {
  return normaliseSettings({ ...settings(), ...input }, { styles: STYLES, ...ctx });
}

describe('plan forcing', () => {
  it.each([
    [
      'Basic with Ultra drops to High',
      PLAN.basic,
      { quality: 'Ultra' },
      { quality: 'High' },
      'quality_above_plan',
    ],
    [
      'Free with Ultra is Standard',
      PLAN.free,
      { quality: 'Ultra' },
      { quality: 'Standard' },
      'quality_above_plan',
    ],
    [
      'Free with High is Standard',
      PLAN.free,
      { quality: 'High' },
      { quality: 'Standard' },
      'quality_above_plan',
    ],
    ['Free loses eco', PLAN.free, { slow_mode: true }, { slow_mode: false }, 'eco_not_in_plan'],
    ['Basic loses eco (Pro only)', PLAN.basic, { slow_mode: true }, { slow_mode: false }, 'eco_not_in_plan'],
    ['Free loses private', PLAN.free, { private: true }, { private: false }, 'private_not_in_plan'],
    [
      'Basic multi 4 -> 2',
      PLAN.basic,
      { multiGeneration: 4 },
      { multiGeneration: 2 },
      'multi_generation_above_plan',
    ],
    [
      'Free multi 2 -> 1',
      PLAN.free,
      { multiGeneration: 2 },
      { multiGeneration: 1 },
      'multi_generation_above_plan',
    ],
    [
      'multi above 4 -> 4',
      PLAN.pro,
      { multiGeneration: 9 },
      { multiGeneration: 4 },
      'multi_generation_range',
    ],
    ['multi 0 -> 1', PLAN.pro, { multiGeneration: 0 }, { multiGeneration: 1 }, 'multi_generation_range'],
    [
      'seed lock -> single copy',
      PLAN.pro,
      { seedLock: true, multiGeneration: 3 },
      { multiGeneration: 1 },
      'seed_lock_single_generation',
    ],
    [
      'eco turns upscale off',
      PLAN.pro,
      { slow_mode: true, upscale: true },
      { upscale: false, slow_mode: true },
      'eco_disables_upscale',
    ],
    [
      'eco beats fast lane',
      PLAN.pro,
      { slow_mode: true, fastLane: true },
      { fastLane: false, slow_mode: true },
      'eco_disables_fast_lane',
    ],
    ['seed out of range is dropped', PLAN.pro, { seed: 0 }, { seed: null }, 'seed_out_of_range'],
    [
      'Free non-free style -> free style of the render',
      PLAN.free,
      { style_id: 1 },
      { style_id: 2 },
      'free_style_only',
    ],
    ['Premium loses a disabled style', PLAN.pro, { style_id: 6 }, { style_id: null }, 'style_unavailable'],
    [
      'Premium loses a non-txt2img style',
      PLAN.basic,
      { style_id: 5 },
      { style_id: null },
      'style_unavailable',
    ],
    ['Premium loses an unknown style', PLAN.pro, { style_id: 99 }, { style_id: null }, 'style_unavailable'],
  ] as const)('%s', (_name, plan, input, expected, rule) => {
    const result = normalise(input, { plan });
    expect(result.settings).toMatchObject(expected);
    expect(result.changes.map((change) => change.rule)).toContain(rule);
  });

  it('keeps what the plan allows untouched', () => {
    const pro = settings({
      quality: 'Ultra',
      slow_mode: true,
      private: true,
      multiGeneration: 4,
      style_id: 1,
    });
    expect(normaliseSettings(pro, { plan: PLAN.pro, styles: STYLES })).toEqual({
      settings: pro,
      changes: [],
    });
    const basic = settings({
      quality: 'High',
      private: true,
      multiGeneration: 2,
      watermark: false,
      style_id: 4,
    });
    expect(normaliseSettings(basic, { plan: PLAN.basic, styles: STYLES }).changes).toEqual([]);
    const free = settings({ watermark: false, style_id: 3 });
    expect(normaliseSettings(free, { plan: PLAN.free, styles: STYLES, render: 'realistic' }).changes).toEqual(
      [],
    );
  });

  it('reports each change with its old and new value', () => {
    const { changes } = normalise({ quality: 'Ultra' }, { plan: PLAN.basic });
    expect(changes).toEqual([{ field: 'quality', from: 'Ultra', to: 'High', rule: 'quality_above_plan' }]);
  });

  it('does not mutate its input', () => {
    const input = settings({ quality: 'Ultra', modifiers: [{ id: 1, weight: 150 }] });
    const copy = structuredClone(input);
    normaliseSettings(input, { plan: PLAN.free, styles: STYLES });
    expect(input).toEqual(copy);
  });

  it('a missing creativity defaults to Balanced', () => {
    const input: SettingsInput = { ...settings(), creativity: undefined };
    const result = normaliseSettings(input, { plan: PLAN.pro });
    expect(result.settings.creativity).toBe('Balanced');
    expect(result.changes.map((change) => change.rule)).toEqual(['default_creativity']);
    expect(
      normaliseSettings({ ...settings(), creativity: null }, { plan: PLAN.pro }).settings.creativity,
    ).toBe('Balanced');
  });
});

describe('Free styles (only free styles of the current render kind)', () => {
  it.each([
    ['free hentai style kept in hentai', 2, 'hentai', 2],
    ['free realistic style kept in realistic', 3, 'realistic', 3],
    ['free hentai style in realistic -> free realistic', 2, 'realistic', 3],
    ['paid realistic -> free realistic', 4, 'realistic', 3],
    ['paid hentai, render from the style -> free hentai', 1, undefined, 2],
    ['disabled free style -> another free one', 6, 'hentai', 2],
    ['no style chosen stays unchosen', null, 'hentai', null],
  ] as const)('%s', (_name, styleId, render, expected) => {
    const ctx = render === undefined ? { plan: PLAN.free } : { plan: PLAN.free, render };
    expect(normalise({ style_id: styleId }, ctx).settings.style_id).toBe(expected);
  });

  it('no free style of the render kind clears the choice', () => {
    const onlyPaid = STYLES.filter((style) => style.render === 'hentai' && !style.is_free);
    const result = normaliseSettings(settings({ style_id: 1 }), { plan: PLAN.free, styles: onlyPaid });
    expect(result.settings.style_id).toBeNull();
  });

  it('without a catalogue the style is left for the server to check', () => {
    expect(normaliseSettings(settings({ style_id: 1 }), { plan: PLAN.free }).settings.style_id).toBe(1);
  });

  it('fallbackFreeStyle skips disabled and non-txt2img styles', () => {
    expect(fallbackFreeStyle(STYLES, 'hentai')?.id).toBe(2);
    expect(fallbackFreeStyle(STYLES.slice(4), 'hentai')).toBeUndefined();
  });
});

describe('restore and clone', () => {
  const stale = settings({ quality: 'Ultra', slow_mode: true, private: true, watermark: false });
  it.each(['restore', 'clone'] as const)(
    'a non-premium %s gets Standard, no eco, no private, watermark on',
    (source) => {
      const result = normaliseSettings(stale, { plan: PLAN.free, source });
      expect(result.settings).toMatchObject({
        quality: 'Standard',
        slow_mode: false,
        private: false,
        watermark: true,
      });
    },
  );

  it('while editing, a Free user may turn the watermark off (paid removal)', () => {
    expect(normaliseSettings(stale, { plan: PLAN.free, source: 'edit' }).settings.watermark).toBe(false);
  });

  it('a premium clone keeps the watermark choice', () => {
    expect(normaliseSettings(stale, { plan: PLAN.basic, source: 'clone' }).settings.watermark).toBe(false);
  });

  it('eco forced off by the plan leaves upscale and fast lane on', () => {
    const result = normaliseSettings(settings({ slow_mode: true, upscale: true, fastLane: true }), {
      plan: PLAN.basic,
    });
    expect(result.settings).toMatchObject({ slow_mode: false, upscale: true, fastLane: true });
  });
});

describe('boosters in saved data', () => {
  it('clamps weights, drops duplicates and anything past 5 slots', () => {
    const modifiers = [
      { id: 1, weight: 150 },
      { id: 2, weight: -5 },
      { id: 1, weight: 30 },
      { id: 3, weight: 3.7 },
      { id: 4, weight: 40 },
      { id: 5, weight: 50 },
      { id: 6, weight: 60 },
    ];
    const result = normalise({ modifiers }, { plan: PLAN.pro });
    expect(result.settings.modifiers).toEqual([
      { id: 1, weight: 100 },
      { id: 2, weight: 0 },
      { id: 3, weight: 4 },
      { id: 4, weight: 40 },
      { id: 5, weight: 50 },
    ]);
    expect(result.changes.map((change) => change.rule).sort()).toEqual([
      'booster_duplicate',
      'booster_limit',
      'booster_weight',
    ]);
  });
});

describe('option interlocks shown in the UI', () => {
  it.each([
    [
      'eco greys out upscale and fast lane',
      PLAN.pro,
      { slow_mode: true },
      { upscale: true, fastLane: true, slow_mode: false },
    ],
    ['fast lane greys out eco', PLAN.pro, { fastLane: true }, { slow_mode: true, upscale: false }],
    ['seed lock greys out multi-generation', PLAN.pro, { seedLock: true }, { multiGeneration: true }],
    ['Pro, seed unlocked: multi-generation open', PLAN.pro, {}, { multiGeneration: false, slow_mode: false }],
    ['Basic: eco never available', PLAN.basic, {}, { slow_mode: true, multiGeneration: false }],
    ['Free: no multi-generation', PLAN.free, {}, { multiGeneration: true }],
  ] as const)('%s', (_name, plan, input, expected) => {
    expect(disabledOptions(settings(input), plan)).toMatchObject(expected);
  });
});
