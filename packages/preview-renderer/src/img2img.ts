/**
 * Image-to-image for the preview renderer: pure pixel work on raw pictures at the final size, so the
 * inpaint and style-conversion flows run on a laptop without a model. Callers decode the source and the
 * mask and scale the painted field up (sharp); everything here is plain arithmetic, hence the same bytes
 * in every process.
 *
 * - Inpaint: the painted layer replaces the source inside the mask, as much as the strength (denoise)
 *   says; the mask's edges are feathered first, and black stays exactly the source.
 * - Style conversion: the source's light and shade, re-coloured with the target style's palette (a
 *   gradient map of the scene's colours) and textured with its painted field, then mixed with the source
 *   by the strength: the composition stays recognisable, the colours become the style's.
 */
import { clamp, type Rgb } from './color.ts';
import type { Scene } from './scene.ts';

/** Box-blur radius of the mask feather; two passes make a tent about 2 x 2 x radius px wide. */
export const FEATHER_RADIUS = 2;
/** How much of the repaint is the style's painted field (soft light) rather than the plain palette. */
const TEXTURE_AMOUNT = 0.4;
/** How far the palette colour is pulled back to the source's brightness (keeps contrast and shapes). */
const KEEP_LIGHT = 0.6;

/** Rec. 601 luma of an RGB triple, 0..255. */
const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

function checkSize(what: string, buf: Uint8Array, width: number, height: number, channels: number) {
  if (buf.length !== width * height * channels) {
    throw new RangeError(`${what}: ${buf.length} bytes is not ${width}x${height}x${channels}`);
  }
}

/** sum / span rounded half up, in integers: the same byte in every process. */
const average = (sum: number, span: number) => ((sum * 2 + span) / (2 * span)) | 0;

/** A horizontal box-blur pass (edges clamped): a running sum along each row. */
function rowPass(src: Uint8Array, width: number, height: number, radius: number): Buffer {
  const out = Buffer.alloc(src.length);
  const span = 2 * radius + 1;
  const last = width - 1;
  for (let row = 0; row < height; row++) {
    const base = row * width;
    let sum = 0;
    for (let i = -radius; i <= radius; i++) sum += src[base + Math.min(last, Math.max(0, i))] ?? 0;
    for (let x = 0; x < width; x++) {
      out[base + x] = average(sum, span);
      const add = x + radius + 1;
      const drop = x - radius;
      sum += (src[base + (add > last ? last : add)] ?? 0) - (src[base + (drop < 0 ? 0 : drop)] ?? 0);
    }
  }
  return out;
}

/** A vertical box-blur pass (edges clamped): one running sum per column, read row by row. */
function columnPass(src: Uint8Array, width: number, height: number, radius: number): Buffer {
  const out = Buffer.alloc(src.length);
  const span = 2 * radius + 1;
  const last = height - 1;
  const sums = new Uint32Array(width);
  for (let i = -radius; i <= radius; i++) {
    const base = Math.min(last, Math.max(0, i)) * width;
    for (let x = 0; x < width; x++) sums[x] = (sums[x] ?? 0) + (src[base + x] ?? 0);
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const add = Math.min(last, y + radius + 1) * width;
    const drop = Math.max(0, y - radius) * width;
    for (let x = 0; x < width; x++) {
      const sum = sums[x] ?? 0;
      out[row + x] = average(sum, span);
      sums[x] = sum + (src[add + x] ?? 0) - (src[drop + x] ?? 0);
    }
  }
  return out;
}

/**
 * Softens a one-channel mask's edges by about `radius` px on each side (two box-blur passes in each
 * direction, close to a gaussian): a hard brush edge would otherwise show as a cut-out.
 */
export function featherMask(
  mask: Uint8Array,
  width: number,
  height: number,
  radius = FEATHER_RADIUS,
): Buffer {
  checkSize('featherMask', mask, width, height, 1);
  let out: Buffer = Buffer.from(mask);
  if (radius < 1) return out;
  for (let pass = 0; pass < 2; pass++) {
    out = columnPass(rowPass(out, width, height, radius), width, height, radius);
  }
  return out;
}

/**
 * Inpaint: source + (layer - source) x mask x strength, per pixel (RGB; mask one channel, white =
 * repaint). A black mask pixel keeps the source byte for byte.
 */
export function inpaintPixels(
  source: Uint8Array,
  layer: Uint8Array,
  mask: Uint8Array,
  width: number,
  height: number,
  strength: number,
): Buffer {
  checkSize('inpaint source', source, width, height, 3);
  checkSize('inpaint layer', layer, width, height, 3);
  checkSize('inpaint mask', mask, width, height, 1);
  const amount = Math.min(1, Math.max(0, strength)) / 255;
  const out = Buffer.from(source);
  for (let p = 0, i = 0; p < mask.length; p++, i += 3) {
    const m = mask[p] ?? 0;
    if (m === 0) continue;
    const w = m * amount;
    for (let c = i; c < i + 3; c++) {
      const s = source[c] ?? 0;
      out[c] = clamp(s + ((layer[c] ?? 0) - s) * w);
    }
  }
  return out;
}

/**
 * The style's palette as a 256-entry gradient map (RGB triples by brightness): the scene's ground, glow
 * and ribbon colours sorted from dark to light, interpolated, then pulled toward each brightness so the
 * map keeps the source's contrast whatever the palette's range.
 */
export function paletteMap(scene: Scene): Uint8Array {
  const colours: Rgb[] = [
    ...scene.ground,
    ...scene.blobs.map((b) => b.color),
    ...scene.ribbons.map((r) => r.color),
  ];
  const stops = colours.map((c) => ({ c, l: luma(...c) })).sort((a, b) => a.l - b.l);
  const lut = new Uint8Array(256 * 3);
  for (let l = 0; l < 256; l++) {
    const at = (l / 255) * (stops.length - 1);
    const lo = stops[Math.floor(at)] ?? stops[0];
    const hi = stops[Math.ceil(at)] ?? lo;
    if (!lo || !hi) continue;
    const k = at - Math.floor(at);
    const rgb = [0, 1, 2].map((c) => (lo.c[c] ?? 0) + ((hi.c[c] ?? 0) - (lo.c[c] ?? 0)) * k);
    const lift = (l - luma(rgb[0] ?? 0, rgb[1] ?? 0, rgb[2] ?? 0)) * KEEP_LIGHT;
    for (let c = 0; c < 3; c++) lut[l * 3 + c] = clamp((rgb[c] ?? 0) + lift);
  }
  return lut;
}

/**
 * Style conversion: each source pixel's brightness through the style's gradient map, soft-lit by the
 * style's painted field (`texture`, RGB at the same size), then mixed with the source by `strength`.
 */
export function restylePixels(
  source: Uint8Array,
  texture: Uint8Array,
  scene: Scene,
  width: number,
  height: number,
  strength: number,
): Buffer {
  checkSize('restyle source', source, width, height, 3);
  checkSize('restyle texture', texture, width, height, 3);
  const lut = paletteMap(scene);
  // The repaint of a palette value a under a texture value b, for all 256 x 256 pairs: soft light (the
  // pegtop form, continuous at mid-grey) by TEXTURE_AMOUNT. A table keeps the per-pixel work to lookups.
  const lit = new Uint8Array(256 * 256);
  for (let a = 0; a < 256; a++) {
    for (let b = 0; b < 256; b++) {
      const [fa, fb] = [a / 255, b / 255];
      const soft = (1 - 2 * fb) * fa * fa + 2 * fb * fa;
      lit[a * 256 + b] = clamp((fa + (soft - fa) * TEXTURE_AMOUNT) * 255);
    }
  }
  const mix = Math.min(1, Math.max(0, strength));
  const out = Buffer.alloc(source.length);
  for (let i = 0; i < source.length; i += 3) {
    const s0 = source[i] ?? 0;
    const s1 = source[i + 1] ?? 0;
    const s2 = source[i + 2] ?? 0;
    const l = Math.round(luma(s0, s1, s2)) * 3;
    const r0 = lit[(lut[l] ?? 0) * 256 + (texture[i] ?? 0)] ?? 0;
    const r1 = lit[(lut[l + 1] ?? 0) * 256 + (texture[i + 1] ?? 0)] ?? 0;
    const r2 = lit[(lut[l + 2] ?? 0) * 256 + (texture[i + 2] ?? 0)] ?? 0;
    out[i] = clamp(s0 + (r0 - s0) * mix);
    out[i + 1] = clamp(s1 + (r1 - s1) * mix);
    out[i + 2] = clamp(s2 + (r2 - s2) * mix);
  }
  return out;
}
