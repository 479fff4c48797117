import { EMPTY_SEARCH_BODY } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import type { GalleryCard, GalleryPage } from './api.ts';
import { galleryQueryString } from './api.ts';
import { boardScope } from './boards.ts';
import { galleryQueryKey, mergePages, nextPageParam } from './useGalleryFeed.ts';

const card = (uuid: string): GalleryCard => ({
  id: 1,
  uuid,
  user_id: 1,
  username: 'alice',
  width: 512,
  height: 704,
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  style_id: 1,
  format: 'Portrait',
  render: 'hentai',
  gen_type: 'txt2img',
  is_private: false,
  is_favorite: false,
  upscaled: false,
  nsfw: false,
  main_tags: ['lighthouse', 'dusk'],
  created_at: '2026-01-01T00:00:00.000Z',
  thumbnail_src: `/images/${uuid}-min.webp`,
  image_src: `/images/${uuid}.webp`,
});
const page = (...uuids: string[]): GalleryPage => ({
  items: uuids.map(card),
  total: uuids.length,
  total_capped: false,
  tags_count: {},
});

describe('paging (12 per page)', () => {
  it('asks for the next page while pages come back full', () => {
    const full = page(...Array.from({ length: 12 }, (_, index) => `u${index}`));
    expect(nextPageParam(full, 0, 12, true)).toBe(1);
    expect(nextPageParam(full, 3, 12, true)).toBe(4);
    expect(nextPageParam(page('a', 'b'), 3, 12, true)).toBeUndefined();
    expect(nextPageParam(page(), 0, 12, true)).toBeUndefined();
  });

  it('stops after page 0 for a guest (the 24 samples)', () => {
    const samples = page(...Array.from({ length: 24 }, (_, index) => `s${index}`));
    expect(nextPageParam(samples, 0, 24, false)).toBeUndefined();
  });

  it('lists each image once, in page order', () => {
    expect(mergePages([page('a', 'b'), page('b', 'c'), page('d')]).map((item) => item.uuid)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('builds the query string of POST /api/gallery/search', () => {
    expect(galleryQueryString({ page: 2, size: 12, author_id: 7, favorite: true, offset: 0 })).toBe(
      'page=2&size=12&author_id=7&favorite=true&offset=0',
    );
  });

  it('keys the cache by board, scope, who asks and the search body', () => {
    const body = EMPTY_SEARCH_BODY;
    const explore = galleryQueryKey(boardScope('explore'), true, body);
    expect(explore).toEqual(['gallery', 'explore', 0, false, 'user', body]);
    expect(galleryQueryKey(boardScope('explore'), false, body)).not.toEqual(explore);
    expect(galleryQueryKey(boardScope('creations', { viewerId: 3 }), true, body)).toEqual([
      'gallery',
      'creations',
      3,
      false,
      'user',
      body,
    ]);
  });
});
