import { z } from 'zod';
import { idValue, safeText } from '../input.ts';
import {
  CREATIVITIES,
  DEFAULT_CREATIVITY,
  DEFAULT_FORMAT,
  DEFAULT_QUALITY,
  FORMATS,
  MAX_BOOSTERS,
  QUALITIES,
  SEED_MAX,
  SEED_MIN,
  TEXT_LIMIT_NEG,
  TEXT_LIMIT_POS,
  clampBoosterWeight,
} from './options.ts';
import type { BoosterSetting, GeneratorSettings } from './settings.ts';

/**
 * `POST /api/tasks/txt2img?fastlane` (docs/product/generation.md#tasks): the body is the generator prompt
 * without fastLane and seedLock, with seed. As in user.ts, each check carries its error code as its message
 * and the API reports the first failing one with data {field}.
 *
 * Decision: every length, range and shape problem here is `validation_error` {field}; the spec has no
 * prompt-length code and the web enforces the limits in the text boxes (maxlength), so only a modified
 * client can exceed them and a generic code is enough. No new error code is added.
 */
const INVALID = 'validation_error';

/** Missing or null booleans take their default, so an older client that omits a switch still works. */
export const flag = (fallback: boolean) =>
  z
    .boolean({ error: INVALID })
    .nullish()
    .transform((value) => value ?? fallback);

/**
 * docs/product/generation.md#settings: prompts are trimmed; the limit applies to the trimmed text. A missing
 * prompt is empty.
 */
export const promptText = (max: number) =>
  safeText({ error: INVALID })
    .trim()
    .max(max, INVALID)
    .nullish()
    .transform((value) => value ?? '');

const boosterSchema = z.object({
  id: idValue('integer'),
  // docs/product/generation.md#settings: an invalid or out-of-range weight is clamped (never refused):
  // invalid/negative 0, above 100 100.
  weight: z.unknown().transform(clampBoosterWeight),
});

/** Decision: MAX_BOOSTERS is a hard cap (options.ts); duplicate ids are a client bug and are refused. */
export const boostersSchema = z
  .array(boosterSchema, { error: INVALID })
  .max(MAX_BOOSTERS, INVALID)
  .refine((boosters) => new Set(boosters.map((booster) => booster.id)).size === boosters.length, {
    error: INVALID,
  })
  .nullish()
  .transform((boosters): BoosterSetting[] => boosters ?? []);

/** docs/product/generation.md#settings: optional; a missing seed is drawn by the server (null here). */
export const optionalSeed = z
  .number({ error: INVALID })
  .int(INVALID)
  .min(SEED_MIN, INVALID)
  .max(SEED_MAX, INVALID)
  .nullish()
  .transform((seed) => seed ?? null);

export const txt2imgBody = z.object({
  prompt: promptText(TEXT_LIMIT_POS),
  neg_prompt: promptText(TEXT_LIMIT_NEG),
  upscale: flag(false),
  seed: optionalSeed,
  quality: z
    .enum(QUALITIES, { error: INVALID })
    .nullish()
    .transform((quality) => quality ?? DEFAULT_QUALITY),
  format: z
    .enum(FORMATS, { error: INVALID })
    .nullish()
    .transform((format) => format ?? DEFAULT_FORMAT),
  /**
   * Decision: a missing watermark means "on". It is the plan-neutral choice: it never adds the Free
   * removal ticket to a request that did not ask for it, and the web always sends the field.
   */
  watermark: flag(true),
  private: flag(false),
  /**
   * A style is required (docs/product/generation.md#catalogue: "a style must be chosen before generating").
   */
  style_id: idValue('integer'),
  /** docs/product/pricing-and-plans.md#which-balance-pays: a missing creativity defaults to Balanced. */
  creativity: z
    .enum(CREATIVITIES, { error: INVALID })
    .nullish()
    .transform((creativity) => creativity ?? DEFAULT_CREATIVITY),
  modifiers: boostersSchema,
  slow_mode: flag(false),
  less_nsfw: flag(false),
  automatic_face_restore: flag(false),
  // Decision: the spec's `pro` flag is not declared, so zod strips it: the server takes the plan from
  // the account (plans.ts effectivePlan), never from the client. fastLane/seedLock are stripped likewise.
});
export type Txt2imgBody = z.output<typeof txt2imgBody>;

/** Query flags arrive as text: 'true'/'1' on, 'false'/'0'/'' or absent off. */
export const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: INVALID })
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');

/** `?fastlane` of the txt2img, upscale and img2img calls (docs/product/generation.md#tasks). */
export const fastLaneQuery = z.object({ fastlane: queryFlag });

/**
 * The full settings of an accepted request, for validateSettings, pricing and the signature. A request
 * with a seed is a locked seed; one request is one image (multi-generation is N requests).
 */
export function settingsFromTxt2img(body: Txt2imgBody, fastLane: boolean): GeneratorSettings {
  return { ...body, fastLane, seedLock: body.seed !== null, multiGeneration: 1 };
}

/** Settings that change the produced image; the rest (fast lane, eco, private) only change its handling. */
export type SignatureSettings = Pick<
  GeneratorSettings,
  | 'prompt'
  | 'neg_prompt'
  | 'style_id'
  | 'modifiers'
  | 'quality'
  | 'format'
  | 'creativity'
  | 'upscale'
  | 'automatic_face_restore'
  | 'less_nsfw'
  | 'watermark'
> & { seed: number };

/** JSON with object keys sorted at every level, so equal values always give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Bumped if the signature's content changes, so old signatures never match new ones by accident. */
export const TASK_SIGNATURE_VERSION = 'txt2img:v1';

/**
 * The input of `duplicate_task_signature` (docs/product/decisions.md#generation-parameters: same user,
 * settings and seed make the same image; the server answers with the existing image and charges nothing). A
 * plain string: the API hashes it. The seed must already be drawn (a random seed makes every request unique).
 * Decision: boosters are sorted by id (slot order does not change the image) and keep their weights.
 * Decision: the watermark is included: with and without it the delivered file differs, and a user who
 * pays to remove it must not be sent back to the watermarked copy.
 */
export function taskSignature(userId: number, settings: SignatureSettings): string {
  const boosters = [...settings.modifiers]
    .sort((a, b) => a.id - b.id)
    .map((booster) => ({ id: booster.id, weight: booster.weight }));
  const content = {
    user_id: userId,
    prompt: settings.prompt.trim(),
    neg_prompt: settings.neg_prompt.trim(),
    seed: settings.seed,
    style_id: settings.style_id,
    modifiers: boosters,
    quality: settings.quality,
    format: settings.format,
    creativity: settings.creativity,
    upscale: settings.upscale,
    automatic_face_restore: settings.automatic_face_restore,
    less_nsfw: settings.less_nsfw,
    watermark: settings.watermark,
  };
  return `${TASK_SIGNATURE_VERSION}:${canonicalJson(content)}`;
}
