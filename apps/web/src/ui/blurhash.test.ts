import { decode } from 'blurhash';
import { describe, expect, it } from 'vitest';
import { blurhashUrl, bmpDataUrl, decodeSize } from './blurhash.ts';

const HASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnj'; // 4×3 components (the blurhash README's example)
const TALL = 'mEHTOZ}]V=v:2hx^f+ai0JVu,_bE]Gi_R%j]JOO9X3o3ouR~a#ad'; // 4×6 components

function bytesOf(url: string): Uint8Array {
  const base64 = url.replace('data:image/bmp;base64,', '');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

describe('decodeSize', () => {
  it('is twice the component count on each axis', () => {
    expect(decodeSize(HASH)).toEqual({ width: 8, height: 6 });
    expect(decodeSize(TALL)).toEqual({ width: 8, height: 12 });
  });

  it('stays within 4..16 pixels', () => {
    expect(decodeSize('00')).toEqual({ width: 4, height: 4 }); // 1×1 components
    expect(decodeSize('|')).toEqual({ width: 16, height: 16 }); // 9×9 components
  });
});

describe('bmpDataUrl', () => {
  it('writes a bottom-up 24-bit BMP with padded rows, colours in blue-green-red order', () => {
    // 2×2: red, green on the top row; blue, white on the bottom one.
    const rgba = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255];
    const url = bmpDataUrl(rgba, 2, 2);
    expect(url.startsWith('data:image/bmp;base64,')).toBe(true);
    const bytes = bytesOf(url);
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('BM');
    expect(view.getUint32(2, true)).toBe(bytes.length);
    expect(bytes.length).toBe(54 + 8 * 2); // rows of 6 bytes padded to 8
    expect(view.getUint32(10, true)).toBe(54);
    expect(view.getInt32(18, true)).toBe(2);
    expect(view.getInt32(22, true)).toBe(2);
    expect(view.getUint16(28, true)).toBe(24);
    expect(view.getUint32(30, true)).toBe(0);
    // First stored row is the bottom one: blue, white, padding.
    expect([...bytes.slice(54, 62)]).toEqual([255, 0, 0, 255, 255, 255, 0, 0]);
    // Then the top row: red, green, padding.
    expect([...bytes.slice(62, 70)]).toEqual([0, 0, 255, 0, 255, 0, 0, 0]);
  });
});

describe('blurhashUrl', () => {
  it('holds the hash decoded at its small size', () => {
    const url = blurhashUrl(TALL)!;
    const bytes = bytesOf(url);
    const view = new DataView(bytes.buffer);
    expect([view.getInt32(18, true), view.getInt32(22, true)]).toEqual([8, 12]);
    const pixels = decode(TALL, 8, 12);
    // Top-left pixel is stored in the last row (bottom-up), as blue, green, red.
    const topLeft = 54 + 11 * 24;
    expect([bytes[topLeft + 2], bytes[topLeft + 1], bytes[topLeft]]).toEqual([
      pixels[0],
      pixels[1],
      pixels[2],
    ]);
  });

  it('is the same string for the same hash (kept, not decoded again)', () => {
    expect(blurhashUrl(HASH)).toBe(blurhashUrl(HASH));
  });

  it('is null without a hash or for an invalid one', () => {
    expect(blurhashUrl(null)).toBeNull();
    expect(blurhashUrl(undefined)).toBeNull();
    expect(blurhashUrl('')).toBeNull();
    expect(blurhashUrl('not a blurhash')).toBeNull();
  });
});
