/** Queries of the image viewer: the image, its generation data, and the pages of its board. */
import { GALLERY_MAX_PAGE_SIZE } from '@mirage/domain';
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IMAGE_QUERY_KEY } from '../api/index.ts';
import { searchGallery, GALLERY_QUERY_KEY } from '../gallery/index.ts';
import { embeddedImageInfo, fetchGenInfo, fetchImageInfo, type Card } from './api.ts';
import { boardKey, type ViewerBoard } from './boardQuery.ts';
import { neighboursOf, type Neighbours } from './navigation.ts';

export { IMAGE_QUERY_KEY };
export const imageInfoKey = (uuid: string) => [...IMAGE_QUERY_KEY, uuid, 'info'] as const;
export const genInfoKey = (uuid: string) => [...IMAGE_QUERY_KEY, uuid, 'gen'] as const;
// Under the boards' key, so whatever refreshes the galleries also refreshes the pages the viewer walks
// (gallery keys hold a board name in the second place, never 'viewer-board').
const BOARD_QUERY_KEY = [...GALLERY_QUERY_KEY, 'viewer-board'] as const;

const STALE_MS = 60_000;

const infoOptions = (uuid: string) => ({
  queryKey: imageInfoKey(uuid),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchImageInfo(uuid, signal),
  // The answer the page was served with, if any: the viewer's first render shows the picture.
  initialData: () => embeddedImageInfo(uuid),
  staleTime: STALE_MS,
});

export function useImageInfo(uuid: string) {
  return useQuery(infoOptions(uuid));
}

export function prefetchImageInfo(client: QueryClient, uuid: string) {
  return client.prefetchQuery(infoOptions(uuid));
}

export function useGenInfo(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: genInfoKey(uuid),
    queryFn: ({ signal }) => fetchGenInfo(uuid, signal),
    staleTime: 5 * STALE_MS,
    enabled,
  });
}

/** Pages the viewer reads, the largest the API gives, so that one request usually holds the neighbours. */
export const BOARD_PAGE_SIZE = GALLERY_MAX_PAGE_SIZE;

/**
 * The previous and next images of the board the viewer was opened from. Pages load on demand: the one
 * the image should be on, a few more while it is not found, and the adjacent one at a page edge.
 */
export function useBoardNeighbours(board: ViewerBoard, uuid: string, enabled: boolean): Neighbours<Card> {
  const key = boardKey(board);
  const start = board.index === null ? 0 : Math.floor(board.index / BOARD_PAGE_SIZE);
  const [requested, setRequested] = useState({ key, pages: [start] });
  // A new board (another search) starts over; derived during render, no effect round trip.
  const pages = requested.key === key ? requested.pages : [start];
  if (requested.key !== key) setRequested({ key, pages });

  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...BOARD_QUERY_KEY, key, page] as const,
      queryFn: ({ signal }) =>
        searchGallery({ ...board.params, page, size: BOARD_PAGE_SIZE }, board.body, signal),
      staleTime: STALE_MS,
      enabled,
    })),
  });

  const loaded = new Map<number, Card[]>();
  results.forEach((result, position) => {
    const page = pages[position];
    // A page that failed to load counts as the end of the board.
    if (page !== undefined && (result.data || result.isError)) loaded.set(page, result.data?.items ?? []);
  });

  const neighbours = neighboursOf(loaded, uuid, BOARD_PAGE_SIZE, start);
  if (enabled && neighbours.wanted !== null && !pages.includes(neighbours.wanted)) {
    setRequested({ key, pages: [...pages, neighbours.wanted] });
  }
  return neighbours;
}

/** Forgets the boards the viewer walked (after a delete, a privacy change). */
export function invalidateBoards(client: QueryClient) {
  return client.invalidateQueries({ queryKey: BOARD_QUERY_KEY });
}
