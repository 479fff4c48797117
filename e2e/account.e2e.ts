import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/api/src/mail/mailer.ts';
import {
  acceptCookies,
  cookieValue,
  me,
  rawKeysIn,
  translation,
  waitForPath,
  type Lang,
} from './support/app.ts';
import { DESKTOP, openBrowser, screenshot } from './support/browser.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * A person's first visit, through a real server and Chromium: sign up, the 8 languages, settings, logout,
 * login, password reset through the mail in the outbox, a session the server no longer accepts, and the
 * 404 page. Desktop screenshots; phone layouts are in phone.e2e.ts.
 */
const server = serverForFile();
/** A signed-in account that the tests which only read or sign out share (made before the tests). */
const member = newAccount('member');

/** A fresh account's credentials (usernames stay within 12 characters). */
function newAccount(prefix: string) {
  const stamp = `${Date.now() % 100000}${Math.floor(Math.random() * 90 + 10)}`.slice(-(12 - prefix.length));
  return { username: `${prefix}${stamp}`, email: `${prefix}${stamp}@example.com`, pwd: 'lighthouse-dusk-1' };
}

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

function login(page: Page, username: string, pwd: string) {
  return page.request.post(`${server.url}/api/user/login`, {
    data: { username, pwd },
    headers: { origin: server.url },
  });
}

/** /explore signed in, the cookie banner answered. */
async function openExplore(page: Page) {
  await page.goto(`${server.url}/explore`);
  await acceptCookies(page);
  await page.getByTestId('avatar-button').waitFor();
}

/** /settings signed in, the cookie banner answered. */
async function openSettings(page: Page) {
  await page.goto(`${server.url}/settings`);
  await acceptCookies(page);
  await page.getByTestId('settings-username').waitFor();
}

beforeAll(async () => {
  await createAccount(server.url, member);
});

describe('account flows of a guest in Chromium', () => {
  const browser = browserPerTest(server, { noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('shows the landing page to a guest', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.title()).toMatch(/Mirage/);
    await byTestId('landing-primary-cta').waitFor();
    await screenshot(page, 'desktop-landing');
  });

  it('signs up and lands on /explore signed in', async () => {
    const { page } = browser;
    const account = newAccount('keeper');
    await page.goto(`${server.url}/account/signup`);
    await acceptCookies(page);
    await byTestId('signup-form').waitFor();
    await screenshot(page, 'desktop-signup');
    await byTestId('field-username').fill(account.username);
    await byTestId('field-email').fill(account.email);
    await byTestId('field-password').fill(account.pwd);
    await byTestId('submit').click();
    await waitForPath(page, '/explore');
    await byTestId('avatar-button').waitFor();
    await byTestId('gallery-board').waitFor();
    expect((await me(page, server.url))?.username).toBe(account.username);
    await screenshot(page, 'desktop-explore-signed-in');
  });

  it('shows field errors by code, translated', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/account/signup`);
    await page.getByTestId('field-username').fill('ab');
    await page.getByTestId('field-email').fill('someone@example.com');
    await page.getByTestId('field-password').fill('long-enough-1');
    await page.getByTestId('submit').click();
    await expect
      .poll(() => page.getByText('Invalid username length (must be 3–12 characters).').count())
      .toBeGreaterThan(0);

    // A common password passes the length check here and is refused by the server, under its field.
    await page.getByTestId('field-username').fill(`weak${Date.now() % 100000}`);
    await page.getByTestId('field-password').fill('qwertyui');
    await page.getByTestId('submit').click();
    await page.getByText(translation('en', 'error', 'weak_pwd')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/signup');
  });

  it('sends a guest away from /settings', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/settings`);
    await waitForPath(page, '/explore');
  });

  it('signs in with the form and out from the avatar menu', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/account/signin`);
    await acceptCookies(page);
    await byTestId('signin-form').waitFor();
    await byTestId('field-username').fill(member.username);
    await byTestId('field-password').fill(member.pwd);
    await byTestId('submit').click();
    await waitForPath(page, '/explore');
    await byTestId('avatar-button').waitFor();
    await byTestId('avatar-button').click();
    // Logout reloads the page on /explore: wait for that load, or the next navigation would race it.
    await Promise.all([page.waitForEvent('load'), byTestId('menu-logout').click()]);
    await expect.poll(() => byTestId('avatar-button').count()).toBe(0);
  });

  it('resets a forgotten password through the mail', async () => {
    const { page } = browser;
    const account = newAccount('forgot');
    await createAccount(server.url, account);
    await page.goto(`${server.url}/account/signin`);
    await acceptCookies(page);
    await byTestId('forgot-password-link').click();
    await byTestId('forgot-email').fill(account.email);
    await byTestId('forgot-submit').click();
    let mail: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
    await expect
      .poll(
        async () => {
          mail = (await readOutbox(server.server.dataDir)).find(
            (item) => item.to === account.email && item.text.includes('/account/reset?token='),
          );
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
    expect((await login(page, account.email, 'reset-lighthouse-3')).status()).toBe(200);
  });

  it('redirects an unknown path to the 404 page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/no/such/place`);
    await waitForPath(page, '/404');
    await byTestId('not-found').waitFor();
    await screenshot(page, 'desktop-404');
  });

  it('keeps a referral code from the address in a cookie and removes it from the URL', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/?referral=ABCD2345`);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const cookie = (await page.context().cookies(server.url)).find((item) => item.name === 'referral_code');
    expect(cookie?.value).toBe('ABCD2345');
  });
});

describe('account flows signed in, in Chromium', () => {
  const browser = browserPerTest(server, { account: () => member, noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('switches through all 8 languages from the avatar menu, with no raw i18n key on screen', async () => {
    const { page } = browser;
    await openExplore(page);
    // English last, so that the account reads English again.
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

      expect((await me(page, server.url))?.lang).toBe(lang);
      expect(await cookieValue(page, server.url, 'language')).toBe(lang);
      if (lang === 'zh' || lang === 'ru') await screenshot(page, `desktop-explore-${lang}`);
    }
  });

  it('keeps the audio setting in a cookie', async () => {
    const { page } = browser;
    await openSettings(page);
    await byTestId('settings-audio-toggle').click();
    await expect
      .poll(
        async () =>
          (await page.context().cookies(server.url)).find((cookie) => cookie.name === 'audio')?.value ?? '',
      )
      .toMatch(/off|false|0/);
  });

  it('signs out to /explore as a guest', async () => {
    const { page } = browser;
    await openSettings(page);
    await Promise.all([page.waitForEvent('load'), byTestId('settings-logout').click()]);
    await waitForPath(page, '/explore');
    await expect.poll(() => byTestId('avatar-button').count()).toBe(0);
    expect(await me(page, server.url)).toBeNull();
  });
});

describe('account flows with an account of its own, in Chromium', () => {
  const browser = browserPerTest(server, { noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('edits username, keep-updated and password in /settings', async () => {
    const { page } = browser;
    const account = newAccount('editor');
    await createAccount(server.url, account, page);
    await openExplore(page);
    await byTestId('avatar-button').click();
    await byTestId('menu-settings').click();
    await waitForPath(page, '/settings');
    const newName = `${account.username.slice(0, 9)}x`;
    await byTestId('settings-username').fill(newName);
    await byTestId('settings-username-save').click();
    await expect.poll(async () => (await me(page, server.url))?.username).toBe(newName);
    account.username = newName;

    const before = (await me(page, server.url))?.keep_updated;
    await byTestId('settings-keep-updated').click();
    await expect.poll(async () => (await me(page, server.url))?.keep_updated).toBe(!before);

    // A common new password is refused with the translated message, and nothing changes.
    await byTestId('settings-password-current').fill(account.pwd);
    await byTestId('settings-password-new').fill('password1');
    await byTestId('settings-password-save').click();
    await page.getByText(translation('en', 'error', 'weak_pwd')).waitFor();
    expect((await login(page, account.email, account.pwd)).status()).toBe(200);

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
    expect((await login(page, account.email, newPwd)).status()).toBe(200);
    expect((await login(page, account.email, account.pwd)).status()).toBe(401);
    account.pwd = newPwd;
    await expect.poll(() => byTestId('settings-password-save').isDisabled()).toBe(true);
    await screenshot(page, 'desktop-settings');
  });
});

describe('a session the server no longer accepts, in Chromium', () => {
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
      await waitForPath(stale.page, '/explore');
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
      await waitForPath(stuck.page, '/explore');
      await stuck.page.getByTestId('signin-button').waitFor();
      expect(await stuck.page.getByTestId('avatar-button').count()).toBe(0);
      // Its session check (and the refusal) came before it showed: it asked for no other document.
      expect(await documentNavigations(stuck.page)).toEqual([]);
      expect(loads).toBeLessThanOrEqual(2);
      const calls = meCalls;
      // Neither reloading nor asking the server again and again, also as the guest moves on in the app.
      await stuck.page.getByTestId('signin-button').click();
      await waitForPath(stuck.page, '/account/signin');
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
});
