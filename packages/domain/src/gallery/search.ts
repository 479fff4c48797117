import type { SearchBody } from './search-schema.ts';

/**
 * The gallery search (docs/product/gallery.md#search, POST /api/gallery/search,
 * docs/product/limits.md#gallery-and-prompts).
 */

/** docs/product/limits.md#gallery-and-prompts: gallery pages hold 12 images (3 on a profile). */
export const GALLERY_PAGE_SIZE = 12;
/** The most a client may ask for in one page. */
export const GALLERY_MAX_PAGE_SIZE = 48;
/** docs/product/limits.md#gallery-and-prompts: guests see at most 24 sample images. */
export const GUEST_SAMPLE_COUNT = 24;
/** Images one DELETE /api/action/favorites may take out of a collection. */
export const MAX_FAVORITES_PER_REMOVAL = 500;
/** Tags per list (pos, opt, neg) in one search. */
export const SEARCH_MAX_TAGS = 20;
/**
 * Decision: `total` counts matches up to this number and then stops (`total_capped`, shown as "1,000+"):
 * an exact count of a million matches costs more than the page itself, and nobody pages that far. The
 * same probe tells the server whether matches are few (sort them) or many (walk an index).
 */
export const SEARCH_TOTAL_CAP = 1000;
/**
 * docs/product/limits.md#gallery-and-prompts: the search panel waits this long after typing before it
 * searches.
 */
export const SEARCH_DEBOUNCE_MS = 100;

/** docs/product/gallery.md#search: search gen types (not the job types): tweak covers inpainting. */
export const SEARCH_GEN_TYPES = ['txt2img', 'tweak', 'style_convert'] as const;
export type SearchGenType = (typeof SEARCH_GEN_TYPES)[number];

/**
 * The body of a search with nothing chosen, newest first: what a board sends before the visitor picks a
 * filter (the web's toSearchBody of an empty search; a web test keeps the two equal). The server answers
 * it inside the page of a board (apps/api/src/http/first-screen.ts).
 */
export const EMPTY_SEARCH_BODY: SearchBody = {
  pos_search: [],
  opt_search: [],
  neg_search: [],
  shuffle: null,
  styles: [],
  formats: [],
  renders: [],
  gen_types: [],
};

/** A new shuffle seed: a random number in [-1, 1] (docs/product/gallery.md#in-the-web). */
export function randomShuffleSeed(random: () => number = Math.random): number {
  return Math.max(-1, Math.min(1, random() * 2 - 1));
}

/**
 * The shuffle seed a search asks for, or null for newest first: a number is the seed itself; true is
 * `seed`, or else `serverSeed()` (a seed the server picks for a client that sent none); false or null
 * is newest first.
 */
export function searchShuffle(
  body: Pick<SearchBody, 'shuffle' | 'seed'>,
  serverSeed: () => number,
): number | null {
  if (typeof body.shuffle === 'number') return body.shuffle;
  if (body.shuffle === true) return body.seed ?? serverSeed();
  return null;
}

/**
 * The seed the server picks for a viewer who asks to shuffle without one: the same all day (UTC `day`,
 * "2026-11-25") for one viewer, so that paging keeps one order, and another the next day. An FNV-1a
 * hash of viewer and day, mapped onto [-1, 1].
 */
export function dailyShuffleSeed(viewerId: number, day: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${viewerId}:${day}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash / 0xffffffff) * 2 - 1;
}

/**
 * Maps a shuffle seed in [-1, 1] to a starting point of the 31-bit shuffle key space. The gallery is
 * ordered from that point round the circle of random keys, so one seed gives one stable order.
 */
export function shuffleStart(seed: number): number {
  const unit = (Math.max(-1, Math.min(1, seed)) + 1) / 2; // 0..1
  return Math.min(2 ** 31 - 1, Math.floor(unit * 2 ** 31));
}

/**
 * docs/product/gallery.md#in-the-web: adding optional tags turns shuffle off; removing them all restores the
 * board's saved choice.
 */
export function shuffleAfterOptionalTags(optionalTagCount: number, savedShuffle: boolean): boolean {
  return optionalTagCount > 0 ? false : savedShuffle;
}

/**
 * PUT /api/action/report/{flag}: the reason of a report (docs/product/moderation.md#reports; the create view
 * sends 0). The spec does not list the reasons; these are the product's (decision), stored for the moderation
 * console.
 */
export const REPORT_REASONS = [
  'general',
  'minor_safety',
  'non_consensual',
  'illegal',
  'copyright',
  'spam',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
