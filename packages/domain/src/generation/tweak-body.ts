import { z } from 'zod';
import { idValue } from '../input.ts';
import { TEXT_LIMIT_NEG, TEXT_LIMIT_POS } from './options.ts';
import { boostersSchema, flag, optionalSeed, promptText } from './prompt.ts';
import {
  INPAINT_STRENGTH_DEFAULT,
  INPAINT_STRENGTH_MAX,
  INPAINT_STRENGTH_MIN,
  MASK_MAX_BYTES,
} from './tweak.ts';

/**
 * The bodies of the tweak calls (docs/product/generation.md#tweak): `POST /api/tasks/img2img/inpaint` and
 * `POST /api/tasks/img2img/convert`, both with `?fastlane`. As in prompt.ts, every shape problem is
 * `validation_error` {field}; a source that is not a uuid is an image that does not exist.
 */
const INVALID = 'validation_error';

/** The source image: one the caller may read (their own, or a public one). */
const sourceImage = z.uuid({ error: 'image_not_found' });

/** Base64 text, with or without a `data:image/png;base64,` prefix (what a canvas's toDataURL gives). */
const DATA_URL_PREFIX = /^data:image\/png;base64,/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Longest base64 text of a mask of MASK_MAX_BYTES (4 characters per 3 bytes). */
const MASK_MAX_CHARS = Math.ceil(MASK_MAX_BYTES / 3) * 4;

/**
 * The inpaint mask as sent: a PNG, base64 (a data URL is accepted). Its pixels are checked by the API
 * (decoding needs an image library): tweak.ts says what a valid mask is.
 */
export const maskText = z
  .string({ error: INVALID })
  .transform((text) => text.replace(DATA_URL_PREFIX, ''))
  .refine((text) => text.length > 0 && text.length <= MASK_MAX_CHARS && BASE64.test(text), INVALID);

export const inpaintBody = z.object({
  source_img: sourceImage,
  mask: maskText,
  prompt: promptText(TEXT_LIMIT_POS),
  neg_prompt: promptText(TEXT_LIMIT_NEG),
  seed: optionalSeed,
  /**
   * The style to redraw the masked part in. Decision: optional; absent means the source image's own
   * style, and the default tweak style (anime modern, docs/product/generation.md#plan-forcing) when the
   * source has none.
   */
  style_id: idValue('integer')
    .nullish()
    .transform((id) => id ?? null),
  modifiers: boostersSchema,
  less_nsfw: flag(false),
  automatic_face_restore: flag(false),
  /**
   * The strength (docs/product/decisions.md#tweak): how far the painted part may move from the source, a
   * denoise from 0.3 to 1; absent is 0.75.
   */
  inpaint_type: z
    .number({ error: INVALID })
    .min(INPAINT_STRENGTH_MIN, INVALID)
    .max(INPAINT_STRENGTH_MAX, INVALID)
    .nullish()
    .transform((value) => value ?? INPAINT_STRENGTH_DEFAULT),
  /**
   * Added (the spec's tweak data has none): the result's watermark, priced as on txt2img (Free pays one
   * ticket to remove it). Absent means on, so an older client is never charged for a removal it did not ask.
   */
  watermark: flag(true),
  // Decision: the spec's `pro` flag is not declared, so zod strips it: the server takes the plan from the
  // account, never from the client (as txt2img does).
});
export type InpaintBody = z.output<typeof inpaintBody>;

export const convertBody = z.object({
  source_img: sourceImage,
  target_style: idValue('integer'),
  seed: optionalSeed,
  /** Added, as on inpaint: the result's watermark; absent means on. */
  watermark: flag(true),
});
export type ConvertBody = z.output<typeof convertBody>;
