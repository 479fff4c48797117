import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, rawKeysIn, waitForPath } from './support/app.ts';
import { openBrowser, PHONE, screenshot } from './support/browser.ts';
import {
  boardUuids,
  dismissNotices,
  freeAnimeStyle,
  logIn,
  newAccount,
  pickTag,
  searchGallery,
  signUpWithTwoImages,
  tagId,
  waitForSamples,
} from './support/gallery.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * Hidden tags (docs/product/gallery.md#hidden-tags: blacklisted-tags chips, /api/settings/tags) against the
 * real API and the local preview worker. A new account generates two images (before the tests; each test
 * opens its own browser signed in as it, and sets the hidden tags it starts from through the API), hides the
 * prompt tag "harbour" in /settings with the gallery's autocomplete, goes back to /explore (kept alive, so it
 * must refresh) and no longer sees its harbour image; un-hiding it brings the image back. System tags are
 * hidden from a grouped menu with translated names, and a refused save is rolled back.
 * Screenshots: desktop-settings-hidden-tags, desktop-settings-hidden-tags-menu, phone-settings-hidden-tags.
 */
const server = serverForFile();
let style = { id: 0, lib: '' };
let userId = 0;
const account = newAccount('bl');
const uuids = { lighthouse: '', forest: '' };

beforeAll(async () => {
  style = await freeAnimeStyle(server.url);
  await waitForSamples(server.url);
  const setup = await openBrowser();
  try {
    const images = await signUpWithTwoImages(setup.page, server.url, account, style.id);
    userId = images.userId;
    uuids.forest = images.forest.uuid;
    uuids.lighthouse = images.lighthouse.uuid;
  } finally {
    await setup.close();
  }
});

/** Sets the account's hidden tags through the API: the state a test starts from. */
async function hideOnServer(target: Page, names: string[]) {
  const tags = await Promise.all(names.map((name) => tagId(server.url, name)));
  const put = await target.request.put(`${server.url}/api/settings/tags/ban`, {
    data: { tags },
    headers: { origin: server.url },
  });
  expect(put.ok()).toBe(true);
}

describe('hidden tags', () => {
  const browser = browserPerTest(server, { account: () => account, reducedMotion: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);
  const card = (uuid: string) =>
    browser.page.locator(
      `[data-testid="kept-page"]:not([hidden]) [data-testid="gallery-card"][data-uuid="${uuid}"]`,
    );
  const chips = () => byTestId('hidden-tag');
  const chipTexts = () => chips().allInnerTexts();

  /**
   * Starts a test: the account's hidden tags set to `hidden` through the API, then /explore newest first
   * (the cookie banner answered, our forest image showing), which stays mounted while the test moves
   * inside the app.
   */
  async function start(hidden: string[]) {
    await hideOnServer(browser.page, hidden);
    await browser.page.goto(`${server.url}/explore`);
    await acceptCookies(browser.page);
    await byTestId('order-newest').click();
    await expect.poll(() => card(uuids.forest).count()).toBe(1);
  }
  /** Moves between pages inside the app, so that the kept-alive /explore stays mounted. */
  async function openSettings() {
    await browser.page.evaluate(() => window.scrollTo(0, 0));
    await byTestId('avatar-button').click();
    await byTestId('menu-settings').click();
    await waitForPath(browser.page, '/settings');
    await byTestId('hidden-tags').waitFor();
  }
  async function openExplore() {
    await browser.page.evaluate(() => window.scrollTo(0, 0));
    await browser.page.getByRole('link', { name: 'Explore', exact: true }).first().click();
    await waitForPath(browser.page, '/explore');
  }
  async function hiddenOnServer() {
    const response = await browser.page.request.get(`${server.url}/api/settings/tags/ban`);
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { tags: { name: string }[] }).tags.map((tag) => tag.name).sort();
  }

  it('shows the two new images on /explore, newest first', async () => {
    const { page } = browser;
    await start([]);
    await expect
      .poll(async () => (await boardUuids(page)).slice(0, 2))
      .toEqual([uuids.forest, uuids.lighthouse]);
  });

  it('hides "harbour" in /settings with the tag autocomplete; /explore refreshes without the image', async () => {
    const { page } = browser;
    await start([]);
    await openSettings();
    await byTestId('hidden-tags-empty').waitFor();
    expect(await byTestId('hidden-tags').innerText()).toContain(
      'Images with any of these tags are hidden everywhere',
    );
    await pickTag(page, 'hidden-tags-input', 'hidden-tags-options', 'harb', 'harbour');
    await expect.poll(chipTexts).toEqual(['harbour']);
    await expect.poll(hiddenOnServer).toEqual(['harbour']);
    await expect.poll(() => byTestId('notice').innerText()).toContain('“harbour” is hidden');
    // Already hidden: not offered again.
    await byTestId('hidden-tags-input').pressSequentially('harb', { delay: 30 });
    await byTestId('hidden-tags-options').getByTestId('search-option').first().waitFor();
    expect(
      await byTestId('hidden-tags-options')
        .getByTestId('search-option')
        .filter({ hasText: /^harbour\d/ })
        .count(),
    ).toBe(0);
    await byTestId('hidden-tags-input').fill('');
    await page.mouse.move(0, 0);
    expect(rawKeysIn(await page.locator('body').innerText())).toEqual([]);
    await dismissNotices(page);
    await screenshot(page, 'desktop-settings-hidden-tags');

    // Hidden everywhere: the API agrees for the user's own images too.
    const mine = await searchGallery(page, server.url, `page=0&size=12&author_id=${userId}`, {
      shuffle: null,
    });
    expect(mine.items.map((item) => item.uuid)).toEqual([uuids.forest]);

    await openExplore();
    expect(await page.locator('[data-testid="kept-page"][data-path="/explore"]').count()).toBe(1);
    await expect.poll(() => card(uuids.lighthouse).count()).toBe(0);
    await expect.poll(() => card(uuids.forest).count()).toBe(1);
  });

  it('shows it again: the image comes back', async () => {
    const { page } = browser;
    await start(['harbour']);
    await expect.poll(() => card(uuids.lighthouse).count()).toBe(0);
    await openSettings();
    await chips().filter({ hasText: 'harbour' }).click();
    await byTestId('hidden-tags-empty').waitFor();
    await expect.poll(hiddenOnServer).toEqual([]);
    await openExplore();
    await expect.poll(() => card(uuids.lighthouse).count()).toBe(1);
    expect((await boardUuids(page)).slice(0, 2)).toEqual([uuids.forest, uuids.lighthouse]);
  });

  it('hides a style from the grouped menu with its translated name, then shows it again', async () => {
    const { page } = browser;
    await start([]);
    await openSettings();
    await dismissNotices(page);
    await byTestId('hidden-tags-system').click();
    const menu = byTestId('hidden-tags-system-menu');
    await menu.waitFor();
    const items = menu.getByTestId('hidden-system-tag');
    await expect.poll(() => items.count()).toBeGreaterThan(8);
    const text = await menu.innerText();
    for (const label of [
      'STYLES',
      'KIND',
      'FORMAT',
      'MADE WITH',
      'Anime',
      'Realistic',
      'Portrait',
      'Inpainting',
    ]) {
      expect(text).toContain(label);
    }
    await page.mouse.move(0, 0);
    await screenshot(page, 'desktop-settings-hidden-tags-menu');
    const styleItem = menu.locator(
      `[data-testid="hidden-system-tag"][data-kind="style"][data-name="${style.lib}"]`,
    );
    const styleName = (await styleItem.innerText()).trim();
    expect(styleName).not.toBe(style.lib);
    await styleItem.click();
    // The menu stays open and shows the choice.
    await expect.poll(() => styleItem.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => chips().count()).toBe(1);
    const chipText = await chips().first().innerText();
    expect(chipText).toContain('Style');
    expect(chipText).toContain(styleName);
    expect(await chips().first().getAttribute('data-kind')).toBe('style');
    await expect.poll(hiddenOnServer).toEqual([style.lib]);
    // Both images use that style.
    const mine = await searchGallery(page, server.url, `page=0&size=12&author_id=${userId}`, {
      shuffle: null,
    });
    expect(mine.items).toHaveLength(0);

    await chips().first().click();
    await byTestId('hidden-tags-empty').waitFor();
    await expect.poll(hiddenOnServer).toEqual([]);
  });

  it('shows a change at once and rolls a refused save back, saying so', async () => {
    const { page } = browser;
    await start([]);
    await openSettings();
    await byTestId('hidden-tags-empty').waitFor();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/settings/tags/ban', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await held;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: { code: 'internal_error', data: {} } }),
      });
    });
    try {
      await pickTag(page, 'hidden-tags-input', 'hidden-tags-options', 'fo', 'fog');
      // Optimistic: the chip is there while the server has not answered.
      await expect.poll(chipTexts).toEqual(['fog']);
      release();
      await byTestId('hidden-tags-empty').waitFor();
      await expect
        .poll(() => byTestId('notice').innerText())
        .toContain('Something went wrong on our side. Please try again.');
      expect(await hiddenOnServer()).toEqual([]);
    } finally {
      await page.unroute('**/api/settings/tags/ban');
    }
  });
});

describe('hidden tags on a phone', () => {
  it('fits a phone (390×844)', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      await logIn(phone.page, server.url, account);
      const put = await phone.page.request.put(`${server.url}/api/settings/tags/ban`, {
        data: { tags: [] },
        headers: { origin: server.url },
      });
      expect(put.ok()).toBe(true);
      await phone.page.goto(`${server.url}/settings`);
      await acceptCookies(phone.page);
      const panel = phone.page.getByTestId('hidden-tags');
      await panel.waitFor();
      await phone.page.getByTestId('hidden-tags-input').click();
      await phone.page.getByTestId('hidden-tags-input').pressSequentially('harb', { delay: 30 });
      await phone.page
        .getByTestId('hidden-tags-options')
        .getByTestId('search-option')
        .filter({ hasText: /^harbour\d/ })
        .click();
      await expect.poll(() => phone.page.getByTestId('hidden-tag').count()).toBe(1);
      await phone.page.getByTestId('hidden-tags-system').click();
      await phone.page.getByTestId('hidden-tags-system-menu').waitFor();
      await phone.page
        .locator('[data-testid="hidden-system-tag"][data-kind="format"][data-name="square"]')
        .click();
      await phone.page.keyboard.press('Escape');
      await expect.poll(() => phone.page.getByTestId('hidden-tag').count()).toBe(2);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
        0,
      );
      await panel.scrollIntoViewIfNeeded();
      await dismissNotices(phone.page);
      await screenshot(phone.page, 'phone-settings-hidden-tags');
    } finally {
      await phone.close();
    }
  });
});
