/**
 * The gallery search (docs/product/gallery.md#search) as it lives in the address, so that links,
 * reloads and back/forward all keep it. Pure: parse and write URLSearchParams, edit the search, and build
 * the request body. Compact parameters:
 *
 *   pos, opt, neg  tags as `id:name` joined by commas (`pos=12:lighthouse,40:fog`); tag names never hold
 *                  a comma (prompts are split on commas), and the id ends at the first colon
 *   st             style ids (`st=1,4`); absent: every style
 *   fmt            formats (`fmt=Portrait,Square`); absent: every format
 *   rnd            renders (`rnd=hentai`); absent: both
 *   gen            generation types (`gen=txt2img,tweak`); absent: all
 *   search=open    the search panel is open (not part of the search itself)
 */
import {
  FORMATS,
  RENDERS,
  SEARCH_GEN_TYPES,
  SEARCH_MAX_TAGS,
  type Format,
  type Render,
  type SearchBody,
  type SearchGenType,
} from '@mirage/domain';

export interface SearchTag {
  id: number;
  name: string;
}

/** Positive (must have), optional (ranked higher when present) and negative (must not have) tags. */
export const TAG_LISTS = ['pos', 'opt', 'neg'] as const;
export type TagList = (typeof TAG_LISTS)[number];

export interface GallerySearch {
  pos: SearchTag[];
  opt: SearchTag[];
  neg: SearchTag[];
  /**
   * Chosen style ids; empty means every style (docs/product/gallery.md#in-the-web: at least one stays
   * selected).
   */
  styles: number[];
  /** Empty means every format; likewise renders and generation types. */
  formats: Format[];
  renders: Render[];
  genTypes: SearchGenType[];
}

export const EMPTY_SEARCH: GallerySearch = {
  pos: [],
  opt: [],
  neg: [],
  styles: [],
  formats: [],
  renders: [],
  genTypes: [],
};

/** Names of the address parameters. */
export const PARAM = {
  pos: 'pos',
  opt: 'opt',
  neg: 'neg',
  styles: 'st',
  formats: 'fmt',
  renders: 'rnd',
  genTypes: 'gen',
  panel: 'search',
} as const;

/** `?search=open` opens the search panel (docs/product/gallery.md#in-the-web). */
export const PANEL_OPEN = 'open';

/** The most style ids the API accepts in one search. */
const MAX_STYLES = 100;

const SEARCH_PARAMS: readonly string[] = [
  PARAM.pos,
  PARAM.opt,
  PARAM.neg,
  PARAM.styles,
  PARAM.formats,
  PARAM.renders,
  PARAM.genTypes,
];

function splitList(value: string | null): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function positiveInt(text: string, allowZero = false): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && (allowZero ? value >= 0 : value > 0) ? value : null;
}

function parseTags(value: string | null, taken: Set<number>): SearchTag[] {
  const tags: SearchTag[] = [];
  for (const item of splitList(value)) {
    const colon = item.indexOf(':');
    if (colon <= 0) continue;
    const id = positiveInt(item.slice(0, colon));
    const name = item
      .slice(colon + 1)
      .trim()
      .replace(/\s+/g, ' ');
    if (id === null || !name || taken.has(id)) continue;
    taken.add(id);
    tags.push({ id, name });
    if (tags.length >= SEARCH_MAX_TAGS) break;
  }
  return tags;
}

function parseEnum<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  const chosen = new Set(splitList(value));
  // In the canonical order, so that one search has one address.
  return allowed.filter((item) => chosen.has(item));
}

/** The search in an address. Anything malformed is left out rather than rejected. */
export function parseSearch(params: URLSearchParams): GallerySearch {
  // A tag sits in one list only: the first list that names it wins (pos, then opt, then neg).
  const taken = new Set<number>();
  const pos = parseTags(params.get(PARAM.pos), taken);
  const opt = parseTags(params.get(PARAM.opt), taken);
  const neg = parseTags(params.get(PARAM.neg), taken);
  const styles = [
    ...new Set(
      splitList(params.get(PARAM.styles))
        .map((item) => positiveInt(item, true))
        .filter((id): id is number => id !== null),
    ),
  ]
    .sort((a, b) => a - b)
    .slice(0, MAX_STYLES);
  return {
    pos,
    opt,
    neg,
    styles,
    formats: parseEnum(params.get(PARAM.formats), FORMATS),
    renders: parseEnum(params.get(PARAM.renders), RENDERS),
    genTypes: parseEnum(params.get(PARAM.genTypes), SEARCH_GEN_TYPES),
  };
}

const tagsText = (tags: readonly SearchTag[]) => tags.map((tag) => `${tag.id}:${tag.name}`).join(',');

/**
 * The address parameters for a search: `base` with the search's parameters replaced (other parameters,
 * such as `search=open`, stay as they are). Empty parts are left out.
 */
export function writeSearch(search: GallerySearch, base: URLSearchParams = new URLSearchParams()) {
  const params = new URLSearchParams(base);
  for (const name of SEARCH_PARAMS) params.delete(name);
  const parts: [string, string][] = [
    [PARAM.pos, tagsText(search.pos)],
    [PARAM.opt, tagsText(search.opt)],
    [PARAM.neg, tagsText(search.neg)],
    [PARAM.styles, [...search.styles].sort((a, b) => a - b).join(',')],
    [PARAM.formats, FORMATS.filter((item) => search.formats.includes(item)).join(',')],
    [PARAM.renders, RENDERS.filter((item) => search.renders.includes(item)).join(',')],
    [PARAM.genTypes, SEARCH_GEN_TYPES.filter((item) => search.genTypes.includes(item)).join(',')],
  ];
  for (const [name, value] of parts) if (value) params.set(name, value);
  return params;
}

/** Whether the search narrows anything (a board without one shows everything). */
export function isEmptySearch(search: GallerySearch): boolean {
  return (
    search.pos.length === 0 &&
    search.opt.length === 0 &&
    search.neg.length === 0 &&
    search.styles.length === 0 &&
    search.formats.length === 0 &&
    search.renders.length === 0 &&
    search.genTypes.length === 0
  );
}

/** How many filters are set: tags, plus one for each filter group that narrows. */
export function activeFilterCount(search: GallerySearch): number {
  return (
    search.pos.length +
    search.opt.length +
    search.neg.length +
    [search.styles, search.formats, search.renders, search.genTypes].filter((list) => list.length > 0).length
  );
}

export function allTagIds(search: GallerySearch): number[] {
  return [...search.pos, ...search.opt, ...search.neg].map((tag) => tag.id);
}

/**
 * Adds a tag to a list. A tag already in another list moves (it cannot be wanted and unwanted at once);
 * a full list (SEARCH_MAX_TAGS) or a tag already there leaves the search as it is.
 */
export function addTag(search: GallerySearch, list: TagList, tag: SearchTag): GallerySearch {
  if (search[list].some((item) => item.id === tag.id)) return search;
  if (search[list].length >= SEARCH_MAX_TAGS) return search;
  const next = { ...search };
  for (const other of TAG_LISTS) {
    if (other !== list) next[other] = search[other].filter((item) => item.id !== tag.id);
  }
  next[list] = [...search[list], { id: tag.id, name: tag.name }];
  return next;
}

export function removeTag(search: GallerySearch, list: TagList, id: number): GallerySearch {
  if (!search[list].some((item) => item.id === id)) return search;
  return { ...search, [list]: search[list].filter((item) => item.id !== id) };
}

/** The part of a search a saved prompt holds (the prompt feature's `PromptSearch`). */
export interface SavedSearchPart {
  pos: readonly SearchTag[];
  opt: readonly SearchTag[];
  neg: readonly SearchTag[];
  styles: readonly number[];
}

/**
 * A saved prompt applied to the search: its tags and styles replace the search's, the format, render and
 * generation type filters stay. The result holds what an address can: a tag in one list only (the first
 * that names it: pos, opt, neg), at most SEARCH_MAX_TAGS a list, styles distinct and sorted.
 */
export function withSavedSearch(search: GallerySearch, saved: SavedSearchPart): GallerySearch {
  const taken = new Set<number>();
  const listOf = (tags: readonly SearchTag[]) => {
    const kept: SearchTag[] = [];
    for (const tag of tags) {
      const name = tag.name.replace(/,/g, ' ').trim().replace(/\s+/g, ' ');
      if (!Number.isSafeInteger(tag.id) || tag.id <= 0 || !name || taken.has(tag.id)) continue;
      taken.add(tag.id);
      kept.push({ id: tag.id, name });
      if (kept.length >= SEARCH_MAX_TAGS) break;
    }
    return kept;
  };
  const pos = listOf(saved.pos);
  const opt = listOf(saved.opt);
  const neg = listOf(saved.neg);
  const styles = [...new Set(saved.styles.filter((id) => Number.isSafeInteger(id) && id >= 0))]
    .sort((a, b) => a - b)
    .slice(0, MAX_STYLES);
  return { ...search, pos, opt, neg, styles };
}

/** Whether a style counts as chosen (an empty choice means every style). */
export function isStyleChosen(search: GallerySearch, id: number): boolean {
  return search.styles.length === 0 || search.styles.includes(id);
}

/**
 * Turns a style on or off among `allIds` (the styles on offer). At least one style stays chosen
 * (docs/product/gallery.md#in-the-web), and choosing them all is stored as "every style" (an empty list), so
 * that a style added later is included too.
 */
export function toggleStyle(search: GallerySearch, id: number, allIds: readonly number[]): GallerySearch {
  const all = [...new Set(allIds)];
  if (!all.includes(id)) return search;
  const current = search.styles.length === 0 ? all : search.styles.filter((style) => all.includes(style));
  const next = current.includes(id) ? current.filter((style) => style !== id) : [...current, id];
  if (next.length === 0) return search;
  if (all.every((style) => next.includes(style))) return { ...search, styles: [] };
  return { ...search, styles: next.sort((a, b) => a - b) };
}

/** Only these styles (a style's "only" action); every style when `ids` is empty. */
export function onlyStyles(search: GallerySearch, ids: readonly number[]): GallerySearch {
  return { ...search, styles: [...new Set(ids)].sort((a, b) => a - b) };
}

/** Turns one value of a filter group on or off; an empty group means "any". */
export function toggleValue<T extends string>(values: readonly T[], value: T, order: readonly T[]): T[] {
  const next = values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
  return order.filter((item) => next.includes(item));
}

/**
 * The request body of POST /api/gallery/search (docs/product/gallery.md#search). `shuffle` is the seed, or
 * null for newest.
 */
export function toSearchBody(search: GallerySearch, shuffle: number | null): SearchBody {
  return {
    pos_search: search.pos.map((tag) => tag.id),
    opt_search: search.opt.map((tag) => tag.id),
    neg_search: search.neg.map((tag) => tag.id),
    shuffle,
    styles: [...search.styles],
    formats: [...search.formats],
    renders: [...search.renders],
    gen_types: [...search.genTypes],
  };
}

export function isPanelOpen(params: URLSearchParams): boolean {
  return params.get(PARAM.panel) === PANEL_OPEN;
}

/** The address with the search panel opened or closed, everything else unchanged. */
export function withPanel(params: URLSearchParams, open: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (open) next.set(PARAM.panel, PANEL_OPEN);
  else next.delete(PARAM.panel);
  return next;
}
