/**
 * The fake AI Horde's payload validation, as the real one does it: flask-restx checks the body of
 * POST /v2/generate/async against GenerationInputStable (types, bounds, enums, `multiple=64`; `null` is
 * not a value of any optional field) and answers 400 `{errors: {field: message}, message: "Input payload
 * validation failed"}`; the Horde's own checks then answer `{message, rc}`.
 */

export const KNOWN_SAMPLERS = [
  'k_lms',
  'k_heun',
  'k_euler',
  'k_euler_a',
  'k_dpm_2',
  'k_dpm_2_a',
  'k_dpm_fast',
  'k_dpm_adaptive',
  'k_dpmpp_2s_a',
  'k_dpmpp_2m',
  'dpmsolver',
  'k_dpmpp_sde',
  'DDIM',
  'lcm',
];
const POST_PROCESSORS = [
  'GFPGAN',
  'RealESRGAN_x4plus',
  'RealESRGAN_x2plus',
  'RealESRGAN_x4plus_anime_6B',
  'NMKD_Siax',
  '4x_AnimeSharp',
  'CodeFormers',
  'strip_background',
];

/** Python's repr of a JSON value, as jsonschema's messages print it. */
const py = (v: unknown): string =>
  v === null
    ? 'None'
    : v === true
      ? 'True'
      : v === false
        ? 'False'
        : typeof v === 'string'
          ? `'${v}'`
          : JSON.stringify(v);

type Rule = (v: unknown) => string | null;
const typeError = (v: unknown, type: string) => `${py(v)} is not of type '${type}'`;

const bool: Rule = (v) => (typeof v === 'boolean' ? null : typeError(v, 'boolean'));
const string =
  (minLength = 0): Rule =>
  (v) =>
    typeof v !== 'string' ? typeError(v, 'string') : v.length < minLength ? `${py(v)} is too short` : null;
const number =
  (min: number, max: number, integer = false, multiple = 0): Rule =>
  (v) => {
    if (typeof v !== 'number' || (integer && !Number.isInteger(v)))
      return typeError(v, integer ? 'integer' : 'number');
    if (v < min) return `${v} is less than the minimum of ${min}`;
    if (v > max) return `${v} is greater than the maximum of ${max}`;
    if (multiple && v % multiple !== 0) return `${v} is not a multiple of ${multiple}`;
    return null;
  };
const oneOf =
  (values: string[]): Rule =>
  (v) =>
    typeof v !== 'string'
      ? typeError(v, 'string')
      : values.includes(v)
        ? null
        : `${py(v)} is not one of [${values.map(py).join(', ')}]`;
const listOf =
  (item: Rule): Rule =>
  (v) =>
    Array.isArray(v) ? (v.map(item).find((m) => m !== null) ?? null) : typeError(v, 'array');
const object: Rule = (v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? null : typeError(v, 'object');

const PARAMS: Record<string, Rule> = {
  sampler_name: oneOf(KNOWN_SAMPLERS),
  cfg_scale: number(0, 100),
  denoising_strength: number(0.01, 1),
  hires_fix_denoising_strength: number(0.01, 1),
  seed: string(),
  height: number(64, 3072, true, 64),
  width: number(64, 3072, true, 64),
  seed_variation: number(1, 1000, true),
  post_processing: listOf(oneOf(POST_PROCESSORS)),
  karras: bool,
  tiling: bool,
  hires_fix: bool,
  clip_skip: number(1, 12, true),
  facefixer_strength: number(0, 1),
  loras: listOf(object),
  tis: listOf(object),
  steps: number(1, 500, true),
  n: number(1, 20, true),
};
const TOP: Record<string, Rule> = {
  prompt: string(1),
  params: object,
  nsfw: bool,
  trusted_workers: bool,
  slow_workers: bool,
  censor_nsfw: bool,
  models: listOf(string()),
  source_image: string(),
  source_processing: oneOf(['img2img', 'inpainting', 'outpainting', 'remix']),
  source_mask: string(),
  r2: bool,
  shared: bool,
  replacement_filter: bool,
  dry_run: bool,
  allow_downgrade: bool,
};

export interface Refusal {
  status: number;
  body: Record<string, unknown>;
}

/** flask-restx's validation of the body; null when it passes. */
export function validatePayload(body: unknown): Refusal | null {
  const errors: Record<string, string> = {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    errors[''] = typeError(body, 'object');
  } else {
    const b = body as Record<string, unknown>;
    if (!('prompt' in b)) errors.prompt = "'prompt' is a required property";
    for (const [key, rule] of Object.entries(TOP)) {
      const message = key in b ? rule(b[key]) : null;
      if (message) errors[key] = message;
    }
    if (typeof b.params === 'object' && b.params !== null) {
      const params = b.params as Record<string, unknown>;
      for (const [key, rule] of Object.entries(PARAMS)) {
        const message = key in params ? rule(params[key]) : null;
        if (message) errors[`params.${key}`] = message;
      }
    }
  }
  if (Object.keys(errors).length === 0) return null;
  return { status: 400, body: { errors, message: 'Input payload validation failed' } };
}

export const refusal = (status: number, rc: string, message: string): Refusal => ({
  status,
  body: { message, rc },
});

/** cfg_scale with more than 2 decimals (the Horde's BadCFGDecimals). */
export const tooManyDecimals = (cfg: number): boolean => Math.round(cfg * 100) / 100 !== cfg;
