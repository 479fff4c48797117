/**
 * Startup (docs/product/routes.md#start-up): locale, version check, user refresh. The loader stays up until
 * the locale and the user (for a signed-in visitor) are loaded.
 */
import { APP_VERSION, COOKIE, COOKIE_DAYS } from '@mirage/domain';
import type { QueryClient } from '@tanstack/react-query';
import { deleteCookie, getCookie, setCookie } from '../features/cookie/cookie.ts';
import { initI18n, initialLanguage } from '../features/language/i18n.ts';
import { isSignedIn } from '../features/session/session.ts';
import { meQueryOptions } from '../features/session/useSession.ts';

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

export async function boot(queryClient: QueryClient): Promise<void> {
  const locale = initI18n(initialLanguage());
  checkVersion();
  const user = isSignedIn() ? queryClient.prefetchQuery(meQueryOptions()) : Promise.resolve();
  await Promise.all([locale, user]);
}
