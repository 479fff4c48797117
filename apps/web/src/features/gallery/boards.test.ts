import { FIRST_SCREEN_SCRIPT_ID, firstScreenScriptText } from '@mirage/domain';
import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../testing/fakeBrowser.ts';
import {
  SEED_TTL_MS,
  areaSeed,
  boardContextFromQuery,
  boardScope,
  drawSeed,
  effectiveShuffle,
  freshSeed,
  galleryPath,
  imageHref,
  parseGallerySlug,
  readShuffle,
  seedAreaOf,
  shuffleKey,
  writeShuffle,
} from './boards.ts';
import { isBlurred, readAgeConfirmed, AGE_CONFIRMED_KEY } from './ageGate.ts';

describe('Newest / Shuffle per board', () => {
  it('defaults to shuffle and remembers each board under shuffle-{board}', () => {
    const storage = new MemoryStorage();
    expect(readShuffle(storage, 'explore')).toBe(true);
    writeShuffle(storage, 'explore', false);
    expect(storage.getItem('shuffle-explore')).toBe('false');
    expect(readShuffle(storage, 'explore')).toBe(false);
    // Another board keeps its own choice.
    expect(readShuffle(storage, 'creations')).toBe(true);
    writeShuffle(storage, 'explore', true);
    expect(readShuffle(storage, 'explore')).toBe(true);
    expect(shuffleKey('collection')).toBe('shuffle-collection');
  });

  it('reads shuffle when storage is missing or broken', () => {
    expect(readShuffle(null, 'explore')).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readShuffle(broken, 'explore')).toBe(true);
    expect(() =>
      writeShuffle(
        {
          setItem: () => {
            throw new Error('full');
          },
        },
        'explore',
        false,
      ),
    ).not.toThrow();
  });

  it('turns shuffle off while optional tags are present and restores the saved choice after', () => {
    expect(effectiveShuffle(true, 0)).toBe(true);
    expect(effectiveShuffle(true, 2)).toBe(false);
    expect(effectiveShuffle(false, 0)).toBe(false);
    expect(effectiveShuffle(false, 1)).toBe(false);
  });
});

describe('shuffle seeds per area', () => {
  it('draws seeds in [-1, 1] with a timestamp', () => {
    expect(drawSeed(1000, () => 0)).toEqual({ value: -1, at: 1000 });
    expect(drawSeed(1000, () => 0.5).value).toBe(0);
    expect(drawSeed(1000, () => 0.999999).value).toBeLessThanOrEqual(1);
  });

  it('keeps a seed while it is fresh and replaces an old one', () => {
    const seed = drawSeed(1000, () => 0.75);
    expect(freshSeed(seed, 1000 + SEED_TTL_MS - 1)).toBe(seed);
    expect(freshSeed(seed, 1000 + SEED_TTL_MS, () => 0.25)).toEqual({ value: -0.5, at: 1000 + SEED_TTL_MS });
    expect(freshSeed(undefined, 5, () => 0.5)).toEqual({ value: 0, at: 5 });
  });

  it("starts the general area with the seed the page was served with (its board's first page is in it)", () => {
    const text = firstScreenScriptText({ answers: {}, shuffleSeed: -0.375 });
    vi.stubGlobal('document', {
      getElementById: (id: string) =>
        id === FIRST_SCREEN_SCRIPT_ID ? { textContent: text, remove() {} } : null,
    });
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    try {
      expect(areaSeed('creations', 5_000).value).not.toBe(-0.375);
      expect(areaSeed('general', 5_000)).toEqual({ value: -0.375, at: 5_000 });
      // Kept while fresh; the next one is drawn.
      expect(areaSeed('general', 6_000).value).toBe(-0.375);
      expect(areaSeed('general', 5_000 + SEED_TTL_MS).value).not.toBe(-0.375);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('has two areas: creations, and everything else', () => {
    expect(seedAreaOf('creations')).toBe('creations');
    expect(seedAreaOf('explore')).toBe('general');
    expect(seedAreaOf('collection')).toBe('general');
    expect(seedAreaOf('gallery')).toBe('general');
  });
});

describe('board scopes', () => {
  it('maps each board to author_id and favorite', () => {
    expect(boardScope('explore')).toEqual({ board: 'explore', authorId: 0, favorite: false });
    expect(boardScope('collection', { viewerId: 5 })).toEqual({
      board: 'collection',
      authorId: 0,
      favorite: true,
    });
    expect(boardScope('creations', { viewerId: 5 })).toEqual({
      board: 'creations',
      authorId: 5,
      favorite: false,
    });
    expect(boardScope('gallery', { viewerId: 5, authorId: 9 })).toEqual({
      board: 'gallery',
      authorId: 9,
      favorite: false,
    });
  });
});

describe('links to the viewer', () => {
  it('keeps the search, drops the panel flag and names the board and seed', () => {
    const query = new URLSearchParams('pos=12:a lighthouse&search=open&fmt=Wide');
    const href = imageHref('0b7c-uuid', query, { scope: boardScope('explore'), seed: 0.5 });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/image/0b7c-uuid');
    expect(url.searchParams.get('pos')).toBe('12:a lighthouse');
    expect(url.searchParams.get('fmt')).toBe('Wide');
    expect(url.searchParams.get('search')).toBeNull();
    expect(url.searchParams.get('from')).toBe('explore');
    expect(url.searchParams.get('seed')).toBe('0.500000');
    expect(boardContextFromQuery(url.searchParams)).toEqual({ scope: boardScope('explore'), seed: 0.5 });
  });

  it('names a user gallery by its author, and newest by no seed', () => {
    const href = imageHref('u', new URLSearchParams(), {
      scope: boardScope('gallery', { authorId: 9 }),
      seed: null,
    });
    const params = new URL(href, 'http://x').searchParams;
    expect(params.get('author')).toBe('9');
    expect(params.get('seed')).toBeNull();
    expect(boardContextFromQuery(params)).toEqual({
      scope: boardScope('gallery', { authorId: 9 }),
      seed: null,
    });
    // Creations: the viewer supplies its own id.
    const mine = new URLSearchParams('from=creations');
    expect(boardContextFromQuery(mine, 3)?.scope).toEqual(boardScope('creations', { viewerId: 3 }));
    expect(boardContextFromQuery(new URLSearchParams('from=elsewhere'))).toBeNull();
    expect(boardContextFromQuery(new URLSearchParams('from=explore&seed=7'))?.seed).toBeNull();
  });
});

describe('/gallery/{username}-{id}', () => {
  it('takes the id from the last dash segment', () => {
    expect(parseGallerySlug('alice-12')).toEqual({ username: 'alice', id: 12 });
    expect(parseGallerySlug('mary-jane-7')).toEqual({ username: 'mary-jane', id: 7 });
    expect(parseGallerySlug('a_b--3')).toEqual({ username: 'a_b-', id: 3 });
  });

  it('refuses slugs without a positive id or a name', () => {
    for (const slug of [
      undefined,
      '',
      'alice',
      '12',
      '-12',
      'alice-',
      'alice-0',
      'alice-1x',
      'alice-1.5',
      'alice-99999999999999999',
    ])
      expect(parseGallerySlug(slug), String(slug)).toBeNull();
  });

  it('builds the path back', () => {
    expect(galleryPath('mary-jane', 7)).toBe('/gallery/mary-jane-7');
    expect(parseGallerySlug(galleryPath('mary-jane', 7).slice('/gallery/'.length))).toEqual({
      username: 'mary-jane',
      id: 7,
    });
  });
});

describe('over-18 confirmation', () => {
  it('blurs NSFW images for visitors until they confirm', () => {
    expect(isBlurred({ nsfw: true }, false, false)).toBe(true);
    expect(isBlurred({ nsfw: true }, false, true)).toBe(false);
    expect(isBlurred({ nsfw: true }, true, false)).toBe(false);
    expect(isBlurred({ nsfw: false }, false, false)).toBe(false);
  });

  it('reads the answer from local storage', () => {
    const storage = new MemoryStorage();
    expect(readAgeConfirmed(storage)).toBe(false);
    storage.setItem(AGE_CONFIRMED_KEY, 'true');
    expect(readAgeConfirmed(storage)).toBe(true);
    expect(readAgeConfirmed(null)).toBe(false);
  });
});
