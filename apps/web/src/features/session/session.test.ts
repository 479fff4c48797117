import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';

// session.ts keeps "signed out here" in module state: each test loads a fresh copy.
async function load() {
  vi.resetModules();
  return import('./session.ts');
}

beforeEach(() => {
  vi.resetModules();
});

describe('sign-in state', () => {
  it('is signed in only while the auth cookie is exactly "true"', async () => {
    const { isSignedIn } = await load();
    installFakeBrowser({ cookies: { auth: 'true' } });
    expect(isSignedIn()).toBe(true);
    installFakeBrowser({ cookies: { auth: 'false' } });
    expect(isSignedIn()).toBe(false);
    installFakeBrowser();
    expect(isSignedIn()).toBe(false);
  });

  it('clearing deletes the cookie and tells subscribers', async () => {
    const { clearAuthCookie, isSignedIn, subscribeSession } = await load();
    const { jar } = installFakeBrowser({ cookies: { auth: 'true' } });
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    clearAuthCookie();
    expect(jar.has('auth')).toBe(false);
    expect(isSignedIn()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    clearAuthCookie();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stays signed out in this page even if the browser keeps the cookie', async () => {
    const { clearAuthCookie, isSignedIn } = await load();
    const { jar } = installFakeBrowser({ cookies: { auth: 'true' } });
    // A cookie the page cannot delete (e.g. set for another path or domain).
    Object.defineProperty(jar, 'cookie', { get: () => 'auth=true', set: () => undefined });
    clearAuthCookie();
    expect(isSignedIn()).toBe(false);
  });
});
