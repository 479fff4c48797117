import {
  GALLERY_MAX_PAGE_SIZE,
  GALLERY_PAGE_SIZE,
  MAIN_TAG_COUNT,
  SEARCH_TOTAL_CAP,
  TAG_MAX_LENGTH,
  idValue,
  safeText,
  searchBodySchema,
} from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';

/** Autocomplete answers at most this many tags. */
export const TAG_SUGGESTIONS = 10;

/** Which board, which page (docs/product/gallery.md#search). */
export const gallerySearchQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(GALLERY_MAX_PAGE_SIZE).default(GALLERY_PAGE_SIZE),
  author_id: idValue('bigint', { coerce: true, zeroMeansNone: true })
    .default(0)
    .describe("A user's id: that user's images (your own creations when it is you); 0: everybody's"),
  favorite: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe("'true': your collection (favourites) only"),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(0)
    .describe('Images the client added at the top since it loaded page 0 (the page starts that much later)'),
});

/**
 * One image of a board: what a grid needs, never the prompt (that is GET /api/image/{uuid}/info) nor
 * the server's own columns (tag ids, shuffle key, sample flag); of its tags, only the main ones (its alt
 * text). Another user's image is only ever a public one; `is_private` can be true for the viewer's own
 * images on their creations board and collection.
 */
export const galleryItem = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    user_id: z.number().int().describe("The author's id"),
    username: z.string().describe("The author's name"),
    width: z.number().int(),
    height: z.number().int(),
    blurhash: z.string().describe('A BlurHash of the image, shown while the thumbnail loads'),
    style_id: z.number().int().nullable(),
    format: z.string().describe('Portrait, Wide or Square'),
    render: z.string().nullable().describe('hentai or realistic'),
    gen_type: z.string().describe('The task type that made it, e.g. txt2img'),
    is_private: z.boolean(),
    is_favorite: z.boolean().describe("In the viewer's collection (always false for a visitor)"),
    upscaled: z.boolean(),
    nsfw: z.boolean().describe('Blurred for visitors until they confirm their age'),
    main_tags: z
      .array(z.string())
      .max(MAIN_TAG_COUNT)
      .describe(
        `The image's main tags, for its alt text: its first ${MAIN_TAG_COUNT} prompt tags in prompt order ` +
          '(those "see similar" searches with), as written; empty when its prompt has none',
      ),
    created_at: z.iso.datetime(),
    thumbnail_src: z.string().describe('`/images/{uuid}-min.webp`, 512 px wide'),
    image_src: z.string().describe('`/images/{uuid}.webp`'),
  })
  .meta({ id: 'GalleryItem', description: 'One image of a gallery board' });

export const galleryPage = z
  .object({
    items: z.array(galleryItem).max(GALLERY_MAX_PAGE_SIZE),
    total: z
      .number()
      .int()
      .min(0)
      .max(SEARCH_TOTAL_CAP)
      .describe(`Matches, counted up to ${SEARCH_TOTAL_CAP}`),
    total_capped: z.boolean().describe(`There are more than ${SEARCH_TOTAL_CAP} matches ("1,000+")`),
    tags_count: z
      .record(z.string(), z.number().int().min(0))
      .describe('Public images per searched tag, by tag id (unknown tags are left out)'),
  })
  .meta({ id: 'GalleryPage', description: 'A page of a gallery board, in its order' });

export const tagSuggestion = z
  .object({
    id: z.number().int(),
    name: z.string(),
    count: z.number().int().describe('Public images that carry it'),
  })
  .meta({ id: 'TagSuggestion', description: 'A prompt tag the autocomplete offers' });

export const searchGallery = operation('searchGallery', {
  tag: 'gallery',
  summary: 'Search the gallery',
  description:
    "A page of a board: everybody's public images, a user's page, your own creations or your " +
    'collection, filtered by tags, styles, renders, formats and generation types, newest first or ' +
    'shuffled. Anybody may call it; a visitor gets the curated samples whatever is asked.',
  querystring: gallerySearchQuery,
  // An empty body is an empty search (newest first, everything).
  body: searchBodySchema.optional(),
  responses: {
    200: galleryPage.describe(
      'A page of the board, in its order; a visitor gets the curated samples on page 0 and nothing after',
    ),
  },
  errors: [],
});

export const searchGalleryTags = operation('searchGalleryTags', {
  tag: 'gallery',
  summary: 'Suggest tags',
  description:
    `The prompt tags with a word starting with \`search\` (at most ${TAG_SUGGESTIONS}), those that start ` +
    'with it first, most used first. Only tags of public images; anybody may call it.',
  querystring: z.object({ search: safeText().max(TAG_MAX_LENGTH).default('') }),
  responses: {
    200: z
      .object({ tags: z.array(tagSuggestion).max(TAG_SUGGESTIONS) })
      .describe('The suggestions; none for an empty search'),
  },
  errors: [],
});

export const galleryOperations = { searchGallery, searchGalleryTags };
