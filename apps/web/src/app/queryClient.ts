import { QueryClient } from '@tanstack/react-query';
import { ApiError, setTokenErrorHandler } from '../features/api/client.ts';
import { clearAuthCookie, isSignedIn } from '../features/session/session.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on retry; network and 5xx failures get two more tries.
        retry: (failureCount, error) =>
          error instanceof ApiError && error.status >= 400 && error.status < 500 ? false : failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

const RELOAD_MARK = 'mirage:token-reload';

/**
 * docs/product/accounts.md#sign-in-state: a token error on a protected call while the auth cookie says
 * "signed in" logs the user out and reloads. A session-storage mark stops a reload loop if the cookie cannot
 * be cleared client-side.
 */
export function installTokenErrorHandler(queryClient: QueryClient): void {
  setTokenErrorHandler(() => {
    if (!isSignedIn()) return;
    clearAuthCookie();
    queryClient.clear();
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last < 10_000) return;
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
    window.location.reload();
  });
}
