import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../testing/fakeBrowser.ts';

let guardLoader: (args: LoaderFunctionArgs) => Response | null;

beforeEach(async () => {
  vi.resetModules();
  ({ guardLoader } = await import('./guard.ts'));
});

/** Runs the guard for a URL; returns the redirect target or null. */
function guard(url: string): string | null {
  const response = guardLoader({
    request: new Request(`http://localhost:8080${url}`),
    params: {},
    context: undefined,
  } as LoaderFunctionArgs);
  if (response === null) return null;
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  return response.headers.get('Location');
}

describe('route guard', () => {
  it('sends a guest away from pages that need an account', () => {
    installFakeBrowser();
    expect(guard('/settings')).toBe('/explore');
    expect(guard('/settings/')).toBe('/explore');
    expect(guard('/collection')).toBe('/explore');
    expect(guard('/explore')).toBeNull();
    expect(guard('/account/signin')).toBeNull();
    expect(guard('/')).toBeNull();
  });

  it('sends a signed-in user from the landing and login pages to the gallery', () => {
    installFakeBrowser({ cookies: { auth: 'true' } });
    expect(guard('/')).toBe('/explore');
    expect(guard('/account/signin')).toBe('/explore');
    expect(guard('/account/signup')).toBe('/explore');
    expect(guard('/settings')).toBeNull();
  });

  it('lets /oauth and bots through untouched', () => {
    installFakeBrowser({ cookies: { auth: 'true' } });
    expect(guard('/oauth?code=x&provider=google')).toBeNull();
    installFakeBrowser({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(guard('/settings')).toBeNull();
  });

  it('moves a referral code from the address into a cookie for a guest', () => {
    const { jar } = installFakeBrowser();
    expect(guard('/explore?referral=ABCD2345&sort=new')).toBe('/explore?sort=new');
    expect(jar.cookie).toContain('referral_code=ABCD2345');
    expect(jar.writes.at(-1)).toContain('Max-Age=86400');
    expect(guard('/account/signup?ref=%20XYZ%20')).toBe('/account/signup');
    expect(jar.cookie).toContain('referral_code=XYZ');
  });

  it('drops the referral parameter without storing it for a signed-in user', () => {
    const { jar } = installFakeBrowser({ cookies: { auth: 'true' } });
    expect(guard('/explore?ref=ABCD')).toBe('/explore');
    expect(jar.cookie).not.toContain('referral_code');
    // The guard's own redirect still applies on top.
    expect(guard('/?referral=ABCD')).toBe('/explore');
  });
});
