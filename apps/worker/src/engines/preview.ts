/**
 * The built-in preview engine: the deterministic CPU painter of @mirage/preview-renderer, NOT a model. It
 * turns a job (seed, prompt, style, settings, size) into an abstract picture so the whole product works on
 * a laptop without a GPU. Same job -> same PNG bytes, in every process: all randomness comes from a
 * SHA-256 of the job, and the PNG encoder options are fixed.
 *
 * Cost: the picture is painted on a small field (a quarter of the final size, at most 384 px a side) and
 * sharp scales it up with lanczos3: a 1024x1408 image costs 150-250 ms of CPU (paint, encode, previews).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { clamp, fieldSize, makeScene, paint, prng } from '@mirage/preview-renderer';
import { resultSize, type JobType, type WorkerJob } from '@mirage/domain';
import type { Engine, EngineCapabilities, EngineIo, EngineResult } from './engine.ts';
import { EngineError, assertJobType, samplingSteps, sleep, throwIfAborted } from './engine.ts';
import { PNG_OPTIONS, PREVIEW_SIDE, imageSize } from './image.ts';

export const PREVIEW_MODEL = 'preview-renderer';
const JOB_TYPES: JobType[] = ['txt2img', 'upscale'];

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
    const { width, height } = resultSize(job);
    if (width < 16 || height < 16 || width * height > this.maxPixels) {
      throw new EngineError(`preview: unsupported size ${width}x${height}`, false);
    }
    const scene = makeScene(job);
    const { width: fw, height: fh } = fieldSize(width, height);
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
