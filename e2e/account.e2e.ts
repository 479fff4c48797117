import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/api/src/mail/mailer.ts';
import {
  cookieValue,
  me as fetchMe,
  rawKeysIn,
  translation,
  waitForPath as waitForPathOn,
  type Lang,
} from './support/app.ts';
import { DESKTOP, openBrowser, screenshot, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * A person's first visit, through a real server and Chromium: sign up, the 8 languages, settings, logout,
 * login, password reset through the mail in the outbox, a session the server no longer accepts, and the
 * 404 page. Desktop screenshots; phone layouts are in phone.e2e.ts.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
const account = {
  username: `keeper${Date.now() % 100000}`,
  email: `keeper${Date.now()}@example.com`,
  pwd: 'lighthouse-dusk-1',
};

const byTestId = (id: string) => page.getByTestId(id);

const me = () => fetchMe(page, server.url);
const waitForPath = (pathname: string) => waitForPathOn(page, pathname);

/**
 * Records, in each document the page loads, the navigations it starts that would load another document
 * (a reload among them). The Navigation API fires `navigate` synchronously when a script calls
 * location.reload(), so a page that asked to reload says so at once, before it goes away.
 */
async function recordDocumentNavigations(target: Page): Promise<void> {
  await target.addInitScript(() => {
    const started: string[] = [];
    Object.assign(window, { documentNavigations: started });
    // The Navigation API is not in TypeScript's DOM library yet: the two fields read here.
    type NavigateEvent = Event & { navigationType: string; destination: { sameDocument: boolean } };
    const { navigation } = window as unknown as { navigation: EventTarget };
    navigation.addEventListener('navigate', (event) => {
      const { navigationType, destination } = event as NavigateEvent;
      if (!destination.sameDocument) started.push(navigationType);
    });
  });
}

const documentNavigations = (target: Page) =>
  target.evaluate(() => (window as unknown as { documentNavigations: string[] }).documentNavigations);

/** How the document on screen was loaded: 'navigate', or 'reload' for a page the app reloaded. */
const loadedBy = (target: Page) =>
  target.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type,
  );

function login(username: string, pwd: string) {
  return page.request.post(`${server.url}/api/user/login`, {
    data: { username, pwd },
    headers: { origin: server.url },
  });
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser({ viewport: DESKTOP });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('account flows in Chromium', () => {
  it('shows the landing page to a guest', async () => {
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.title()).toMatch(/Mirage/);
    await byTestId('landing-primary-cta').waitFor();
    await screenshot(page, 'desktop-landing');
  });

  it('signs up and lands on /explore signed in', async () => {
    await page.goto(`${server.url}/account/signup`);
    await byTestId('cookie-accept')
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await byTestId('signup-form').waitFor();
    await screenshot(page, 'desktop-signup');
    await byTestId('field-username').fill(account.username);
    await byTestId('field-email').fill(account.email);
    await byTestId('field-password').fill(account.pwd);
    await byTestId('submit').click();
    await waitForPath('/explore');
    await byTestId('avatar-button').waitFor();
    await byTestId('gallery-board').waitFor();
    expect((await me())?.username).toBe(account.username);
    await screenshot(page, 'desktop-explore-signed-in');
  });

  it('shows field errors by code, translated', async () => {
    const guest = await openBrowser({ viewport: DESKTOP });
    try {
      await guest.page.goto(`${server.url}/account/signup`);
      await guest.page.getByTestId('field-username').fill('ab');
      await guest.page.getByTestId('field-email').fill('someone@example.com');
      await guest.page.getByTestId('field-password').fill('long-enough-1');
      await guest.page.getByTestId('submit').click();
      await expect
        .poll(() => guest.page.getByText('Invalid username length (must be 3–12 characters).').count())
        .toBeGreaterThan(0);

      // A common password passes the length check here and is refused by the server, under its field.
      await guest.page.getByTestId('field-username').fill(`weak${Date.now() % 100000}`);
      await guest.page.getByTestId('field-password').fill('qwertyui');
      await guest.page.getByTestId('submit').click();
      await guest.page.getByText(translation('en', 'error', 'weak_pwd')).waitFor();
      expect(new URL(guest.page.url()).pathname).toBe('/account/signup');
    } finally {
      await guest.close();
    }
  });

  it('switches through all 8 languages from the avatar menu, with no raw i18n key on screen', async () => {
    // English last, so that the rest of the run reads English.
    const order: Lang[] = ['fr', 'de', 'es', 'it', 'ru', 'zh', 'ja', 'en'];
    for (const lang of order) {
      await byTestId('avatar-button').click();
      await byTestId('avatar-menu').waitFor();
      await byTestId('menu-language').click();
      const dialog = byTestId('language-dialog');
      await dialog.waitFor();
      expect(rawKeysIn(await dialog.innerText()), `language dialog before ${lang}`).toEqual([]);
      await byTestId(`language-option-${lang}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe(translation(lang, 'pages', 'explore.title'));
      expect(rawKeysIn(await page.locator('body').innerText()), `page text in ${lang}`).toEqual([]);

      await byTestId('avatar-button').click();
      expect(await byTestId('menu-settings').innerText()).toBe(translation(lang, 'common', 'nav.settings'));
      expect(rawKeysIn(await byTestId('avatar-menu').innerText()), `avatar menu in ${lang}`).toEqual([]);
      await page.keyboard.press('Escape');
      await byTestId('avatar-menu').waitFor({ state: 'detached' });

      expect((await me())?.lang).toBe(lang);
      expect(await cookieValue(page, server.url, 'language')).toBe(lang);
      if (lang === 'zh' || lang === 'ru') await screenshot(page, `desktop-explore-${lang}`);
    }
  });

  it('edits username, keep-updated and password in /settings', async () => {
    await byTestId('avatar-button').click();
    await byTestId('menu-settings').click();
    await waitForPath('/settings');
    const newName = `${account.username.slice(0, 9)}x`;
    await byTestId('settings-username').fill(newName);
    await byTestId('settings-username-save').click();
    await expect.poll(async () => (await me())?.username).toBe(newName);
    account.username = newName;

    const before = (await me())?.keep_updated;
    await byTestId('settings-keep-updated').click();
    await expect.poll(async () => (await me())?.keep_updated).toBe(!before);

    // A common new password is refused with the translated message, and nothing changes.
    await byTestId('settings-password-current').fill(account.pwd);
    await byTestId('settings-password-new').fill('password1');
    await byTestId('settings-password-save').click();
    await page.getByText(translation('en', 'error', 'weak_pwd')).waitFor();
    expect((await login(account.email, account.pwd)).status()).toBe(200);

    const newPwd = 'new-lighthouse-2';
    await byTestId('settings-password-current').fill(account.pwd);
    await byTestId('settings-password-new').fill(newPwd);
    await byTestId('settings-password-save').click();
    await expect
      .poll(() => byTestId('notice').innerText())
      .toContain(translation('en', 'settings', 'password.saved'));
    // The form empties itself, and the server now takes the new password and refuses the old one.
    expect(await byTestId('settings-password-current').inputValue()).toBe('');
    expect(await byTestId('settings-password-new').inputValue()).toBe('');
    expect((await login(account.email, newPwd)).status()).toBe(200);
    expect((await login(account.email, account.pwd)).status()).toBe(401);
    account.pwd = newPwd;
    await expect.poll(() => byTestId('settings-password-save').isDisabled()).toBe(true);
    await screenshot(page, 'desktop-settings');
  });

  it('keeps the audio setting in a cookie', async () => {
    await byTestId('settings-audio-toggle').click();
    await expect
      .poll(
        async () =>
          (await browser.context.cookies(server.url)).find((cookie) => cookie.name === 'audio')?.value ?? '',
      )
      .toMatch(/off|false|0/);
  });

  it('signs out to /explore as a guest', async () => {
    await Promise.all([page.waitForEvent('load'), byTestId('settings-logout').click()]);
    await waitForPath('/explore');
    await expect.poll(() => byTestId('avatar-button').count()).toBe(0);
    expect(await me()).toBeNull();
  });

  it('sends a guest away from /settings', async () => {
    await page.goto(`${server.url}/settings`);
    await waitForPath('/explore');
  });

  it('signs back in with the new password', async () => {
    await page.goto(`${server.url}/account/signin`);
    await byTestId('signin-form').waitFor();
    await byTestId('field-username').fill(account.username);
    await byTestId('field-password').fill(account.pwd);
    await byTestId('submit').click();
    await waitForPath('/explore');
    await byTestId('avatar-button').waitFor();
    await byTestId('avatar-button').click();
    // Logout reloads the page on /explore: wait for that load, or the next navigation would race it.
    await Promise.all([page.waitForEvent('load'), byTestId('menu-logout').click()]);
    await expect.poll(() => byTestId('avatar-button').count()).toBe(0);
  });

  it('resets a forgotten password through the mail', async () => {
    await page.goto(`${server.url}/account/signin`);
    await byTestId('forgot-password-link').click();
    await byTestId('forgot-email').fill(account.email);
    await byTestId('forgot-submit').click();
    let mail: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
    await expect
      .poll(
        async () => {
          mail = (await readOutbox(server.dataDir)).find((item) => item.to === account.email);
          return mail;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const link = /https?:\/\/\S+\/account\/reset\?token=[\w-]+/.exec(mail!.text)![0];
    await page.goto(link);
    await byTestId('reset-password').fill('reset-lighthouse-3');
    await screenshot(page, 'desktop-reset-password');
    await byTestId('reset-submit').click();
    await page.getByText(translation('en', 'account', 'reset.success')).waitFor();
    expect((await login(account.email, 'reset-lighthouse-3')).status()).toBe(200);
    await page.request.post(`${server.url}/api/user/logout`, { headers: { origin: server.url } });
  });

  it('signs out and reloads once when the server no longer accepts the session', async () => {
    const stale = await openBrowser({ viewport: DESKTOP });
    try {
      // A well-formed token (43 base64url characters, like a real one) that the server never issued.
      await stale.context.addCookies([
        { name: 'mirage_session', value: randomBytes(32).toString('base64url'), url: server.url },
        { name: 'auth', value: 'true', url: server.url },
        { name: 'cookie_consent', value: 'all', url: server.url },
      ]);
      let loads = 0;
      stale.page.on('load', () => loads++);
      await recordDocumentNavigations(stale.page);
      await stale.page.goto(`${server.url}/settings`);
      // The server refuses the session on the first load: the app signs out here and reloads once.
      await expect.poll(() => loadedBy(stale.page), { timeout: 15_000 }).toBe('reload');
      // Signed out: the guard now sends /settings to /explore, and the top menu shows "Sign in".
      await waitForPathOn(stale.page, '/explore');
      await stale.page.getByTestId('signin-button').waitFor();
      expect(await stale.page.getByTestId('avatar-button').count()).toBe(0);
      expect(await cookieValue(stale.page, server.url, 'auth')).toBeUndefined();
      // One reload after the first load, and no more: the reloaded page checked its session before it
      // showed (the app renders after its startup user check) and asked for no other document since.
      expect(await documentNavigations(stale.page)).toEqual([]);
      expect(loads).toBeLessThanOrEqual(2);
      expect(new URL(stale.page.url()).pathname).toBe('/explore');
      expect(stale.errors).toEqual([]);
    } finally {
      await stale.close();
    }
  });

  it('stops after one reload and shows the guest view when the auth flag cannot be cleared', async () => {
    const stuck = await openBrowser({ viewport: DESKTOP });
    try {
      // An `auth` cookie scoped to /settings cannot be deleted by the app's Path=/ deletion.
      await stuck.context.addCookies([
        { name: 'mirage_session', value: randomBytes(32).toString('base64url'), url: server.url },
        { name: 'auth', value: 'true', domain: '127.0.0.1', path: '/settings' },
        { name: 'cookie_consent', value: 'all', url: server.url },
      ]);
      let loads = 0;
      let meCalls = 0;
      stuck.page.on('load', () => loads++);
      stuck.page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/user/me') meCalls++;
      });
      await recordDocumentNavigations(stuck.page);
      await stuck.page.goto(`${server.url}/settings`);
      // The first load reloads once; the reloaded page meets the same refusal within 10 s and stays.
      await expect.poll(() => loadedBy(stuck.page), { timeout: 15_000 }).toBe('reload');
      // This page still counts as signed out: guest menu, and /settings gives way to /explore.
      await waitForPathOn(stuck.page, '/explore');
      await stuck.page.getByTestId('signin-button').waitFor();
      expect(await stuck.page.getByTestId('avatar-button').count()).toBe(0);
      // Its session check (and the refusal) came before it showed: it asked for no other document.
      expect(await documentNavigations(stuck.page)).toEqual([]);
      expect(loads).toBeLessThanOrEqual(2);
      const calls = meCalls;
      // Neither reloading nor asking the server again and again, also as the guest moves on in the app.
      await stuck.page.getByTestId('signin-button').click();
      await waitForPathOn(stuck.page, '/account/signin');
      await stuck.page.getByTestId('signin-form').waitFor();
      expect(await documentNavigations(stuck.page)).toEqual([]);
      expect(loads).toBeLessThanOrEqual(2);
      expect(meCalls).toBe(calls);
      expect(meCalls).toBeLessThanOrEqual(4);
      expect(stuck.errors).toEqual([]);
    } finally {
      await stuck.close();
    }
  });

  it('redirects an unknown path to the 404 page', async () => {
    await page.goto(`${server.url}/no/such/place`);
    await waitForPath('/404');
    await byTestId('not-found').waitFor();
    await screenshot(page, 'desktop-404');
  });

  it('keeps a referral code from the address in a cookie and removes it from the URL', async () => {
    await page.goto(`${server.url}/?referral=ABCD2345`);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const cookie = (await browser.context.cookies(server.url)).find((item) => item.name === 'referral_code');
    expect(cookie?.value).toBe('ABCD2345');
  });

  it('has no uncaught page errors', () => {
    expect(browser.errors).toEqual([]);
  });
});
