/**
 * Pure rules of the saved-prompt UI (docs/product/collections-and-prompts.md#saved-prompts and Search body,
 * /api/prompt, docs/product/limits.md#gallery-and-prompts page sizes): how a gallery search becomes a save
 * body and back, what the browser asks for, and its paging.
 * Limits come from the domain, which the server enforces again.
 */
import type { Answer } from '@mirage/contract';
import {
  PROMPT_LIB_MAX,
  PROMPT_MAX_STYLES,
  PROMPT_MAX_TAGS,
  PROMPT_PAGE_SIZE,
  SAVED_PROMPT_LIMIT,
  distinctIds,
  isStorableText,
  type PromptListBody,
  type SavePromptBody,
  type PromptSort,
  type PromptTarget,
} from '@mirage/domain';

/** A tag as the gallery search holds it. */
export interface PromptTag {
  id: number;
  name: string;
}

/**
 * The part of the gallery search a saved prompt keeps: positive (must include), optional (nice to
 * have) and negative (exclude) tags, and style ids (empty: every style). The gallery's own search state
 * (`GallerySearch`) has these fields, so it can be passed as is.
 */
export interface PromptSearch {
  pos: readonly PromptTag[];
  opt: readonly PromptTag[];
  neg: readonly PromptTag[];
  styles: readonly number[];
}

/** The three tag lists, in the order they are shown. */
export const PROMPT_TAG_KINDS = ['pos', 'opt', 'neg'] as const;
export type PromptTagKind = (typeof PROMPT_TAG_KINDS)[number];

/** One saved prompt of a list, as POST /api/prompt/{target} answers it (the API's contract). */
export type SavedPrompt = PromptPage['items'][number];

/** One page of a list (`page` from 0), as POST /api/prompt/{target} answers it. */
export type PromptPage = Answer<'listPrompts'>;

/** The body of POST /api/prompt/save as the client sends it (the domain's `savePromptBody` checks it). */
export type SavePromptInput = SavePromptBody;

const tagIds = (tags: readonly PromptTag[]) => distinctIds(tags.map((tag) => tag.id));

/** Why a search cannot be saved as it is, or null. */
export type SearchProblem = 'no_tags' | 'too_many_tags' | 'too_many_styles';

export function searchProblem(search: PromptSearch): SearchProblem | null {
  const lists = PROMPT_TAG_KINDS.map((kind) => tagIds(search[kind]));
  if (lists.every((ids) => ids.length === 0)) return 'no_tags';
  if (lists.some((ids) => ids.length > PROMPT_MAX_TAGS)) return 'too_many_tags';
  if (distinctIds([...search.styles]).length > PROMPT_MAX_STYLES) return 'too_many_styles';
  return null;
}

/** Why a name cannot be used, or null. The name is trimmed first. */
export type NameProblem = 'name_missing' | 'name_too_long';

export function nameProblem(name: string): NameProblem | null {
  if (name.trim() === '') return 'name_missing';
  // What the save body's `lib` accepts (packages/domain prompt-schema.ts), checked without loading zod.
  return name.trim().length <= PROMPT_LIB_MAX && isStorableText(name) ? null : 'name_too_long';
}

/** The save body of a search under a name (trimmed), private unless `isPublic`. */
export function toSaveBody(search: PromptSearch, name: string, isPublic: boolean): SavePromptInput {
  return {
    lib: name.trim(),
    pos_tags: tagIds(search.pos),
    opt_tags: tagIds(search.opt),
    neg_tags: tagIds(search.neg),
    styles: distinctIds([...search.styles]),
    public: isPublic,
  };
}

/**
 * A name to start from: the search's tag names (positive first), as many whole names as fit in the
 * longest name allowed. Empty when the search has no tag.
 */
export function suggestName(search: PromptSearch): string {
  let name = '';
  for (const tag of [...search.pos, ...search.opt]) {
    const next = name ? `${name}, ${tag.name}` : tag.name;
    if (next.length > PROMPT_LIB_MAX) break;
    name = next;
  }
  if (!name && search.pos.length + search.opt.length > 0) {
    return (search.pos[0] ?? search.opt[0])?.name.slice(0, PROMPT_LIB_MAX).trim() ?? '';
  }
  return name;
}

/**
 * The gallery search a saved prompt stands for. A tag is in one list only (the gallery keeps that
 * rule): should a prompt hold one twice, the first list wins (positive, optional, negative).
 */
export function searchOfPrompt(prompt: Pick<SavedPrompt, 'pos_tags' | 'opt_tags' | 'neg_tags' | 'styles'>): {
  pos: PromptTag[];
  opt: PromptTag[];
  neg: PromptTag[];
  styles: number[];
} {
  const taken = new Set<number>();
  const pick = (tags: readonly PromptTag[]) =>
    tags.flatMap((tag) => {
      if (taken.has(tag.id)) return [];
      taken.add(tag.id);
      return [{ id: tag.id, name: tag.name }];
    });
  return {
    pos: pick(prompt.pos_tags),
    opt: pick(prompt.opt_tags),
    neg: pick(prompt.neg_tags),
    styles: distinctIds(prompt.styles),
  };
}

/** The tags of a saved prompt by kind, non-empty kinds only. */
export function tagGroups(
  tags: Pick<PromptSearch, PromptTagKind>,
): { kind: PromptTagKind; tags: readonly PromptTag[] }[] {
  return PROMPT_TAG_KINDS.map((kind) => ({ kind, tags: tags[kind] })).filter(
    (group) => group.tags.length > 0,
  );
}

/** The tags of a saved prompt under the search's names. */
export function tagsOfPrompt(prompt: Pick<SavedPrompt, 'pos_tags' | 'opt_tags' | 'neg_tags'>) {
  return { pos: prompt.pos_tags, opt: prompt.opt_tags, neg: prompt.neg_tags };
}

/** Chips shown before "+N": a row stays a few lines high; the rest opens on demand. */
export const CHIPS_SHOWN = 6;

export function splitChips<T>(tags: readonly T[], expanded: boolean, shown = CHIPS_SHOWN) {
  if (expanded || tags.length <= shown + 1) return { shown: tags, hidden: 0 };
  return { shown: tags.slice(0, shown), hidden: tags.length - shown };
}

// ---- The browser ----

/** The browser's two tabs. "Subscribed" is a switch on each: mine + and_subscribed, or the subscribed list. */
export const BROWSER_TABS = ['mine', 'community'] as const;
export type BrowserTab = (typeof BROWSER_TABS)[number];

export interface BrowserState {
  tab: BrowserTab;
  /** Mine: also the prompts I subscribe to. Community: only those. */
  subscribed: boolean;
  /** The text typed in the search box (the request uses it once typing pauses). */
  search: string;
  sort: PromptSort;
  descending: boolean;
  /** From 0. */
  page: number;
}

/** Each sort starts in its natural direction: newest, most subscribers, A to Z. */
export function defaultDescending(sort: PromptSort): boolean {
  return sort !== 'lib';
}

export const INITIAL_BROWSER_STATE: BrowserState = {
  tab: 'mine',
  subscribed: false,
  search: '',
  sort: 'created_at',
  descending: defaultDescending('created_at'),
  page: 0,
};

export type BrowserAction =
  | { type: 'tab'; tab: BrowserTab }
  | { type: 'subscribed'; subscribed: boolean }
  | { type: 'search'; search: string }
  | { type: 'sort'; sort: PromptSort }
  | { type: 'reverse' }
  | { type: 'page'; page: number };

/** Every change but paging starts again at the first page. */
export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  switch (action.type) {
    case 'tab':
      // The switch means something else on the other tab: start with it off.
      return action.tab === state.tab ? state : { ...state, tab: action.tab, subscribed: false, page: 0 };
    case 'subscribed':
      return { ...state, subscribed: action.subscribed, page: 0 };
    case 'search':
      return { ...state, search: action.search, page: 0 };
    case 'sort':
      return { ...state, sort: action.sort, descending: defaultDescending(action.sort), page: 0 };
    case 'reverse':
      return { ...state, descending: !state.descending, page: 0 };
    case 'page':
      return { ...state, page: Math.max(0, Math.floor(action.page)) };
  }
}

/** What one list call asks for: POST /api/prompt/{target}?page&size with `body`. */
export interface PromptListRequest {
  target: PromptTarget;
  page: number;
  size: number;
  body: PromptListBody;
}

/** The request of the browser's current page; `search` is the settled (debounced) text. */
export function listRequest(state: BrowserState, search: string = state.search): PromptListRequest {
  const mine = state.tab === 'mine';
  return {
    target: mine ? 'mine' : state.subscribed ? 'subscribed' : 'community',
    page: state.page,
    size: PROMPT_PAGE_SIZE,
    body: {
      search: search.trim(),
      sort: state.sort,
      sort_desc: state.descending,
      and_subscribed: mine && state.subscribed,
    },
  };
}

/**
 * docs/product/collections-and-prompts.md#saved-prompts, quick-saved list: all of the user's own prompts (at
 * most SAVED_PROMPT_LIMIT), newest first.
 */
export const QUICK_LIST_REQUEST: PromptListRequest = {
  target: 'mine',
  page: 0,
  size: SAVED_PROMPT_LIMIT,
  body: { search: '', sort: 'created_at', sort_desc: true, and_subscribed: false },
};

/** The translation key (prompt:browser.order.*) of a sort in a direction. */
export function orderKey(sort: PromptSort, descending: boolean) {
  switch (sort) {
    case 'created_at':
      return descending ? 'newest_first' : 'oldest_first';
    case 'subscribers':
      return descending ? 'most_first' : 'fewest_first';
    case 'lib':
      return descending ? 'z_to_a' : 'a_to_z';
  }
}

/** "Page x of y" and the pager's buttons. `page` from 0; an empty list is page 1 of 1. */
export function pageInfo(page: number, pages: number) {
  const total = Math.max(1, pages);
  const current = Math.min(Math.max(0, page), total - 1);
  return {
    current: current + 1,
    total,
    hasPrevious: current > 0,
    hasNext: current < total - 1,
  };
}

/**
 * The page to show once a list has `pages` pages: the same one, or the last one when the list shrank
 * under it (after a delete, an unsubscribe, or a change elsewhere).
 */
export function clampPage(page: number, pages: number): number {
  return pages > 0 && page >= pages ? pages - 1 : page;
}

// ---- Cache updates ----

/** A page with one prompt changed (an answer of publish or subscribe), or the same page. */
export function patchPage(page: PromptPage, id: number, patch: Partial<SavedPrompt>): PromptPage {
  if (!page.items.some((item) => item.id === id)) return page;
  return { ...page, items: page.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) };
}

/** A page without one prompt (deleted), totals adjusted, or the same page. */
export function removeFromPage(page: PromptPage, id: number, size: number): PromptPage {
  if (!page.items.some((item) => item.id === id)) return page;
  const total = Math.max(0, page.total - 1);
  return {
    ...page,
    items: page.items.filter((item) => item.id !== id),
    total,
    pages: size > 0 ? Math.ceil(total / size) : page.pages,
  };
}

/** The user's own prompt: publish and delete are theirs. */
export function isOwnPrompt(prompt: Pick<SavedPrompt, 'user_id'>, userId: number | undefined): boolean {
  return userId !== undefined && prompt.user_id === userId;
}

/** Subscribe is offered on others' public prompts; unsubscribe also once the author unpublished one. */
export function canToggleSubscription(prompt: Pick<SavedPrompt, 'is_subscribable' | 'is_subscribed'>) {
  return prompt.is_subscribable || prompt.is_subscribed;
}

/** Which empty state a list shows: each says what to do next. */
export type EmptyKind = 'no_match' | 'mine' | 'mine_subscribed' | 'community' | 'subscribed';

export function emptyKind(state: Pick<BrowserState, 'tab' | 'subscribed'>, search: string): EmptyKind {
  if (search.trim() !== '') return 'no_match';
  if (state.tab === 'mine') return state.subscribed ? 'mine_subscribed' : 'mine';
  return state.subscribed ? 'subscribed' : 'community';
}

/** Whether a search can be saved as it is (the save button of the search panel). */
export function canSaveSearch(search: PromptSearch): boolean {
  return searchProblem(search) === null;
}
