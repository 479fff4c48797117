/**
 * The gallery search's request schema (zod) over the plain limits of search.ts. Apart from search.ts so that
 * code that needs only the limits, the empty body or the shuffle helpers (the web's boards) does not build
 * schemas or load zod.
 */
import { z } from 'zod';
import { idValue } from '../input.ts';
import { FORMATS, RENDERS } from '../generation/options.ts';
import { SEARCH_GEN_TYPES, SEARCH_MAX_TAGS } from './search.ts';

const tagIds = z.array(idValue('bigint')).max(SEARCH_MAX_TAGS).default([]);

/** A shuffle seed: docs/product/gallery.md#in-the-web, a random number between -1 and 1 per area. */
const shuffleSeed = z.number().min(-1).max(1);

/**
 * docs/product/gallery.md#search. `shuffle` is the area's seed (docs/product/gallery.md#in-the-web: a random
 * number between -1 and 1, kept per area so the order stays stable across pages); null or absent means newest
 * first. Clients of the spec send it as a boolean instead, with the area's seed as `seed`: true shuffles
 * (with `seed`, or a seed the server picks when there is none), false is newest first. `searchShuffle`
 * resolves both forms.
 */
export const searchBodySchema = z.object({
  pos_search: tagIds,
  opt_search: tagIds,
  neg_search: tagIds,
  shuffle: z.union([z.boolean(), shuffleSeed]).nullable().default(null),
  seed: shuffleSeed.optional(),
  styles: z.array(idValue('integer')).max(100).default([]),
  formats: z.array(z.enum(FORMATS)).max(FORMATS.length).default([]),
  renders: z.array(z.enum(RENDERS)).max(RENDERS.length).default([]),
  gen_types: z.array(z.enum(SEARCH_GEN_TYPES)).max(SEARCH_GEN_TYPES.length).default([]),
});
export type SearchBody = z.infer<typeof searchBodySchema>;
