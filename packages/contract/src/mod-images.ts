import {
  IMAGE_SAFETY_RESOLUTIONS,
  IMAGE_SAFETY_REVIEW_STATES,
  STAFF_NOTE_MAX,
  STAFF_NOTE_MIN,
  idValue,
  safeText,
} from '@mirage/domain';
import { z } from 'zod';
import { fileBytes, okAnswer, operation } from './define.ts';

/**
 * The console's queue of images held by the image-side safety check (docs/architecture/image-safety.md),
 * and the preview staff need to judge a held or reported image (nobody else may see a private one).
 */

export const heldImage = z
  .object({
    id: z.number().int().describe("The review's id"),
    image_uuid: z.string(),
    image_present: z.boolean().describe('False once the image is deleted (removed, or by its owner)'),
    user_id: z.number().int().nullable().describe('The owner; null once the account is deleted'),
    username: z.string().nullable(),
    reasons: z.array(z.string()).describe('Why the rule held it'),
    scores: z.record(z.string(), z.unknown()).describe("The models' scores and faces"),
    state: z.enum(IMAGE_SAFETY_REVIEW_STATES),
    created_at: z.iso.datetime(),
    resolved_at: z.iso.datetime().nullable(),
  })
  .describe('An image held for review')
  .meta({ id: 'HeldImage' });

export const listHeldImages = operation('listHeldImages', {
  tag: 'moderation',
  summary: 'List held images',
  description: 'Images the safety check held, oldest first; keyset-paged by review id.',
  querystring: z.object({
    state: z.enum(IMAGE_SAFETY_REVIEW_STATES).default('open').describe('Which reviews'),
    limit: z.coerce.number().int().min(1).max(100).default(25).describe('Reviews in the page'),
    after: idValue('bigint', { coerce: true }).optional().describe('Reviews after this id'),
  }),
  responses: { 200: z.object({ items: z.array(heldImage) }).describe('One page of held images') },
  errors: [],
});

export const resolveHeldImage = operation('resolveHeldImage', {
  tag: 'moderation',
  summary: 'Decide a held image',
  description:
    "release: the image follows its owner's privacy setting again; remove: it is deleted with its files.",
  params: z.object({
    id: idValue('bigint', { coerce: true, error: 'not_found' }).describe("The review's id"),
  }),
  body: z.object({
    decision: z.enum(IMAGE_SAFETY_RESOLUTIONS),
    note: safeText().trim().min(STAFF_NOTE_MIN).max(STAFF_NOTE_MAX).optional().describe('Why (audit log)'),
  }),
  responses: { 200: okAnswer.describe('Decided') },
  errors: ['not_found', 'review_not_open'],
});

export const getStaffImagePreview = operation('getStaffImagePreview', {
  tag: 'moderation',
  summary: 'Preview a reported or held image',
  description:
    'The thumbnail (WebP) of an image that has a report or a safety review, for the staff deciding it; ' +
    'any other private image stays its owner’s only.',
  params: z.object({ uuid: z.uuid({ error: 'image_not_found' }).describe("The image's uuid") }),
  responses: {
    200: { description: 'The thumbnail', content: { 'image/webp': { schema: fileBytes } } },
  },
  errors: ['image_not_found'],
});

export const modImageOperations = { listHeldImages, resolveHeldImage, getStaffImagePreview };
