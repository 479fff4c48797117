import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { translation, waitForPath } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { freeAnimeStyle, newAccount } from './support/gallery.ts';
import { createImage } from './support/image.ts';
import { countKeptPageRenders, keptPageRenders } from './support/renders.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * Kept-alive pages (docs/product/routes.md#kept-alive-pages): /create stays mounted while the user visits
 * another page through the in-app links, so the prompt, the chosen style and settings, the results and the
 * window scroll are all there when they come back, and the task stream opened on the first visit keeps
 * running (a task finishes while the page is hidden, and no second stream is opened). While hidden, the page
 * is `hidden` and `inert`: no focus reaches it, screen readers do not see it, and the title is the visible
 * page's.
 * It also keeps the address it was left at (its useSearchParams does not follow the page on screen) and
 * does not re-render while the user moves between other pages.
 */
// A generation takes a few seconds here (the preview engine paced at 100 ms a step), as on a real engine:
// the tests that leave /create while a task runs must not race a job finished before the page has changed
// (on a loaded machine the default 4 ms a step was done before the menu had navigated away).
const server = serverForFile({ env: { PREVIEW_STEP_DELAY_MS: '100' } });
let freeStyleId = 0;
const PROMPT = 'a quiet harbour in the fog';
const SCROLL_Y = 300;

const EN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/locales/en');
const generatorEn = JSON.parse(readFileSync(path.join(EN, 'generator.json'), 'utf8')) as {
  title: string;
  notice: { done: string; open: string };
};
const generatorTitle = generatorEn.title;

beforeAll(async () => {
  freeStyleId = (await freeAnimeStyle(server.url)).id;
});

describe('a kept-alive page in Chromium', () => {
  const browser = browserPerTest(server, {
    cookiesAnswered: true,
    // The top menu stays in place when scrolled (it slides away otherwise, docs/product/routes.md#shell).
    reducedMotion: true,
    noPageErrors: true,
    prepare: async (page) => {
      await countKeptPageRenders(page);
      // Counts the task streams the page opens.
      await page.addInitScript(() => {
        const Native = window.EventSource;
        const counter = window as unknown as { streamsOpened: number };
        counter.streamsOpened = 0;
        window.EventSource = class extends Native {
          constructor(url: string | URL, init?: EventSourceInit) {
            super(url, init);
            counter.streamsOpened += 1;
          }
        };
      });
    },
  });
  const byTestId = (id: string) => browser.page.getByTestId(id);
  const kept = (pathname: string) =>
    browser.page.locator(`[data-testid="kept-page"][data-path="${pathname}"]`);
  const keptCreate = () => kept('/create');

  /** An in-app navigation without a reload (what the drawer's link does on a narrow screen). */
  async function openInApp(address: string) {
    await browser.page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, address);
    await waitForPath(browser.page, new URL(address, server.url).pathname);
  }
  /** Through the top menu's Create link (in the app, no reload). */
  async function linkToCreate(page: Page) {
    await page
      .getByRole('navigation', { name: translation('en', 'common', 'nav.main') })
      .getByRole('link', { name: translation('en', 'common', 'nav.create') })
      .click();
    await waitForPath(page, '/create');
    await expect.poll(() => keptCreate().getAttribute('hidden')).toBeNull();
  }
  /** Through the avatar menu (in the app, no reload). */
  async function menuToSettings(page: Page) {
    await byTestId('avatar-button').click();
    await byTestId('menu-settings').click();
    await waitForPath(page, '/settings');
    await byTestId('settings-username').waitFor();
  }
  /** A new account of the test's own, signed in, on /create with the free style chosen and PROMPT typed. */
  async function startOnCreate(page: Page) {
    await createAccount(server.url, newAccount('kept'), page);
    await page.goto(`${server.url}/create`);
    await byTestId('generator').waitFor();
    await byTestId(`style-option-${freeStyleId}`).click();
    await byTestId('prompt').fill(PROMPT);
  }
  /** /create scrolled to SCROLL_Y, left for /settings and come back to through the links. */
  async function visitSettingsAndBack(page: Page) {
    await page.evaluate((y) => window.scrollTo(0, y), SCROLL_Y);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(SCROLL_Y);
    await menuToSettings(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await linkToCreate(page);
  }

  it('keeps /create with its prompt, settings, results, stream and scroll across a visit to /settings', async () => {
    const { page } = browser;
    const stamp = Date.now();
    await page.goto(`${server.url}/account/signup?rel=create`);
    await byTestId('field-username').fill(`kept${stamp % 100000}`);
    await byTestId('field-email').fill(`kept${stamp}@example.com`);
    await byTestId('field-password').fill('harbour-fog-lantern-3');
    await byTestId('submit').click();
    await waitForPath(page, '/create');
    await byTestId('generator').waitFor();
    expect(await page.title()).toBe(`${generatorTitle} · Mirage`);

    // Settings a remount would lose (the prompt box is also saved, so the marker below proves more).
    await byTestId(`style-option-${freeStyleId}`).click();
    await byTestId('format-Wide').click();
    await byTestId('creativity-Precise').click();
    await byTestId('prompt').fill(PROMPT);
    await byTestId('create-button').click();
    await byTestId('task-card').first().waitFor();
    await page.evaluate(() => {
      (document.querySelector('[data-testid="generator"]') as unknown as { keptMarker: string }).keptMarker =
        'same element';
    });

    // Scroll the page, then leave through the avatar menu while the task may still be running.
    await page.evaluate((y) => window.scrollTo(0, y), SCROLL_Y);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(SCROLL_Y);
    await byTestId('avatar-button').click();
    await byTestId('menu-settings').click();
    await waitForPath(page, '/settings');
    await byTestId('settings-username').waitFor();

    // Hidden, inert, out of the accessibility tree; the title and the scroll are the settings page's.
    expect(await keptCreate().getAttribute('hidden')).not.toBeNull();
    expect(await keptCreate().getAttribute('inert')).not.toBeNull();
    expect(await byTestId('generator').isVisible()).toBe(false);
    expect(await page.title()).toBe(`${translation('en', 'settings', 'title')} · Mirage`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.locator('main').ariaSnapshot()).not.toContain(PROMPT);
    expect(await page.getByRole('textbox', { name: /prompt/i }).count()).toBe(0);
    for (let press = 0; press < 40; press++) {
      await page.keyboard.press('Tab');
      const inHiddenPage = await page.evaluate(
        () => document.activeElement?.closest('[inert], [hidden]') !== null,
      );
      expect(inHiddenPage).toBe(false);
    }

    // The hidden generator still follows its task stream: the task finishes while the user is away.
    await expect
      .poll(() => page.locator('[data-testid="task-card"]').first().getAttribute('data-state'), {
        timeout: 60_000,
      })
      .toBe('9');

    // Back through the top menu's link.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .getByRole('navigation', { name: translation('en', 'common', 'nav.main') })
      .getByRole('link', { name: translation('en', 'common', 'nav.create') })
      .click();
    await waitForPath(page, '/create');
    await byTestId('generator').waitFor();

    expect(await keptCreate().getAttribute('hidden')).toBeNull();
    expect(await keptCreate().getAttribute('inert')).toBeNull();
    expect(
      await page.evaluate(
        () =>
          (document.querySelector('[data-testid="generator"]') as unknown as { keptMarker?: string })
            .keptMarker,
      ),
    ).toBe('same element');
    expect(await byTestId('prompt').inputValue()).toBe(PROMPT);
    expect(await byTestId(`style-option-${freeStyleId}`).getAttribute('aria-pressed')).toBe('true');
    expect(await byTestId('format-Wide').getAttribute('data-checked')).toBe('true');
    expect(await byTestId('creativity-Precise').getAttribute('data-checked')).toBe('true');
    expect(await byTestId('task-card').count()).toBe(1);
    await byTestId('task-image').first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(SCROLL_Y);
    expect(await page.title()).toBe(`${generatorTitle} · Mirage`);
    expect(await page.evaluate(() => (window as unknown as { streamsOpened: number }).streamsOpened)).toBe(1);
    // One page on screen: the settings page is gone, the generator is the only page in <main>.
    expect(await byTestId('settings-username').count()).toBe(0);
    await screenshot(page, 'desktop-create-kept');
  });

  it('keeps the title of the page on screen when going back and forth with the browser history', async () => {
    const { page } = browser;
    await startOnCreate(page);
    await visitSettingsAndBack(page);
    await page.goBack();
    await waitForPath(page, '/settings');
    await byTestId('settings-username').waitFor();
    await expect.poll(() => page.title()).toBe(`${translation('en', 'settings', 'title')} · Mirage`);
    await page.goBack();
    await waitForPath(page, '/create');
    // The URL changes before the router has rendered the page it goes back to.
    await expect.poll(() => keptCreate().getAttribute('hidden')).toBeNull();
    expect(await page.title()).toBe(`${generatorTitle} · Mirage`);
    expect(await byTestId('prompt').inputValue()).toBe(PROMPT);
    expect(await page.evaluate(() => window.scrollY)).toBe(SCROLL_Y);
  });

  it('closes the dialog of a page that is left while the dialog is open', async () => {
    const { page } = browser;
    await startOnCreate(page);
    await menuToSettings(page);
    await page.goBack();
    await waitForPath(page, '/create');
    await expect.poll(() => keptCreate().getAttribute('hidden')).toBeNull();
    await byTestId('booster-add').click();
    await byTestId('booster-dialog').waitFor();
    // Browser history works while a modal dialog traps focus and the pointer.
    await page.goForward();
    await waitForPath(page, '/settings');
    await byTestId('booster-dialog').waitFor({ state: 'detached' });
    await byTestId('settings-username').waitFor();
    await page.goBack();
    await waitForPath(page, '/create');
    await expect.poll(() => keptCreate().getAttribute('hidden')).toBeNull();
    expect(await byTestId('booster-dialog').count()).toBe(0);
    expect(await byTestId('prompt').inputValue()).toBe(PROMPT);
  });

  it('refreshes a kept-alive /creations when a new image is done, without pressing Refresh', async () => {
    const { page } = browser;
    await startOnCreate(page);
    await createImage(page, PROMPT);
    const openCreations = async () => {
      await openInApp('/creations');
      await byTestId('gallery-board').waitFor();
    };
    const creationsCards = () =>
      page.locator('[data-testid="kept-page"][data-path="/creations"] [data-testid="gallery-card"]');
    await openCreations();
    await expect.poll(() => creationsCards().count(), { timeout: 15_000 }).toBe(1);

    await linkToCreate(page);
    await byTestId('create-button').click();
    await expect.poll(() => byTestId('task-card').count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => byTestId('task-card').first().getAttribute('data-state'), { timeout: 60_000 })
      .toBe('9');

    // Back on the kept page: the new image is there, though the page was never reloaded.
    await openCreations();
    await expect.poll(() => creationsCards().count(), { timeout: 15_000 }).toBe(2);
  });

  it('tells of a generation done while away from /create, with an action that opens the image', async () => {
    const { page } = browser;
    await startOnCreate(page);
    await byTestId('create-button').click();
    await expect.poll(() => byTestId('task-card').count(), { timeout: 15_000 }).toBe(1);

    // Leave for /settings through the avatar menu while the task runs.
    await menuToSettings(page);

    const action = byTestId('notice').getByTestId('notice-action');
    await action.waitFor({ timeout: 60_000 });
    expect(await action.count()).toBe(1);
    expect(await byTestId('notice').textContent()).toContain(generatorEn.notice.done);
    expect(await action.textContent()).toBe(generatorEn.notice.open);
    const uuid = await byTestId('task-card').first().getByTestId('task-view').getAttribute('href');
    await action.click();
    await byTestId('image-viewer').waitFor();
    expect(new URL(page.url()).pathname).toBe(uuid);
    expect(await byTestId('image-viewer').getAttribute('data-uuid')).toBe(uuid?.replace('/image/', ''));
    // Using the action closes the notice.
    expect(await byTestId('notice-action').count()).toBe(0);
  });

  it('leaves a hidden page at the address it was left at, and does not re-render it', async () => {
    const { page } = browser;
    await startOnCreate(page);
    const board = (pathname: string) => kept(pathname).locator('[data-panel]');
    const onBoard = async (address: string) => {
      await openInApp(address);
      const { pathname } = new URL(address, server.url);
      await expect.poll(() => kept(pathname).getAttribute('hidden')).toBeNull();
      await kept(pathname).getByTestId('gallery-board').waitFor();
    };
    // ?search=open opens the board's search panel (docs/product/gallery.md#in-the-web): the page reads it
    // with useSearchParams.
    await onBoard('/explore?search=open');
    await kept('/explore').getByTestId('search-panel').waitFor();
    await onBoard('/collection');
    expect(await kept('/explore').getAttribute('hidden')).not.toBeNull();
    expect(await board('/explore').getAttribute('data-panel')).toBe('true');
    expect(await board('/collection').getAttribute('data-panel')).toBe('false');

    // Moving between other pages, and changing the address of another kept page, leaves it alone.
    await openInApp('/settings');
    await byTestId('settings-username').waitFor();
    await keptPageRenders(page, { reset: true });
    await onBoard('/collection?search=open');
    await kept('/collection').getByTestId('search-panel').waitFor();
    await onBoard('/collection');
    await expect.poll(() => board('/collection').getAttribute('data-panel')).toBe('false');
    const renders = await keptPageRenders(page);
    // The page on screen did render (the count works), the hidden one not once.
    expect(renders['/collection']).toBeGreaterThan(0);
    expect(renders['/explore'] ?? 0).toBe(0);
    expect(await board('/explore').getAttribute('data-panel')).toBe('true');

    // Shown again through the top menu's link (no query): it reads the address it is shown at.
    await page
      .getByRole('navigation', { name: translation('en', 'common', 'nav.main') })
      .getByRole('link', { name: translation('en', 'common', 'nav.explore') })
      .click();
    await waitForPath(page, '/explore');
    await expect.poll(() => kept('/explore').getAttribute('hidden')).toBeNull();
    await expect.poll(() => board('/explore').getAttribute('data-panel')).toBe('false');
    expect(await kept('/collection').getAttribute('hidden')).not.toBeNull();
  });
});
