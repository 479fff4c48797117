/**
 * Startup (docs/product/routes.md#start-up), in the spec's order: locale, version check, graphic styles,
 * user refresh, preferences, modifiers. Each step starts in that order; those that wait on the network run
 * side by side, and the loader stays up until all are done (the locale and, for a signed-in visitor, the
 * user). The catalogue steps take what the server put in the page (no request of their own: a page that
 * needs the catalogue asks for it itself), so a guest's first screen costs nothing more.
 */
import { APP_VERSION, COOKIE, COOKIE_DAYS } from '@mirage/domain';
import type { QueryClient } from '@tanstack/react-query';
import { firstScreenAnswer } from '../features/api/client.ts';
import { MODIFIERS_QUERY_KEY, STYLES_QUERY_KEY } from '../features/catalogue/keys.ts';
import { deleteCookie, getCookie, setCookie } from '../features/cookie/cookie.ts';
import { initI18n, initialLanguage } from '../features/language/i18n.ts';
import { isSignedIn } from '../features/session/session.ts';
import { meQueryOptions } from '../features/session/useSession.ts';
import { applyLargerFont } from '../features/settings/largerFont.ts';

/** A new app version clears local storage and the selected-styles cookie, then remembers the version. */
export function checkVersion(): void {
  if (getCookie(COOKIE.version) === APP_VERSION) return;
  try {
    localStorage.clear();
  } catch {
    // Storage can be unavailable (private mode, disabled); nothing to clear then.
  }
  deleteCookie(COOKIE.selectedStyles);
  setCookie(COOKIE.version, APP_VERSION, COOKIE_DAYS.version);
}

/** The startup steps, in the order they start (spec §4 "Startup order"). */
export const BOOT_ORDER = ['locale', 'version', 'styles', 'user', 'preferences', 'modifiers'] as const;
export type BootStepName = (typeof BOOT_ORDER)[number];
export type BootSteps = Record<BootStepName, () => Promise<unknown> | void>;

/** Puts an answer the server embedded in the page into the query cache, if there is one. */
function seed(queryClient: QueryClient, key: readonly unknown[], answer: unknown): void {
  if (answer !== undefined) queryClient.setQueryData(key, answer);
}

export function bootSteps(queryClient: QueryClient): BootSteps {
  return {
    locale: () => initI18n(initialLanguage()),
    version: checkVersion,
    styles: () => seed(queryClient, STYLES_QUERY_KEY, firstScreenAnswer('listStyles', {})),
    user: () => (isSignedIn() ? queryClient.prefetchQuery(meQueryOptions()) : undefined),
    // The larger-font preference, before the first render so that the page does not jump (largerFont.ts).
    preferences: () => applyLargerFont(),
    modifiers: () => seed(queryClient, MODIFIERS_QUERY_KEY, firstScreenAnswer('listModifiers', {})),
  };
}

/** Starts each step in BOOT_ORDER, then waits for all of them. */
export async function runBoot(steps: BootSteps): Promise<void> {
  const running: Promise<unknown>[] = [];
  for (const name of BOOT_ORDER) running.push(Promise.resolve(steps[name]()));
  await Promise.all(running);
}

export function boot(queryClient: QueryClient): Promise<void> {
  return runBoot(bootSteps(queryClient));
}
