import {
  PROMPT_LIB_MAX,
  PROMPT_MAX_STYLES,
  PROMPT_MAX_TAGS,
  PROMPT_PAGE_SIZE,
  SAVED_PROMPT_LIMIT,
  promptListBody,
  promptPageQuery,
  savePromptBody,
  savedPromptProblem,
} from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import {
  CHIPS_SHOWN,
  INITIAL_BROWSER_STATE,
  QUICK_LIST_REQUEST,
  browserReducer,
  canSaveSearch,
  canToggleSubscription,
  clampPage,
  defaultDescending,
  emptyKind,
  isOwnPrompt,
  listRequest,
  nameProblem,
  orderKey,
  pageInfo,
  patchPage,
  removeFromPage,
  searchOfPrompt,
  searchProblem,
  splitChips,
  suggestName,
  tagGroups,
  toSaveBody,
  type BrowserState,
  type PromptPage,
  type PromptSearch,
  type PromptTag,
  type SavedPrompt,
} from './model.ts';

const tag = (id: number, name = `tag${id}`): PromptTag => ({ id, name });
const tags = (from: number, count: number) => Array.from({ length: count }, (_, i) => tag(from + i));

const SEARCH: PromptSearch = {
  pos: [tag(12, 'lighthouse'), tag(40, 'fog')],
  opt: [tag(7, 'sunset')],
  neg: [tag(3, 'people')],
  styles: [4, 1],
};

function prompt(overrides: Partial<SavedPrompt> = {}): SavedPrompt {
  return {
    id: 1,
    lib: 'Foggy coast',
    pos_tags: [tag(12, 'lighthouse')],
    opt_tags: [],
    neg_tags: [tag(3, 'people')],
    styles: [4],
    public: false,
    user_id: 10,
    username: 'alice',
    is_subscribed: false,
    is_subscribable: false,
    subscriber_count: 0,
    created_at: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

describe('gallery search -> save body (POST /api/prompt/save)', () => {
  it('keeps the tag ids by kind, the styles, the trimmed name and the sharing choice', () => {
    const body = toSaveBody(SEARCH, '  Foggy coast  ', true);
    expect(body).toEqual({
      lib: 'Foggy coast',
      pos_tags: [12, 40],
      opt_tags: [7],
      neg_tags: [3],
      styles: [4, 1],
      public: true,
    });
    // What the client sends is what the server accepts, unchanged.
    expect(savePromptBody.parse(body)).toEqual(body);
    expect(savedPromptProblem(body)).toBeNull();
  });

  it('is private unless shared, and repeats nothing', () => {
    const body = toSaveBody({ pos: [tag(1), tag(1)], opt: [], neg: [], styles: [2, 2] }, 'x', false);
    expect(body).toMatchObject({ public: false, pos_tags: [1], styles: [2] });
  });

  it('keeps no styles as no styles (every style)', () => {
    expect(toSaveBody({ ...SEARCH, styles: [] }, 'x', false).styles).toEqual([]);
  });
});

describe('what stops a save', () => {
  it('needs at least one tag in any list', () => {
    expect(searchProblem({ pos: [], opt: [], neg: [], styles: [1] })).toBe('no_tags');
    expect(searchProblem({ pos: [], opt: [], neg: [tag(1)], styles: [] })).toBeNull();
    expect(canSaveSearch({ pos: [], opt: [tag(1)], neg: [], styles: [] })).toBe(true);
    expect(canSaveSearch({ pos: [], opt: [], neg: [], styles: [] })).toBe(false);
  });

  it('respects the domain limits on tags per list and styles', () => {
    expect(searchProblem({ ...SEARCH, opt: tags(100, PROMPT_MAX_TAGS) })).toBeNull();
    expect(searchProblem({ ...SEARCH, opt: tags(100, PROMPT_MAX_TAGS + 1) })).toBe('too_many_tags');
    const styles = Array.from({ length: PROMPT_MAX_STYLES + 1 }, (_, i) => i);
    expect(searchProblem({ ...SEARCH, styles: styles.slice(0, PROMPT_MAX_STYLES) })).toBeNull();
    expect(searchProblem({ ...SEARCH, styles })).toBe('too_many_styles');
  });

  it('needs a name, trimmed, of at most PROMPT_LIB_MAX characters', () => {
    expect(nameProblem('')).toBe('name_missing');
    expect(nameProblem('   ')).toBe('name_missing');
    expect(nameProblem('a'.repeat(PROMPT_LIB_MAX))).toBeNull();
    expect(nameProblem(`  ${'a'.repeat(PROMPT_LIB_MAX)}  `)).toBeNull();
    expect(nameProblem('a'.repeat(PROMPT_LIB_MAX + 1))).toBe('name_too_long');
  });

  it("accepts exactly the names the server accepts (the save body's `lib`), without building its schema", () => {
    const names = [
      'a lighthouse at dusk',
      ' harbour ',
      'a'.repeat(PROMPT_LIB_MAX + 1),
      'fog\u0000',
      'dusk \ud800',
      'sea 🌊',
    ];
    for (const name of names) {
      const accepted = savePromptBody.shape.lib.safeParse(name).success;
      expect(nameProblem(name) === null, name).toBe(accepted);
    }
  });
});

describe('suggested name', () => {
  it('lists the positive then optional tag names', () => {
    expect(suggestName(SEARCH)).toBe('lighthouse, fog, sunset');
  });

  it('keeps whole names within the longest name allowed', () => {
    const long = { pos: tags(1, 30), opt: [], neg: [], styles: [] };
    const name = suggestName(long);
    expect(name.length).toBeLessThanOrEqual(PROMPT_LIB_MAX);
    expect(name.endsWith(',')).toBe(false);
    expect(name.split(', ').every((part) => /^tag\d+$/.test(part))).toBe(true);
  });

  it('cuts a single very long name, and is empty without positive or optional tags', () => {
    const one = { pos: [tag(1, 'x'.repeat(PROMPT_LIB_MAX + 10))], opt: [], neg: [], styles: [] };
    expect(suggestName(one)).toBe('x'.repeat(PROMPT_LIB_MAX));
    expect(suggestName({ pos: [], opt: [], neg: [tag(1)], styles: [] })).toBe('');
  });
});

describe('saved prompt -> gallery search (Apply)', () => {
  it('gives the tags by kind with their names and the styles', () => {
    expect(searchOfPrompt(prompt({ opt_tags: [tag(7, 'sunset')], styles: [4, 1] }))).toEqual({
      pos: [{ id: 12, name: 'lighthouse' }],
      opt: [{ id: 7, name: 'sunset' }],
      neg: [{ id: 3, name: 'people' }],
      styles: [4, 1],
    });
  });

  it('keeps a tag in one list only, as the gallery does (first list wins)', () => {
    const search = searchOfPrompt(
      prompt({ pos_tags: [tag(1)], opt_tags: [tag(1), tag(2)], neg_tags: [tag(2)] }),
    );
    expect(search.pos.map((t) => t.id)).toEqual([1]);
    expect(search.opt.map((t) => t.id)).toEqual([2]);
    expect(search.neg).toEqual([]);
  });

  it('round-trips: saving an applied prompt saves the same ids', () => {
    const saved = prompt({ opt_tags: [tag(7)], styles: [9, 2] });
    const body = toSaveBody(searchOfPrompt(saved), saved.lib, saved.public);
    expect(body).toEqual({
      lib: saved.lib,
      pos_tags: [12],
      opt_tags: [7],
      neg_tags: [3],
      styles: [9, 2],
      public: false,
    });
  });

  it('groups chips by kind in order, leaving out empty kinds', () => {
    expect(tagGroups({ pos: [tag(1)], opt: [], neg: [tag(2)] }).map((group) => group.kind)).toEqual([
      'pos',
      'neg',
    ]);
  });

  it('shows a few chips and "+N" for the rest, never "+1"', () => {
    const many = tags(1, CHIPS_SHOWN + 4);
    expect(splitChips(many, false)).toEqual({ shown: many.slice(0, CHIPS_SHOWN), hidden: 4 });
    expect(splitChips(many, true)).toEqual({ shown: many, hidden: 0 });
    const oneOver = tags(1, CHIPS_SHOWN + 1);
    expect(splitChips(oneOver, false)).toEqual({ shown: oneOver, hidden: 0 });
  });
});

describe('browser state', () => {
  const at = (patch: Partial<BrowserState>): BrowserState => ({ ...INITIAL_BROWSER_STATE, ...patch });

  it('starts on my prompts, newest first, first page', () => {
    expect(INITIAL_BROWSER_STATE).toEqual({
      tab: 'mine',
      subscribed: false,
      search: '',
      sort: 'created_at',
      descending: true,
      page: 0,
    });
  });

  it('goes back to the first page on every change but paging', () => {
    const deep = at({ page: 3 });
    expect(browserReducer(deep, { type: 'search', search: 'fog' }).page).toBe(0);
    expect(browserReducer(deep, { type: 'sort', sort: 'lib' }).page).toBe(0);
    expect(browserReducer(deep, { type: 'reverse' }).page).toBe(0);
    expect(browserReducer(deep, { type: 'subscribed', subscribed: true }).page).toBe(0);
    expect(browserReducer(deep, { type: 'tab', tab: 'community' }).page).toBe(0);
    expect(browserReducer(deep, { type: 'page', page: 4 }).page).toBe(4);
    expect(browserReducer(deep, { type: 'page', page: -1 }).page).toBe(0);
  });

  it('starts each sort in its natural direction: newest, most subscribers, A to Z', () => {
    expect(defaultDescending('created_at')).toBe(true);
    expect(defaultDescending('subscribers')).toBe(true);
    expect(defaultDescending('lib')).toBe(false);
    const reversed = browserReducer(INITIAL_BROWSER_STATE, { type: 'reverse' });
    expect(reversed.descending).toBe(false);
    expect(browserReducer(reversed, { type: 'sort', sort: 'subscribers' }).descending).toBe(true);
    expect(browserReducer(reversed, { type: 'sort', sort: 'lib' }).descending).toBe(false);
  });

  it('turns the subscribed switch off on another tab; the same tab changes nothing', () => {
    const on = at({ subscribed: true, page: 2 });
    expect(browserReducer(on, { type: 'tab', tab: 'community' })).toMatchObject({
      tab: 'community',
      subscribed: false,
    });
    expect(browserReducer(on, { type: 'tab', tab: 'mine' })).toBe(on);
  });

  it('asks mine (with and_subscribed), community, or subscribed, 5 a page', () => {
    expect(listRequest(at({}))).toEqual({
      target: 'mine',
      page: 0,
      size: PROMPT_PAGE_SIZE,
      body: { search: '', sort: 'created_at', sort_desc: true, and_subscribed: false },
    });
    expect(listRequest(at({ subscribed: true }))).toMatchObject({
      target: 'mine',
      body: { and_subscribed: true },
    });
    expect(listRequest(at({ tab: 'community' }))).toMatchObject({
      target: 'community',
      body: { and_subscribed: false },
    });
    expect(listRequest(at({ tab: 'community', subscribed: true }))).toMatchObject({
      target: 'subscribed',
      body: { and_subscribed: false },
    });
  });

  it('searches with the settled text, trimmed, and sends what the server reads', () => {
    const request = listRequest(at({ search: 'fog co', sort: 'lib', descending: false, page: 2 }), ' fog ');
    expect(request.body).toEqual({ search: 'fog', sort: 'lib', sort_desc: false, and_subscribed: false });
    expect(promptListBody.parse(request.body)).toEqual(request.body);
    expect(promptPageQuery.parse({ page: String(request.page), size: String(request.size) })).toEqual({
      page: 2,
      size: PROMPT_PAGE_SIZE,
    });
  });

  it('loads the whole quick-saved list in one page of SAVED_PROMPT_LIMIT, own prompts, newest first', () => {
    expect(QUICK_LIST_REQUEST).toEqual({
      target: 'mine',
      page: 0,
      size: SAVED_PROMPT_LIMIT,
      body: { search: '', sort: 'created_at', sort_desc: true, and_subscribed: false },
    });
    expect(promptPageQuery.parse({ page: '0', size: String(QUICK_LIST_REQUEST.size) }).size).toBe(
      SAVED_PROMPT_LIMIT,
    );
  });

  it('names the order of each sort and direction', () => {
    expect(orderKey('created_at', true)).toBe('newest_first');
    expect(orderKey('created_at', false)).toBe('oldest_first');
    expect(orderKey('subscribers', true)).toBe('most_first');
    expect(orderKey('subscribers', false)).toBe('fewest_first');
    expect(orderKey('lib', false)).toBe('a_to_z');
    expect(orderKey('lib', true)).toBe('z_to_a');
  });

  it('says which empty state fits', () => {
    expect(emptyKind(at({}), '')).toBe('mine');
    expect(emptyKind(at({ subscribed: true }), '')).toBe('mine_subscribed');
    expect(emptyKind(at({ tab: 'community' }), '')).toBe('community');
    expect(emptyKind(at({ tab: 'community', subscribed: true }), '')).toBe('subscribed');
    expect(emptyKind(at({ tab: 'community' }), ' fog ')).toBe('no_match');
    expect(emptyKind(at({}), '   ')).toBe('mine');
  });
});

describe('paging', () => {
  it('reads "page x of y" from 1, an empty list being page 1 of 1', () => {
    expect(pageInfo(0, 0)).toEqual({ current: 1, total: 1, hasPrevious: false, hasNext: false });
    expect(pageInfo(0, 3)).toEqual({ current: 1, total: 3, hasPrevious: false, hasNext: true });
    expect(pageInfo(1, 3)).toEqual({ current: 2, total: 3, hasPrevious: true, hasNext: true });
    expect(pageInfo(2, 3)).toEqual({ current: 3, total: 3, hasPrevious: true, hasNext: false });
    expect(pageInfo(7, 3)).toEqual({ current: 3, total: 3, hasPrevious: true, hasNext: false });
  });

  it('falls back to the last page when the list shrank under the current one', () => {
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(3, 3)).toBe(2);
    expect(clampPage(5, 1)).toBe(0);
    // An empty list keeps page 0 (there is no last page to go to).
    expect(clampPage(0, 0)).toBe(0);
  });
});

describe('cache updates and permissions', () => {
  const page: PromptPage = {
    items: [prompt({ id: 1 }), prompt({ id: 2 }), prompt({ id: 3 })],
    page: 0,
    pages: 2,
    total: 6,
  };

  it('patches one prompt of a page, leaving pages without it as they are', () => {
    const patched = patchPage(page, 2, { is_subscribed: true, subscriber_count: 4 });
    expect(patched.items[1]).toMatchObject({ id: 2, is_subscribed: true, subscriber_count: 4 });
    expect(patched.items[0]).toBe(page.items[0]);
    expect(patchPage(page, 99, { public: true })).toBe(page);
  });

  it('removes a deleted prompt and recounts the pages', () => {
    const removed = removeFromPage(page, 2, 3);
    expect(removed.items.map((item) => item.id)).toEqual([1, 3]);
    expect(removed).toMatchObject({ total: 5, pages: 2 });
    expect(removeFromPage({ ...page, total: 4 }, 1, 3)).toMatchObject({ total: 3, pages: 1 });
    expect(removeFromPage(page, 99, 3)).toBe(page);
  });

  it('offers publish and delete on own prompts, subscribe on others (unsubscribe always)', () => {
    expect(isOwnPrompt(prompt({ user_id: 10 }), 10)).toBe(true);
    expect(isOwnPrompt(prompt({ user_id: 10 }), 11)).toBe(false);
    expect(isOwnPrompt(prompt({ user_id: 10 }), undefined)).toBe(false);
    expect(canToggleSubscription(prompt({ is_subscribable: true }))).toBe(true);
    // The author unpublished it: the subscriber can still leave.
    expect(canToggleSubscription(prompt({ is_subscribable: false, is_subscribed: true }))).toBe(true);
    expect(canToggleSubscription(prompt())).toBe(false);
  });
});
