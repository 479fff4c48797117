import { MAX_FAVORITES_PER_REMOVAL, REPORT_REASONS } from '@mirage/domain';
import { z } from 'zod';
import { okAnswer, operation } from './define.ts';

/**
 * What a signed-in user does to an image of the gallery (docs/product/collections-and-prompts.md#favourites,
 * docs/product/moderation.md#reports): their collection (favourites) and reports. An image they may not
 * see (another user's private one) is `image_not_found`, as one that does not exist.
 */

/** One image, by uuid: a malformed uuid is an image that does not exist. */
export const oneImageBody = z.object({
  uuid: z.uuid({ error: 'image_not_found' }).describe("The image's uuid"),
});

export const addFavorite = operation('addFavorite', {
  tag: 'gallery',
  summary: 'Add an image to your collection',
  description:
    'Adds an image the signed-in user may see to their collection, up to their plan’s limit ' +
    '(`favorites_limit_exceeded`, with `limit`); one already there is `duplicate_favorite`.',
  body: oneImageBody,
  responses: { 200: okAnswer.describe('Added') },
  errors: ['image_not_found', 'duplicate_favorite', 'favorites_limit_exceeded'],
});

export const removeFavorite = operation('removeFavorite', {
  tag: 'gallery',
  summary: 'Take an image out of your collection',
  description:
    "Takes an image out of the signed-in user's collection; one that is not there (or does not exist) " +
    'changes nothing and answers the same.',
  body: oneImageBody,
  responses: { 200: okAnswer.describe('It is not in the collection (any more)') },
  errors: ['image_not_found'],
});

export const removeFavorites = operation('removeFavorites', {
  tag: 'gallery',
  summary: 'Take images out of your collection',
  description:
    "Takes up to 500 images out of the signed-in user's collection at once; those that are not there are " +
    'left out of the count.',
  body: z.object({
    images: z
      .array(oneImageBody)
      .max(MAX_FAVORITES_PER_REMOVAL)
      .describe(`At most ${MAX_FAVORITES_PER_REMOVAL}`),
  }),
  responses: {
    200: z
      .object({ removed: z.number().int().describe('How many were in the collection and left it') })
      .describe('Removed'),
  },
  errors: ['image_not_found'],
});

export const reportImage = operation('reportImage', {
  tag: 'gallery',
  summary: 'Report an image',
  description:
    'Reports an image the signed-in user may see to the moderators; a second report of the same image ' +
    'by the same user changes nothing (`already_reported`).',
  params: z.object({
    flag: z.coerce
      .number()
      .int()
      .min(0)
      .max(99)
      .describe(`The reason: an index of ${REPORT_REASONS.map((reason) => `\`${reason}\``).join(', ')}`),
  }),
  body: oneImageBody,
  responses: {
    200: z
      .object({
        ok: z.literal(true),
        already_reported: z.boolean().describe('The user had reported it before; nothing changed'),
      })
      .describe('Reported'),
  },
  errors: ['image_not_found'],
});

export const actionsOperations = { addFavorite, removeFavorite, removeFavorites, reportImage };
