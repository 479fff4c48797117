/**
 * The fake A1111's POST /sdapi/v1/img2img checks, in the order the real API makes them:
 *
 * 1. FastAPI validates the body against StableDiffusionImg2ImgProcessingAPI (pydantic v1, every field
 *    Optional, unknown fields ignored, values coerced the v1 way: "5" is an int, 4.7 an int 4, "yes" a
 *    bool). A value it cannot coerce answers 422 `{detail: [{loc: ["body", field], msg, type}]}`.
 * 2. img2imgapi: no init_images is a 404 "Init image not found"; the mask, then the init images, go
 *    through decode_base64_to_image (a `data:image/...;base64,` prefix is accepted; anything that does not
 *    decode is a 500 "Invalid encoded image"); an unknown sampler is a 404 "Sampler not found".
 */
import sharp from 'sharp';

type Kind = 'str' | 'int' | 'float' | 'bool' | 'list' | 'dict';

/** The fields the worker sends, and the img2img fields around them, with their pydantic types. */
const FIELDS: Record<string, Kind> = {
  prompt: 'str',
  negative_prompt: 'str',
  seed: 'int',
  steps: 'int',
  cfg_scale: 'float',
  sampler_name: 'str',
  sampler_index: 'str',
  scheduler: 'str',
  width: 'int',
  height: 'int',
  batch_size: 'int',
  n_iter: 'int',
  restore_faces: 'bool',
  override_settings: 'dict',
  override_settings_restore_afterwards: 'bool',
  send_images: 'bool',
  save_images: 'bool',
  init_images: 'list',
  mask: 'str',
  resize_mode: 'int',
  denoising_strength: 'float',
  image_cfg_scale: 'float',
  mask_blur: 'int',
  mask_blur_x: 'int',
  mask_blur_y: 'int',
  inpainting_fill: 'int',
  inpaint_full_res: 'bool',
  inpaint_full_res_padding: 'int',
  inpainting_mask_invert: 'int',
  initial_noise_multiplier: 'float',
  include_init_images: 'bool',
};

/** pydantic v1's error of each kind: its message and its type. */
const ERRORS: Record<Kind, { msg: string; type: string }> = {
  str: { msg: 'str type expected', type: 'type_error.str' },
  int: { msg: 'value is not a valid integer', type: 'type_error.integer' },
  float: { msg: 'value is not a valid float', type: 'type_error.float' },
  bool: { msg: 'value could not be parsed to a boolean', type: 'type_error.bool' },
  list: { msg: 'value is not a valid list', type: 'type_error.list' },
  dict: { msg: 'value is not a valid dict', type: 'type_error.dict' },
};

const TRUE = ['1', 'on', 't', 'true', 'y', 'yes'];
const FALSE = ['0', 'off', 'f', 'false', 'n', 'no'];
const numeric = (v: unknown) =>
  typeof v === 'number' || typeof v === 'boolean'
    ? Number(v)
    : typeof v === 'string'
      ? Number(v.trim() || NaN)
      : NaN;

/** pydantic v1's coercion of one value; undefined when it would raise. */
function coerce(kind: Kind, v: unknown): unknown {
  switch (kind) {
    case 'str':
      return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
    case 'int': {
      const n = numeric(v);
      return Number.isFinite(n) && (typeof v !== 'string' || Number.isInteger(n)) ? Math.trunc(n) : undefined;
    }
    case 'float': {
      const n = numeric(v);
      return Number.isNaN(n) ? undefined : n;
    }
    case 'bool': {
      if (typeof v === 'boolean') return v;
      const word = String(v).toLowerCase();
      if ((typeof v === 'number' || typeof v === 'string') && TRUE.includes(word)) return true;
      if ((typeof v === 'number' || typeof v === 'string') && FALSE.includes(word)) return false;
      return undefined;
    }
    case 'list':
      return Array.isArray(v) ? v : undefined;
    case 'dict':
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
  }
}

export interface Img2imgBody {
  prompt?: string;
  seed?: number;
  steps?: number;
  width?: number;
  height?: number;
  sampler_name?: string;
  denoising_strength?: number;
  init_images?: unknown[];
  mask?: string;
  mask_blur?: number;
  override_settings?: { sd_model_checkpoint?: string };
  override_settings_restore_afterwards?: boolean;
}

export type Checked =
  { body: Img2imgBody } | { status: number; body: { detail: unknown } | Record<string, unknown> };

/** decode_base64_to_image: true when the string is a readable image. */
async function decodes(encoded: unknown): Promise<boolean> {
  if (typeof encoded !== 'string') return false;
  const b64 = encoded.startsWith('data:image/') ? (encoded.split(';')[1]?.split(',')[1] ?? '') : encoded;
  try {
    await sharp(Buffer.from(b64, 'base64')).metadata();
    return true;
  } catch {
    return false;
  }
}

const invalidImage = { status: 500, body: { error: 'HTTPException', detail: 'Invalid encoded image' } };

/** Validates an img2img body as the real API does; the coerced body, or the error answer. */
export async function validateImg2img(raw: unknown, samplers: string[]): Promise<Checked> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const detail = [{ loc: ['body'], ...ERRORS.dict }];
    return { status: 422, body: { detail } };
  }
  const body: Record<string, unknown> = {};
  const detail: unknown[] = [];
  for (const [field, v] of Object.entries(raw)) {
    const kind = FIELDS[field];
    if (!kind || v === null) {
      body[field] = kind ? undefined : v; // Optional: null is the default; unknown fields pass unread
      continue;
    }
    const value = coerce(kind, v);
    if (value === undefined) detail.push({ loc: ['body', field], ...ERRORS[kind] });
    body[field] = value;
  }
  if (detail.length > 0) return { status: 422, body: { detail } };
  const b = body as Img2imgBody & { mask?: string };
  if (!b.init_images)
    return { status: 404, body: { error: 'HTTPException', detail: 'Init image not found' } };
  if (b.mask && !(await decodes(b.mask))) return invalidImage;
  const sampler = b.sampler_name ?? 'Euler';
  if (!samplers.includes(sampler))
    return { status: 404, body: { error: 'HTTPException', detail: 'Sampler not found' } };
  for (const image of b.init_images) if (!(await decodes(image))) return invalidImage;
  return { body: b };
}

/**
 * The steps img2img samples (sd_samplers_common.setup_img2img_steps without img2img_fix_steps): the
 * denoise's share of the steps, plus the first.
 */
export function img2imgSteps(b: Img2imgBody): number {
  const steps = b.steps ?? 50;
  return Math.floor(Math.min(b.denoising_strength ?? 0.75, 0.999) * steps) + 1;
}
