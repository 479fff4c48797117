import type { IncomingMessage } from 'node:http';
import { OAuth2Server, type MutableRedirectUri, type MutableResponse } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, cookieValue, me, translation, waitForPath } from './support/app.ts';
import { DESKTOP, openBrowser, screenshot, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Sign-in with a provider, end to end: Chromium opens the provider in a popup, a real OAuth2 server
 * (oauth2-mock-server) authorises and answers /token and /userinfo, our /oauth page posts the code and
 * reports to the opening tab, which reloads on /explore signed in.
 */
let provider: OAuth2Server;
let server: RunningServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const base = provider.issuer.url!;
  server = await startServer({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      OAUTH_ENDPOINTS: JSON.stringify({
        google: { authorize: `${base}/authorize`, token: `${base}/token`, userinfo: `${base}/userinfo` },
      }),
    },
  });
});

// Each test's browsers close after it, and it fails on an uncaught error in any of their pages.
afterEach(async () => {
  provider.service.removeAllListeners();
  const used = browsers.splice(0);
  const pageErrors = used.flatMap((browser) => browser.errors);
  await Promise.all(used.map((browser) => browser.close()));
  expect(pageErrors, 'uncaught errors in the pages').toEqual([]);
});

afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

/** The provider's next /userinfo answer. */
function userinfo(body: Record<string, unknown>) {
  provider.service.once('beforeUserinfo', (response: MutableResponse, _req: IncomingMessage) => {
    response.body = body;
  });
}

async function open(locale = 'en-US'): Promise<Page> {
  const browser = await openBrowser({ viewport: DESKTOP, locale });
  browsers.push(browser);
  await browser.page.goto(`${server.url}/account/signin`);
  await browser.page.getByTestId('signin-form').waitFor();
  await acceptCookies(browser.page);
  return browser.page;
}

/** Clicks the Google button and returns the popup once it has closed itself. */
async function signInWithGoogle(page: Page): Promise<Page> {
  const popupOpened = page.context().waitForEvent('page');
  await page.getByTestId('oauth-google').click();
  const popup = await popupOpened;
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 15_000 });
  return popup;
}

describe('OAuth sign-in in a popup', () => {
  it('shows only the configured provider on the sign-in page', async () => {
    const page = await open();
    const google = page.getByTestId('oauth-google');
    await google.waitFor();
    expect(await google.isVisible()).toBe(true);
    expect(await google.innerText()).toContain('Google');
    expect(await page.getByTestId('oauth-discord').count()).toBe(0);
    await screenshot(page, 'desktop-signin-oauth');
  });

  it('signs a new user in through the provider and lands on /explore', async () => {
    const subject = `harbour-${Date.now()}`;
    const email = `${subject}@example.com`;
    userinfo({ sub: subject, email, email_verified: true, name: 'Harbour Keeper' });
    const page = await open();
    expect(await me(page, server.url)).toBeNull();

    const popup = await signInWithGoogle(page);
    // The popup went through the provider and came back to our /oauth page before closing.
    expect(new URL(popup.url()).pathname).toBe('/oauth');
    await waitForPath(page, '/explore');
    await page.getByTestId('avatar-button').waitFor();
    expect(await page.getByTestId('avatar-button').isVisible()).toBe(true);
    const user = await me(page, server.url);
    expect(user?.email).toBe(email);
    expect(user?.username).toMatch(/^HarbourKe/);
    expect(await cookieValue(page, server.url, 'auth')).toBe('true');
  });

  it('reports a refused sign-in to the opener, translated, and stays signed out', async () => {
    userinfo({
      sub: `unverified-${Date.now()}`,
      email: `unverified${Date.now()}@example.com`,
      email_verified: false,
      name: 'Nobody Verified',
    });
    // A French browser: the opener shows the French text of the error code.
    const page = await open('fr-FR');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await signInWithGoogle(page);

    const alert = page.getByTestId('form-error');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(translation('fr', 'error', 'oauth_failed'));
    expect(new URL(page.url()).pathname).toBe('/account/signin');
    expect(await page.getByTestId('avatar-button').count()).toBe(0);
    expect(await me(page, server.url)).toBeNull();
    expect(await cookieValue(page, server.url, 'auth')).toBeUndefined();
    // The Google button is usable again (not stuck in its busy state).
    await expect.poll(() => page.getByTestId('oauth-google').isEnabled()).toBe(true);
    await screenshot(page, 'desktop-signin-oauth-failed-fr');
  });

  it('tells the opener when the user cancels consent at the provider', async () => {
    // The provider sends the user back with ?error=access_denied and no code.
    provider.service.once('beforeAuthorizeRedirect', (redirect: MutableRedirectUri) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    const page = await open();
    const popup = await signInWithGoogle(page);
    expect(new URL(popup.url()).searchParams.get('error')).toBe('access_denied');
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').innerText()).toBe(translation('en', 'error', 'oauth_failed'));
    expect(new URL(page.url()).pathname).toBe('/account/signin');
    expect(await me(page, server.url)).toBeNull();
  });

  it('signs the same provider identity into the same account twice', async () => {
    const subject = `returning-${Date.now()}`;
    const email = `${subject}@example.com`;
    const profile = { sub: subject, email, email_verified: true, name: 'Harbour Keeper' };
    userinfo(profile);
    const first = await open();
    await signInWithGoogle(first);
    await waitForPath(first, '/explore');
    const firstId = (await me(first, server.url))?.id;
    expect(firstId).toBeTypeOf('number');

    userinfo(profile);
    const second = await open();
    await signInWithGoogle(second);
    await waitForPath(second, '/explore');
    expect((await me(second, server.url))?.id).toBe(firstId);
  });
});
