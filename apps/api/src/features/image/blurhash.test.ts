import { decode, encode } from 'blurhash';
import { describe, expect, it } from 'vitest';
import { downsample, encodeBlurhash } from './blurhash.ts';

/** Deterministic pseudo-random RGBA pixels (a small LCG), with some structure so components vary. */
function pixelsOf(width: number, height: number, seed: number): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(width * height * 4);
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      pixels[i] = (x / width) * 200 + next() * 55;
      pixels[i + 1] = (y / height) * 200 + next() * 55;
      pixels[i + 2] = next() * 255;
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}

describe('encodeBlurhash', () => {
  it.each([
    [32, 44, 4, 5, 1],
    [32, 32, 4, 4, 2],
    [32, 18, 4, 3, 3],
    [7, 9, 1, 1, 4],
    [20, 20, 9, 9, 5],
  ])('matches the reference encoder for a %i×%i image with %i×%i components', (w, h, cx, cy, seed) => {
    const pixels = pixelsOf(w, h, seed);
    expect(encodeBlurhash(pixels, w, h, 4, cx, cy)).toBe(encode(pixels, w, h, cx, cy));
  });

  it('reads RGB pixels as well as RGBA', () => {
    const rgba = pixelsOf(16, 12, 9);
    const rgb = new Uint8Array(16 * 12 * 3);
    for (let p = 0; p < 16 * 12; p++) rgb.set(rgba.subarray(p * 4, p * 4 + 3), p * 3);
    expect(encodeBlurhash(rgb, 16, 12, 3, 4, 3)).toBe(encode(rgba, 16, 12, 4, 3));
  });

  it('carries the average colour of a flat image in its DC part, whatever the component count', () => {
    const rgb = new Uint8Array(8 * 8 * 3);
    const rgba = new Uint8ClampedArray(8 * 8 * 4);
    for (let p = 0; p < 64; p++) {
      rgb.set([200, 40, 90], p * 3);
      rgba.set([200, 40, 90, 255], p * 4);
    }
    const dc = encode(rgba, 8, 8, 1, 1).slice(2, 6);
    expect(encodeBlurhash(rgb, 8, 8, 3, 4, 3).slice(2, 6)).toBe(dc);
    // The browser decoder turns a one-component hash back into the colour itself.
    expect([...decode(encodeBlurhash(rgb, 8, 8, 3, 1, 1), 1, 1).slice(0, 3)]).toEqual([200, 40, 90]);
  });

  it('refuses components outside 1..9 and a buffer smaller than the image', () => {
    expect(() => encodeBlurhash(new Uint8Array(48), 4, 4, 3, 0, 3)).toThrow(RangeError);
    expect(() => encodeBlurhash(new Uint8Array(48), 4, 4, 3, 4, 10)).toThrow(RangeError);
    expect(() => encodeBlurhash(new Uint8Array(10), 4, 4, 3, 4, 3)).toThrow(RangeError);
  });
});

describe('downsample', () => {
  it('averages each cell of a larger image into a grid of the target width, height in proportion', () => {
    // Left half black, right half white: the left cells stay black, the right ones white.
    const width = 64;
    const height = 88;
    const pixels = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = width / 2; x < width; x++) pixels.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
    const grid = downsample(pixels, width, height, 3, 32);
    expect([grid.width, grid.height]).toEqual([32, 44]);
    expect(grid.data[0]).toBe(0);
    expect(grid.data[(5 * 32 + 31) * 3]).toBe(255);
    expect(grid.data.length).toBe(32 * 44 * 3);
  });

  it('averages the pixels of a cell rather than picking one', () => {
    // A 2×1 image of black and white pixels shrinks to one mid-grey cell.
    const grid = downsample(new Uint8Array([0, 0, 0, 255, 255, 255]), 2, 1, 3, 1);
    expect([...grid.data]).toEqual([128, 128, 128]);
  });

  it('keeps images narrower than the target at their size and drops the alpha channel', () => {
    const rgba = new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255]);
    const grid = downsample(rgba, 2, 1, 4, 32);
    expect([grid.width, grid.height, ...grid.data]).toEqual([2, 1, 1, 2, 3, 4, 5, 6]);
  });

  it('gives a very wide image at least one row', () => {
    const grid = downsample(new Uint8Array(1000 * 2 * 3), 1000, 2, 3, 32);
    expect([grid.width, grid.height]).toEqual([32, 1]);
  });
});
