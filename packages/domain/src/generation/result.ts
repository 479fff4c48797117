import type { WorkerJob } from './job.ts';
import { FORMATS, QUALITIES, isValidSeed } from './options.ts';
import { outputPixels, type Size } from './resolution.ts';

/**
 * What the API accepts as a worker's result for a job (abuse findings M6): a PNG of exactly the size the
 * job produces, and metadata it can store. A worker token is issued by the operator, but a compromised
 * or buggy GPU box must not be able to store a 1×1 picture for a 1024-px job, nor make the API decode a
 * 16000×16000 "PNG bomb" (0.8 MB on the wire, 15 s and 2.8 GB to decode): the size is read from the
 * PNG header and checked before anything is decoded.
 */

/** The job fields that decide the size of its result. */
export type ResultSizeJob = Pick<WorkerJob, 'type' | 'width' | 'height' | 'hires' | 'upscale'>;

/**
 * The exact size of the PNG a worker returns for a job, as every engine renders it: the first pass at
 * width x height; a hires pass to hires.width x hires.height (the resolution table's final size, not
 * base x factor); a model upscale doubling that. An upscale job is its source image (width x height are
 * the stored image's) doubled. Face restore and the watermark (added by the API) keep the size.
 */
export function resultSize(job: ResultSizeJob): Size {
  const rendered = job.hires ?? job;
  const factor = job.upscale ? job.upscale.factor : 1;
  return { width: rendered.width * factor, height: rendered.height * factor };
}

/**
 * The pixels of a job's result (resultSize's width x height): what the queue matches against a worker's
 * max_pixels, and the decoding cap of the result the worker returns.
 */
export function jobPixels(job: ResultSizeJob): number {
  const { width, height } = resultSize(job);
  return width * height;
}

/**
 * The most pixels any result has (Ultra, upscaled): the cap on decoding an image a worker sent, wherever
 * the API decodes one (sharp's limitInputPixels).
 */
export const MAX_RESULT_PIXELS = Math.max(
  ...FORMATS.flatMap((format) => QUALITIES.map((quality) => outputPixels(format, quality, true))),
);

/** Longest engine model name a result may report (a checkpoint or upscaler file, maybe in a folder). */
export const RESULT_MODEL_MAX = 200;
/**
 * A model name as engines report it: a file name, maybe with folders ("SDXL/model v2 (final).safetensors").
 * No control characters and nothing that reads as markup or quoting (<, >, ", `): the name is shown in
 * the image's generation info.
 */
const MODEL_NAME = /^[^\p{Cc}\p{Cf}<>"`]+$/u;

/** The metadata a worker sends with a result. */
export interface ResultMetadata {
  seed?: number;
  model?: string;
}

export type ResultProblem =
  | { reason: 'format' }
  | { reason: 'size'; expected: string; received: string }
  | { reason: 'seed' }
  | { reason: 'model' };

const sizeText = (size: Size) => `${size.width}x${size.height}`;

/**
 * Why a result cannot be stored for this job, or null when it can. `size` is what the PNG header says
 * (null: not a PNG). The seed must be the job's or a valid seed (SEED_MIN..SEED_MAX: engines may report
 * the seed they used); the model name must be short and plain.
 */
export function resultProblem(
  job: ResultSizeJob & Pick<WorkerJob, 'seed'>,
  size: Size | null,
  metadata: ResultMetadata,
): ResultProblem | null {
  if (size === null) return { reason: 'format' };
  const expected = resultSize(job);
  if (size.width !== expected.width || size.height !== expected.height) {
    return { reason: 'size', expected: sizeText(expected), received: sizeText(size) };
  }
  const { seed, model } = metadata;
  if (seed !== undefined && seed !== job.seed && !isValidSeed(seed)) {
    return { reason: 'seed' };
  }
  if (
    model !== undefined &&
    (model.length > RESULT_MODEL_MAX || model.trim() === '' || !MODEL_NAME.test(model))
  ) {
    return { reason: 'model' };
  }
  return null;
}
