import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, rawKeysIn } from './support/app.ts';
import { DESKTOP, openBrowser, PHONE, screenshot } from './support/browser.ts';
import {
  boardUuids,
  dismissNotices,
  freeAnimeStyle,
  logIn,
  newAccount,
  pickTag,
  signUp,
  signUpWithTwoImages,
  tagId,
  waitForSamples,
} from './support/gallery.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * Saved prompts in the gallery search panel (docs/product/collections-and-prompts.md#saved-prompts,
 * docs/product/gallery.md#search /api/prompt) against the real API and the local preview worker. Before the
 * tests, an author generates two images and saves (and shares) a prompt of the two tags only its lighthouse
 * image has. A new account searches /explore for those tags and saves the search from the panel; the author
 * narrows by format and applies the saved prompt from the prompt browser and from the quick list: the tags
 * come back, the format filter stays, the same image is found. Another account finds the prompt under
 * Community, subscribes, and gets the same result from it. Each test opens its own browser.
 * Screenshots: desktop-saved-prompts-panel, desktop-saved-prompts-browser, phone-saved-prompts-panel.
 */
const server = serverForFile();
const author = newAccount('sav');
/** The author's saved prompt, shared with the community (made before the tests). */
const PROMPT_NAME = 'Harbour lighthouse';
const uuids = { lighthouse: '', forest: '' };
let format = '';

const query = (target: Page) => new URL(target.url()).searchParams;
const tagNames = (value: string | null) =>
  (value ?? '')
    .split(',')
    .filter(Boolean)
    .map((item) => item.slice(item.indexOf(':') + 1))
    .sort();

beforeAll(async () => {
  const styleId = (await freeAnimeStyle(server.url)).id;
  await waitForSamples(server.url);
  const setup = await openBrowser();
  try {
    const images = await signUpWithTwoImages(setup.page, server.url, author, styleId);
    uuids.forest = images.forest.uuid;
    uuids.lighthouse = images.lighthouse.uuid;
    format = images.lighthouse.format;
    const tags = [await tagId(server.url, 'a lighthouse at dusk'), await tagId(server.url, 'harbour')];
    const saved = await setup.page.request.post(`${server.url}/api/prompt/save`, {
      data: { lib: PROMPT_NAME, pos_tags: tags, opt_tags: [], neg_tags: [], public: true },
      headers: { origin: server.url },
    });
    expect(saved.ok()).toBe(true);
  } finally {
    await setup.close();
  }
});

/** /explore with the search panel open, the cookie banner answered. */
async function openSearchPanel(page: Page) {
  await page.goto(`${server.url}/explore?search=open`);
  await acceptCookies(page);
  await page.getByTestId('search-panel').waitFor();
}

describe('saving a search', () => {
  const browser = browserPerTest(server, { reducedMotion: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);
  const SAVED_NAME = 'Lighthouse by the harbour';

  it('saves a search from the panel, shared with the community', async () => {
    const { page } = browser;
    await signUp(page, server.url, newAccount('svr'));
    await openSearchPanel(page);
    // Nothing to save yet: the button is off and a line says why.
    expect(await byTestId('search-save').isDisabled()).toBe(true);
    expect(await byTestId('search-save-hint').innerText()).toBe(
      'Add at least one tag to the search before saving it.',
    );
    await byTestId('quick-saved-empty').waitFor();

    await pickTag(page, 'search-input-pos', 'search-options-pos', 'ligh', 'a lighthouse at dusk');
    await byTestId('search-chip-pos').waitFor();
    await pickTag(page, 'search-input-pos', 'search-options-pos', 'harb', 'harbour');
    await expect.poll(() => boardUuids(page)).toEqual([uuids.lighthouse]);
    expect(tagNames(query(page).get('pos'))).toEqual(['a lighthouse at dusk', 'harbour']);
    expect(await byTestId('search-save-hint').count()).toBe(0);

    await byTestId('search-save').click();
    const dialog = byTestId('save-prompt-dialog');
    await dialog.waitFor();
    const name = byTestId('save-prompt-name');
    // Prefilled from the tag names.
    expect(await name.inputValue()).toContain('a lighthouse at dusk');
    expect(await dialog.getByTestId('prompt-tags-pos').innerText()).toContain('harbour');
    await name.fill(SAVED_NAME);
    await byTestId('save-prompt-public').click();
    expect(await byTestId('save-prompt-public').getAttribute('aria-checked')).toBe('true');
    await byTestId('save-prompt-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => byTestId('notice').innerText()).toContain(`“${SAVED_NAME}” saved and shared`);

    // The quick list has it at once.
    const item = byTestId('quick-saved-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain(SAVED_NAME);
    expect(await item.innerText()).toContain('2 tags');
    expect(await byTestId('quick-saved-count').innerText()).toBe('1 of 100');
    expect(rawKeysIn(await page.locator('body').innerText())).toEqual([]);
    await page.mouse.move(0, 0);
    await dismissNotices(page);
    await screenshot(page, 'desktop-saved-prompts-panel');
  });
});

describe('applying a saved prompt', () => {
  const browser = browserPerTest(server, { account: () => author, reducedMotion: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('applies it from the prompt browser: the tags come back, the format filter stays', async () => {
    const { page } = browser;
    await openSearchPanel(page);
    expect(await byTestId('search-chip-pos').count()).toBe(0);
    await byTestId(`filter-format-${format}`).click();
    await expect.poll(() => query(page).get('fmt')).toBe(format);
    await expect.poll(async () => (await boardUuids(page)).length).toBeGreaterThan(1);

    await byTestId('search-saved-prompts').click();
    const browserDialog = byTestId('prompt-browser');
    await browserDialog.waitFor();
    expect(await byTestId('prompt-tab-mine').getAttribute('aria-selected')).toBe('true');
    const row = browserDialog.getByTestId('prompt-row').filter({ hasText: PROMPT_NAME });
    await row.waitFor();
    expect(await row.innerText()).toContain('Public');
    // Escape closes the dialog, not the search panel under it.
    await page.keyboard.press('Escape');
    await browserDialog.waitFor({ state: 'detached' });
    expect(await byTestId('search-panel').isVisible()).toBe(true);
    expect(query(page).get('search')).toBe('open');

    await dismissNotices(page);
    await byTestId('search-saved-prompts').click();
    await browserDialog.waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'desktop-saved-prompts-browser');
    await row.getByTestId('prompt-apply').click();
    await browserDialog.waitFor({ state: 'detached' });
    await expect.poll(() => tagNames(query(page).get('pos'))).toEqual(['a lighthouse at dusk', 'harbour']);
    expect(query(page).get('fmt')).toBe(format);
    expect(query(page).get('search')).toBe('open');
    await expect.poll(() => boardUuids(page)).toEqual([uuids.lighthouse]);
    expect(await byTestId('search-chip-pos').count()).toBe(2);

    // Like any search change it is a step in the history: back is the search before it.
    await page.goBack();
    await expect.poll(() => byTestId('search-chip-pos').count()).toBe(0);
    expect(query(page).get('fmt')).toBe(format);
    await page.goForward();
    await expect.poll(() => byTestId('search-chip-pos').count()).toBe(2);
  });

  it('applies it from the quick list too', async () => {
    const { page } = browser;
    await openSearchPanel(page);
    expect(await byTestId('search-chip-pos').count()).toBe(0);
    await byTestId('quick-saved-item').click();
    await expect.poll(() => tagNames(query(page).get('pos'))).toEqual(['a lighthouse at dusk', 'harbour']);
    await expect.poll(() => boardUuids(page)).toEqual([uuids.lighthouse]);
    await expect.poll(() => byTestId('notice').innerText()).toContain(`“${PROMPT_NAME}” applied`);
  });
});

describe('a saved prompt seen by others and on a phone', () => {
  it('lets another user subscribe to it from Community and search with it', async () => {
    const other = await openBrowser({ viewport: DESKTOP });
    try {
      const reader = other.page;
      await reader.emulateMedia({ reducedMotion: 'reduce' });
      await signUp(reader, server.url, newAccount('sub'));
      await acceptCookies(reader);
      await reader.goto(`${server.url}/explore?search=open`);
      await reader.getByTestId('search-panel').waitFor();
      await reader.getByTestId('quick-saved-empty').waitFor();
      await reader.getByTestId('search-saved-prompts').click();
      const dialog = reader.getByTestId('prompt-browser');
      await dialog.waitFor();
      await reader.getByTestId('prompt-tab-community').click();
      const row = dialog.getByTestId('prompt-row').filter({ hasText: PROMPT_NAME });
      await row.waitFor();
      expect(await row.innerText()).toContain(`by ${author.username}`);
      expect(await row.getByTestId('prompt-subscribers').innerText()).toBe('0 subscribers');
      await row.getByTestId('prompt-subscribe').click();
      await expect.poll(() => row.getByTestId('prompt-subscribers').innerText()).toBe('1 subscriber');
      expect(await row.getByTestId('prompt-subscribe').innerText()).toBe('Unsubscribe');

      // "Only prompts I subscribe to" lists it.
      await reader.getByTestId('prompt-subscribed').click();
      await expect.poll(() => dialog.getByTestId('prompt-row').count()).toBe(1);
      await row.getByTestId('prompt-apply').click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => tagNames(new URL(reader.url()).searchParams.get('pos')))
        .toEqual(['a lighthouse at dusk', 'harbour']);
      await expect.poll(() => boardUuids(reader)).toEqual([uuids.lighthouse]);
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('fits a phone (390×844): the quick list folds under its heading', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      await logIn(phone.page, server.url, author);
      await phone.page.goto(`${server.url}/explore?search=open`);
      await acceptCookies(phone.page);
      await phone.page.getByTestId('search-panel').waitFor();
      const toggle = phone.page.getByTestId('quick-saved-toggle');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await phone.page.getByTestId('quick-saved-item').count()).toBe(0);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await phone.page.getByTestId('quick-saved-item').click();
      await expect
        .poll(() => tagNames(new URL(phone.page.url()).searchParams.get('pos')))
        .toEqual(['a lighthouse at dusk', 'harbour']);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
        0,
      );
      await phone.page.getByTestId('saved-searches').scrollIntoViewIfNeeded();
      await dismissNotices(phone.page);
      await screenshot(phone.page, 'phone-saved-prompts-panel');

      // The browser is full screen on a phone.
      await phone.page.getByTestId('search-saved-prompts').click();
      const dialog = phone.page.getByTestId('prompt-browser');
      await dialog.waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 1);
      await screenshot(phone.page, 'phone-saved-prompts-browser');
    } finally {
      await phone.close();
    }
  });
});
