import { EMPTY_SEARCH_BODY, SEARCH_MAX_TAGS } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SEARCH,
  activeFilterCount,
  addTag,
  isEmptySearch,
  isPanelOpen,
  isStyleChosen,
  parseSearch,
  removeTag,
  toSearchBody,
  toggleStyle,
  toggleValue,
  withPanel,
  withSavedSearch,
  writeSearch,
  type GallerySearch,
} from './searchState.ts';

const lighthouse = { id: 12, name: 'a lighthouse at dusk' };
const fog = { id: 40, name: 'fog' };
const harbour = { id: 7, name: 'harbour' };

const full: GallerySearch = {
  pos: [lighthouse],
  opt: [fog],
  neg: [harbour],
  styles: [1, 4],
  formats: ['Portrait', 'Square'],
  renders: ['hentai'],
  genTypes: ['txt2img', 'style_convert'],
};

describe('gallery search in the address', () => {
  it('round-trips a full search through compact parameters', () => {
    const params = writeSearch(full);
    expect(params.get('pos')).toBe('12:a lighthouse at dusk');
    expect(params.get('opt')).toBe('40:fog');
    expect(params.get('neg')).toBe('7:harbour');
    expect(params.get('st')).toBe('1,4');
    expect(params.get('fmt')).toBe('Portrait,Square');
    expect(params.get('rnd')).toBe('hentai');
    expect(params.get('gen')).toBe('txt2img,style_convert');
    expect(parseSearch(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('leaves empty parts out, and keeps parameters that are not the search', () => {
    expect(writeSearch(EMPTY_SEARCH).toString()).toBe('');
    const base = new URLSearchParams('search=open&pos=1:old&st=9');
    const params = writeSearch({ ...EMPTY_SEARCH, opt: [fog] }, base);
    expect(params.get('search')).toBe('open');
    expect(params.get('pos')).toBeNull();
    expect(params.get('st')).toBeNull();
    expect(params.get('opt')).toBe('40:fog');
    // The base is not changed.
    expect(base.get('pos')).toBe('1:old');
  });

  it('reads an empty address as the empty search', () => {
    const search = parseSearch(new URLSearchParams(''));
    expect(search).toEqual(EMPTY_SEARCH);
    expect(isEmptySearch(search)).toBe(true);
    expect(isEmptySearch(full)).toBe(false);
  });

  it('drops malformed items instead of failing', () => {
    const search = parseSearch(
      new URLSearchParams(
        'pos=12:lighthouse,abc:x,0:zero,:nameless,13:,-4:neg,14:  two   spaces ,x&st=3,a,-1,3,0&fmt=Huge,Wide&rnd=anime&gen=inpaint,tweak',
      ),
    );
    expect(search.pos).toEqual([
      { id: 12, name: 'lighthouse' },
      { id: 14, name: 'two spaces' },
    ]);
    expect(search.styles).toEqual([0, 3]);
    expect(search.formats).toEqual(['Wide']);
    expect(search.renders).toEqual([]);
    expect(search.genTypes).toEqual(['tweak']);
  });

  it('keeps the first colon as the separator, so a tag name may hold colons', () => {
    expect(parseSearch(new URLSearchParams('pos=5:score:9')).pos).toEqual([{ id: 5, name: 'score:9' }]);
  });

  it('puts a tag named in two lists in the first one only (pos, opt, neg)', () => {
    const search = parseSearch(new URLSearchParams('pos=12:a&opt=12:a,40:fog&neg=40:fog,7:harbour'));
    expect(search.pos.map((tag) => tag.id)).toEqual([12]);
    expect(search.opt.map((tag) => tag.id)).toEqual([40]);
    expect(search.neg.map((tag) => tag.id)).toEqual([7]);
  });

  it('orders enumerations canonically, so one search has one address', () => {
    const search = parseSearch(
      new URLSearchParams('fmt=Square,Portrait&gen=tweak,txt2img&rnd=realistic,hentai'),
    );
    expect(search.formats).toEqual(['Portrait', 'Square']);
    expect(search.genTypes).toEqual(['txt2img', 'tweak']);
    expect(search.renders).toEqual(['hentai', 'realistic']);
    expect(writeSearch({ ...EMPTY_SEARCH, styles: [9, 2] }).get('st')).toBe('2,9');
  });

  it('caps each tag list at the most the API accepts', () => {
    const many = Array.from({ length: SEARCH_MAX_TAGS + 5 }, (_, index) => `${index + 1}:t${index}`);
    expect(parseSearch(new URLSearchParams({ pos: many.join(',') })).pos).toHaveLength(SEARCH_MAX_TAGS);
  });

  it('opens and closes the search panel with ?search=open', () => {
    const params = new URLSearchParams('pos=12:a');
    expect(isPanelOpen(params)).toBe(false);
    const open = withPanel(params, true);
    expect(open.toString()).toBe('pos=12%3Aa&search=open');
    expect(isPanelOpen(open)).toBe(true);
    expect(isPanelOpen(withPanel(open, false))).toBe(false);
    expect(isPanelOpen(new URLSearchParams('search=closed'))).toBe(false);
  });
});

describe('editing the search', () => {
  it('adds a tag once, and moves a tag from another list', () => {
    const once = addTag(EMPTY_SEARCH, 'pos', lighthouse);
    expect(once.pos).toEqual([lighthouse]);
    expect(addTag(once, 'pos', lighthouse)).toBe(once);
    const moved = addTag(once, 'neg', lighthouse);
    expect(moved.pos).toEqual([]);
    expect(moved.neg).toEqual([lighthouse]);
  });

  it('refuses a tag beyond the list limit', () => {
    let search = EMPTY_SEARCH;
    for (let id = 1; id <= SEARCH_MAX_TAGS; id += 1) search = addTag(search, 'opt', { id, name: `t${id}` });
    expect(addTag(search, 'opt', { id: 999, name: 'more' })).toBe(search);
  });

  it('removes a tag', () => {
    expect(removeTag(full, 'opt', fog.id).opt).toEqual([]);
    expect(removeTag(full, 'pos', 999)).toBe(full);
  });

  it('counts the active filters', () => {
    expect(activeFilterCount(EMPTY_SEARCH)).toBe(0);
    expect(activeFilterCount(full)).toBe(3 + 4);
  });

  it('keeps at least one style chosen and stores "all styles" as an empty list', () => {
    const all = [1, 2, 3];
    expect(isStyleChosen(EMPTY_SEARCH, 2)).toBe(true);
    const without2 = toggleStyle(EMPTY_SEARCH, 2, all);
    expect(without2.styles).toEqual([1, 3]);
    expect(isStyleChosen(without2, 2)).toBe(false);
    const only1 = toggleStyle(without2, 3, all);
    expect(only1.styles).toEqual([1]);
    // The last chosen style cannot be turned off.
    expect(toggleStyle(only1, 1, all)).toBe(only1);
    // Choosing every style again is "all styles".
    expect(toggleStyle(toggleStyle(only1, 2, all), 3, all).styles).toEqual([]);
    // A style that is not on offer changes nothing.
    expect(toggleStyle(only1, 99, all)).toBe(only1);
  });

  it('toggles a filter value in canonical order; none means any', () => {
    expect(toggleValue([], 'Square', ['Portrait', 'Wide', 'Square'])).toEqual(['Square']);
    expect(toggleValue(['Square'], 'Portrait', ['Portrait', 'Wide', 'Square'])).toEqual([
      'Portrait',
      'Square',
    ]);
    expect(toggleValue(['Square'], 'Square', ['Portrait', 'Wide', 'Square'])).toEqual([]);
  });
});

describe('applying a saved prompt', () => {
  it('replaces the tags and styles and keeps format, render and generation type', () => {
    const next = withSavedSearch(full, { pos: [fog], opt: [], neg: [lighthouse], styles: [9, 3] });
    expect(next).toEqual({
      pos: [fog],
      opt: [],
      neg: [lighthouse],
      styles: [3, 9],
      formats: ['Portrait', 'Square'],
      renders: ['hentai'],
      genTypes: ['txt2img', 'style_convert'],
    });
    // The address says the same thing back.
    expect(parseSearch(writeSearch(next))).toEqual(next);
  });

  it('clears the styles for a prompt saved with every style', () => {
    expect(withSavedSearch(full, { pos: [fog], opt: [], neg: [], styles: [] }).styles).toEqual([]);
  });

  it('keeps a tag in its first list only, drops malformed ones and caps each list', () => {
    const many = Array.from({ length: SEARCH_MAX_TAGS + 3 }, (_, index) => ({
      id: 100 + index,
      name: `t${index}`,
    }));
    const next = withSavedSearch(EMPTY_SEARCH, {
      pos: [fog, { id: 0, name: 'zero' }, { id: 5, name: '  ' }],
      opt: [fog, harbour],
      neg: many,
      styles: [2, 2, 1],
    });
    expect(next.pos).toEqual([fog]);
    expect(next.opt).toEqual([harbour]);
    expect(next.neg).toHaveLength(SEARCH_MAX_TAGS);
    expect(next.styles).toEqual([1, 2]);
    expect(parseSearch(writeSearch(next))).toEqual(next);
  });
});

describe('the request body', () => {
  it('sends tag ids, filters and the seed (null for newest)', () => {
    expect(toSearchBody(full, 0.25)).toEqual({
      pos_search: [12],
      opt_search: [40],
      neg_search: [7],
      shuffle: 0.25,
      styles: [1, 4],
      formats: ['Portrait', 'Square'],
      renders: ['hentai'],
      gen_types: ['txt2img', 'style_convert'],
    });
    // What the server answers inside a board's page (apps/api/src/http/first-screen.ts).
    expect(toSearchBody(EMPTY_SEARCH, null)).toEqual(EMPTY_SEARCH_BODY);
  });
});
