/**
 * The gallery board an image was opened from (docs/product/image-viewer.md#the-viewer: the viewer "keeps the
 * query string"). The gallery writes its search and its context (`from`, `author`, `seed`) into the address
 * of /image/{uuid} (features/gallery: searchState.ts, boards.ts imageHref); the viewer reads them back to
 * walk the same list with up/down. An address without a board (the image opened directly, or from the
 * generator's results) walks the newest public gallery.
 */
import { EMPTY_SEARCH_BODY, type SearchBody } from '@mirage/domain';
import {
  boardContextFromQuery,
  boardScope,
  EMPTY_SEARCH,
  parseSearch,
  toSearchBody,
  writeSearch,
  type SearchTag,
} from '../gallery/index.ts';
import type { BoardParams } from './api.ts';

export interface ViewerBoard {
  params: BoardParams;
  body: SearchBody;
  /** The image's position in the board when the address says so (`index`), else null. */
  index: number | null;
}

/** Decision: an optional `index` parameter tells the viewer where to start looking for the image. */
export const INDEX_PARAM = 'index';

/** The board of a viewer address; `viewerId` resolves /creations to the signed-in user's own images. */
export function boardOfQuery(search: string | URLSearchParams, viewerId?: number): ViewerBoard {
  const query = new URLSearchParams(search);
  const context = boardContextFromQuery(query, viewerId);
  const scope = context?.scope ?? boardScope('explore');
  const indexText = query.get(INDEX_PARAM) ?? '';
  const index = /^\d{1,7}$/.test(indexText) ? Number(indexText) : null;
  return {
    params: { author_id: scope.authorId, favorite: scope.favorite, offset: 0 },
    body: context ? toSearchBody(parseSearch(query), context.seed) : EMPTY_SEARCH_BODY,
    index,
  };
}

/**
 * The query string for the next image of the same board: unchanged (docs/product/image-viewer.md#the-viewer
 * keeps it), except that a position given with `index` follows the image.
 */
export function nextQuery(search: string, index: number): string {
  const query = new URLSearchParams(search);
  if (!query.has(INDEX_PARAM)) return query.toString();
  query.set(INDEX_PARAM, String(index));
  return query.toString();
}

/** A stable key of a board for the query cache (same board, same pages). */
export function boardKey(board: ViewerBoard): string {
  return JSON.stringify([board.params, board.body]);
}

/** The viewer's address for an image, keeping the query string (docs/product/image-viewer.md#the-viewer). */
export function viewerPath(uuid: string, query = ''): string {
  const clean = query.replace(/^\?/, '');
  return `/image/${encodeURIComponent(uuid)}${clean ? `?${clean}` : ''}`;
}

/** /explore searching for one tag (a tag chip of the info panel). */
export function tagSearchPath(tag: SearchTag): string {
  return `/explore?${writeSearch({ ...EMPTY_SEARCH, pos: [tag] }).toString()}`;
}

/**
 * Tags "see similar" searches with (docs/product/image-viewer.md#image-menu): up to three, as optional tags.
 */
export const SIMILAR_TAG_COUNT = 3;

/** /explore with the "see similar" search: the image's style and up to three of its tags as optional tags. */
export function similarPath(styleId: number | null, tags: readonly SearchTag[]): string {
  const query = writeSearch({
    ...EMPTY_SEARCH,
    styles: styleId === null ? [] : [styleId],
    opt: tags.slice(0, SIMILAR_TAG_COUNT),
  }).toString();
  return query ? `/explore?${query}` : '/explore';
}
