import { clamp } from './color.ts';
import { makeScene, type Scene, type SceneInput } from './scene.ts';

/** Largest side of the painted field: callers scale the field up to the final size (lanczos). */
export const FIELD_MAX_SIDE = 384;

/** A raw RGB picture: row-major, 3 bytes a pixel. */
export interface RgbField {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The size of the field painted for a final picture of width x height: a quarter of it, at most
 * FIELD_MAX_SIDE a side, at least 8 px (the shapes are soft, so scaling up loses nothing).
 */
export function fieldSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw new RangeError(`fieldSize: bad size ${width}x${height}`);
  const scale = Math.min(0.25, FIELD_MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(8, Math.round(width * scale)),
    height: Math.max(8, Math.round(height * scale)),
  };
}

/** Paints the scene of `input` on the field of a width x height picture (see fieldSize). */
export function renderField(input: SceneInput, width: number, height: number): RgbField {
  const size = fieldSize(width, height);
  return { data: paint(makeScene(input), size.width, size.height), ...size };
}

/** Paints the scene into an RGB field of fw x fh (row-major, 3 bytes a pixel). */
export function paint(scene: Scene, fw: number, fh: number): Buffer {
  const out = Buffer.alloc(fw * fh * 3);
  const short = Math.min(fw, fh);
  const dx = Math.cos(scene.angle);
  const dy = Math.sin(scene.angle);
  const [g0, g1, g2] = scene.ground;
  // Flat arrays keep the inner loop monomorphic: x, y, 1/r^2, alpha, r, g, b per glow.
  const glows = new Float64Array(scene.blobs.length * 7);
  scene.blobs.forEach((bl, i) => {
    const rad = bl.r * short;
    glows.set([bl.x * fw, bl.y * fh, 1 / (rad * rad), bl.alpha, ...bl.color], i * 7);
  });
  const discs = scene.discs.map((d) => ({ ...d, px: d.x * fw, py: d.y * fh, rad: d.r * short }));
  const ribbonRow = new Float64Array(scene.ribbons.length);
  let o = 0;
  for (let y = 0; y < fh; y++) {
    const v = y / (fh - 1 || 1);
    scene.ribbons.forEach((rb, i) => {
      ribbonRow[i] = rb.phase + Math.sin(v * rb.warp * 3) * rb.warp;
    });
    for (let x = 0; x < fw; x++) {
      const u = x / (fw - 1 || 1);
      // Ground: a three-stop gradient along the scene's angle.
      const t = Math.min(1, Math.max(0, 0.5 + ((u - 0.5) * dx + (v - 0.5) * dy) * 0.9));
      const s = t * t * (3 - 2 * t);
      const ca = s < 0.5 ? g0 : g1;
      const cb = s < 0.5 ? g1 : g2;
      const k = s < 0.5 ? s * 2 : (s - 0.5) * 2;
      let r = ca[0] + (cb[0] - ca[0]) * k;
      let g = ca[1] + (cb[1] - ca[1]) * k;
      let b = ca[2] + (cb[2] - ca[2]) * k;
      // Soft shapes: gaussian glows blended over the ground (skipped where they are invisible).
      for (let i = 0; i < glows.length; i += 7) {
        const ddx = x - (glows[i] ?? 0);
        const ddy = y - (glows[i + 1] ?? 0);
        const e = (ddx * ddx + ddy * ddy) * (glows[i + 2] ?? 0);
        if (e < 6) {
          const w = (glows[i + 3] ?? 0) * Math.exp(-e);
          r += ((glows[i + 4] ?? 0) - r) * w;
          g += ((glows[i + 5] ?? 0) - g) * w;
          b += ((glows[i + 6] ?? 0) - b) * w;
        }
      }
      // Bokeh: discs with a soft rim.
      for (const d of discs) {
        const dist = Math.sqrt((x - d.px) ** 2 + (y - d.py) ** 2) / d.rad;
        if (dist < 1) {
          const edge = dist < 0.8 ? 1 : (1 - dist) * 5;
          const w = d.alpha * edge * edge * (3 - 2 * edge) * (0.75 + 0.25 * dist);
          r += (d.color[0] - r) * w;
          g += (d.color[1] - g) * w;
          b += (d.color[2] - b) * w;
        }
      }
      // Light ribbons: thin bright bands along warped sine curves.
      for (let i = 0; i < scene.ribbons.length; i++) {
        const rb = scene.ribbons[i];
        if (!rb) continue;
        const curve = 0.5 + 0.25 * Math.sin(u * rb.freq + (ribbonRow[i] ?? 0)) + (u - 0.5) * rb.tilt;
        const d = (v - curve) * 18;
        const w = rb.alpha / (1 + d * d);
        r += (rb.color[0] - r) * w;
        g += (rb.color[1] - g) * w;
        b += (rb.color[2] - b) * w;
      }
      // Vignette.
      const cx = u - 0.5;
      const cy = v - 0.5;
      const vig = 1 - scene.vignette * Math.min(1, (cx * cx + cy * cy) * 2.2);
      out[o++] = clamp(r * vig);
      out[o++] = clamp(g * vig);
      out[o++] = clamp(b * vig);
    }
  }
  return out;
}
