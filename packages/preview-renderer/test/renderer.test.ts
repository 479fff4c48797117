import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FIELD_MAX_SIDE,
  RENDER_VERSION,
  clamp,
  fieldSize,
  hsl,
  makeScene,
  paint,
  prng,
  renderField,
  sceneHash,
  sceneKey,
  type SceneInput,
} from '../src/index.ts';

const input = (overrides: Partial<SceneInput> = {}): SceneInput => ({
  seed: 42,
  prompt: 'a lighthouse at dusk, soft light',
  negative_prompt: 'blurry',
  checkpoint: 'sd_xl_base_1.0.safetensors',
  loras: [],
  steps: 20,
  cfg: 5,
  sampler: 'dpmpp_2m',
  scheduler: 'karras',
  hires: null,
  face_restore: false,
  ...overrides,
});
const sha = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

describe('determinism', () => {
  it('paints the same input to the same pixels every time', () => {
    const a = renderField(input(), 512, 704);
    const b = renderField(input(), 512, 704);
    expect(a.data.equals(b.data)).toBe(true);
    expect(makeScene(input())).toEqual(makeScene(input()));
  });

  it('keeps the pixels of a known input (bump RENDER_VERSION when the painting changes on purpose)', () => {
    expect(RENDER_VERSION).toBe(1);
    const field = renderField(input(), 512, 704);
    expect(sha(field.data)).toBe('289de0e5e9a0e0651e546ff7adad74b3cb13c221bebc013587aeb56adf52ea2b');
  });

  it('hashes a canonical key that starts with the renderer version', () => {
    expect(JSON.parse(sceneKey(input()))).toEqual([
      1,
      42,
      'a lighthouse at dusk, soft light',
      'blurry',
      'sd_xl_base_1.0.safetensors',
      [],
      20,
      5,
      'dpmpp_2m',
      'karras',
      null,
      false,
    ]);
    expect(sceneHash(input()).toString('hex')).toBe(sha(Buffer.from(sceneKey(input()))));
    // A worker job carries more fields (id, size, watermark...): they do not change the picture.
    const job = { ...input(), id: 'x', width: 512, height: 704, watermark: true };
    expect(sceneKey(job)).toBe(sceneKey(input()));
  });

  it('draws the same numbers from the same seed, all in [0, 1)', () => {
    const seed = sceneHash(input());
    const a = prng(seed);
    const b = prng(seed);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(draws.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(990);
    expect(() => prng(Buffer.alloc(8))).toThrow(RangeError);
  });
});

describe('variety', () => {
  it.each([
    ['seed', { seed: 43 }],
    ['prompt', { prompt: 'a forest in fog' }],
    ['checkpoint', { checkpoint: 'anime_v2.safetensors' }],
    ['LoRA', { loras: [{ name: 'soft_light.safetensors', weight: 0.8 }] }],
    ['guidance', { cfg: 7 }],
    ['face restore', { face_restore: true }],
  ] as const)('paints a different picture for another %s', (_, change) => {
    const base = renderField(input(), 256, 352).data;
    expect(renderField(input(change), 256, 352).data.equals(base)).toBe(false);
  });

  it('paints different previews for different catalogue libs', () => {
    const libs = ['anime_modern', 'photo_natural', 'pixel_art', 'soft_light'];
    const hashes = libs.map((lib) =>
      sha(renderField(input({ prompt: lib, checkpoint: lib }), 512, 704).data),
    );
    expect(new Set(hashes).size).toBe(libs.length);
  });
});

describe('size', () => {
  it('paints a quarter-size field, at most FIELD_MAX_SIDE and at least 8 px a side', () => {
    expect(fieldSize(512, 704)).toEqual({ width: 128, height: 176 });
    expect(fieldSize(1024, 1408)).toEqual({ width: 256, height: 352 });
    expect(fieldSize(1688, 1228)).toEqual({ width: FIELD_MAX_SIDE, height: 279 });
    expect(fieldSize(4096, 4096)).toEqual({ width: FIELD_MAX_SIDE, height: FIELD_MAX_SIDE });
    expect(fieldSize(16, 16)).toEqual({ width: 8, height: 8 });
    expect(() => fieldSize(0, 100)).toThrow(RangeError);
    expect(() => fieldSize(Number.NaN, 100)).toThrow(RangeError);
  });

  it('returns exactly width x height RGB pixels', () => {
    for (const [w, h] of [
      [512, 704],
      [704, 512],
      [576, 576],
      [1382, 1382],
    ] as const) {
      const field = renderField(input(), w, h);
      expect([field.width, field.height]).toEqual([fieldSize(w, h).width, fieldSize(w, h).height]);
      expect(field.data.length).toBe(field.width * field.height * 3);
    }
    expect(paint(makeScene(input()), 3, 2).length).toBe(18);
  });

  it('paints the same scene at two sizes alike (a style keeps its look at any size)', () => {
    const scene = makeScene(input());
    const small = paint(scene, 2, 2);
    const large = paint(scene, 64, 64);
    // The corners of the field are the corners of the picture.
    expect([...small.subarray(0, 3)]).toEqual([...large.subarray(0, 3)]);
  });
});

describe('colour helpers', () => {
  it('converts HSL to RGB on the colour wheel, any hue', () => {
    expect(hsl(0, 1, 0.5)).toEqual([255, 0, 0]);
    expect(hsl(120, 1, 0.5)).toEqual([0, 255, 0]);
    expect(hsl(240, 1, 0.5)).toEqual([0, 0, 255]);
    expect(hsl(-120, 1, 0.5)).toEqual(hsl(240, 1, 0.5));
    expect(hsl(480, 1, 0.5)).toEqual(hsl(120, 1, 0.5));
    expect(hsl(77, 0, 0.5)).toEqual([127.5, 127.5, 127.5]);
  });

  it('clamps and rounds to a byte', () => {
    expect([clamp(-4), clamp(0.4), clamp(127.5), clamp(254.6), clamp(300)]).toEqual([0, 0, 128, 255, 255]);
  });
});
