import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cookieValue, me, settle, translation, waitForPath } from './support/app.ts';
import { DESKTOP, openBrowser, PHONE } from './support/browser.ts';
import { logIn, newAccount, safeSampleUuid, type Account } from './support/gallery.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The onboarding (apps/web/src/features/onboarding, docs/product/accounts.md#onboarding) in Chromium: after
 * signing up, the register-success dialog with the welcome tickets; the account setup, which neither Escape
 * nor a click outside closes, saved for good; the product tour (Next, Back, a missing element skipped,
 * Close remembered by the `tour` cookie); and the larger-font preference. Its browsers do not get through
 * the onboarding by themselves (support/onboarding.ts): that is what is tested here. Screenshots of the setup
 * and of a tour step, in English, German and Japanese (CJK fit), at 1280×800 and 390×844, go to
 * /tmp/onboarding-shots. With them, the other client behaviour of the same change: the flood guard.
 */
const server = serverForFile();
const SHOTS = '/tmp/onboarding-shots';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/locales');
function onboardingText(lang: string, key: string): string {
  let value: unknown = JSON.parse(readFileSync(path.join(LOCALES, lang, 'onboarding.json'), 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`no onboarding text ${lang}:${key}`);
  return value;
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** An account created through the API that has not answered the setup (as after the sign-up form). */
async function unacknowledgedAccount(page: Page, prefix: string): Promise<Account> {
  const account = newAccount(prefix);
  const created = await page.request.post(`${server.url}/api/user/create`, {
    data: account,
    headers: { origin: server.url },
  });
  expect(created.status()).toBe(201);
  return account;
}

const tour = (page: Page) => page.getByTestId('tour');
const stepOf = (page: Page) => tour(page).getAttribute('data-step');

/** Presses Next until the last step; the steps seen, the first included. */
async function walkTour(page: Page): Promise<string[]> {
  const seen = [String(await stepOf(page))];
  const done = onboardingText('en', 'tour.done');
  while ((await page.getByTestId('tour-next').textContent()) !== done) {
    await page.getByTestId('tour-next').click();
    await expect.poll(() => stepOf(page)).not.toBe(seen.at(-1));
    seen.push(String(await stepOf(page)));
  }
  return seen;
}

describe('a new account', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, onboarding: 'manual' });

  it('sees register success, then the setup it cannot close; saving ends it for good and starts the tour', async () => {
    const { page } = browser;
    const account = newAccount('onb');
    await page.goto(`${server.url}/account/signup?rel=create`);
    await page.getByTestId('field-username').fill(account.username);
    await page.getByTestId('field-email').fill(account.email);
    await page.getByTestId('field-password').fill(account.pwd);
    await page.getByTestId('submit').click();
    await waitForPath(page, '/create');

    // Register success, with the tickets the account really got.
    const welcome = page.getByTestId('register-success');
    await welcome.waitFor();
    const user = await me(page, server.url);
    expect(user?.tag_setting_ack).toBe(false);
    const tickets = Number(user?.generation_token);
    expect(tickets).toBeGreaterThan(0);
    expect(await page.getByTestId('register-success-tickets').textContent()).toContain(String(tickets));
    expect(await welcome.textContent()).toContain(account.username);
    await page.getByTestId('register-success-verify').waitFor();
    await page.keyboard.press('Escape');
    await welcome.waitFor({ state: 'detached' });

    // The setup: no close button, and neither Escape nor a click outside closes it.
    const setup = page.getByTestId('account-setup');
    await setup.waitFor();
    expect(await setup.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 400);
    await page.mouse.click(DESKTOP.width - 5, DESKTOP.height - 5);
    expect(await setup.isVisible()).toBe(true);

    // Anime only: the realistic render tag joins the hidden tags (as the settings page keeps them).
    await setup.getByTestId('setup-filter-hentai').click();
    await expect
      .poll(async () => {
        const answer = await page.request.get(`${server.url}/api/settings/tags/ban`);
        const { tags } = (await answer.json()) as { tags: { kind: string; name: string }[] };
        return tags.filter((tag) => tag.kind === 'render').map((tag) => tag.name);
      })
      .toEqual(['realistic']);
    await setup.getByTestId('setup-keep-updated').check();
    await setup.getByTestId('setup-save').click();
    await setup.waitFor({ state: 'detached' });
    expect(await me(page, server.url)).toMatchObject({ tag_setting_ack: true, keep_updated: true });

    // The tour follows; closing it is remembered.
    await tour(page).waitFor();
    expect(await stepOf(page)).toBe('welcome');
    await page.getByTestId('tour-close').click();
    await tour(page).waitFor({ state: 'detached' });

    // A reload shows neither the setup, nor the welcome, nor the tour again.
    await page.reload();
    await page.getByTestId('generator').waitFor();
    await page.getByTestId('avatar-button').waitFor();
    await page.getByTestId('ticket-count').waitFor();
    expect(await setup.count()).toBe(0);
    expect(await welcome.count()).toBe(0);
    expect(await tour(page).count()).toBe(0);
  });

  it('takes the tour from register success once the setup is saved', async () => {
    const { page } = browser;
    const account = newAccount('ont');
    await page.goto(`${server.url}/account/signup`);
    await page.getByTestId('field-username').fill(account.username);
    await page.getByTestId('field-email').fill(account.email);
    await page.getByTestId('field-password').fill(account.pwd);
    await page.getByTestId('submit').click();
    await waitForPath(page, '/explore');
    await page.getByTestId('register-success-tour').click();
    // The setup comes first (it cannot be skipped), then the tour asked for.
    await page.getByTestId('setup-save').click();
    await tour(page).waitFor();
    expect(await stepOf(page)).toBe('welcome');
  });
});

describe('the product tour', () => {
  const account = newAccount('tour');
  const browser = browserPerTest(server, { cookiesAnswered: true, onboarding: 'manual' });

  it('moves with Next and Back, skips what is missing, and Close keeps it away after a reload', async () => {
    await createAccount(server.url, account);
    const { page } = browser;
    await logIn(page, server.url, account);
    await page.goto(`${server.url}/create`);
    await page.getByTestId('generator').waitFor();
    expect(await tour(page).count()).toBe(0);

    // "Take the tour" in the account menu.
    await page.getByTestId('avatar-button').click();
    await page.getByTestId('menu-tour').click();
    await tour(page).waitFor();
    expect(await stepOf(page)).toBe('welcome');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('tour-next');

    // Next and Back, by keyboard too (Enter on the focused button).
    await page.keyboard.press('Enter');
    await expect.poll(() => stepOf(page)).toBe('presets');
    await page.getByTestId('tour-back').click();
    await expect.poll(() => stepOf(page)).toBe('welcome');
    expect(await page.getByTestId('tour-back').count()).toBe(0);

    // On a desktop the phone's bottom bar is hidden: its step is left out. An element that goes away
    // (here the style picker's anchor) is skipped too, and "step n of m" counts what is left.
    await page.evaluate(() => document.querySelector('[data-tour="styles"]')?.removeAttribute('data-tour'));
    const seen = await walkTour(page);
    expect(seen).toEqual(['welcome', 'presets', 'prompt', 'create', 'tickets', 'nav', 'account']);
    expect(await page.getByTestId('tour-progress').textContent()).toBe(
      onboardingText('en', 'tour.progress').replace('{{number}}', '7').replace('{{total}}', '7'),
    );
    // The lit frame moves to the account button (it slides there: wait for it to arrive).
    const avatar = await page.getByTestId('avatar-button').boundingBox();
    await expect
      .poll(async () => {
        const spotlight = await page.getByTestId('tour-spotlight').boundingBox();
        return spotlight && avatar ? Math.abs(spotlight.x + 6 - avatar.x) : Infinity;
      })
      .toBeLessThan(2);

    // Under way, a reload brings it back; closed, it stays away and the cookie says so for a day.
    await page.reload();
    await tour(page).waitFor();
    await page.keyboard.press('Escape');
    await tour(page).waitFor({ state: 'detached' });
    expect(await cookieValue(page, server.url, 'tour')).toBe('1');
    const cookie = (await page.context().cookies(server.url)).find((item) => item.name === 'tour');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await page.reload();
    await page.getByTestId('generator').waitFor();
    await page.getByTestId('avatar-button').waitFor();
    expect(await tour(page).count()).toBe(0);
  });
});

describe('the larger-font preference', () => {
  const account = newAccount('font');
  const browser = browserPerTest(server, { cookiesAnswered: true });

  it('scales the root font size at once and after a reload, and switches back', async () => {
    await createAccount(server.url, account);
    const { page } = browser;
    await logIn(page, server.url, account);
    const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    const bodySize = () => page.evaluate(() => getComputedStyle(document.body).fontSize);
    await page.goto(`${server.url}/settings`);
    const toggle = page.getByTestId('settings-larger-font');
    await toggle.waitFor();
    expect(await rootSize()).toBe('16px');
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await rootSize()).toBe('18px');
    expect(await bodySize()).toBe('18px');
    expect(await cookieValue(page, server.url, 'larger_font')).toBe('1');

    await page.reload();
    await toggle.waitFor();
    expect(await rootSize()).toBe('18px');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    expect(await rootSize()).toBe('16px');
    expect(await cookieValue(page, server.url, 'larger_font')).toBeUndefined();
  });
});

describe('the flood guard', () => {
  const account = newAccount('flood');
  const browser = browserPerTest(server, { cookiesAnswered: true });

  it('refuses the seventh quick favourite: nothing is sent, the heart stays, a notice says to wait', async () => {
    await createAccount(server.url, account);
    const uuid = await safeSampleUuid(server.url);
    const { page } = browser;
    await logIn(page, server.url, account);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/action/favorite') sent.push(request.method());
    });
    // The page's clock is the test's (installed before the app reads it), and stands still once the image
    // is open: the clicks are "quick" however slow the machine that runs the test, so the guard's decision
    // does not depend on the round trips' timing.
    await page.clock.install();
    await page.goto(`${server.url}/image/${uuid}`);
    const heart = page.getByTestId('viewer-favorite');
    await heart.waitFor();
    expect(await heart.getAttribute('data-active')).toBe('false');
    await page.clock.pauseAt(Date.now() + 1000);

    // Six toggles in quick succession go through (the heart ends empty again)…
    for (let index = 0; index < 6; index += 1) {
      await heart.click();
      await expect.poll(() => heart.getAttribute('data-active')).toBe(index % 2 === 0 ? 'true' : 'false');
      await expect.poll(() => heart.getAttribute('aria-busy')).not.toBe('true');
    }
    expect(sent).toHaveLength(6);
    // …the seventh, within the second after, is refused before it leaves the page.
    await heart.click();
    await expect
      .poll(() => page.getByTestId('notice').allInnerTexts())
      .toContainEqual(expect.stringContaining(translation('en', 'error', 'spam_protection')));
    expect(await heart.getAttribute('data-active')).toBe('false');
    expect(sent).toHaveLength(6);
    const info = await page.request.get(`${server.url}/api/image/${uuid}/info`);
    expect(((await info.json()) as { is_favorite: boolean }).is_favorite).toBe(false);
  });
});

describe('screenshots of the setup and the tour', () => {
  // One account per screen size (sign-ups are limited per address): the language changes between shots.
  const LANGS = ['en', 'de', 'ja'] as const;
  for (const [viewport, size] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`${size}: ${LANGS.join(', ')}`, async () => {
      const opened = await openBrowser({ viewport, isMobile: size === 'phone', onboarding: 'manual' });
      try {
        const { page, context } = opened;
        await context.addCookies([{ name: 'cookie_consent', value: 'all', url: server.url }]);
        const inLanguage = (lang: string) =>
          context.addCookies([{ name: 'language', value: lang, url: server.url }]);
        await unacknowledgedAccount(page, `sh${size.slice(0, 1)}`);
        const setup = page.getByTestId('account-setup');
        for (const lang of LANGS) {
          await inLanguage(lang);
          await page.goto(`${server.url}/create`);
          await setup.waitFor();
          await setup.getByTestId('hidden-tags-empty').waitFor();
          expect(await setup.textContent()).toContain(onboardingText(lang, 'setup.title'));
          await shot(page, `setup-${size}-${lang}`);
        }

        await setup.getByTestId('setup-save').click();
        await tour(page).waitFor();
        for (const lang of LANGS) {
          // Under way, the tour comes back after a reload, at its start.
          await inLanguage(lang);
          await page.reload();
          await tour(page).waitFor();
          expect(await tour(page).textContent()).toContain(onboardingText(lang, 'tour.steps.welcome.title'));
          await page.getByTestId('tour-next').click();
          // The phone has no presets column: its first step after the welcome is the style picker.
          await expect.poll(() => stepOf(page)).toBe(size === 'phone' ? 'styles' : 'presets');
          await shot(page, `tour-${size}-${lang}`);
          if (size === 'phone') {
            const seen = await walkTourTo(page, 'bottom_bar');
            expect(seen).not.toContain('presets');
            expect(seen).not.toContain('nav');
            await shot(page, `tour-${size}-${lang}-bottom-bar`);
          }
        }
      } finally {
        await opened.close();
      }
    });
  }
});

/** Presses Next until `step` shows; the steps seen on the way. */
async function walkTourTo(page: Page, step: string): Promise<string[]> {
  const seen: string[] = [];
  while ((await stepOf(page)) !== step) {
    seen.push(String(await stepOf(page)));
    const before = seen.at(-1);
    await page.getByTestId('tour-next').click();
    await expect.poll(() => stepOf(page)).not.toBe(before);
  }
  return seen;
}
