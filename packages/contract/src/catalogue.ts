import { idValue, MODERATION_SCOPES, RENDERS, safeText, type ModerationRule } from '@mirage/domain';
import { z } from 'zod';
import { fileBytes, operation, sameType, type Same } from './define.ts';
import { notModifiedAnswer } from './images.ts';

/**
 * The catalogue (docs/product/generation.md#catalogue): styles, boosters (modifiers), presets and the
 * moderation rules the generator mirrors, and the preview pictures of styles and boosters.
 */

/** Answers that are the same for everyone: browsers and proxies may keep them for 5 minutes. */
const SHARED_CACHE = 'Cache-Control: `public, max-age=300`.';
/** A preview depends only on its style's or booster's lib: kept for a day, then revalidated by its ETag. */
const PREVIEW_CACHE =
  'Cache-Control: `public, max-age=86400`, with an ETag of the bytes (304 without a body when If-None-Match names it).';

export const graphicStyle = z
  .object({
    id: z.number().int(),
    lib: z.string().describe("The style's name in the catalogue; the client translates it"),
    preview: z.string().describe('URL of its WebP preview (256×352, GET /api/catalogue/preview/style/…)'),
    render: z.enum(RENDERS),
    is_free: z.boolean().describe('Free to use on every plan (one free style per render)'),
    is_new: z.boolean(),
    pipeline: z.string().describe('The checkpoint file the style generates with'),
    txt2img: z.boolean().describe('Whether it can generate from a prompt (`style_not_txt2img` otherwise)'),
  })
  .meta({ id: 'GraphicStyle' });

export const catalogueModifier = z
  .object({
    id: z.number().int(),
    lib: z.string().describe("The booster's name in the catalogue; the client translates it"),
    weight: z.number().int().min(0).max(100).describe('The slot weight the panel proposes, in %'),
    render: z.enum([...RENDERS, 'both']),
    tags: z.array(z.string()).describe('Suggested tags'),
    preview: z.string().describe('URL of its WebP preview (256×352, GET /api/catalogue/preview/booster/…)'),
    is_new: z.boolean(),
    incompatible_styles: z.array(z.number().int()).describe('Ids of the styles it cannot be used with'),
  })
  .meta({ id: 'Modifier' });

export const modifierCategory = z
  .object({
    id: z.number().int(),
    lib: z.string().describe("The category's name in the catalogue; the client translates it"),
    modifiers: z.array(catalogueModifier).min(1),
  })
  .meta({ id: 'ModifierCategory' });

export const presetView = z
  .object({
    id: z.number().int(),
    lib: z.string().describe('Its English title'),
    value: z.string().describe('The positive prompt'),
    neg_prompt: z.string(),
    favorite: z.boolean().describe("The signed-in user's favourite mark (false for a guest)"),
  })
  .meta({ id: 'Preset' });

export const moderationRuleView = z
  .object({
    id: z.number().int(),
    words: z.array(z.string()).min(1).describe('Terms, age ranges `{age:MIN-MAX}` or `{adulthood}`'),
    suggestions: z.array(z.string()).describe('What a suggestion rule offers instead (type 1)'),
    type: z.union([z.literal(0), z.literal(1)]).describe('0: forbidden, 1: suggestion'),
    applies_to: z.enum(MODERATION_SCOPES).describe('The prompt(s) it reads'),
  })
  .meta({ id: 'ModerationRule' });
// The web runs the domain's moderatePrompt on these: each is the domain's ModerationRule, with the table's id.
type Flat<T> = { [K in keyof T]: T[K] };
sameType<Same<z.output<typeof moderationRuleView>, Flat<Omit<ModerationRule, 'id'> & { id: number }>>>();

/** A preview's file name: `{lib}.webp`; another name, or a lib the catalogue lacks, answers 404 not_found. */
const previewFile = z.object({ file: safeText().describe('`{lib}.webp`') });

const webpPreview = (description: string) => ({
  description,
  content: { 'image/webp': { schema: fileBytes } },
});

export const listStyles = operation('listStyles', {
  tag: 'catalogue',
  summary: 'List the graphic styles',
  description: `The enabled styles in catalogue order, for anyone. ${SHARED_CACHE}`,
  responses: { 200: z.array(graphicStyle).describe('The enabled styles, in catalogue order') },
  errors: [],
});

export const listModifiers = operation('listModifiers', {
  tag: 'catalogue',
  summary: 'List the boosters by category',
  description: `The enabled boosters (modifiers) grouped by category; a category with none is left out. ${SHARED_CACHE}`,
  responses: { 200: z.array(modifierCategory).describe('The categories with their enabled boosters') },
  errors: [],
});

export const listBannedWords = operation('listBannedWords', {
  tag: 'catalogue',
  summary: 'List the forbidden words',
  description: `The words the forbidden rules refuse in a positive prompt (rules for the positive prompt or both). ${SHARED_CACHE}`,
  responses: {
    200: z
      .object({ words: z.array(z.string()).describe('Each word once') })
      .describe('The forbidden words of the positive prompt'),
  },
  errors: [],
});

export const listModerationRules = operation('listModerationRules', {
  tag: 'catalogue',
  summary: 'List the moderation rules',
  description: `Every moderation rule the server enforces (forbidden words and suggestions, for either prompt), so that the client shows the same feedback. ${SHARED_CACHE}`,
  responses: {
    200: z
      .object({ rules: z.array(moderationRuleView) })
      .describe('The rules, by id (docs/product/moderation.md#rules)'),
  },
  errors: [],
});

export const getPresets = operation('getPresets', {
  tag: 'catalogue',
  summary: 'Read the preset tree',
  description:
    "Every preset, grouped by its category path; `favorite` marks the signed-in user's favourites (a " +
    'stale session reads as a guest). Personal, so never stored: Cache-Control `private, no-store`.',
  responses: {
    200: z
      .object({
        presets: z
          .record(z.string(), z.array(presetView))
          .describe('Presets by category path, segments split on `/` ("Scenery/Mountains")'),
      })
      .describe('The preset tree'),
  },
  errors: [],
});

export const getRandomPreset = operation('getRandomPreset', {
  tag: 'catalogue',
  summary: 'Draw a random preset',
  description: 'The prompts of one preset drawn at random, for anyone. Cache-Control `no-store`.',
  responses: {
    200: z
      .object({ id: z.number().int(), prompt: z.string(), neg_prompt: z.string() })
      .describe("A preset's id and prompts"),
  },
  errors: ['preset_not_found'],
});

export const setPresetFavorite = operation('setPresetFavorite', {
  tag: 'catalogue',
  summary: 'Mark or unmark a favourite preset',
  description:
    "Sets the signed-in user's favourite mark on a preset to `favorite`, or toggles it when the body " +
    'has none (or there is no body); answers the new state.',
  params: z.object({
    // A well-formed id beyond the column names no preset.
    id: idValue('integer', { coerce: true, beyondColumn: 'preset_not_found' }),
  }),
  body: z
    .object({ favorite: z.boolean().optional().describe('The state to set; toggles when absent') })
    .strict()
    .nullish(),
  responses: { 200: z.object({ favorite: z.boolean() }).describe('The mark as it now is') },
  errors: ['preset_not_found'],
});

export const getModifierImage = operation('getModifierImage', {
  tag: 'catalogue',
  summary: "Read a booster's preview at its file address",
  description:
    "A booster's preview as a WebP file: `{lib}.webp` is the booster's preview, `{lib}_r.webp` its " +
    'realistic look (for a booster realistic styles take). Painted on first request when not stored yet. ' +
    `${PREVIEW_CACHE} Any other name answers 404 \`not_found\`.`,
  params: z.object({ file: safeText().describe('`{lib}.webp` or `{lib}_r.webp`') }),
  responses: { 200: webpPreview('The preview (256×352 WebP)'), 304: notModifiedAnswer },
  errors: ['not_found'],
});

export const getStylePreview = operation('getStylePreview', {
  tag: 'catalogue',
  summary: "Read a style's preview",
  description:
    "A style's preview as a WebP file (the `preview` URL of GET /api/config/styles), disabled styles " +
    `included; painted on first request when not stored yet. ${PREVIEW_CACHE} Any other name answers 404 \`not_found\`.`,
  params: previewFile,
  responses: { 200: webpPreview('The preview (256×352 WebP)'), 304: notModifiedAnswer },
  errors: ['not_found'],
});

export const getBoosterPreview = operation('getBoosterPreview', {
  tag: 'catalogue',
  summary: "Read a booster's preview",
  description:
    "A booster's preview as a WebP file (the `preview` URL of GET /api/settings/modifiers), disabled " +
    `boosters included; painted on first request when not stored yet. ${PREVIEW_CACHE} Any other name answers 404 \`not_found\`.`,
  params: previewFile,
  responses: { 200: webpPreview('The preview (256×352 WebP)'), 304: notModifiedAnswer },
  errors: ['not_found'],
});

export const catalogueOperations = {
  listStyles,
  listModifiers,
  listBannedWords,
  listModerationRules,
  getPresets,
  getRandomPreset,
  setPresetFavorite,
  getModifierImage,
  getStylePreview,
  getBoosterPreview,
};
