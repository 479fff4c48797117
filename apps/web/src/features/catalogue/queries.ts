/** Catalogue queries (styles, boosters, prompt rules, presets): shared by features and change rarely. */
import { useQuery } from '@tanstack/react-query';
import {
  embeddedModerationRules,
  embeddedModifiers,
  embeddedStyles,
  fetchModerationRules,
  fetchModifiers,
  fetchPresets,
  fetchStyles,
} from './api.ts';
import { MODIFIERS_QUERY_KEY, STYLES_QUERY_KEY } from './keys.ts';

const CATALOGUE_STALE_MS = 5 * 60_000;

export { MODIFIERS_QUERY_KEY, STYLES_QUERY_KEY } from './keys.ts';
export const RULES_QUERY_KEY = ['catalogue', 'moderation-rules'] as const;
/** Presets carry the user's favourites, so the key includes who asks. */
export const presetsQueryKey = (signedIn: boolean) => ['preset', signedIn ? 'user' : 'guest'] as const;

export function useStyles() {
  return useQuery({
    queryKey: STYLES_QUERY_KEY,
    queryFn: ({ signal }) => fetchStyles(signal),
    // The answer the page was served with, if any: the first render shows it (features/api/client.ts).
    initialData: embeddedStyles,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useModifiers() {
  return useQuery({
    queryKey: MODIFIERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchModifiers(signal),
    initialData: embeddedModifiers,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useModerationRules() {
  return useQuery({
    queryKey: RULES_QUERY_KEY,
    queryFn: ({ signal }) => fetchModerationRules(signal),
    initialData: embeddedModerationRules,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function usePresets(signedIn: boolean) {
  return useQuery({
    queryKey: presetsQueryKey(signedIn),
    queryFn: ({ signal }) => fetchPresets(signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}
