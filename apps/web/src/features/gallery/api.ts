/** Calls of the gallery (docs/product/gallery.md#search): the board search and the tag autocomplete. */
import type { Format, Render, SearchBody } from '@mirage/domain';
import { api, apiRequest } from '../api/index.ts';

/** One image of a board, as POST /api/gallery/search lists it. */
export interface GalleryCard {
  id: number;
  uuid: string;
  user_id: number;
  username: string;
  width: number;
  height: number;
  blurhash: string | null;
  style_id: number;
  format: Format;
  render: Render;
  gen_type: string;
  is_private: boolean;
  is_favorite: boolean;
  upscaled: boolean;
  nsfw: boolean;
  created_at: string;
  /** `/images/<uuid>-min.webp`, 512 px wide. */
  thumbnail_src: string;
  image_src: string;
}

export interface GalleryPage {
  items: GalleryCard[];
  /** Matches, counted up to 1000; `total_capped` when there are more ("1,000+"). */
  total: number;
  total_capped: boolean;
  /** Images per searched tag id. */
  tags_count: Record<string, number>;
}

export interface GalleryQuery {
  page: number;
  size: number;
  author_id: number;
  favorite: boolean;
  /** Images the client put at the top since page 0. */
  offset: number;
}

export interface TagSuggestion {
  id: number;
  name: string;
  count: number;
}

export function galleryQueryString(query: GalleryQuery): string {
  return new URLSearchParams({
    page: String(query.page),
    size: String(query.size),
    author_id: String(query.author_id),
    favorite: query.favorite ? 'true' : 'false',
    offset: String(query.offset),
  }).toString();
}

export const searchGallery = (query: GalleryQuery, body: SearchBody, signal?: AbortSignal) =>
  apiRequest<GalleryPage>('POST', `/api/gallery/search?${galleryQueryString(query)}`, { body, signal });

/** Tags starting with `prefix`, most used first (at most 10). */
export const fetchTagSuggestions = (prefix: string, signal?: AbortSignal) =>
  api
    .get<{ tags: TagSuggestion[] }>(`/api/gallery/search/tags?search=${encodeURIComponent(prefix)}`, signal)
    .then((answer) => answer.tags);

/**
 * DELETE /api/action/favorites (docs/product/collections-and-prompts.md#favourites): takes several images out
 * of the collection at once.
 */
export const removeFromCollection = (uuids: readonly string[]) =>
  apiRequest<{ removed: number }>('DELETE', '/api/action/favorites', {
    body: { images: uuids.map((uuid) => ({ uuid })) },
  });
