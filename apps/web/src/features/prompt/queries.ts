/**
 * Saved prompts through TanStack Query. Keys: ['prompt'] (everything), ['prompt', 'list', target, page,
 * size, body] (one page). Every change patches the pages it knows of at once and then invalidates
 * ['prompt'], so the browser, the quick-saved list and any other view refetch what moved.
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useSession } from '../session/index.ts';
import { deletePrompt, fetchPromptPage, publishPrompt, savePrompt, subscribePrompt } from './api.ts';
import {
  QUICK_LIST_REQUEST,
  patchPage,
  removeFromPage,
  type PromptListRequest,
  type PromptPage,
  type SavedPrompt,
  type SavePromptInput,
} from './model.ts';

export const PROMPT_QUERY_KEY = ['prompt'] as const;
const LIST_KEY = [...PROMPT_QUERY_KEY, 'list'] as const;

export const promptListKey = ({ target, page, size, body }: PromptListRequest) =>
  [...LIST_KEY, target, page, size, body] as const;

/** Lists change when the user acts elsewhere too (a subscriber count): fresh enough for a minute. */
const STALE_MS = 60_000;

/** Refetches every saved-prompt list (after a save, delete, publish or subscribe). */
export function invalidatePrompts(client: QueryClient) {
  return client.invalidateQueries({ queryKey: PROMPT_QUERY_KEY });
}

/** Applies `change` to every cached page; `size` is the page size of that page's key. */
function updatePages(client: QueryClient, change: (page: PromptPage, size: number) => PromptPage) {
  for (const [key, page] of client.getQueriesData<PromptPage>({ queryKey: LIST_KEY })) {
    if (!page) continue;
    const size = Number(key[4]);
    const next = change(page, size);
    if (next !== page) client.setQueryData(key, next);
  }
}

/** Shows an answer of publish or subscribe in every cached page at once (a refetch follows). */
export function patchPromptInCache(client: QueryClient, id: number, patch: Partial<SavedPrompt>) {
  updatePages(client, (page) => patchPage(page, id, patch));
}

/** Takes a deleted prompt out of every cached page at once (a refetch follows). */
export function removePromptFromCache(client: QueryClient, id: number) {
  updatePages(client, (page, size) => removeFromPage(page, id, size));
}

/**
 * One page of a list. Signed-in users only (a guest's call would be a token error, which logs out);
 * while the next page loads, the previous one stays on screen.
 */
export function usePromptPage(request: PromptListRequest, enabled = true) {
  const { signedIn } = useSession();
  return useQuery({
    queryKey: promptListKey(request),
    queryFn: ({ signal }) => fetchPromptPage(request, signal),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
    enabled: enabled && signedIn,
  });
}

/**
 * docs/product/collections-and-prompts.md#saved-prompts: the quick-saved list, all of the user's own prompts
 * (at most 100) in one call, newest first.
 */
export function useSavedPrompts(enabled = true) {
  return usePromptPage(QUICK_LIST_REQUEST, enabled);
}

export function useSavePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePromptInput) => savePrompt(body),
    onSuccess: () => void invalidatePrompts(client),
  });
}

export function useDeletePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prompt: Pick<SavedPrompt, 'id'>) => deletePrompt(prompt.id),
    onSuccess: (_answer, prompt) => {
      removePromptFromCache(client, prompt.id);
      void invalidatePrompts(client);
    },
  });
}

export function usePublishPrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ prompt, isPublic }: { prompt: Pick<SavedPrompt, 'id'>; isPublic: boolean }) =>
      publishPrompt(prompt.id, isPublic),
    onSuccess: (answer, { prompt }) => {
      patchPromptInCache(client, prompt.id, { public: answer.public });
      void invalidatePrompts(client);
    },
  });
}

export function useSubscribePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ prompt, subscribe }: { prompt: Pick<SavedPrompt, 'id'>; subscribe: boolean }) =>
      subscribePrompt(prompt.id, subscribe),
    onSuccess: (answer, { prompt }) => {
      patchPromptInCache(client, prompt.id, {
        is_subscribed: answer.subscribed,
        subscriber_count: answer.subscriber_count,
      });
      void invalidatePrompts(client);
    },
  });
}
