/**
 * Requests and answers of the AI Horde's async image API (docs/engines.md#ai-horde), as pure functions:
 * the body of POST /v2/generate/async built from a job, the answers of check, status and async read
 * defensively, error answers classified, and the queue turned into progress.
 */
import { resultSize, type WorkerJob } from '@mirage/domain';
import { EngineError, isRecord, samplingSteps } from './engine.ts';

export const HORDE_DEFAULT_URL = 'https://aihorde.net/api';
/** The Horde's anonymous user: lowest priority, and kudos upfront for anything large. */
export const HORDE_ANONYMOUS_KEY = '0000000000';

/**
 * Jobs carry ComfyUI sampler names; the Horde has its own (`KNOWN_SAMPLERS`). It has no DPM++ 2M SDE or
 * 3M SDE: DPM++ SDE is the nearest it offers (a catalogue style uses 2M SDE). Other names pass unchanged,
 * so a Horde name works as is and an unknown one is refused by the Horde's validation (a 400: the job
 * fails without retry, with the Horde's message).
 */
const SAMPLERS: Record<string, string> = {
  euler: 'k_euler',
  euler_ancestral: 'k_euler_a',
  heun: 'k_heun',
  dpm_2: 'k_dpm_2',
  dpm_2_ancestral: 'k_dpm_2_a',
  lms: 'k_lms',
  dpm_fast: 'k_dpm_fast',
  dpm_adaptive: 'k_dpm_adaptive',
  dpmpp_2s_ancestral: 'k_dpmpp_2s_a',
  dpmpp_sde: 'k_dpmpp_sde',
  dpmpp_2m: 'k_dpmpp_2m',
  dpmpp_2m_sde: 'k_dpmpp_sde',
  dpmpp_3m_sde: 'k_dpmpp_sde',
  ddim: 'DDIM',
  lcm: 'lcm',
};
export const hordeSampler = (name: string): string => SAMPLERS[name] ?? name;

/** Horde post-processors the adapter asks for (`KNOWN_POST_PROCESSORS`). */
export const FACE_FIXER = 'CodeFormers';
export const UPSCALER_X2 = 'RealESRGAN_x2plus';

/** The Horde renders sides that are multiples of 64, from 64 to 3072 (its `multiple=64` validation). */
export function hordeSide(side: number): number {
  return Math.min(3072, Math.max(64, Math.round(side / 64) * 64));
}

/** The size the Horde renders: the job's last pass (hires or base), each side rounded to 64. */
export function renderSize(job: WorkerJob): { width: number; height: number } {
  const pass = job.hires ?? job;
  return { width: hordeSide(pass.width), height: hordeSide(pass.height) };
}

/** cfg_scale with at most 2 decimals: more is refused (BadCFGDecimals). */
export const hordeCfg = (cfg: number): number => Math.round(cfg * 100) / 100;

/** A denoise for the Horde: 2 decimals, within its 0.01..1 bounds. */
const hordeDenoise = (denoise: number): number =>
  Math.min(1, Math.max(0.01, Math.round(denoise * 100) / 100));

/**
 * The Horde's prompt is "positive ### negative": it splits at the first `###`. A run of three or more `#`
 * inside either prompt would move the split, so such runs are cut to two.
 */
export function hordePrompt(prompt: string, negative: string): string {
  const clean = (text: string) => text.replace(/#{3,}/g, '##').trim();
  const neg = clean(negative);
  return neg === '' ? clean(prompt) : `${clean(prompt)} ### ${neg}`;
}

export interface HordeParams {
  sampler_name: string;
  cfg_scale: number;
  /** The Horde takes seeds as strings (text seeds are hashed). */
  seed: string;
  width: number;
  height: number;
  steps: number;
  n: 1;
  karras: boolean;
  hires_fix: boolean;
  hires_fix_denoising_strength?: number;
  denoising_strength?: number;
  post_processing?: string[];
}

/** The body of POST /v2/generate/async (GenerationInputStable). No field is ever null (400 otherwise). */
export interface HordeGenerateRequest {
  prompt: string;
  params: HordeParams;
  models: string[];
  nsfw: boolean;
  censor_nsfw: boolean;
  trusted_workers: boolean;
  r2: boolean;
  shared: boolean;
  allow_downgrade: boolean;
  source_image?: string;
  source_processing?: 'img2img' | 'inpainting';
  source_mask?: string;
}

export interface RequestContext {
  /** The Horde model standing in for the job's checkpoint. */
  model: string;
  nsfw: boolean;
  trustedWorkers: boolean;
  /** Base64 (no data: prefix) of the source image, and of the mask for inpainting. */
  sourceImage?: string;
  sourceMask?: string;
}

/**
 * Builds the request of one job. txt2img renders the last pass's size (the Horde's hires fix makes its
 * own first pass); inpaint and style_convert render the result size from the source in one pass (the
 * Horde turns the hires fix off for inpainting, and the source is already at the final size).
 */
export function generateRequest(job: WorkerJob, ctx: RequestContext): HordeGenerateRequest {
  const fromSource = job.type === 'inpaint' || job.type === 'style_convert';
  const size = fromSource ? resultSizeOf(job) : renderSize(job);
  const postProcessing = [
    ...(job.face_restore ? [FACE_FIXER] : []),
    ...(job.upscale && !fromSource ? [UPSCALER_X2] : []),
  ];
  const params: HordeParams = {
    sampler_name: hordeSampler(job.sampler),
    cfg_scale: hordeCfg(job.cfg),
    seed: String(job.seed),
    width: size.width,
    height: size.height,
    steps: job.steps,
    n: 1,
    karras: job.scheduler === 'karras',
    hires_fix: !fromSource && job.hires !== null,
  };
  if (!fromSource && job.hires) params.hires_fix_denoising_strength = hordeDenoise(job.hires.denoise);
  if (fromSource) params.denoising_strength = hordeDenoise(job.denoise ?? 1);
  if (postProcessing.length > 0) params.post_processing = postProcessing;
  const body: HordeGenerateRequest = {
    prompt: hordePrompt(job.prompt, job.negative_prompt),
    params,
    models: [ctx.model],
    nsfw: ctx.nsfw,
    // Our API checks every finished image itself; a censored placeholder would only fail the job.
    censor_nsfw: false,
    trusted_workers: ctx.trustedWorkers,
    r2: true,
    // Users' images stay theirs (the Horde shares anonymous requests with LAION whatever this says).
    shared: false,
    // A downgraded request would come back smaller and with fewer steps than the user paid for.
    allow_downgrade: false,
  };
  if (fromSource && ctx.sourceImage) {
    body.source_image = ctx.sourceImage;
    body.source_processing = job.type === 'inpaint' ? 'inpainting' : 'img2img';
    if (job.type === 'inpaint' && ctx.sourceMask) body.source_mask = ctx.sourceMask;
  }
  return body;
}

/** The result size of a source job, rounded for the Horde. */
function resultSizeOf(job: WorkerJob): { width: number; height: number } {
  const size = resultSize(job);
  return { width: hordeSide(size.width), height: hordeSide(size.height) };
}

const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** 202 `{id, kudos, message?, warnings?}`. */
export function parseAsyncAnswer(body: unknown): { id: string; kudos: number; notes: string[] } {
  const id = isRecord(body) ? str(body.id) : null;
  if (!isRecord(body) || !id)
    throw new EngineError('AI Horde POST /v2/generate/async: answer without an id', true);
  const warnings: unknown[] = Array.isArray(body.warnings) ? body.warnings : [];
  const notes = [body.message, ...warnings.map((w) => (isRecord(w) ? w.message : w))].filter(
    (n): n is string => typeof n === 'string' && n !== '',
  );
  return { id, kudos: num(body.kudos, 0), notes };
}

/** GET /v2/generate/check/{id}: the light status (wait_time in seconds). */
export interface HordeCheck {
  done: boolean;
  faulted: boolean;
  isPossible: boolean;
  waitTime: number;
  queuePosition: number;
  processing: number;
  waiting: number;
}

export function parseCheck(body: unknown): HordeCheck {
  if (!isRecord(body)) throw new EngineError('AI Horde check: unexpected answer', true);
  return {
    done: body.done === true,
    faulted: body.faulted === true,
    // Missing means possible: only an explicit false says no worker can serve the request.
    isPossible: body.is_possible !== false,
    waitTime: Math.max(0, num(body.wait_time, 0)),
    queuePosition: Math.max(0, num(body.queue_position, 0)),
    processing: num(body.processing, 0),
    waiting: num(body.waiting, 0),
  };
}

export interface HordeGeneration {
  /** A download URL (r2) or base64 WebP. */
  img: string;
  seed: string | null;
  censored: boolean;
  model: string | null;
  worker: string | null;
  /** gen_metadata as "type:value" (e.g. "censorship:csam"). */
  metadata: string[];
}

/** GET /v2/generate/status/{id}: the generations of a finished request. */
export function parseStatus(body: unknown): { faulted: boolean; generations: HordeGeneration[] } {
  if (!isRecord(body)) throw new EngineError('AI Horde status: unexpected answer', true);
  const list = Array.isArray(body.generations) ? body.generations.filter(isRecord) : [];
  const generations = list.flatMap((g): HordeGeneration[] => {
    const img = str(g.img);
    if (!img) return [];
    const metadata = Array.isArray(g.gen_metadata) ? g.gen_metadata.filter(isRecord) : [];
    return [
      {
        img,
        seed: typeof g.seed === 'number' ? String(g.seed) : str(g.seed),
        censored: g.censored === true,
        model: str(g.model),
        worker: str(g.worker_name) ?? str(g.worker_id),
        metadata: metadata.map((m) => `${String(m.type)}:${String(m.value)}`),
      },
    ];
  });
  return { faulted: body.faulted === true, generations };
}

/** The seed the Horde reports (a string), when it is one of our integer seeds; else the job's. */
export function resultSeed(generation: HordeGeneration, job: WorkerJob): number {
  const seed = generation.seed === null ? NaN : Number(generation.seed);
  return Number.isSafeInteger(seed) && seed >= 0 ? seed : job.seed;
}

/** Retry-After in ms: delta-seconds or an HTTP date (RFC 9110); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface HordeFailure {
  error: EngineError;
  /** Worth sending again after a pause (429, 5xx): the caller retries a bounded number of times. */
  transient: boolean;
  /** Code of the answer (`rc`), e.g. KudosUpfront. */
  rc: string | null;
}

/**
 * Classifies an error answer. The Horde answers `{message, rc}`, and flask-restx validation errors
 * `{errors: {field: message}, message}`. Problems of the request (400, 401, 403) fail the job without
 * retry: the same request would be refused again. 429 and 5xx are transient; when retries run out they
 * fail retryably, as does a 404 on a request that expired (waiting requests live about 20 minutes).
 */
export function hordeFailure(what: string, status: number, text: string): HordeFailure {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) body = parsed;
  } catch {
    // a proxy's HTML error page: keep the raw text
  }
  const rc = str(body.rc);
  const fields = isRecord(body.errors)
    ? Object.entries(body.errors).map(([field, message]) => `${field}: ${String(message)}`)
    : [];
  const message = [str(body.message) ?? text.slice(0, 300), ...fields].join('; ');
  const head = `${what}: HTTP ${status}${rc ? ` ${rc}` : ''}`;
  const fail = (retryable: boolean, hint = '') => new EngineError(`${head}: ${message}${hint}`, retryable);
  if (status === 429 || status >= 500) return { error: fail(true), transient: true, rc };
  if (status === 401) return { error: fail(false, ' (check HORDE_API_KEY)'), transient: false, rc };
  if (rc === 'KudosUpfront') {
    const hint =
      ' (the Horde wants kudos upfront: give the worker an API key with kudos, or lower HORDE_MAX_PIXELS)';
    return { error: fail(false, hint), transient: false, rc };
  }
  if (status === 404) return { error: fail(true), transient: false, rc };
  return { error: fail(false), transient: false, rc };
}

/**
 * Progress while the request waits and renders: the share of the expected time already spent,
 * elapsed / (elapsed + wait_time), on the job's step scale. It stays below the last step until the
 * image is in (the caller keeps it monotonic: wait_time estimates can grow).
 */
export function waitStep(
  job: WorkerJob,
  elapsedMs: number,
  check: HordeCheck,
): { step: number; max: number } {
  const max = Math.max(1, samplingSteps(job));
  const elapsed = Math.max(0, elapsedMs / 1000);
  const fraction = check.done ? 1 : elapsed / (elapsed + Math.max(1, check.waitTime));
  return { step: Math.min(max - 1, Math.max(0, Math.floor(fraction * max))), max };
}

/** Next check in ms: a tenth of the announced wait, within [min, max] (min wins: once a second by default). */
export function nextPollMs(check: HordeCheck, minMs: number, maxMs: number): number {
  return Math.max(minMs, Math.min(maxMs, check.waitTime * 100));
}
