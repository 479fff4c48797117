/** Calls of the gallery (docs/product/gallery.md#search): the board search and the tag autocomplete. */
import type { Answer, Query } from '@mirage/contract';
import type { SearchBody } from '@mirage/domain';
import { call, firstScreenAnswer } from '../api/index.ts';

/** One image of a board, as POST /api/gallery/search lists it (the contract's GalleryItem). */
export type GalleryCard = GalleryPage['items'][number];

/**
 * A page of a board: `total` counts matches up to 1000 (`total_capped` when there are more, "1,000+");
 * `tags_count` gives the images per searched tag id.
 */
export type GalleryPage = Answer<'searchGallery'>;

export interface GalleryQuery {
  page: number;
  size: number;
  author_id: number;
  favorite: boolean;
  /** Images the client put at the top since page 0. */
  offset: number;
}

export type TagSuggestion = Answer<'searchGalleryTags'>['tags'][number];

/** The query string of POST /api/gallery/search, as the contract takes it. */
export const galleryQuery = (query: GalleryQuery) =>
  ({
    page: query.page,
    size: query.size,
    author_id: query.author_id,
    favorite: query.favorite ? 'true' : 'false',
    offset: query.offset,
  }) satisfies Query<'searchGallery'>;

export function galleryQueryString(query: GalleryQuery): string {
  const entries = Object.entries(galleryQuery(query)).map(([key, value]) => [key, String(value)]);
  return new URLSearchParams(entries).toString();
}

export const searchGallery = (query: GalleryQuery, body: SearchBody, signal?: AbortSignal) =>
  call('searchGallery', { query: galleryQuery(query), body }, signal);

/** The page the server put in the page for this search, taken now, or `undefined` (features/api/client.ts). */
export const embeddedGalleryPage = (query: GalleryQuery, body: SearchBody) =>
  firstScreenAnswer('searchGallery', { query: galleryQuery(query), body });

/** Tags starting with `prefix`, most used first (at most 10). */
export const fetchTagSuggestions = (prefix: string, signal?: AbortSignal) =>
  call('searchGalleryTags', { query: { search: prefix } }, signal).then((answer) => answer.tags);

/**
 * DELETE /api/action/favorites (docs/product/collections-and-prompts.md#favourites): takes several images out
 * of the collection at once.
 */
export const removeFromCollection = (uuids: readonly string[]) =>
  call('removeFavorites', { body: { images: uuids.map((uuid) => ({ uuid })) } });
