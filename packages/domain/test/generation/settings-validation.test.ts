import { describe, expect, it } from 'vitest';
import {
  GENERATION_ERROR_CODES,
  PLAN,
  isErrorCode,
  defaultSettings,
  validateSettings,
  type GeneratorSettings,
  type GraphicStyleRule,
  type ModifierRule,
} from '../../src/index.ts';

const now = new Date('2025-06-15T12:00:00Z');
const PAST = '2025-06-01T00:00:00Z';

const styles = new Map<number, GraphicStyleRule>([
  [1, { id: 1, render: 'hentai', is_free: false, txt2img: true }],
  [2, { id: 2, render: 'hentai', is_free: true, txt2img: true }],
  [3, { id: 3, render: 'hentai', is_free: true, txt2img: false }],
  [4, { id: 4, render: 'hentai', is_free: true, txt2img: true, enabled: false }],
  [5, { id: 5, render: 'realistic', is_free: true, txt2img: true }],
]);
const modifiers = new Map<number, ModifierRule>([
  [10, { id: 10, render: 'hentai' }],
  [11, { id: 11, render: 'both' }],
  [12, { id: 12, render: 'realistic' }],
  [13, { id: 13, render: 'both', is_free: false }],
  [14, { id: 14, render: 'both', enabled: false }],
]);

type Row = [
  string,
  number,
  string | null,
  Partial<GeneratorSettings>,
  string | null,
  Record<string, unknown>?,
];

/** name, stored plan, pro_expire, settings, expected code, expected data subset. */
const ROWS: Row[] = [
  ['Free, free style, defaults', 0, null, {}, null],
  [
    'Pro, everything allowed',
    2,
    null,
    { style_id: 1, quality: 'Ultra', slow_mode: true, private: true, multiGeneration: 4 },
    null,
  ],
  ['Free, watermark off is allowed (paid)', 0, null, { watermark: false }, null],
  ['no style chosen', 2, null, { style_id: null }, 'validation_error', { field: 'style_id' }],
  ['unknown style', 2, null, { style_id: 99 }, 'style_disabled', { style_id: 99 }],
  ['disabled style', 2, null, { style_id: 4 }, 'style_disabled'],
  ['style without txt2img', 2, null, { style_id: 3 }, 'style_not_txt2img', { style_id: 3 }],
  ['Free with a paid style', 0, null, { style_id: 1 }, 'unauthorized_style', { style_id: 1 }],
  ['lapsed Pro with a paid style', 2, PAST, { style_id: 1 }, 'user_pro_expired', { style_id: 1 }],
  ['Basic with a paid style', 1, null, { style_id: 1 }, null],
  [
    'unknown booster',
    2,
    null,
    { modifiers: [{ id: 99, weight: 50 }] },
    'unauthorized_modifier',
    { reason: 'unavailable' },
  ],
  [
    'disabled booster',
    2,
    null,
    { modifiers: [{ id: 14, weight: 50 }] },
    'unauthorized_modifier',
    { reason: 'unavailable' },
  ],
  [
    'realistic booster on a hentai style',
    2,
    null,
    { modifiers: [{ id: 12, weight: 50 }] },
    'unauthorized_modifier',
    { modifier_id: 12, reason: 'incompatible' },
  ],
  [
    'booster for both renders',
    0,
    null,
    {
      modifiers: [
        { id: 11, weight: 50 },
        { id: 10, weight: 0 },
      ],
    },
    null,
  ],
  [
    'Free with a premium booster',
    0,
    null,
    { modifiers: [{ id: 13, weight: 50 }] },
    'unauthorized_modifier',
    { reason: 'plan' },
  ],
  ['Basic with a premium booster', 1, null, { modifiers: [{ id: 13, weight: 50 }] }, null],
  [
    'six boosters',
    2,
    null,
    { modifiers: [10, 11, 13, 20, 21, 22].map((id) => ({ id, weight: 50 })) },
    'validation_error',
    { field: 'modifiers' },
  ],
  [
    'duplicate boosters',
    2,
    null,
    {
      modifiers: [
        { id: 10, weight: 5 },
        { id: 10, weight: 6 },
      ],
    },
    'validation_error',
  ],
  ['booster weight above 100', 2, null, { modifiers: [{ id: 10, weight: 101 }] }, 'validation_error'],
  ['fractional booster weight', 2, null, { modifiers: [{ id: 10, weight: 3.5 }] }, 'validation_error'],
  ['seed 0', 2, null, { seed: 0 }, 'validation_error', { field: 'seed' }],
  ['seed above range', 2, null, { seed: 4_294_967_296 }, 'validation_error', { field: 'seed' }],
  ['multi-generation 5', 2, null, { multiGeneration: 5 }, 'validation_error', { field: 'multiGeneration' }],
  [
    'Free with High',
    0,
    null,
    { quality: 'High' },
    'unauthorized_resource',
    { feature: 'quality', required_plan: 1 },
  ],
  ['Basic with High', 1, null, { quality: 'High' }, null],
  [
    'Basic with Ultra',
    1,
    null,
    { quality: 'Ultra' },
    'unauthorized_resource',
    { feature: 'quality', required_plan: 2 },
  ],
  ['lapsed Pro with Ultra', 2, PAST, { quality: 'Ultra' }, 'user_pro_expired', { feature: 'quality' }],
  ['lapsed Basic with Ultra (never allowed)', 1, PAST, { quality: 'Ultra' }, 'unauthorized_resource'],
  [
    'Basic with eco',
    1,
    null,
    { slow_mode: true },
    'unauthorized_resource',
    { feature: 'slow_mode', required_plan: 2 },
  ],
  ['lapsed Pro with eco', 2, PAST, { slow_mode: true }, 'user_pro_expired'],
  [
    'Free with private',
    0,
    null,
    { private: true },
    'unauthorized_resource',
    { feature: 'private', required_plan: 1 },
  ],
  ['Basic with private', 1, null, { private: true }, null],
  ['lapsed Basic with private', 1, PAST, { private: true }, 'user_pro_expired'],
  [
    'Free with 2 copies',
    0,
    null,
    { multiGeneration: 2 },
    'unauthorized_resource',
    { feature: 'multi_generation', required_plan: 1 },
  ],
  ['Basic with 2 copies', 1, null, { multiGeneration: 2 }, null],
  [
    'Basic with 3 copies',
    1,
    null,
    { multiGeneration: 3 },
    'unauthorized_resource',
    { feature: 'multi_generation', required_plan: 2 },
  ],
  [
    'seed lock with 2 copies',
    2,
    null,
    { seedLock: true, multiGeneration: 2 },
    'validation_error',
    { conflict: 'seedLock' },
  ],
  [
    'eco with fast lane',
    2,
    null,
    { slow_mode: true, fastLane: true },
    'validation_error',
    { field: 'fastLane' },
  ],
  ['eco with upscale', 2, null, { slow_mode: true, upscale: true }, 'validation_error', { field: 'upscale' }],
  ['Pro days from a key: Ultra', 0, '2025-07-01T00:00:00Z', { quality: 'Ultra', style_id: 1 }, null],
  ['style is checked before quality', 0, null, { style_id: 1, quality: 'Ultra' }, 'unauthorized_style'],
];

describe('validateSettings: the server refuses what the plan forbids', () => {
  it.each(ROWS)('%s', (_name, plan, proExpire, overrides, code, data) => {
    const settings: GeneratorSettings = { ...defaultSettings(PLAN.free), style_id: 2, ...overrides };
    const result = validateSettings(settings, {
      user: { plan, pro_expire: proExpire },
      now,
      styles,
      modifiers,
    });
    if (code === null) {
      expect(result).toBeNull();
    } else {
      expect(result?.code).toBe(code);
      if (data) expect(result?.data).toMatchObject(data);
    }
  });
});

describe('generation error codes', () => {
  it.each(GENERATION_ERROR_CODES)('%s is in the error catalogue', (code) => {
    expect(isErrorCode(code)).toBe(true);
  });
});
