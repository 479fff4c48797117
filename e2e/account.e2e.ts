import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/api/src/mail/mailer.ts';
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * A person's first visit, through a real server and Chromium: sign up, language, settings, logout, login,
 * password reset through the mail in the outbox, and the 404 page. Screenshots at desktop and phone sizes.
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

async function me(): Promise<Record<string, unknown> | null> {
  const response = await page.request.get(`${server.url}/api/user/me`);
  return response.ok() ? ((await response.json()) as Record<string, unknown>) : null;
}

async function waitForPath(pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
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
    await byTestId('explore-empty').waitFor();
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
    } finally {
      await guest.close();
    }
  });

  it('changes the interface language to Japanese from the avatar menu', async () => {
    await byTestId('avatar-button').click();
    await byTestId('avatar-menu').waitFor();
    await byTestId('menu-language').click();
    await byTestId('language-option-ja').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await expect.poll(() => page.locator('body').innerText()).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
    expect((await me())?.lang).toBe('ja');
    const cookies = await browser.context.cookies(server.url);
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('ja');
    await screenshot(page, 'desktop-explore-japanese');
    // Back to English for the rest of the run.
    await byTestId('avatar-button').click();
    await byTestId('menu-language').click();
    await byTestId('language-option-en').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
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

    await byTestId('settings-password-current').fill(account.pwd);
    await byTestId('settings-password-new').fill('new-lighthouse-2');
    await byTestId('settings-password-save').click();
    await expect.poll(() => byTestId('notice').innerText()).not.toBe('');
    account.pwd = 'new-lighthouse-2';
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
    await byTestId('settings-logout').click();
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
    await byTestId('menu-logout').click();
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
    await expect.poll(() => page.locator('body').innerText()).toMatch(/sign in|password/i);
    const login = await page.request.post(`${server.url}/api/user/login`, {
      data: { username: account.email, pwd: 'reset-lighthouse-3' },
      headers: { origin: server.url },
    });
    expect(login.status()).toBe(200);
    await page.request.post(`${server.url}/api/user/logout`, { headers: { origin: server.url } });
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

describe('phone layout', () => {
  it('renders landing, sign-up, explore, settings and 404 at 390×844', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      const p = phone.page;
      await p.goto(`${server.url}/`);
      await screenshot(p, 'phone-landing');
      await p.goto(`${server.url}/account/signup`);
      await p.getByTestId('signup-form').waitFor();
      await screenshot(p, 'phone-signup');
      const mobileAccount = {
        username: `phone${Date.now() % 100000}`,
        email: `phone${Date.now()}@example.com`,
        pwd: 'lighthouse-dusk-1',
      };
      await p.getByTestId('field-username').fill(mobileAccount.username);
      await p.getByTestId('field-email').fill(mobileAccount.email);
      await p.getByTestId('field-password').fill(mobileAccount.pwd);
      await p.getByTestId('submit').click();
      await p.waitForURL((url) => url.pathname === '/explore');
      await p.getByTestId('mobile-bottom-bar').waitFor();
      await screenshot(p, 'phone-explore-signed-in');
      await p.goto(`${server.url}/settings`);
      await p.getByTestId('settings-username').waitFor();
      await screenshot(p, 'phone-settings');
      await p.goto(`${server.url}/nowhere`);
      await p.getByTestId('not-found').waitFor();
      await screenshot(p, 'phone-404');
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
