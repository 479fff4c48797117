/**
 * The built-in preview renderer: a deterministic CPU painter, NOT a model. It turns a job (seed, prompt,
 * style, settings, size) into an abstract picture (a gradient ground, soft glowing shapes, light ribbons,
 * a vignette) so the whole product works on a laptop without a GPU. Same job -> same PNG bytes, in every
 * process: all randomness comes from a SHA-256 of the job, and the PNG encoder options are fixed.
 *
 * Cost: the picture is painted on a small field (a quarter of the final size, at most 384 px a side) and
 * sharp scales it up with lanczos3: a 1024x1408 image costs 150-250 ms of CPU (paint, encode, previews).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { JobType, WorkerJob } from '@mirage/domain';
import type { Engine, EngineCapabilities, EngineIo, EngineResult } from './engine.ts';
import { EngineError, assertJobType, finalSize, samplingSteps, sleep, throwIfAborted } from './engine.ts';
import { PNG_OPTIONS, PREVIEW_SIDE, imageSize } from './image.ts';

export const PREVIEW_MODEL = 'preview-renderer';
const JOB_TYPES: JobType[] = ['txt2img', 'upscale'];
/** Bump when the painting changes, so the same job keeps meaning the same picture within one version. */
const RENDER_VERSION = 1;
const FIELD_MAX_SIDE = 384;

export interface PreviewEngineOptions {
  /** Pause between two reported steps, in ms (default 4): progress looks alive but stays fast. */
  stepDelayMs?: number;
  /** A JPEG preview is attached every N steps (default 5). */
  previewEvery?: number;
  /** Largest final width*height accepted (default 4096*4096). */
  maxPixels?: number;
}

export class PreviewEngine implements Engine {
  readonly name = 'preview' as const;
  private readonly stepDelayMs: number;
  private readonly previewEvery: number;
  private readonly maxPixels: number;

  constructor(options: PreviewEngineOptions = {}) {
    this.stepDelayMs = options.stepDelayMs ?? 4;
    this.previewEvery = Math.max(1, options.previewEvery ?? 5);
    this.maxPixels = options.maxPixels ?? 4096 * 4096;
  }

  capabilities(): Promise<EngineCapabilities> {
    // Empty model lists mean "any": the renderer only uses the names as colour seeds.
    return Promise.resolve({
      checkpoints: [],
      loras: [],
      upscalers: [],
      maxPixels: this.maxPixels,
      jobTypes: [...JOB_TYPES],
    });
  }

  async run(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    assertJobType(job, JOB_TYPES, this.name);
    throwIfAborted(io.signal);
    return job.type === 'upscale' ? this.upscale(job, io) : this.txt2img(job, io);
  }

  private async txt2img(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    const { width, height } = finalSize(job);
    if (width < 16 || height < 16 || width * height > this.maxPixels) {
      throw new EngineError(`preview: unsupported size ${width}x${height}`, false);
    }
    const scene = makeScene(job);
    const scale = Math.min(0.25, FIELD_MAX_SIDE / Math.max(width, height));
    const fw = Math.max(8, Math.round(width * scale));
    const fh = Math.max(8, Math.round(height * scale));
    const field = paint(scene, fw, fh);
    // The final encode runs on libuv's pool while the steps are reported.
    const encoding = sharp(field, { raw: { width: fw, height: fh, channels: 3 } })
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .png(PNG_OPTIONS)
      .toBuffer();
    encoding.catch(() => undefined); // awaited below unless the run is aborted first
    const max = samplingSteps(job);
    for (let step = 1; step <= max; step++) {
      await sleep(this.stepDelayMs, io.signal);
      const withPreview = step % this.previewEvery === 0 && step < max;
      const previewJpeg = withPreview
        ? await noisyPreview(field, fw, fh, 1 - step / max, scene.seed)
        : undefined;
      io.onProgress(previewJpeg ? { step, max, previewJpeg } : { step, max });
    }
    const png = await encoding;
    throwIfAborted(io.signal);
    return { png, width, height, seed: job.seed, model: PREVIEW_MODEL };
  }

  private async upscale(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    if (!io.sourceImage) throw new EngineError('upscale job without a source image', false);
    const src = await imageSize(io.sourceImage, 'upscale source image');
    const width = src.width * 2;
    const height = src.height * 2;
    if (width * height > this.maxPixels) {
      throw new EngineError(`preview: upscaled size ${width}x${height} is too large`, false);
    }
    io.onProgress({ step: 0, max: 1 });
    const png = await sharp(io.sourceImage)
      .removeAlpha()
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .png(PNG_OPTIONS)
      .toBuffer();
    throwIfAborted(io.signal);
    io.onProgress({ step: 1, max: 1 });
    return { png, width, height, seed: job.seed, model: PREVIEW_MODEL };
  }
}

// ---------------------------------------------------------------------------------------------------
// The painting

type Rgb = [number, number, number];

interface Blob {
  x: number;
  y: number;
  /** Radius, relative to the short side. */
  r: number;
  color: Rgb;
  alpha: number;
}

interface Scene {
  seed: number;
  ground: [Rgb, Rgb, Rgb];
  angle: number;
  blobs: Blob[];
  discs: Blob[];
  ribbons: { freq: number; phase: number; warp: number; tilt: number; color: Rgb; alpha: number }[];
  vignette: number;
  saturation: number;
}

/** sfc32: a small, fast, well-distributed PRNG seeded from the job hash. */
function prng(seed: Buffer): () => number {
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 1
      ? [c, x, 0]
      : hue < 2
        ? [x, c, 0]
        : hue < 3
          ? [0, c, x]
          : hue < 4
            ? [0, x, c]
            : hue < 5
              ? [x, 0, c]
              : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/** Everything random about the picture, drawn from a hash of the prompt, seed, style and settings. */
export function makeScene(job: WorkerJob): Scene {
  const key = JSON.stringify([
    RENDER_VERSION,
    job.seed,
    job.prompt,
    job.negative_prompt,
    job.checkpoint,
    job.loras.map((l) => [l.name, l.weight]),
    job.steps,
    job.cfg,
    job.sampler,
    job.scheduler,
    job.hires ? [job.hires.steps, job.hires.denoise] : null,
    job.face_restore,
  ]);
  const digest = createHash('sha256').update(key).digest();
  const rnd = prng(digest);
  // The style (checkpoint) alone picks the colour scheme, so one style keeps a family look.
  const styleRnd = prng(createHash('sha256').update(job.checkpoint).digest());
  const schemes = [
    [0, 30, -30, 180],
    [0, 150, 210, 180],
    [0, 120, 240, 60],
    [0, 20, 40, 200],
  ];
  const scheme = schemes[Math.floor(styleRnd() * schemes.length)] ?? [0, 30, -30, 180];
  const baseHue = rnd() * 360;
  // Higher guidance paints more saturated colours (cfg 3..7 -> 0.55..0.85).
  const saturation = Math.min(0.9, Math.max(0.4, 0.4 + job.cfg * 0.065));
  const pick = (): Rgb => {
    const off = scheme[Math.floor(rnd() * scheme.length)] ?? 0;
    return hsl(baseHue + off + (rnd() - 0.5) * 24, saturation * (0.7 + rnd() * 0.3), 0.35 + rnd() * 0.4);
  };
  const dark = hsl(baseHue + 200, saturation * 0.5, 0.08 + rnd() * 0.1);
  const ground: [Rgb, Rgb, Rgb] = [
    dark,
    pick(),
    hsl(baseHue + (scheme[1] ?? 0), saturation, 0.55 + rnd() * 0.2),
  ];
  const words = job.prompt.split(/\s+/).filter(Boolean).length;
  const blobCount = 5 + Math.min(7, Math.floor(words / 4)) + Math.floor(rnd() * 3);
  const blobs: Blob[] = [];
  for (let i = 0; i < blobCount; i++) {
    blobs.push({
      x: 0.05 + rnd() * 0.9,
      y: 0.05 + rnd() * 0.9,
      r: 0.08 + rnd() * 0.35,
      color: pick(),
      alpha: 0.35 + rnd() * 0.5,
    });
  }
  const discs: Blob[] = [];
  const discCount = Math.floor(rnd() * 6);
  for (let i = 0; i < discCount; i++) {
    const color = hsl(baseHue + (scheme[3] ?? 0) + rnd() * 40, saturation * 0.5, 0.75 + rnd() * 0.2);
    discs.push({ x: rnd(), y: rnd(), r: 0.02 + rnd() * 0.07, color, alpha: 0.12 + rnd() * 0.2 });
  }
  const ribbons = [];
  const ribbonCount = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < ribbonCount; i++) {
    const color = hsl(baseHue + (scheme[2] ?? 0), saturation * 0.6, 0.8 + rnd() * 0.15);
    ribbons.push({
      freq: 2 + rnd() * 5,
      phase: rnd() * Math.PI * 2,
      warp: 0.5 + rnd() * 2,
      tilt: (rnd() - 0.5) * 1.2,
      color,
      alpha: 0.12 + rnd() * 0.2,
    });
  }
  return {
    seed: digest.readUInt32LE(16),
    ground,
    angle: rnd() * Math.PI * 2,
    blobs,
    discs,
    ribbons,
    vignette: 0.25 + rnd() * 0.3,
    saturation,
  };
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

function clamp(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/** A small JPEG of the field under deterministic noise, fading as the steps advance (like denoising). */
async function noisyPreview(
  field: Buffer,
  fw: number,
  fh: number,
  noise: number,
  seed: number,
): Promise<Buffer> {
  const rnd = prng(createHash('sha256').update(`${seed}:${noise}`).digest());
  const buf = Buffer.alloc(field.length);
  const amount = noise * 0.9;
  for (let i = 0; i < field.length; i++) {
    const f = field[i] ?? 0;
    buf[i] = clamp(f + (rnd() * 255 - f) * amount);
  }
  return sharp(buf, { raw: { width: fw, height: fh, channels: 3 } })
    .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 60 })
    .toBuffer();
}
