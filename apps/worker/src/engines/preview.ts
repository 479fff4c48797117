/**
 * The built-in preview engine: the deterministic CPU painter of @mirage/preview-renderer, NOT a model. It
 * turns a job (seed, prompt, style, settings, size) into an abstract picture so the whole product works on
 * a laptop without a GPU. Same job -> same PNG bytes, in every process: all randomness comes from a
 * SHA-256 of the job, and the PNG encoder options are fixed.
 *
 * Cost: the picture is painted on a small field (a quarter of the final size, at most 384 px a side) and
 * sharp scales it up with lanczos3: a 1024x1408 image costs 150-250 ms of CPU (paint, encode, previews).
 *
 * Image-to-image (preview-img2img.ts): inpaint blends the job's painted picture into the source inside
 * the feathered mask, style conversion re-colours the source with the target style's palette and
 * texture; both by the job's denoise, at the source's size (npm run bench:img2img).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { clamp, fieldSize, makeScene, paint, prng } from '@mirage/preview-renderer';
import { resultSize, type JobType, type WorkerJob } from '@mirage/domain';
import type { Engine, EngineCapabilities, EngineIo, EngineResult } from './engine.ts';
import { EngineError, assertJobType, img2imgInputs, samplingSteps, sleep, throwIfAborted } from './engine.ts';
import { PNG_OPTIONS, PREVIEW_SIDE, imageSize } from './image.ts';
import { img2imgPixels, type RawImage } from './preview-img2img.ts';

export const PREVIEW_MODEL = 'preview-renderer';
const JOB_TYPES: JobType[] = ['txt2img', 'upscale', 'inpaint', 'style_convert'];

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
    switch (job.type) {
      case 'upscale':
        return this.upscale(job, io);
      case 'inpaint':
      case 'style_convert':
        return this.img2img(job, io);
      case 'txt2img':
        return this.txt2img(job, io);
    }
  }

  private checkSize(width: number, height: number): void {
    if (width < 16 || height < 16 || width * height > this.maxPixels) {
      throw new EngineError(`preview: unsupported size ${width}x${height}`, false);
    }
  }

  private async txt2img(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    const { width, height } = resultSize(job);
    this.checkSize(width, height);
    const scene = makeScene(job);
    const { width: fw, height: fh } = fieldSize(width, height);
    const field = paint(scene, fw, fh);
    const encoding = sharp(field, { raw: { width: fw, height: fh, channels: 3 } })
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .png(PNG_OPTIONS)
      .toBuffer();
    const preview = { data: field, width: fw, height: fh };
    const png = await this.steps(job, io, encoding, preview, 1, scene.seed);
    return { png, width, height, seed: job.seed, model: PREVIEW_MODEL };
  }

  /** Inpaint and style conversion: the source repainted at its own size (the job's width x height). */
  private async img2img(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    const inputs = img2imgInputs(job, io);
    const { width, height } = job;
    this.checkSize(width, height);
    const result = await img2imgPixels(job, inputs);
    throwIfAborted(io.signal);
    const raw = { raw: { width, height, channels: 3 } } as const;
    const small = await sharp(result.data, raw)
      .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const preview = { data: small.data, width: small.info.width, height: small.info.height };
    const encoding = sharp(result.data, raw).png(PNG_OPTIONS).toBuffer();
    // The previews' noise starts at the strength, as a sampler's does: a light touch is never all noise.
    const png = await this.steps(job, io, encoding, preview, inputs.denoise, makeScene(job).seed);
    return { png, width, height, seed: job.seed, model: PREVIEW_MODEL };
  }

  /**
   * Reports the job's sampling steps (with a JPEG preview every few) while the final encode runs on
   * libuv's pool, then hands over the PNG. `noise` is the previews' starting noise (1: from pure noise).
   */
  private async steps(
    job: WorkerJob,
    io: EngineIo,
    encoding: Promise<Buffer>,
    preview: RawImage,
    noise: number,
    seed: number,
  ): Promise<Buffer> {
    encoding.catch(() => undefined); // awaited below unless the run is aborted first
    const max = samplingSteps(job);
    for (let step = 1; step <= max; step++) {
      await sleep(this.stepDelayMs, io.signal);
      const withPreview = step % this.previewEvery === 0 && step < max;
      const previewJpeg = withPreview
        ? await noisyPreview(preview.data, preview.width, preview.height, (1 - step / max) * noise, seed)
        : undefined;
      io.onProgress(previewJpeg ? { step, max, previewJpeg } : { step, max });
    }
    const png = await encoding;
    throwIfAborted(io.signal);
    return png;
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
