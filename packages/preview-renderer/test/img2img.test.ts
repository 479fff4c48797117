import { describe, expect, it } from 'vitest';
import {
  FEATHER_RADIUS,
  featherMask,
  inpaintPixels,
  makeScene,
  paletteMap,
  restylePixels,
  type SceneInput,
} from '../src/index.ts';

const input = (overrides: Partial<SceneInput> = {}): SceneInput => ({
  seed: 42,
  prompt: 'a lighthouse at dusk, soft light',
  negative_prompt: 'blurry',
  checkpoint: 'anime_v2.safetensors',
  loras: [],
  steps: 20,
  cfg: 5,
  sampler: 'dpmpp_2m',
  scheduler: 'karras',
  hires: null,
  face_restore: false,
  ...overrides,
});

const W = 64;
const H = 48;
/** A horizontal gradient with a bright block: light and shade to keep. */
function source(): Buffer {
  const buf = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const block = x >= 20 && x < 40 && y >= 10 && y < 30;
      buf[i] = block ? 240 : x * 3;
      buf[i + 1] = block ? 230 : 40 + x;
      buf[i + 2] = block ? 220 : 120;
    }
  }
  return buf;
}
const flat = (value: number, channels = 3) => Buffer.alloc(W * H * channels, value);
/** White on the right half, black on the left. */
function halfMask(): Buffer {
  const m = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) for (let x = W / 2; x < W; x++) m[y * W + x] = 255;
  return m;
}
const luma = (buf: Buffer, p: number) =>
  0.299 * buf[p * 3]! + 0.587 * buf[p * 3 + 1]! + 0.114 * buf[p * 3 + 2]!;

function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let num = 0;
  let da = 0;
  let db = 0;
  a.forEach((x, i) => {
    const y = b[i]!;
    num += (x - ma) * (y - mb);
    da += (x - ma) ** 2;
    db += (y - mb) ** 2;
  });
  return num / Math.sqrt(da * db);
}

describe('featherMask', () => {
  it('turns a hard edge into a ramp a few pixels wide, and leaves flat areas alone', () => {
    const row = [...featherMask(halfMask(), W, H).subarray(10 * W, 11 * W)];
    const ramp = row.filter((v) => v > 0 && v < 255);
    expect(ramp.length).toBeGreaterThanOrEqual(2 * FEATHER_RADIUS);
    expect(ramp.length).toBeLessThanOrEqual(4 * FEATHER_RADIUS + 1);
    expect(row).toEqual([...row].sort((a, b) => a - b)); // monotonic from black to white
    expect(row.slice(0, W / 2 - 2 * FEATHER_RADIUS - 1).every((v) => v === 0)).toBe(true);
    expect(row.slice(W / 2 + 2 * FEATHER_RADIUS).every((v) => v === 255)).toBe(true);
    expect(featherMask(flat(0, 1), W, H).equals(flat(0, 1))).toBe(true);
    expect(featherMask(flat(255, 1), W, H).equals(flat(255, 1))).toBe(true);
    expect(featherMask(halfMask(), W, H).equals(featherMask(halfMask(), W, H))).toBe(true);
  });

  it('refuses a buffer of another size', () => {
    expect(() => featherMask(Buffer.alloc(10), W, H)).toThrow(RangeError);
  });
});

describe('inpaintPixels', () => {
  it('keeps black exactly, paints white by the strength', () => {
    const src = source();
    const layer = flat(200);
    const mask = halfMask();
    const full = inpaintPixels(src, layer, mask, W, H, 1);
    const half = inpaintPixels(src, layer, mask, W, H, 0.5);
    for (const out of [full, half]) {
      for (let y = 0; y < H; y++) {
        const left = (y * W + 3) * 3;
        expect(out.subarray(left, left + 3).equals(src.subarray(left, left + 3))).toBe(true);
      }
    }
    const p = (5 * W + 50) * 3;
    expect([...full.subarray(p, p + 3)]).toEqual([200, 200, 200]);
    expect(half[p]).toBe(Math.round(src[p]! + (200 - src[p]!) * 0.5));
    expect(inpaintPixels(src, layer, mask, W, H, 0).equals(src)).toBe(true);
  });

  it('checks the three buffers against the size', () => {
    expect(() => inpaintPixels(source(), flat(0), Buffer.alloc(3), W, H, 1)).toThrow(RangeError);
    expect(() => inpaintPixels(source(), Buffer.alloc(3), halfMask(), W, H, 1)).toThrow(RangeError);
  });
});

describe('paletteMap and restylePixels', () => {
  it('maps brightness to the style palette, dark to light', () => {
    const lut = paletteMap(makeScene(input()));
    expect(lut.length).toBe(256 * 3);
    const l = (i: number) => 0.299 * lut[i * 3]! + 0.587 * lut[i * 3 + 1]! + 0.114 * lut[i * 3 + 2]!;
    expect(l(255) - l(0)).toBeGreaterThan(100);
    expect(l(200)).toBeGreaterThan(l(50));
    expect(paletteMap(makeScene(input({ checkpoint: 'sd_xl_base_1.0.safetensors' })))).not.toEqual(lut);
  });

  it('repaints by the strength and keeps the composition', () => {
    const src = source();
    const scene = makeScene(input());
    const texture = flat(128);
    expect(restylePixels(src, texture, scene, W, H, 0).equals(src)).toBe(true);
    const distance = (strength: number) => {
      const out = restylePixels(src, texture, scene, W, H, strength);
      return out.reduce((sum, v, i) => sum + Math.abs(v - src[i]!), 0);
    };
    expect(distance(0.4)).toBeLessThan(distance(0.7));
    const out = restylePixels(src, texture, scene, W, H, 0.7);
    const pixels = Array.from({ length: W * H }, (_, p) => p);
    expect(
      correlation(
        pixels.map((p) => luma(src, p)),
        pixels.map((p) => luma(out, p)),
      ),
    ).toBeGreaterThan(0.9);
    expect(restylePixels(src, texture, scene, W, H, 0.7).equals(out)).toBe(true);
  });

  it('lets the style texture show', () => {
    const src = source();
    const scene = makeScene(input());
    const plain = restylePixels(src, flat(128), scene, W, H, 1);
    expect(restylePixels(src, flat(230), scene, W, H, 1).equals(plain)).toBe(false);
  });
});
