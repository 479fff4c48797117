/** The console's queries; every change invalidates MOD_KEY, as one action shows in several tabs. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchAudit,
  fetchHeldImages,
  fetchReports,
  fetchReviews,
  fetchStaffMe,
  fetchUser,
  PAGE_SIZE,
  searchUsers,
  type HeldImageState,
  type ReportState,
  type ReviewState,
} from './api.ts';
import { nextBefore } from './model.ts';

export const MOD_KEY = ['mod'] as const;

/** The next offset of an offset-paged list, or undefined once a page came back short. */
const nextOffset = (last: { items: unknown[] }, pages: { items: unknown[] }[]) =>
  last.items.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE;

export function useStaffMe(enabled: boolean) {
  return useQuery({
    queryKey: [...MOD_KEY, 'me'],
    queryFn: ({ signal }) => fetchStaffMe(signal),
    enabled,
    // A role taken away stops working on the next call: read again on each visit.
    staleTime: 0,
  });
}

export function useReports(state: ReportState) {
  return useInfiniteQuery({
    queryKey: [...MOD_KEY, 'reports', state],
    queryFn: ({ pageParam, signal }) => fetchReports(state, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useReviews(state: ReviewState) {
  return useInfiniteQuery({
    queryKey: [...MOD_KEY, 'reviews', state],
    queryFn: ({ pageParam, signal }) => fetchReviews(state, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useUserSearch(q: string) {
  return useQuery({
    queryKey: [...MOD_KEY, 'users', 'search', q],
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: q !== '',
  });
}

export function useUserFile(id: number | null) {
  return useQuery({
    queryKey: [...MOD_KEY, 'users', 'file', id],
    queryFn: ({ signal }) => fetchUser(id ?? 0, signal),
    enabled: id !== null,
  });
}

export function useAudit() {
  return useInfiniteQuery({
    queryKey: [...MOD_KEY, 'audit'],
    queryFn: ({ pageParam, signal }) => fetchAudit(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => nextBefore(last.items, PAGE_SIZE),
  });
}

export function useHeldImages(state: HeldImageState) {
  return useInfiniteQuery({
    queryKey: [...MOD_KEY, 'images', state],
    queryFn: ({ pageParam, signal }) => fetchHeldImages(state, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // Oldest first, keyset-paged: the next page starts after the last id shown.
    getNextPageParam: (last) => (last.items.length < PAGE_SIZE ? undefined : last.items.at(-1)?.id),
  });
}
