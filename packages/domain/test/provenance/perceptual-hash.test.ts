import { describe, expect, it } from 'vitest';
import {
  HASH_GRID_SIZE,
  SAME_PICTURE_MAX_DISTANCE,
  hammingDistance,
  hashOfGrid,
  hashOfStored,
  imageUuidOfFileTitle,
  imageUuidOfPageUrl,
  lumaGrid,
  perceptualHash,
  storedHash,
} from '../../src/index.ts';

/** A synthetic RGB picture: smooth shapes that a seed moves around (no randomness per pixel). */
function picture(width: number, height: number, seed: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 3);
  const cx = 0.2 + ((seed * 0.37) % 0.6);
  const cy = 0.2 + ((seed * 0.61) % 0.6);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const ring = Math.sin(Math.hypot(u - cx, v - cy) * (8 + (seed % 5)) * Math.PI);
      const wave = Math.cos((u * (2 + (seed % 3)) + v * (1 + (seed % 4))) * Math.PI);
      const i = (y * width + x) * 3;
      pixels[i] = 128 + 100 * ring;
      pixels[i + 1] = 128 + 90 * wave;
      pixels[i + 2] = 128 + 60 * ring * wave;
    }
  }
  return pixels;
}

/** The same picture at another size, by nearest-neighbour sampling (what a resize keeps). */
function resized(pixels: Uint8Array, width: number, height: number, toWidth: number, toHeight: number) {
  const out = new Uint8Array(toWidth * toHeight * 3);
  for (let y = 0; y < toHeight; y++) {
    for (let x = 0; x < toWidth; x++) {
      const from = (Math.floor((y * height) / toHeight) * width + Math.floor((x * width) / toWidth)) * 3;
      out.set(pixels.subarray(from, from + 3), (y * toWidth + x) * 3);
    }
  }
  return out;
}

describe('lumaGrid', () => {
  it('averages each cell of the grid, whatever the picture size', () => {
    // 64×64, left half black, right half white: the grid's left half 0, right half 255.
    const pixels = new Uint8Array(64 * 64 * 3);
    for (let y = 0; y < 64; y++) pixels.fill(255, (y * 64 + 32) * 3, (y * 64 + 64) * 3);
    const grid = lumaGrid(pixels, 64, 64, 3);
    expect(grid).toHaveLength(HASH_GRID_SIZE * HASH_GRID_SIZE);
    expect(grid[0]).toBe(0);
    expect(grid[15]).toBe(0);
    expect(grid[16]).toBeCloseTo(255, 6);
    expect(grid[HASH_GRID_SIZE * HASH_GRID_SIZE - 1]).toBeCloseTo(255, 6);
  });

  it('weighs the channels as luma, ignores alpha, and fills the cells of a picture smaller than the grid', () => {
    const rgba = new Uint8Array([255, 0, 0, 0, 0, 255, 0, 255]); // 2×1: red (transparent), green
    const grid = lumaGrid(rgba, 2, 1, 4);
    expect(grid[0]).toBeCloseTo(0.299 * 255, 6);
    expect(grid[HASH_GRID_SIZE - 1]).toBeCloseTo(0.587 * 255, 6);
    expect(grid.every((value) => value > 0)).toBe(true);
  });

  it('refuses pixels that do not fill the picture', () => {
    expect(() => lumaGrid(new Uint8Array(10), 4, 4, 3)).toThrow(RangeError);
    expect(() => lumaGrid(new Uint8Array(0), 0, 4, 3)).toThrow(RangeError);
  });
});

describe('perceptualHash', () => {
  it('is 64 bits with half of them set, the same for the same pixels', () => {
    const pixels = picture(120, 160, 3);
    const hash = perceptualHash(pixels, 120, 160, 3);
    expect(hash).toBe(perceptualHash(pixels, 120, 160, 3));
    expect(hash >= 0n && hash < 1n << 64n).toBe(true);
    // The median split: 32 coefficients above it.
    expect(hammingDistance(hash, 0n)).toBe(32);
  });

  it('stays within the match distance for the same picture at another size', () => {
    const pixels = picture(240, 320, 7);
    const smaller = resized(pixels, 240, 320, 120, 160);
    const distance = hammingDistance(
      perceptualHash(pixels, 240, 320, 3),
      perceptualHash(smaller, 120, 160, 3),
    );
    expect(distance).toBeLessThanOrEqual(SAME_PICTURE_MAX_DISTANCE);
  });

  it('stays within the match distance under a small change of brightness', () => {
    const pixels = picture(160, 160, 11);
    const brighter = pixels.map((value) => Math.min(255, value + 12));
    const distance = hammingDistance(
      perceptualHash(pixels, 160, 160, 3),
      perceptualHash(brighter, 160, 160, 3),
    );
    expect(distance).toBeLessThanOrEqual(SAME_PICTURE_MAX_DISTANCE);
  });

  it('tells different pictures apart: far beyond the match distance', () => {
    const hashes = [1, 2, 3, 4, 5, 6].map((seed) => perceptualHash(picture(128, 128, seed), 128, 128, 3));
    for (let a = 0; a < hashes.length; a++) {
      for (let b = a + 1; b < hashes.length; b++) {
        expect(hammingDistance(hashes[a]!, hashes[b]!), `${a} vs ${b}`).toBeGreaterThan(
          SAME_PICTURE_MAX_DISTANCE,
        );
      }
    }
  });

  it('hashes a grid of the wrong size as an error', () => {
    expect(() => hashOfGrid(new Float64Array(16))).toThrow(RangeError);
  });
});

describe('hammingDistance and the stored form', () => {
  it('counts the differing bits of 64', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(0n, (1n << 64n) - 1n)).toBe(64);
  });

  it('round-trips through PostgreSQL’s signed bigint', () => {
    const high = (1n << 63n) | 5n;
    expect(storedHash(high)).toBeLessThan(0n);
    expect(hashOfStored(storedHash(high))).toBe(high);
    expect(hashOfStored(String(storedHash(high)))).toBe(high);
    expect(hashOfStored('12')).toBe(12n);
  });
});

describe('the addresses an image names', () => {
  const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('reads the uuid of an image page on this site only', () => {
    expect(imageUuidOfPageUrl(`https://mirage.test/image/${uuid}`, 'https://mirage.test')).toBe(uuid);
    expect(imageUuidOfPageUrl(`https://elsewhere.test/image/${uuid}`, 'https://mirage.test')).toBeNull();
    expect(imageUuidOfPageUrl(`https://mirage.test/image/${uuid}/x`, 'https://mirage.test')).toBeNull();
    expect(imageUuidOfPageUrl(`https://mirage.test/gallery/${uuid}`, 'https://mirage.test')).toBeNull();
    expect(imageUuidOfPageUrl('not a url', 'https://mirage.test')).toBeNull();
  });

  it('reads the uuid of a signed file’s title', () => {
    expect(imageUuidOfFileTitle(`${uuid}.png`)).toBe(uuid);
    expect(imageUuidOfFileTitle(`${uuid}-upscaled.webp`)).toBe(uuid);
    expect(imageUuidOfFileTitle(`${uuid}-min.webp`)).toBeNull();
    expect(imageUuidOfFileTitle('image.png')).toBeNull();
  });
});
