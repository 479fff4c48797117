import { describe, expect, it } from 'vitest';
import {
  TEXT_LIMIT_NEG,
  TEXT_LIMIT_POS,
  fastLaneQuery,
  settingsFromTxt2img,
  taskSignature,
  txt2imgBody,
  type SignatureSettings,
} from '../../src/index.ts';

function firstIssue(input: unknown) {
  const result = txt2imgBody.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return { code: issue?.message, field: issue?.path.join('.') };
}

const minimal = { prompt: 'a lighthouse at dusk', style_id: 7 };

describe('txt2img body (generator prompt without fastLane and seedLock, with seed)', () => {
  it('fills every default', () => {
    expect(txt2imgBody.parse(minimal)).toEqual({
      prompt: 'a lighthouse at dusk',
      neg_prompt: '',
      upscale: false,
      seed: null,
      quality: 'Standard',
      format: 'Portrait',
      watermark: true,
      private: false,
      style_id: 7,
      creativity: 'Balanced',
      modifiers: [],
      slow_mode: false,
      less_nsfw: false,
      automatic_face_restore: false,
    });
  });

  it('treats null like missing', () => {
    const parsed = txt2imgBody.parse({
      ...minimal,
      creativity: null,
      seed: null,
      modifiers: null,
      upscale: null,
    });
    expect(parsed).toMatchObject({ creativity: 'Balanced', seed: null, modifiers: [], upscale: false });
  });

  it('trims prompts before the length check', () => {
    const parsed = txt2imgBody.parse({ ...minimal, prompt: '  sea  ', neg_prompt: `\n blur \t` });
    expect(parsed.prompt).toBe('sea');
    expect(parsed.neg_prompt).toBe('blur');
    const padded = ` ${'x'.repeat(TEXT_LIMIT_POS)} `;
    expect(txt2imgBody.safeParse({ ...minimal, prompt: padded }).success).toBe(true);
  });

  it('strips pro, fastLane and seedLock: the server decides those', () => {
    const parsed = txt2imgBody.parse({ ...minimal, pro: true, fastLane: true, seedLock: true });
    expect(Object.keys(parsed)).not.toContain('pro');
    expect(Object.keys(parsed)).not.toContain('fastLane');
    expect(Object.keys(parsed)).not.toContain('seedLock');
  });

  it('keeps a valid seed and the chosen options', () => {
    const parsed = txt2imgBody.parse({
      ...minimal,
      seed: 4_294_967_295,
      quality: 'Ultra',
      format: 'Square',
      creativity: 'Precise',
      watermark: false,
      slow_mode: true,
    });
    expect(parsed).toMatchObject({
      seed: 4_294_967_295,
      quality: 'Ultra',
      format: 'Square',
      creativity: 'Precise',
    });
    expect(parsed).toMatchObject({ watermark: false, slow_mode: true });
  });

  it('clamps booster weights instead of refusing them', () => {
    const parsed = txt2imgBody.parse({
      ...minimal,
      modifiers: [
        { id: 1, weight: '50' },
        { id: 2, weight: -3 },
        { id: 3, weight: 100.4 },
        { id: 4, weight: 101 },
        { id: 5, weight: 'NaN' },
      ],
    });
    expect(parsed.modifiers).toEqual([
      { id: 1, weight: 50 },
      { id: 2, weight: 0 },
      { id: 3, weight: 100 },
      { id: 4, weight: 100 },
      { id: 5, weight: 0 },
    ]);
  });

  it.each([
    ['missing style', { prompt: 'x' }, 'style_id'],
    ['style not an integer', { ...minimal, style_id: 1.5 }, 'style_id'],
    ['prompt too long', { ...minimal, prompt: 'x'.repeat(TEXT_LIMIT_POS + 1) }, 'prompt'],
    ['negative prompt too long', { ...minimal, neg_prompt: 'x'.repeat(TEXT_LIMIT_NEG + 1) }, 'neg_prompt'],
    ['prompt not text', { ...minimal, prompt: 5 }, 'prompt'],
    ['seed 0', { ...minimal, seed: 0 }, 'seed'],
    ['seed above range', { ...minimal, seed: 4_294_967_296 }, 'seed'],
    ['seed fractional', { ...minimal, seed: 1.5 }, 'seed'],
    ['seed as text', { ...minimal, seed: '12' }, 'seed'],
    ['unknown quality', { ...minimal, quality: 'Insane' }, 'quality'],
    ['unknown format', { ...minimal, format: 'Panorama' }, 'format'],
    ['unknown creativity', { ...minimal, creativity: 'Wild' }, 'creativity'],
    ['switch as text', { ...minimal, upscale: 'yes' }, 'upscale'],
    [
      'six boosters',
      { ...minimal, modifiers: [1, 2, 3, 4, 5, 6].map((id) => ({ id, weight: 10 })) },
      'modifiers',
    ],
    [
      'duplicate boosters',
      {
        ...minimal,
        modifiers: [
          { id: 1, weight: 10 },
          { id: 1, weight: 20 },
        ],
      },
      'modifiers',
    ],
    ['booster without id', { ...minimal, modifiers: [{ weight: 10 }] }, 'modifiers.0.id'],
  ])('%s -> validation_error on %s', (_name, input, field) => {
    expect(firstIssue(input)).toEqual({ code: 'validation_error', field });
  });

  it('accepts exactly the limits', () => {
    const atLimits = {
      ...minimal,
      prompt: 'x'.repeat(TEXT_LIMIT_POS),
      neg_prompt: 'y'.repeat(TEXT_LIMIT_NEG),
      seed: 1,
      modifiers: [1, 2, 3, 4, 5].map((id) => ({ id, weight: 100 })),
    };
    expect(txt2imgBody.safeParse(atLimits).success).toBe(true);
  });

  it.each([
    [{}, false],
    [{ fastlane: 'true' }, true],
    [{ fastlane: '1' }, true],
    [{ fastlane: 'false' }, false],
    [{ fastlane: '0' }, false],
    [{ fastlane: '' }, false],
  ])('fastlane query %j -> %s', (query, expected) => {
    expect(fastLaneQuery.parse(query).fastlane).toBe(expected);
  });

  it('refuses an unreadable fastlane flag', () => {
    expect(fastLaneQuery.safeParse({ fastlane: 'maybe' }).success).toBe(false);
  });

  it('builds full settings: a given seed is a locked seed, one image per request', () => {
    const settings = settingsFromTxt2img(txt2imgBody.parse({ ...minimal, seed: 42 }), true);
    expect(settings).toMatchObject({ seed: 42, seedLock: true, fastLane: true, multiGeneration: 1 });
    expect(settingsFromTxt2img(txt2imgBody.parse(minimal), false).seedLock).toBe(false);
  });
});

describe('taskSignature (same user, settings and seed => same image)', () => {
  const base: SignatureSettings = {
    prompt: 'a lighthouse at dusk',
    neg_prompt: 'blur',
    seed: 42,
    style_id: 7,
    modifiers: [
      { id: 3, weight: 40 },
      { id: 1, weight: 80 },
    ],
    quality: 'High',
    format: 'Wide',
    creativity: 'Balanced',
    upscale: false,
    automatic_face_restore: false,
    less_nsfw: false,
    watermark: true,
  };
  const signature = taskSignature(1, base);

  it('is a plain, versioned string', () => {
    expect(typeof signature).toBe('string');
    expect(signature.startsWith('txt2img:v1:')).toBe(true);
  });

  it('does not depend on key order, booster order or surrounding spaces', () => {
    const reordered = Object.fromEntries(Object.entries(base).reverse()) as unknown as SignatureSettings;
    expect(taskSignature(1, reordered)).toBe(signature);
    expect(taskSignature(1, { ...base, modifiers: [...base.modifiers].reverse() })).toBe(signature);
    expect(taskSignature(1, { ...base, prompt: ` ${base.prompt} ` })).toBe(signature);
  });

  it('ignores settings that do not change the image (fast lane, eco, private, seed lock)', () => {
    const withExtras = { ...base, fastLane: true, slow_mode: true, private: true, seedLock: true };
    expect(taskSignature(1, withExtras)).toBe(signature);
  });

  it.each([
    ['user', 2, {}],
    ['seed', 1, { seed: 43 }],
    ['prompt', 1, { prompt: 'a lighthouse at dawn' }],
    ['negative prompt', 1, { neg_prompt: '' }],
    ['style', 1, { style_id: 8 }],
    [
      'booster weight',
      1,
      {
        modifiers: [
          { id: 3, weight: 41 },
          { id: 1, weight: 80 },
        ],
      },
    ],
    ['booster set', 1, { modifiers: [{ id: 3, weight: 40 }] }],
    ['quality', 1, { quality: 'Ultra' }],
    ['format', 1, { format: 'Square' }],
    ['creativity', 1, { creativity: 'Precise' }],
    ['upscale', 1, { upscale: true }],
    ['face restore', 1, { automatic_face_restore: true }],
    ['less NSFW', 1, { less_nsfw: true }],
    ['watermark', 1, { watermark: false }],
  ] as const)('changes with the %s', (_name, userId, change) => {
    expect(taskSignature(userId, { ...base, ...change } as SignatureSettings)).not.toBe(signature);
  });

  it('cannot be forged by text that looks like another field', () => {
    const a = taskSignature(1, { ...base, prompt: 'x","seed":1', neg_prompt: '' });
    const b = taskSignature(1, { ...base, prompt: 'x', neg_prompt: '","seed":1' });
    expect(a).not.toBe(b);
  });
});
