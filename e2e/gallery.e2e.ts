import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, waitForPath } from './support/app.ts';
import { openBrowser, PHONE, screenshot } from './support/browser.ts';
import {
  boardUuids,
  freeAnimeStyle,
  logIn,
  newAccount,
  searchGallery,
  shownPage,
  signUpWithTwoImages,
  waitForSamples,
} from './support/gallery.ts';
import { untranslatedGallery } from './support/locales.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * The gallery boards signed in (docs/product/gallery.md#boards, docs/product/image-viewer.md#the-viewer,
 * docs/product/limits.md) against the real API, the local preview worker and the 24 guest samples the server
 * paints at start, in Chromium. A new account generates two images (before the tests; each test then opens
 * its own browser signed in as that account), finds one through the search panel (?search=open) with the tag
 * autocomplete and the style filter, clears the search, switches Newest/Shuffle (remembered per board;
 * optional tags pause shuffle), pages through /explore with infinite scroll, runs autoscroll, opens an image,
 * sees both images on /creations and its /gallery/{username}-{id}, and opens the search panel on a phone. The
 * guest's view is in gallery-guest.e2e.ts. Screenshots: desktop-explore-search,
 * desktop-explore-search-styles, phone-explore-search, desktop-creations.
 */
const server = serverForFile();
let freeStyleId = 0;
let userId = 0;
const account = newAccount('gal');
const uuids = { lighthouse: '', forest: '' };
/** The gallery pages the board asked for (`size=12&page=1`). */
const pagesAsked: string[] = [];

beforeAll(async () => {
  freeStyleId = (await freeAnimeStyle(server.url)).id;
  // The samples are painted in the background after start.
  await waitForSamples(server.url);
  const setup = await openBrowser();
  try {
    const made = await signUpWithTwoImages(setup.page, server.url, account, freeStyleId);
    userId = made.userId;
    uuids.forest = made.forest.uuid;
    uuids.lighthouse = made.lighthouse.uuid;
  } finally {
    await setup.close();
  }
});

describe('the gallery signed in', () => {
  const browser = browserPerTest(server, {
    account: () => account,
    // The top menu stays in place when scrolled (it slides away otherwise, docs/product/routes.md#shell).
    reducedMotion: true,
    prepare: (page) => {
      pagesAsked.length = 0;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/gallery/search') {
          pagesAsked.push(`size=${url.searchParams.get('size')}&page=${url.searchParams.get('page')}`);
        }
      });
    },
  });
  const byTestId = (id: string) => browser.page.getByTestId(id);
  const cards = () => shownPage(browser.page).getByTestId('gallery-card');
  const cardUuids = () => boardUuids(browser.page);
  const query = () => new URL(browser.page.url()).searchParams;

  /** /explore signed in, the cookie banner answered, the board showing (with the search panel if `search`). */
  async function openExplore(search = false) {
    await browser.page.goto(`${server.url}/explore${search ? '?search=open' : ''}`);
    await acceptCookies(browser.page);
    if (search) await byTestId('search-panel').waitFor();
    await expect.poll(() => cards().count()).toBeGreaterThan(0);
  }

  it('finds an image with the search panel: autocomplete, chip with its count, only the matching images', async () => {
    const { page } = browser;
    await openExplore();
    await byTestId('search-toggle').click();
    await byTestId('search-panel').waitFor();
    expect(query().get('search')).toBe('open');
    expect(await byTestId('search-toggle').getAttribute('aria-expanded')).toBe('true');

    const input = byTestId('search-input-pos');
    await input.click();
    await input.pressSequentially('ligh', { delay: 30 });
    const option = byTestId('search-options-pos')
      .getByTestId('search-option')
      .filter({ hasText: 'a lighthouse at dusk' });
    await option.waitFor();
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    // Keyboard: arrows move the active option, Enter picks it.
    const optionIds = await byTestId('search-options-pos')
      .getByTestId('search-option')
      .evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
    const index = optionIds.findIndex((text) => text.startsWith('a lighthouse at dusk'));
    for (let step = 0; step <= index; step += 1) await input.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await input.press('Enter');

    const chip = byTestId('search-chip-pos');
    await chip.waitFor();
    expect(await chip.innerText()).toContain('a lighthouse at dusk');
    expect(query().get('pos')).toMatch(/^\d+:a lighthouse at dusk$/);
    // Every image shown carries the tag: ours, and the curated sample with the same words.
    const tagId = Number(query().get('pos')!.split(':')[0]);
    const expected = await searchGallery(page, server.url, 'page=0&size=12', { pos_search: [tagId] });
    const matching = expected.items.map((card) => card.uuid).sort();
    expect(matching).toContain(uuids.lighthouse);
    expect(matching).not.toContain(uuids.forest);
    await expect.poll(async () => (await cardUuids()).sort()).toEqual(matching);
    expect(await byTestId('result-count').innerText()).toBe(
      `${expected.total} image${expected.total === 1 ? '' : 's'}`,
    );
    await expect.poll(() => chip.getByTestId('search-chip-count').innerText()).toBe(String(expected.total));
    expect(untranslatedGallery(await page.locator('body').innerText())).toEqual([]);
    await page.mouse.move(0, 0);
    await screenshot(page, 'desktop-explore-search');

    // Both tags: only our lighthouse.
    await input.pressSequentially('harb', { delay: 30 });
    await byTestId('search-options-pos')
      .getByTestId('search-option')
      .filter({ hasText: /^harbour/ })
      .click();
    await expect.poll(cardUuids).toEqual([uuids.lighthouse]);
    expect(await byTestId('result-count').innerText()).toBe('1 image');

    // Back and forward step through searches.
    await page.goBack();
    await expect.poll(() => byTestId('search-chip-pos').count()).toBe(1);
    await page.goForward();
    await expect.poll(() => byTestId('search-chip-pos').count()).toBe(2);

    // A card opens the viewer with the board's search in the address.
    await cards().first().click();
    await page.waitForURL((url) => url.pathname === `/image/${uuids.lighthouse}`);
    const viewer = new URL(page.url()).searchParams;
    expect(viewer.get('pos')).toContain('a lighthouse at dusk');
    expect(viewer.get('from')).toBe('explore');
    expect(viewer.get('search')).toBeNull();
    await page.goBack();
    await waitForPath(page, '/explore');
    await expect.poll(cardUuids).toEqual([uuids.lighthouse]);

    // Styles: all chosen by default; turning one off narrows the search (st=…), "Select all" restores it.
    const styleCount = byTestId('filter-styles-count');
    await styleCount.scrollIntoViewIfNeeded();
    expect(await styleCount.innerText()).toBe('All styles');
    const styleButtons = page.locator('[data-testid^="filter-style-"][aria-pressed]');
    const offered = await styleButtons.count();
    expect(offered).toBeGreaterThan(1);
    await byTestId(`filter-style-${freeStyleId}`).click();
    await expect.poll(() => styleCount.innerText()).toBe(`${offered - 1} of ${offered}`);
    expect(query().get('st')?.split(',')).toHaveLength(offered - 1);
    expect(query().get('st')?.split(',')).not.toContain(String(freeStyleId));
    // Our images use that style: the search is now empty and offers to choose more styles.
    await byTestId('explore-empty').waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'desktop-explore-search-styles');
    await byTestId('empty-more-styles').click();
    await byTestId('filter-styles-all').click();
    await expect.poll(() => styleCount.innerText()).toBe('All styles');
    expect(query().get('st')).toBeNull();
    await expect.poll(cardUuids).toEqual([uuids.lighthouse]);

    // Clear all: back to everything.
    await byTestId('search-clear').click();
    await expect.poll(() => byTestId('search-chip-pos').count()).toBe(0);
    expect(query().get('pos')).toBeNull();
    await expect.poll(() => cards().count()).toBe(26);
  });

  it('switches Newest/Shuffle, remembered per board; optional tags pause shuffle', async () => {
    const { page } = browser;
    await openExplore(true);
    const shuffle = byTestId('order-shuffle');
    const newest = byTestId('order-newest');
    expect(await shuffle.getAttribute('data-checked')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('shuffle-explore'))).toBeNull();
    pagesAsked.length = 0;
    await newest.click();
    await expect.poll(() => newest.getAttribute('data-checked')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('shuffle-explore'))).toBe('false');
    // Newest first: the forest path, then the lighthouse.
    await expect.poll(async () => (await cardUuids()).slice(0, 2)).toEqual([uuids.forest, uuids.lighthouse]);
    await byTestId('order-reshuffle').waitFor({ state: 'detached' });

    // Infinite scroll: pages of 12 until one comes back short (24 samples and ours: 26 images).
    await byTestId('board-end').waitFor();
    expect(await cards().count()).toBe(26);
    expect(pagesAsked.filter((entry) => entry.startsWith('size=12&')).length).toBeGreaterThanOrEqual(3);
    await page.evaluate(() => window.scrollTo(0, 0));

    await shuffle.click();
    await expect.poll(() => shuffle.getAttribute('data-checked')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('shuffle-explore'))).toBe('true');
    await byTestId('order-reshuffle').waitFor();

    // An optional tag turns shuffle off while it is there; removing it restores shuffle.
    const optional = byTestId('search-input-opt');
    await optional.pressSequentially('fo', { delay: 30 });
    await byTestId('search-options-opt')
      .getByTestId('search-option')
      .filter({ has: page.getByText('fog', { exact: true }) })
      .click();
    await expect.poll(() => newest.getAttribute('data-checked')).toBe('true');
    expect(await shuffle.locator('input').isDisabled()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('shuffle-explore'))).toBe('true');
    await byTestId('search-chip-opt').click();
    await expect.poll(() => shuffle.getAttribute('data-checked')).toBe('true');

    // The choice survives a reload, per board.
    await newest.click();
    await page.reload();
    await expect.poll(() => byTestId('order-newest').getAttribute('data-checked')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('shuffle-creations'))).toBeNull();
  });

  it('starts and stops autoscroll at 4 speeds; a wheel move stops it', async () => {
    const { page } = browser;
    await openExplore(true);
    // Escape closes the panel (docs/product/gallery.md) and gives the focus back to its toggle.
    await byTestId('search-input-pos').focus();
    await page.keyboard.press('Escape');
    await byTestId('search-panel').waitFor({ state: 'detached' });
    expect(query().get('search')).toBeNull();
    expect(await byTestId('search-toggle').evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    const button = byTestId('autoscroll');
    // By keyboard: a scrolling button is never still enough for a pointer click.
    await button.focus();
    for (const level of ['1', '2', '3', '4']) {
      await page.keyboard.press('Enter');
      expect(await button.getAttribute('data-level')).toBe(level);
    }
    const start = await page.evaluate(() => window.scrollY);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(start + 20);
    await page.mouse.move(600, 500);
    await page.mouse.wheel(0, 10);
    await expect.poll(() => button.getAttribute('data-level')).toBe('0');
    const stopped = await page.evaluate(() => window.scrollY);
    // A running autoscroll moves the page in every animation frame (at the 4th speed a screen in 4 s:
    // over 3 px a frame at 60 frames a second), so 15 frames on it has not moved if it stopped.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let frames = 15;
          const next = () => (--frames === 0 ? resolve() : requestAnimationFrame(next));
          requestAnimationFrame(next);
        }),
    );
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(stopped + 10);

    // The fastest speed runs to the end and stops there (nothing more to load).
    await button.focus();
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('Enter');
    expect(await button.getAttribute('data-level')).toBe('4');
    await expect.poll(() => button.getAttribute('data-level'), { timeout: 30_000 }).toBe('0');
    expect(
      await page.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      ),
    ).toBe(true);
    // Off after the fourth speed.
    await page.evaluate(() => window.scrollTo(0, 0));
    await button.focus();
    for (let press = 0; press < 5; press += 1) await page.keyboard.press('Enter');
    expect(await button.getAttribute('data-level')).toBe('0');
  });

  it('lists both images on /creations, kept alive next to /explore', async () => {
    const { page } = browser;
    await openExplore();
    await page.getByRole('link', { name: 'Create', exact: true }).first().click();
    await waitForPath(page, '/create');
    await page.goto(`${server.url}/creations`);
    await expect.poll(cardUuids).toHaveLength(2);
    expect((await cardUuids()).sort()).toEqual([uuids.lighthouse, uuids.forest].sort());
    await byTestId('board-refresh').click();
    await expect.poll(cardUuids).toHaveLength(2);
    expect(await page.locator('[data-testid="kept-page"][data-path="/creations"]').count()).toBe(1);
    await screenshot(page, 'desktop-creations');

    // /gallery/{username}-{id}: the username is the heading.
    await page.goto(`${server.url}/gallery/${account.username}-${userId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(account.username);
    await expect.poll(() => page.getByTestId('gallery-card').count()).toBe(2);
    await page.goto(`${server.url}/gallery/nobody`);
    await waitForPath(page, '/404');
  });
});

describe('the gallery signed in on a phone', () => {
  it('opens the search panel on a phone (390×844)', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      await logIn(phone.page, server.url, account);
      await phone.page.goto(`${server.url}/explore?search=open`);
      await acceptCookies(phone.page);
      await phone.page.getByTestId('search-panel').waitFor();
      await expect.poll(() => phone.page.getByTestId('gallery-card').count()).toBeGreaterThan(0);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
        0,
      );
      await screenshot(phone.page, 'phone-explore-search');
      await phone.page.getByTestId('search-show-results').click();
      await phone.page.getByTestId('search-panel').waitFor({ state: 'detached' });
      expect(new URL(phone.page.url()).searchParams.get('search')).toBeNull();
    } finally {
      await phone.close();
    }
  });
});
