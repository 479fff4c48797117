import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../testing/fakeBrowser.ts';

/** Fresh modules: the API client's handler and the session's "signed out here" flag are module state. */
async function load() {
  vi.resetModules();
  const client = await import('../features/api/client.ts');
  const { createQueryClient, installTokenErrorHandler } = await import('./queryClient.ts');
  const session = await import('../features/session/session.ts');
  return { client, createQueryClient, installTokenErrorHandler, session };
}

/** Throws the same token error the API would answer. */
async function tokenError(client: Awaited<ReturnType<typeof load>>['client']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Promise.resolve(
        new Response('{"detail":{"code":"token_invalid"}}', {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  await client.call('getMe', {}).catch(() => undefined);
}

describe('query retries', () => {
  it('retries network and server failures twice, never a 4xx', async () => {
    const { client, createQueryClient } = await load();
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (
      n: number,
      e: unknown,
    ) => boolean;
    const badRequest = new client.ApiError('validation_error', undefined, 400);
    const serverError = new client.ApiError('internal_error', undefined, 503);
    const offline = new client.ApiError('network', undefined, 0);
    expect(retry(0, badRequest)).toBe(false);
    expect(retry(0, serverError)).toBe(true);
    expect(retry(1, offline)).toBe(true);
    expect(retry(2, offline)).toBe(false);
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });
});

describe('a token error while signed in', () => {
  it('clears the auth cookie and the cache, then reloads once', async () => {
    const { client, installTokenErrorHandler } = await load();
    const browser = installFakeBrowser({ cookies: { auth: 'true' } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['user', 'me'], { id: 1 });
    installTokenErrorHandler(queryClient);
    await tokenError(client);
    expect(browser.jar.has('auth')).toBe(false);
    expect(queryClient.getQueryData(['user', 'me'])).toBeUndefined();
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within 10 s of the last reload (no loop)', async () => {
    const { client, installTokenErrorHandler } = await load();
    const browser = installFakeBrowser({ cookies: { auth: 'true' } });
    browser.sessionStorage.setItem('mirage:token-reload', String(Date.now() - 2000));
    installTokenErrorHandler(new QueryClient());
    await tokenError(client);
    expect(browser.jar.has('auth')).toBe(false);
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('reloads again once the last reload is older than 10 s', async () => {
    const { client, installTokenErrorHandler } = await load();
    const browser = installFakeBrowser({ cookies: { auth: 'true' } });
    browser.sessionStorage.setItem('mirage:token-reload', String(Date.now() - 11_000));
    installTokenErrorHandler(new QueryClient());
    await tokenError(client);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a guest (e.g. a wrong login)', async () => {
    const { client, installTokenErrorHandler } = await load();
    const browser = installFakeBrowser();
    installTokenErrorHandler(new QueryClient());
    await tokenError(client);
    expect(browser.reload).not.toHaveBeenCalled();
  });
});
