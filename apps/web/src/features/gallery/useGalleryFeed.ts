/**
 * A board's images (docs/product/gallery.md#boards, docs/product/limits.md#gallery-and-prompts): pages of 12
 * through useInfiniteQuery, the next page while the last one was full. A guest gets the 24 samples on page 0
 * and nothing after, so a guest's board is one page.
 */
import { GALLERY_PAGE_SIZE, GUEST_SAMPLE_COUNT, type SearchBody } from '@mirage/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { embeddedGalleryPage, searchGallery, type GalleryCard, type GalleryPage } from './api.ts';
import type { BoardScope } from './boards.ts';

export const GALLERY_QUERY_KEY = ['gallery'] as const;

export const galleryQueryKey = (scope: BoardScope, signedIn: boolean, body: SearchBody) =>
  [
    ...GALLERY_QUERY_KEY,
    scope.board,
    scope.authorId,
    scope.favorite,
    signedIn ? 'user' : 'guest',
    body,
  ] as const;

/** The next page to ask for, or undefined when the last page was not full (or for a guest). */
export function nextPageParam(last: GalleryPage, lastPage: number, size: number, signedIn: boolean) {
  if (!signedIn) return undefined;
  return last.items.length < size ? undefined : lastPage + 1;
}

/** Cards of all pages, each image once (a new image can shift a page while one scrolls). */
export function mergePages(pages: readonly GalleryPage[]): GalleryCard[] {
  const seen = new Set<string>();
  const cards: GalleryCard[] = [];
  for (const page of pages) {
    for (const card of page.items) {
      if (seen.has(card.uuid)) continue;
      seen.add(card.uuid);
      cards.push(card);
    }
  }
  return cards;
}

export function useGalleryFeed(options: {
  scope: BoardScope;
  signedIn: boolean;
  body: SearchBody;
  enabled: boolean;
}) {
  const { scope, signedIn, body, enabled } = options;
  const size = signedIn ? GALLERY_PAGE_SIZE : GUEST_SAMPLE_COUNT;
  const pageQuery = (page: number) => ({
    page,
    size,
    author_id: scope.authorId,
    favorite: scope.favorite,
    offset: 0,
  });
  const query = useInfiniteQuery({
    queryKey: galleryQueryKey(scope, signedIn, body),
    queryFn: ({ pageParam, signal }) => searchGallery(pageQuery(pageParam), body, signal),
    // The first page the server put in the page, if any: the board's first render shows its cards.
    initialData: () => {
      const first = enabled ? embeddedGalleryPage(pageQuery(0), body) : undefined;
      return first && { pages: [first], pageParams: [0] };
    },
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastPage) => nextPageParam(last, lastPage, size, signedIn),
    enabled,
    staleTime: 60_000,
    // While a new search loads, the previous images stay (dimmed) instead of a blank board.
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages;
  const cards = useMemo(() => mergePages(pages ?? []), [pages]);
  const first = pages?.[0];
  return {
    cards,
    total: first?.total ?? 0,
    capped: first?.total_capped ?? false,
    tagsCount: first?.tags_count ?? {},
    loaded: query.data !== undefined,
    pending: query.isPending && enabled,
    /** A new search is loading while the previous one's images are shown. */
    stale: query.isPlaceholderData,
    error: query.isError && query.data === undefined,
    nextError: query.isFetchNextPageError,
    hasNextPage: query.hasNextPage,
    fetchingNext: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    refetch: query.refetch,
  };
}
