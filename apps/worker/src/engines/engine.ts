/**
 * The contract every inference engine of the worker agent implements (docs/architecture.md: one agent drives
 * one engine). Engines know nothing about leases or the API: they turn one resolved WorkerJob into one PNG.
 */
import type { EngineName, JobType, WorkerJob } from '@mirage/domain';

export interface EngineResult {
  /** The final image, PNG encoded, at exactly `width` x `height`. */
  png: Buffer;
  width: number;
  height: number;
  seed: number;
  /** What made the image: the checkpoint file, or 'preview-renderer' for the built-in CPU renderer. */
  model: string;
}

export interface EngineProgress {
  step: number;
  max: number;
  /** A small JPEG of the image in progress, when the engine has one. */
  previewJpeg?: Buffer;
}

export interface EngineCapabilities {
  /** Model files the engine has. Empty lists mean "any" (the preview renderer). */
  checkpoints: string[];
  loras: string[];
  upscalers: string[];
  /** Largest width*height of a final image. */
  maxPixels: number;
  jobTypes: JobType[];
}

export interface EngineIo {
  onProgress(p: EngineProgress): void;
  /** Aborted when the lease is lost or the agent stops; `run` then rejects with EngineAbortError. */
  signal: AbortSignal;
  /** The source PNG of upscale (and img2img) jobs, downloaded by the agent from job.source_image_url. */
  sourceImage?: Buffer;
  /** The mask PNG of inpaint jobs (white = repaint), downloaded by the agent from job.mask_image_url. */
  maskImage?: Buffer;
}

export interface Engine {
  name: EngineName;
  capabilities(): Promise<EngineCapabilities>;
  run(job: WorkerJob, io: EngineIo): Promise<EngineResult>;
}

/**
 * A failed generation. `retryable`: true for network errors, timeouts, a busy or restarting engine (the
 * job goes back to the queue, maybe to another worker); false for an invalid workflow, an unknown model
 * or bad input (retrying cannot help: fail and refund now).
 */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** `run` was aborted through its signal. Retryable: the job itself is fine. */
export class EngineAbortError extends EngineError {
  constructor(message = 'generation aborted') {
    super(message, true);
    this.name = 'EngineAbortError';
  }
}

/** Throws EngineAbortError when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new EngineAbortError();
}

/** Total sampling steps of a txt2img job (first pass plus hires pass). */
export function samplingSteps(job: WorkerJob): number {
  return job.steps + (job.hires ? job.hires.steps : 0);
}

/** The image-to-image job types: a source image (and, for inpaint, a mask) repainted at its own size. */
export const IMG2IMG_TYPES: readonly JobType[] = ['inpaint', 'style_convert'];
export const isImg2Img = (job: WorkerJob): boolean => IMG2IMG_TYPES.includes(job.type);

export interface Img2ImgInputs {
  source: Buffer;
  /** The inpaint mask (white = repaint); null for a style conversion, which repaints everything. */
  mask: Buffer | null;
  /** The job's strength, 0..1. */
  denoise: number;
}

/**
 * What an image-to-image job needs, checked once for every engine: a job without them is broken on the
 * server's side, so it fails without retry (the agent refuses such jobs before downloading anything).
 */
export function img2imgInputs(job: WorkerJob, io: EngineIo): Img2ImgInputs {
  if (!io.sourceImage) throw new EngineError(`${job.type} job without a source image`, false);
  if (job.type === 'inpaint' && !io.maskImage) throw new EngineError('inpaint job without a mask', false);
  const denoise = job.denoise;
  if (denoise === null || !(denoise >= 0 && denoise <= 1)) {
    throw new EngineError(`${job.type} job without a denoise between 0 and 1 (${String(denoise)})`, false);
  }
  const mask = job.type === 'inpaint' ? (io.maskImage ?? null) : null;
  return { source: io.sourceImage, mask, denoise };
}

/** Rejects job types the engine does not declare. */
export function assertJobType(job: WorkerJob, supported: readonly JobType[], engine: EngineName): void {
  if (!supported.includes(job.type)) {
    throw new EngineError(`job type '${job.type}' is not supported by the ${engine} engine`, false);
  }
}

/** Resolves after `ms`, or rejects with EngineAbortError as soon as the signal is aborted. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new EngineAbortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new EngineAbortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A loose record type guard for parsing JSON from engines. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
