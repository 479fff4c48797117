/**
 * The contract between the API and worker agents (docs/architecture.md: workers pull jobs over HTTP).
 * A job is fully resolved on the server: the worker needs no catalogue, plan or pricing knowledge.
 */
export const JOB_TYPES = ['txt2img', 'upscale', 'style_convert', 'inpaint'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const ENGINES = ['preview', 'comfyui', 'a1111', 'horde'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface JobLora {
  /** The engine's file name of the LoRA (e.g. "style.safetensors"). */
  name: string;
  /** Strength applied to model and CLIP, 0..2 (a booster weight of 0-100 % maps to 0..default weight). */
  weight: number;
}

export interface HiresPass {
  /** Scale from the first-pass size to the final size (Standard 1.625, High 2, Ultra 2.4). */
  factor: number;
  /** Final size after the hires pass (from the resolution table; authoritative over factor rounding). */
  width: number;
  height: number;
  steps: number;
  denoise: number;
}

export interface WorkerJob {
  /** The task's uuid; also the idempotency key of complete/fail. */
  id: string;
  type: JobType;
  /** 1 for the first lease, incremented at each re-lease after an expired lease or a retryable failure. */
  attempt: number;
  seed: number;
  prompt: string;
  negative_prompt: string;
  /** Engine model file the style needs (GraphicStyle.pipeline). */
  checkpoint: string;
  loras: JobLora[];
  /** First-pass size (the "base" column of the resolution table). */
  width: number;
  height: number;
  hires: HiresPass | null;
  steps: number;
  /**
   * Guidance scale from creativity: Creative 3, Balanced 5, Precise 7
   * (docs/product/decisions.md#generation-parameters).
   */
  cfg: number;
  sampler: string;
  scheduler: string;
  /** Model upscale doubling the final size, or null. */
  upscale: { factor: 2; model: string } | null;
  face_restore: boolean;
  /** Informational: the API composites the watermark itself after `complete`. */
  watermark: boolean;
  /** For upscale-only and img2img jobs: where the worker downloads the source PNG (authenticated), a
   * path relative to the API base the worker uses. */
  source_image_url: string | null;
  /**
   * For inpaint jobs: where the worker downloads the mask, a PNG at the source's size, white where the
   * image is repainted and black where it is kept (greyscale, no alpha); null otherwise.
   */
  mask_image_url: string | null;
  /**
   * Image-to-image strength, 0..1 (how far the result may move from the source): inpaint takes the
   * user's strength (0.3..1), style conversion one fixed by creativity
   * (docs/product/decisions.md#tweak); null for txt2img and upscale.
   */
  denoise: number | null;
  /** ISO time the lease ends unless progress extends it. */
  lease_expires_at: string;
}

/** What a worker declares when it asks for work. */
export interface LeaseRequest {
  engine: EngineName;
  /** Model files the engine has; jobs needing others are not offered. Empty lists mean "any" (preview). */
  models: { checkpoints: string[]; loras: string[]; upscalers: string[] };
  /** Largest width*height the worker can render (final size). */
  max_pixels: number;
  job_types: JobType[];
  /** Seconds to wait for a job before answering "no job" (long poll, at most 30). */
  wait_seconds?: number;
}

export interface ProgressReport {
  step: number;
  max: number;
  /** Optional JPEG preview, base64 (no data: prefix), at most ~100 kB. */
  preview_jpeg?: string;
}

export interface FailReport {
  /** true: the job goes back to the queue (until the last attempt); false: fail and refund now. */
  retryable: boolean;
  message: string;
}
