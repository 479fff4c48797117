import { MAX_HIDDEN_TAGS, TAG_KINDS, idValue } from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';

/** A tag with its kind: a prompt tag, or a system tag (style, render, format, generation type). */
export const tagView = z
  .object({
    id: z.number().int(),
    kind: z.enum(TAG_KINDS),
    name: z.string().describe("Normalised; a system tag's name is its option in lower case"),
  })
  .meta({ id: 'Tag', description: 'A tag and its kind' });

const hiddenTags = z
  .object({ tags: z.array(tagView).max(MAX_HIDDEN_TAGS) })
  .describe('Your hidden tags, in tag id order');

export const getBannedTags = operation('getBannedTags', {
  tag: 'settings',
  summary: 'List your hidden tags',
  description:
    "The signed-in user's hidden tags (blacklist): images that carry one are left out of every board.",
  responses: { 200: hiddenTags },
  errors: [],
});

export const setBannedTags = operation('setBannedTags', {
  tag: 'settings',
  summary: 'Replace your hidden tags',
  description:
    "Replaces the signed-in user's hidden tags with these tag ids (the whole list; the last save wins). " +
    'Unknown ids, and prompt tags that only private images carry, are ignored.',
  body: z.object({ tags: z.array(idValue('bigint')).max(MAX_HIDDEN_TAGS).describe('Tag ids') }),
  responses: { 200: hiddenTags },
  errors: [],
});

export const listSystemTags = operation('listSystemTags', {
  tag: 'settings',
  summary: 'List the system tags',
  description:
    'Every style, render, format and generation type tag, the ones a user may hide besides prompt tags; ' +
    'anybody may call it.',
  responses: {
    200: z
      .object({ tags: z.array(tagView.extend({ kind: z.enum(TAG_KINDS).exclude(['prompt']) })) })
      .describe('The system tags, by kind then name'),
  },
  errors: [],
});

export const settingsOperations = { getBannedTags, setBannedTags, listSystemTags };
