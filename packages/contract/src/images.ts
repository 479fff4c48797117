import { safeText, type BoosterSetting } from '@mirage/domain';
import { z } from 'zod';
import { fileBytes, okAnswer, operation, sameType, type Same } from './define.ts';

/**
 * The image calls (docs/product/image-viewer.md): its files, its information for the viewer, its tags,
 * and the owner's privacy switch and deletion. A private image is its owner's only: to anybody else
 * every one of these answers the same `image_not_found` as for an image that does not exist.
 */

/** `{uuid}` of /api/image/{uuid}: a malformed one is an image that does not exist. */
export const imageUuidParams = z.object({
  uuid: z.uuid({ error: 'image_not_found' }).describe("The image's uuid"),
});

/** A file name under /images/ (the route reads the uuid and the variant from it). */
const imageFileParams = z.object({
  file: safeText()
    .max(60)
    .describe(
      '`{uuid}.webp`, `{uuid}.png`, `{uuid}-min.webp` (the thumbnail), `{uuid}-upscaled.webp` and ' +
        '`{uuid}-upscaled.png` (once upscaled), or `{uuid}-social.jpg` (the sharing card, 1200×630)',
    ),
});

/**
 * What the image viewer and its menu need (never the prompt: GET …/info/gen has it). Nothing in it is
 * private: the author's name and id are public, `is_owner` and `is_favorite` are the viewer's own.
 */
export const imageInfo = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    user_id: z.number().int().describe("The author's user id"),
    username: z.string().describe("The author's name"),
    is_owner: z.boolean().describe('Whether the viewer made it'),
    is_favorite: z.boolean().describe("Whether it is in the viewer's collection (false for a visitor)"),
    has_gen_data: z
      .boolean()
      .describe(
        'Whether GET /api/image/{uuid}/info/gen has generation data to give (false for the curated samples): ' +
          'a client asks for it only then',
      ),
    is_private: z.boolean(),
    upscaled: z.boolean(),
    style_id: z.number().int().nullable(),
    format: z.string().describe('A Format (older images may hold other words)'),
    render: z.string().nullable().describe("A Render ('hentai', 'realistic'), or null"),
    gen_type: z.string().describe("How it was made: 'txt2img', …"),
    width: z.number().int(),
    height: z.number().int(),
    blurhash: z.string(),
    nsfw: z.boolean().describe('Shown blurred to visitors who have not said they are over 18'),
    created_at: z.iso.datetime(),
    tags: z.string().describe('Comma-separated tag names, in prompt order'),
    tag_ids: z.array(z.number().int()),
    image_src: z.string().describe('The WebP, /images/{uuid}.webp'),
    thumbnail_src: z.string().describe('The thumbnail, /images/{uuid}-min.webp'),
    png_src: z.string().describe('The PNG, /images/{uuid}.png'),
    upscaled_src: z.string().nullable().describe('The ×2 WebP once upscaled, otherwise null'),
    source_uuid: z
      .uuid()
      .nullable()
      .describe('For a tweak: the image it was made from, when the viewer may see it; otherwise null'),
  })
  .describe('The image as the viewer shows it');
// Never in this answer (docs/product/image-viewer.md#information): the prompt and the generation data
// (GET …/info/gen has what of them is shown), the dedup signature, or anything of the author's account
// but their name and id (their email, their settings).
sameType<
  Same<
    Extract<
      keyof z.output<typeof imageInfo>,
      'prompt' | 'neg_prompt' | 'gen_data' | 'signature' | 'email' | 'settings' | 'seed'
    >,
    never
  >
>();

const booster = z.object({
  id: z.number().int(),
  weight: z.number().describe('A percentage, 0-100'),
});
// The booster of the generator's settings, as the generation data keeps it.
sameType<Same<z.output<typeof booster>, BoosterSetting>>();

/** How the image was made: the settings a clone copies (docs/product/image-viewer.md#information). */
export const imageGenInfo = z
  .object({
    created_at: z
      .string()
      .regex(/^\d{2}-\d{2}-\d{4}$/)
      .describe('The day it was made, month-day-year (e.g. 03-14-2026)'),
    prompt: z.string(),
    neg_prompt: z.string(),
    seed: z.number().int(),
    style_id: z.number().int().nullable(),
    format: z.string().describe('A Format as it was made (older images may hold other words)'),
    quality: z.string().describe('A Quality as it was made'),
    creativity: z.string().nullable().describe('A Creativity, or null when it was made without one'),
    modifiers: z.array(booster).describe('The boosters it was made with'),
    watermark: z.boolean(),
    model: z
      .string()
      .nullable()
      .describe("The engine's model; 'preview-renderer' for the built-in preview engine"),
    user_id: z.number().int().describe("The author's user id"),
    username: z.string().describe("The author's name"),
  })
  .describe('How the image was made');

/**
 * 304 Not Modified of a file with a content-derived ETag (image files, catalogue previews): the client's
 * If-None-Match names the current bytes, so it keeps its copy; no body.
 */
export const notModifiedAnswer = z
  .null()
  .describe("Not modified: If-None-Match names the file's current ETag; no body")
  .meta({
    headers: {
      etag: { type: 'string', description: 'The weak ETag of the bytes, as the 200 answer had it' },
    },
  });

export const getImageFile = operation('getImageFile', {
  tag: 'images',
  summary: 'Download an image file',
  description:
    'An image file: the WebP, the PNG, the thumbnail or the upscaled version, to anybody who may see the ' +
    'image (a private one to its owner only: by session cookie, by the service worker’s file token in ' +
    'X-Mirage-File-Token (GET /api/config/token), or by the read token in `?token=` (GET /api/config/b2_token); ' +
    'a stale session or token reads as a visitor), and, where the API ' +
    'serves the web app, the sharing card of a public image. Always the whole file (Range is ignored), ' +
    'with an ETag of its bytes: 304 without a body when If-None-Match names it (checked after the ' +
    'privacy check); HEAD gives the same headers. Cache-Control is `public, max-age=86400` for a public ' +
    'image, `private, no-store` for a private one.',
  params: imageFileParams,
  querystring: z.object({
    token: safeText()
      .max(200)
      .optional()
      .describe(
        'A read token of GET /api/config/b2_token: opens the files of its user (and only theirs) where no ' +
          'cookie can come along (the files host, FILES_PUBLIC_URL); one that is not valid reads as a visitor',
      ),
  }),
  responses: {
    200: {
      description: 'The file, in the media type its name says',
      content: {
        'image/webp': { schema: fileBytes },
        'image/png': { schema: fileBytes },
        'image/jpeg': { schema: fileBytes.describe('The sharing card, `{uuid}-social.jpg`') },
      },
    },
    304: notModifiedAnswer,
  },
  errors: ['image_not_found'],
});

export const getImageInfo = operation('getImageInfo', {
  tag: 'images',
  summary: "Read an image's information",
  description:
    "What the image viewer shows: author, size, style, tags and the files' addresses, with the viewer's " +
    'own marks (is_owner, is_favorite). Anybody who may see the image; never the prompt.',
  params: imageUuidParams,
  responses: { 200: imageInfo },
  errors: ['image_not_found'],
});

export const getImageGenInfo = operation('getImageGenInfo', {
  tag: 'images',
  summary: 'Read how an image was made',
  description:
    'The prompt, seed, style, boosters and settings of an image, for the viewer and its clone action. ' +
    'Anybody who may see the image; the curated samples have none (`image_no_gen_data`).',
  params: imageUuidParams,
  responses: { 200: imageGenInfo },
  errors: ['image_not_found', 'image_no_gen_data'],
});

export const getImageTags = operation('getImageTags', {
  tag: 'images',
  summary: "List an image's tag ids",
  description: "The ids of an image's prompt and system tags. Anybody who may see the image.",
  params: imageUuidParams,
  responses: {
    200: z
      .object({ tags: z.array(z.number().int()) })
      .describe("The image's tag ids (GET /api/gallery/search/tags names them)"),
  },
  errors: ['image_not_found'],
});

export const toggleImagePrivate = operation('toggleImagePrivate', {
  tag: 'images',
  summary: 'Make your image private or public',
  description:
    'Flips the privacy of one of your images; private images are for premium users ' +
    '(`unauthorized_resource` for another plan, or for an image of somebody else).',
  params: imageUuidParams,
  responses: {
    200: z.object({ is_private: z.boolean() }).describe('The image’s privacy after the change'),
  },
  errors: ['image_not_found', 'unauthorized_resource', 'image_hidden'],
});

export const deleteImage = operation('deleteImage', {
  tag: 'images',
  summary: 'Delete your image',
  description:
    'Deletes one of your images with its files; it leaves every collection it was in. ' +
    '`unauthorized_resource` for an image of somebody else.',
  params: imageUuidParams,
  responses: { 200: okAnswer.describe('Deleted') },
  errors: ['image_not_found', 'unauthorized_resource'],
});

export const imagesOperations = {
  getImageFile,
  getImageInfo,
  getImageGenInfo,
  getImageTags,
  toggleImagePrivate,
  deleteImage,
};
