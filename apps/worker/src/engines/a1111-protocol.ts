/** Requests and answers of the A1111/Forge API (docs/engines.md#a1111-and-forge-api), as pure functions. */
import type { WorkerJob } from '@mirage/domain';
import type { EngineProgress, Img2ImgInputs } from './engine.ts';
import { EngineError, isRecord, samplingSteps } from './engine.ts';

/**
 * Jobs carry ComfyUI sampler names (the production engine); A1111 wants its display names. Unknown
 * names (or names already in A1111 form) pass through unchanged.
 */
const SAMPLERS: Record<string, string> = {
  euler: 'Euler',
  euler_ancestral: 'Euler a',
  heun: 'Heun',
  dpm_2: 'DPM2',
  dpm_2_ancestral: 'DPM2 a',
  lms: 'LMS',
  dpm_fast: 'DPM fast',
  dpm_adaptive: 'DPM adaptive',
  dpmpp_2s_ancestral: 'DPM++ 2S a',
  dpmpp_sde: 'DPM++ SDE',
  dpmpp_2m: 'DPM++ 2M',
  dpmpp_2m_sde: 'DPM++ 2M SDE',
  dpmpp_3m_sde: 'DPM++ 3M SDE',
  ddim: 'DDIM',
  uni_pc: 'UniPC',
  lcm: 'LCM',
  restart: 'Restart',
};
/** ComfyUI scheduler names A1111 spells differently or lacks. */
const SCHEDULERS: Record<string, string> = { ddim_uniform: 'ddim', linear_quadratic: 'automatic' };

export const a1111Sampler = (name: string): string => SAMPLERS[name] ?? name;
export const a1111Scheduler = (name: string): string => SCHEDULERS[name] ?? name;

/** "loras/style.safetensors" -> "style": A1111 names networks by file stem. */
export function fileStem(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base.replace(/\.(safetensors|ckpt|pt|pth|bin)$/i, '');
}

/** `<lora:NAME:W>` tokens appended to the prompt (extra-network syntax, TE = UNET = weight). */
export function loraTokens(job: WorkerJob): string {
  return job.loras.map((l) => `<lora:${fileStem(l.name)}:${Number(l.weight.toFixed(3))}>`).join(' ');
}

/** The fields txt2img and img2img share: prompts with LoRA tokens, sampling, checkpoint, one image. */
function generationFields(job: WorkerJob): Record<string, unknown> {
  const tokens = loraTokens(job);
  return {
    prompt: tokens ? `${job.prompt} ${tokens}` : job.prompt,
    negative_prompt: job.negative_prompt,
    seed: job.seed,
    steps: job.steps,
    cfg_scale: job.cfg,
    sampler_name: a1111Sampler(job.sampler),
    scheduler: a1111Scheduler(job.scheduler),
    width: job.width,
    height: job.height,
    batch_size: 1,
    n_iter: 1,
    restore_faces: job.face_restore,
    override_settings: { sd_model_checkpoint: job.checkpoint },
    override_settings_restore_afterwards: true,
    send_images: true,
    save_images: false,
  };
}

export function txt2imgRequest(job: WorkerJob, hrUpscaler: string): Record<string, unknown> {
  const body = generationFields(job);
  if (job.hires) {
    Object.assign(body, {
      enable_hr: true,
      hr_scale: job.hires.factor,
      hr_resize_x: job.hires.width,
      hr_resize_y: job.hires.height,
      hr_second_pass_steps: job.hires.steps,
      denoising_strength: job.hires.denoise,
      hr_upscaler: hrUpscaler,
    });
  }
  return body;
}

/** Blur of the mask's edges, px (A1111's default): the repainted area blends into the kept one. */
export const MASK_BLUR = 4;
/** inpainting_fill "original": the sampler starts from the source under the mask, for partial strengths. */
export const INPAINT_FILL_ORIGINAL = 1;

/**
 * The size img2img renders at: the source's, rounded up to a multiple of 8. Latents floor other sizes
 * (1228 comes back 1224) while the inpaint overlay, the source pasted back outside the mask, is made at
 * the requested size; asking for the rounded-up size (resize_mode 0 stretches the source and mask to it)
 * keeps them equal, and the adapter scales the result back to the exact size without cropping.
 */
export function img2imgSize(job: WorkerJob): { width: number; height: number } {
  return { width: Math.ceil(job.width / 8) * 8, height: Math.ceil(job.height / 8) * 8 };
}

/**
 * POST /sdapi/v1/img2img: the source as the one init image, the job's strength as denoising_strength;
 * an inpaint job adds its mask (white = repaint, as inpainting_mask_invert 0 reads it), repainted from
 * the original content (partial strengths keep it) over the whole picture (inpaint_full_res false: the
 * job's size is the source's, there is nothing to crop and upscale).
 */
export function img2imgRequest(job: WorkerJob, inputs: Img2ImgInputs): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...generationFields(job),
    ...img2imgSize(job),
    init_images: [inputs.source.toString('base64')],
    resize_mode: 0,
    denoising_strength: inputs.denoise,
  };
  if (inputs.mask) {
    Object.assign(body, {
      mask: inputs.mask.toString('base64'),
      mask_blur: MASK_BLUR,
      inpainting_fill: INPAINT_FILL_ORIGINAL,
      inpaint_full_res: false,
      inpainting_mask_invert: 0,
    });
  }
  return body;
}

export function extrasRequest(imagePng: Buffer, upscaler: string): Record<string, unknown> {
  return {
    image: imagePng.toString('base64'),
    resize_mode: 0,
    upscaling_resize: 2,
    upscaler_1: upscaler,
    show_extras_results: true,
  };
}

function parseJson(text: string, what: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EngineError(`${what}: answer is not JSON: ${text.slice(0, 200)}`, true);
  }
  if (!isRecord(body)) throw new EngineError(`${what}: unexpected answer`, true);
  return body;
}

export interface GenerationAnswer {
  png: Buffer;
  info: Record<string, unknown>;
}

/**
 * A txt2img or img2img answer, `{images:[b64…], info:"<JSON string>"}`: picks the first real image (a
 * grid may come first). `what` names the route in errors.
 */
export function parseGeneration(text: string, what = 'A1111 txt2img'): GenerationAnswer {
  const body = parseJson(text, what);
  const images = Array.isArray(body.images)
    ? body.images.filter((i): i is string => typeof i === 'string')
    : [];
  let info: Record<string, unknown> = {};
  if (typeof body.info === 'string') {
    try {
      const parsed: unknown = JSON.parse(body.info);
      if (isRecord(parsed)) info = parsed;
    } catch {
      // info is optional for us: only the checkpoint check needs it
    }
  } else if (isRecord(body.info)) info = body.info;
  const index = typeof info.index_of_first_image === 'number' ? info.index_of_first_image : 0;
  const b64 = images[index] ?? images[images.length - 1];
  if (!b64) throw new EngineError(`${what}: answer without an image`, false);
  return { png: Buffer.from(stripDataUrl(b64), 'base64'), info };
}

export function parseExtras(text: string): Buffer {
  const body = parseJson(text, 'A1111 extra-single-image');
  if (typeof body.image !== 'string' || body.image === '') {
    throw new EngineError('A1111 extra-single-image: answer without an image', false);
  }
  return Buffer.from(stripDataUrl(body.image), 'base64');
}

export const stripDataUrl = (b64: string): string => b64.replace(/^data:[^,]*,/, '');

/**
 * Forge silently ignores an unknown `sd_model_checkpoint` and renders with the loaded model; the answer's
 * `info.sd_model_name` (the file stem) tells which model really ran.
 */
export function checkCheckpoint(job: WorkerJob, info: Record<string, unknown>): void {
  const used = info.sd_model_name;
  if (typeof used !== 'string' || used === '') return;
  if (fileStem(used).toLowerCase() !== fileStem(job.checkpoint).toLowerCase()) {
    throw new EngineError(
      `checkpoint not loaded: asked for ${job.checkpoint}, the engine used ${used}`,
      false,
    );
  }
}

/**
 * Maps GET /sdapi/v1/progress to the job's bar: first pass 0..steps, hires pass (job_no 1) steps..total.
 * The hires pass reports its own step count (denoise shortens it), so it is scaled into its slot.
 */
export function progressStep(job: WorkerJob, body: unknown): { step: number; max: number } | null {
  if (!isRecord(body) || !isRecord(body.state)) return null;
  const s = body.state;
  const step = Number(s.sampling_step);
  const steps = Number(s.sampling_steps);
  if (!Number.isFinite(step) || !Number.isFinite(steps) || steps <= 0) return null;
  const fraction = Math.min(1, Math.max(0, step / steps));
  const max = samplingSteps(job);
  const hiresPass = job.hires !== null && Number(s.job_no) >= 1;
  if (hiresPass && job.hires) return { step: job.steps + Math.round(fraction * job.hires.steps), max };
  return { step: Math.round(fraction * job.steps), max };
}

/** The live preview of a progress answer (base64, PNG by default), or null. */
export function progressImage(body: unknown): Buffer | null {
  if (!isRecord(body) || typeof body.current_image !== 'string' || body.current_image === '') return null;
  return Buffer.from(stripDataUrl(body.current_image), 'base64');
}

/** A1111 answers errors as `{error, detail, body, errors}`; some 500s are about the request itself. */
export function a1111Error(what: string, status: number, text: string): EngineError {
  let message = text.slice(0, 300);
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) {
      message = [body.error, body.detail, body.errors]
        .map((v) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v)))
        .filter(Boolean)
        .join(': ');
    }
  } catch {
    // keep the raw text
  }
  const bad = status === 404 || status === 422 || /could not find|not found|invalid|no such/i.test(message);
  const oom = /out of memory/i.test(message);
  const retryable = oom || (!bad && (status >= 500 || status === 401 || status === 403 || status === 429));
  const hint = status === 401 ? ' (check the engine credentials)' : '';
  return new EngineError(`${what}: HTTP ${status}${hint}: ${message}`, retryable);
}

/** True when a progress poll brings nothing new (same step), so it is not reported again. */
export const sameProgress = (a: EngineProgress | null, b: EngineProgress): boolean =>
  a !== null && a.step === b.step && a.max === b.max;
