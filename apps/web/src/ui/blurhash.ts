/**
 * Blurhash placeholders (docs/architecture.md#look-and-feel: placeholders while thumbnails load), one
 * implementation for the board's cards, the viewer and the task cards.
 *
 * A blurhash is a handful of cosine components, a smooth gradient: it is decoded at twice its component count
 * per axis (8×12 for the usual 4×6 hash, not 32×32), and the pixels go into an uncompressed BMP data URL
 * built in plain JavaScript, which CSS stretches (with smoothing) over the image's box. No canvas and no PNG
 * encoding on the render path: on a phone at 4x CPU slowdown, 24 cards cost about 1 ms instead of ~250 ms.
 * Decoded placeholders are kept, so a board that re-lays out or comes back from the viewer does not decode
 * again.
 */
import { decode, isBlurhashValid } from 'blurhash';

const BASE83 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';
const MIN_SIDE = 4;
const MAX_SIDE = 16;
const CACHE_LIMIT = 400;
const cache = new Map<string, string | null>();

/**
 * Pixel size to decode a hash at: twice its component count on each axis (its first character holds
 * (y - 1) * 9 + (x - 1)), kept within 4..16; enough for the gradients once stretched.
 */
export function decodeSize(hash: string): { width: number; height: number } {
  const flag = Math.max(0, BASE83.indexOf(hash.charAt(0)));
  const side = (components: number) => Math.min(MAX_SIDE, Math.max(MIN_SIDE, components * 2));
  return { width: side((flag % 9) + 1), height: side(Math.floor(flag / 9) + 1) };
}

/**
 * An uncompressed 24-bit BMP of RGBA pixels (alpha dropped), as a data URL: a fixed 54-byte header and
 * bottom-up rows of blue, green, red, each row padded to 4 bytes.
 */
export function bmpDataUrl(rgba: ArrayLike<number>, width: number, height: number): string {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const pixelBytes = rowSize * height;
  const bytes = new Uint8Array(54 + pixelBytes);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x42; // 'B'
  bytes[1] = 0x4d; // 'M'
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, 54, true); // where the pixels start
  view.setUint32(14, 40, true); // BITMAPINFOHEADER
  view.setInt32(18, width, true);
  view.setInt32(22, height, true); // positive: bottom-up rows
  view.setUint16(26, 1, true); // planes
  view.setUint16(28, 24, true); // bits per pixel
  view.setUint32(34, pixelBytes, true); // compression 0 (BI_RGB) at 30 stays 0
  for (let y = 0; y < height; y += 1) {
    let out = 54 + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x += 1) {
      const source = (y * width + x) * 4;
      bytes[out] = rgba[source + 2] ?? 0;
      bytes[out + 1] = rgba[source + 1] ?? 0;
      bytes[out + 2] = rgba[source] ?? 0;
      out += 3;
    }
  }
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/bmp;base64,${btoa(binary)}`;
}

/** The placeholder image of a blurhash as a data URL; null without a hash or for an invalid one. */
export function blurhashUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const cached = cache.get(hash);
  if (cached !== undefined) return cached;
  let url: string | null = null;
  try {
    if (isBlurhashValid(hash).result) {
      const { width, height } = decodeSize(hash);
      url = bmpDataUrl(decode(hash, width, height), width, height);
    }
  } catch {
    url = null;
  }
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(hash, url);
  return url;
}
