import { describe, expect, it } from 'vitest';
import { imageHref, boardScope, EMPTY_SEARCH, writeSearch } from '../gallery/index.ts';
import { boardKey, boardOfQuery, nextQuery, similarPath, tagSearchPath, viewerPath } from './boardQuery.ts';

describe('the board of a viewer address (the viewer keeps the query string)', () => {
  it('walks the newest public gallery when the address names no board', () => {
    for (const query of ['', '?', '?foo=bar', '?pos=12:lighthouse']) {
      const board = boardOfQuery(query);
      expect(board.params).toEqual({ author_id: 0, favorite: false, offset: 0 });
      expect(board.body).toMatchObject({ pos_search: [], shuffle: null, styles: [] });
      expect(board.index).toBeNull();
    }
  });

  it('reads back what the gallery wrote into the image link', () => {
    const search = writeSearch({
      ...EMPTY_SEARCH,
      pos: [{ id: 12, name: 'lighthouse' }],
      opt: [{ id: 40, name: 'fog' }],
      styles: [3],
      formats: ['Wide'],
    });
    const href = imageHref('u1', search, { scope: boardScope('explore'), seed: 0.25 });
    const board = boardOfQuery(new URL(href, 'http://x').search);
    expect(board.params).toEqual({ author_id: 0, favorite: false, offset: 0 });
    expect(board.body).toEqual({
      pos_search: [12],
      opt_search: [40],
      neg_search: [],
      shuffle: 0.25,
      styles: [3],
      formats: ['Wide'],
      renders: [],
      gen_types: [],
    });
  });

  it('scopes collection, creations and user galleries', () => {
    const collection = boardOfQuery(
      new URL(
        imageHref('u', new URLSearchParams(), { scope: boardScope('collection'), seed: null }),
        'http://x',
      ).search,
    );
    expect(collection.params).toMatchObject({ author_id: 0, favorite: true });
    expect(boardOfQuery('?from=creations', 42).params).toMatchObject({ author_id: 42, favorite: false });
    expect(boardOfQuery('?from=gallery&author=9').params).toMatchObject({ author_id: 9, favorite: false });
  });

  it('reads an optional index, and moves it with the image', () => {
    expect(boardOfQuery('?from=explore&index=57').index).toBe(57);
    expect(boardOfQuery('?index=-3').index).toBeNull();
    expect(nextQuery('?from=explore&index=57&seed=0.5', 58)).toBe('from=explore&index=58&seed=0.5');
    expect(nextQuery('?from=explore&seed=0.5', 58)).toBe('from=explore&seed=0.5');
  });

  it('keys the cache by board, not by address noise', () => {
    expect(boardKey(boardOfQuery('?from=explore&x=1'))).toBe(boardKey(boardOfQuery('?from=explore')));
    expect(boardKey(boardOfQuery('?from=collection'))).not.toBe(boardKey(boardOfQuery('?from=explore')));
  });
});

describe('links out of the viewer', () => {
  it('builds /image/{uuid} with the query string', () => {
    expect(viewerPath('abc')).toBe('/image/abc');
    expect(viewerPath('abc', '?from=explore')).toBe('/image/abc?from=explore');
    expect(viewerPath('abc', 'from=explore')).toBe('/image/abc?from=explore');
  });

  it('searches the gallery for a tag', () => {
    const url = new URL(tagSearchPath({ id: 12, name: 'warm light' }), 'http://x');
    expect(url.pathname).toBe('/explore');
    expect(url.searchParams.get('pos')).toBe('12:warm light');
  });

  it('"see similar": the style and up to three tags as optional tags', () => {
    const tags = [1, 2, 3, 4].map((id) => ({ id, name: `t${id}` }));
    const url = new URL(similarPath(5, tags), 'http://x');
    expect(url.pathname).toBe('/explore');
    expect(url.searchParams.get('st')).toBe('5');
    expect(url.searchParams.get('opt')).toBe('1:t1,2:t2,3:t3');
    expect(url.searchParams.get('pos')).toBeNull();
    expect(similarPath(null, [])).toBe('/explore');
  });
});
