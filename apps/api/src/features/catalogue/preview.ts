import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Style cards use the portrait base ratio (512x704, spec §9) at half size. */
export const PREVIEW_WIDTH = 256;
export const PREVIEW_HEIGHT = 352;

type Rgb = [number, number, number];

/** HSL (h in degrees, s and l in 0..1) to RGB bytes. */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * A deterministic placeholder preview for a style: an abstract gradient with three soft light blobs, all
 * drawn from the SHA-256 of the style's lib (anime styles saturated, realistic ones muted). It stands in
 * for real sample renders until the preview engine produces them; the same lib always gives the same
 * bytes, so caches and ETags stay valid across instances.
 */
export async function renderStylePreview(lib: string, render: string): Promise<Buffer> {
  const hash = createHash('sha256').update(`style:${lib}`).digest();
  const byte = (index: number) => hash[index % hash.length]! / 255;
  const saturation = render === 'realistic' ? 0.35 : 0.7;
  const hue = byte(0) * 360;
  const from = hsl(hue, saturation, 0.18 + byte(1) * 0.12);
  const to = hsl((hue + 40 + byte(2) * 120) % 360, saturation, 0.45 + byte(3) * 0.2);
  const angle = byte(4) * Math.PI * 2;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const blobs = [0, 1, 2].map((i) => ({
    x: byte(5 + i * 4) * PREVIEW_WIDTH,
    y: byte(6 + i * 4) * PREVIEW_HEIGHT,
    radius: (0.15 + byte(7 + i * 4) * 0.3) * PREVIEW_WIDTH,
    color: hsl((hue + byte(8 + i * 4) * 240) % 360, Math.min(1, saturation + 0.2), 0.6),
  }));

  const pixels = Buffer.alloc(PREVIEW_WIDTH * PREVIEW_HEIGHT * 3);
  const span = Math.abs(dx) * PREVIEW_WIDTH + Math.abs(dy) * PREVIEW_HEIGHT;
  for (let y = 0; y < PREVIEW_HEIGHT; y += 1) {
    for (let x = 0; x < PREVIEW_WIDTH; x += 1) {
      const t = ((x - PREVIEW_WIDTH / 2) * dx + (y - PREVIEW_HEIGHT / 2) * dy) / span + 0.5;
      const color = from.map((c, i) => c + (to[i]! - c) * t);
      for (const blob of blobs) {
        const d2 = ((x - blob.x) ** 2 + (y - blob.y) ** 2) / blob.radius ** 2;
        const weight = 0.55 * Math.exp(-d2);
        for (let i = 0; i < 3; i += 1) color[i] = color[i]! + (blob.color[i]! - color[i]!) * weight;
      }
      const offset = (y * PREVIEW_WIDTH + x) * 3;
      for (let i = 0; i < 3; i += 1) pixels[offset + i] = Math.max(0, Math.min(255, Math.round(color[i]!)));
    }
  }
  return sharp(pixels, { raw: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}
