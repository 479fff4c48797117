/**
 * Hidden tags through TanStack Query (docs/product/gallery.md#hidden-tags: GET/PUT /api/settings/tags/ban,
 * GET tags/system). A change shows at once (optimistic) and is rolled back if the server refuses it; changes
 * are sent one after the other, each with the whole list, so the last one wins. Every gallery query is
 * invalidated afterwards: the boards (kept alive ones included) refresh without the hidden images.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/index.ts';
import { GALLERY_QUERY_KEY } from '../gallery/index.ts';
import { hiddenTagsBody, sortHiddenTags, type HiddenTag } from './hiddenTags.ts';

export const HIDDEN_TAGS_QUERY_KEY = ['settings', 'tags', 'ban'] as const;
export const SYSTEM_TAGS_QUERY_KEY = ['settings', 'tags', 'system'] as const;

const fetchHiddenTags = (signal?: AbortSignal) =>
  call('getBannedTags', {}, signal).then((answer) => sortHiddenTags(answer.tags));

const saveHiddenTags = (tags: readonly HiddenTag[]) =>
  call('setBannedTags', { body: hiddenTagsBody(tags) }).then((answer) => sortHiddenTags(answer.tags));

const fetchSystemTags = (signal?: AbortSignal) =>
  call('listSystemTags', {}, signal).then((answer): HiddenTag[] => answer.tags);

/** The user's hidden tags, sorted for display (signed-in users only). */
export function useHiddenTags() {
  return useQuery({
    queryKey: HIDDEN_TAGS_QUERY_KEY,
    queryFn: ({ signal }) => fetchHiddenTags(signal),
    staleTime: 60_000,
  });
}

/** The system tags one may hide (they change only with the catalogue). */
export function useSystemTags() {
  return useQuery({
    queryKey: SYSTEM_TAGS_QUERY_KEY,
    queryFn: ({ signal }) => fetchSystemTags(signal),
    staleTime: 10 * 60_000,
  });
}

/** Replaces the hidden tags with `next` (the whole list). */
export function useSetHiddenTags() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: HIDDEN_TAGS_QUERY_KEY,
    // One at a time, in the order they were made: each PUT carries the whole list.
    scope: { id: 'settings-hidden-tags' },
    mutationFn: (next: readonly HiddenTag[]) => saveHiddenTags(next),
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: HIDDEN_TAGS_QUERY_KEY });
      const previous = client.getQueryData<HiddenTag[]>(HIDDEN_TAGS_QUERY_KEY);
      client.setQueryData(HIDDEN_TAGS_QUERY_KEY, [...next]);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) client.setQueryData(HIDDEN_TAGS_QUERY_KEY, context.previous);
      // What the server holds now is the truth.
      void client.invalidateQueries({ queryKey: HIDDEN_TAGS_QUERY_KEY });
    },
    onSuccess: (saved) => {
      // A later change already shows its own list: its answer will come.
      if (client.isMutating({ mutationKey: HIDDEN_TAGS_QUERY_KEY }) <= 1) {
        client.setQueryData(HIDDEN_TAGS_QUERY_KEY, saved);
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: GALLERY_QUERY_KEY });
    },
  });
}
