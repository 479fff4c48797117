import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, me, rawKeysIn, waitForPath } from './support/app.ts';
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The gallery boards (spec §2, §4, §9) against the real API, the local preview worker and the 24 guest
 * samples the server paints at start, in Chromium. A guest sees the samples with the NSFW ones blurred
 * until they confirm being 18 (under 18 keeps the blur) and a sign-up call. A new account generates two
 * images, finds one through the search panel (?search=open) with the tag autocomplete, clears the
 * search, switches Newest/Shuffle (remembered per board; optional tags pause shuffle), pages through
 * /explore with infinite scroll, opens an image, and sees both images on /creations.
 * Screenshots: desktop-explore-guest, desktop-explore-search, phone-explore-guest, phone-explore-search,
 * desktop-creations.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let freeStyleId = 0;
let userId = 0;
const account = {
  username: `gal${Date.now() % 100000}`,
  email: `gallery${Date.now()}@example.com`,
  pwd: 'lighthouse-dusk-3',
};
const LIGHTHOUSE = 'a lighthouse at dusk, harbour';
const FOREST = 'a forest path, fog';
const uuids = { lighthouse: '', forest: '' };
/** The gallery pages the board asked for (`size=12&page=1`). */
const pagesAsked: string[] = [];

const byTestId = (id: string) => page.getByTestId(id);

/** Nested keys of the gallery namespace: i18next shows a key where a translation is missing. */
const EN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/locales/en');
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}
const GALLERY_KEYS = leafKeys(JSON.parse(readFileSync(path.join(EN, 'gallery.json'), 'utf8')));
const untranslated = (text: string) => [
  ...rawKeysIn(text),
  ...GALLERY_KEYS.filter((key) => text.includes(key.replace(/_(one|other)$/, ''))),
];
/** The visible kept-alive page (a hidden board keeps its test ids in the DOM). */
const shown = () => page.locator('[data-testid="kept-page"]:not([hidden])');
const cards = () => shown().getByTestId('gallery-card');
const cardUuids = () =>
  cards().evaluateAll((elements) => elements.map((element) => element.getAttribute('data-uuid') ?? ''));
const query = () => new URL(page.url()).searchParams;

interface Card {
  uuid: string;
  nsfw: boolean;
  is_private: boolean;
  width: number;
  height: number;
}

async function search(target: Page, params: string, body: object = {}) {
  const response = await target.request.post(`${server.url}/api/gallery/search?${params}`, {
    data: body,
    headers: { origin: server.url },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { items: Card[]; total: number; total_capped: boolean };
}

async function generate(prompt: string) {
  const before = await page.getByTestId('task-card').count();
  await byTestId('prompt').fill(prompt);
  await expect.poll(() => byTestId('create-button').isEnabled(), { timeout: 30_000 }).toBe(true);
  await byTestId('create-button').click();
  await expect.poll(() => page.getByTestId('task-card').count()).toBe(before + 1);
  await expect
    .poll(() => page.getByTestId('task-card').first().getAttribute('data-state'), { timeout: 60_000 })
    .toBe('9');
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser({ viewport: DESKTOP });
  page = browser.page;
  // The top menu stays in place when scrolled (it slides away otherwise, spec §2).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/gallery/search') {
      pagesAsked.push(`size=${url.searchParams.get('size')}&page=${url.searchParams.get('page')}`);
    }
  });
  const styles = (await (await fetch(`${server.url}/api/config/styles`)).json()) as {
    id: number;
    render: string;
    is_free: boolean;
    txt2img: boolean;
  }[];
  const free = styles.find((style) => style.is_free && style.txt2img && style.render === 'hentai');
  if (!free) throw new Error('the catalogue has no free anime style');
  freeStyleId = free.id;
  // The samples are painted in the background after start.
  const sampleCount = async () => {
    const response = await fetch(`${server.url}/api/gallery/search`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new Error(`gallery search: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { items: unknown[] }).items.length;
  };
  const deadline = Date.now() + 90_000;
  while ((await sampleCount()) < 24) {
    if (Date.now() > deadline) throw new Error('the guest samples were not painted within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the gallery as a guest', () => {
  it('shows the 24 samples, NSFW ones blurred until the visitor confirms being 18, and a sign-up call', async () => {
    await page.goto(`${server.url}/explore`);
    await acceptCookies(page);
    await byTestId('guest-banner').waitFor();
    await expect.poll(() => cards().count()).toBe(24);
    expect(await byTestId('search-toggle').count()).toBe(0);
    expect(await byTestId('order-shuffle').count()).toBe(0);
    expect(await byTestId('guest-signup').first().getAttribute('href')).toBe('/account/signup');
    const blurred = shown().locator('[data-testid="gallery-card"][data-blurred="true"]');
    const samples = (await search(page, 'page=0&size=12')).items;
    const nsfw = samples.filter((card) => card.nsfw).length;
    expect(nsfw).toBeGreaterThan(0);
    expect(await blurred.count()).toBe(nsfw);
    // Fixed aspect ratio from the image's size, the blurhash at once, then the WebP thumbnail.
    const safe = samples.find((card) => !card.nsfw)!;
    const card = shown().locator(`[data-testid="gallery-card"][data-uuid="${safe.uuid}"]`);
    const box = (await card.boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(safe.height / safe.width, 1);
    expect(
      await card
        .locator('span')
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundImage),
    ).toContain('data:image/png');
    const thumbnail = card.locator('img');
    expect(await thumbnail.getAttribute('src')).toBe(`/images/${safe.uuid}-min.webp`);
    expect(await thumbnail.getAttribute('loading')).toBe('lazy');
    await expect.poll(() => thumbnail.getAttribute('data-loaded')).toBe('true');
    // No second page for a guest.
    await page.mouse.wheel(0, 20_000);
    await byTestId('board-end').waitFor();
    expect(await cards().count()).toBe(24);
    expect(untranslated(await page.locator('body').innerText())).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'desktop-explore-guest');

    // Under 18: the dialog closes and the blur stays.
    await blurred.first().click();
    const dialog = byTestId('age-dialog');
    await dialog.waitFor();
    await byTestId('age-minor').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await blurred.count()).toBe(nsfw);
    expect(await page.evaluate(() => localStorage.getItem('age-confirmed'))).toBeNull();

    // 18 or older: remembered in local storage, the images are shown and open the viewer.
    await blurred.first().click();
    await dialog.waitFor();
    await byTestId('age-adult').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await blurred.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('age-confirmed'))).toBe('true');
    await page.reload();
    await expect.poll(() => cards().count()).toBe(24);
    expect(await blurred.count()).toBe(0);
    // ?search=open needs an account: a guest gets no panel.
    await page.goto(`${server.url}/explore?search=open`);
    await expect.poll(() => cards().count()).toBe(24);
    expect(await byTestId('search-panel').count()).toBe(0);
  });

  it('fits a phone (390×844): samples in two columns, no sideways overflow', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      await phone.page.goto(`${server.url}/explore`);
      await acceptCookies(phone.page);
      await phone.page.getByTestId('guest-banner').waitFor();
      await expect.poll(() => phone.page.getByTestId('gallery-card').count()).toBe(24);
      expect(await phone.page.getByTestId('gallery-grid').getAttribute('data-columns')).toBe('2');
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
        0,
      );
      await screenshot(phone.page, 'phone-explore-guest');
    } finally {
      await phone.close();
    }
  });
});

describe('the gallery signed in', () => {
  it('signs up and generates two images on /create', async () => {
    await page.goto(`${server.url}/account/signup?rel=create`);
    await byTestId('field-username').fill(account.username);
    await byTestId('field-email').fill(account.email);
    await byTestId('field-password').fill(account.pwd);
    await byTestId('submit').click();
    await waitForPath(page, '/create');
    await byTestId('generator').waitFor();
    userId = Number((await me(page, server.url))?.id);
    expect(userId).toBeGreaterThan(0);
    await byTestId(`style-option-${freeStyleId}`).click();
    await generate(LIGHTHOUSE);
    await generate(FOREST);
    const mine = await search(page, `page=0&size=12&author_id=${userId}`, { shuffle: null });
    expect(mine.items).toHaveLength(2);
    uuids.forest = mine.items[0]!.uuid;
    uuids.lighthouse = mine.items[1]!.uuid;
  });

  it('finds an image with the search panel: autocomplete, chip with its count, only the matching images', async () => {
    await page.goto(`${server.url}/explore`);
    await byTestId('search-toggle').waitFor();
    await expect.poll(() => cards().count()).toBeGreaterThan(0);
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
    const expected = await search(page, 'page=0&size=12', { pos_search: [tagId] });
    const matching = expected.items.map((card) => card.uuid).sort();
    expect(matching).toContain(uuids.lighthouse);
    expect(matching).not.toContain(uuids.forest);
    await expect.poll(async () => (await cardUuids()).sort()).toEqual(matching);
    expect(await byTestId('result-count').innerText()).toBe(
      `${expected.total} image${expected.total === 1 ? '' : 's'}`,
    );
    await expect.poll(() => chip.getByTestId('search-chip-count').innerText()).toBe(String(expected.total));
    expect(untranslated(await page.locator('body').innerText())).toEqual([]);
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
    // Escape closes the panel (spec §4) and gives the focus back to its toggle.
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
    await page.waitForTimeout(300);
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
    await page.evaluate(() => window.scrollTo(0, 0));
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

  it('opens the search panel on a phone (390×844)', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      const login = await phone.page.request.post(`${server.url}/api/user/login`, {
        data: { username: account.username, pwd: account.pwd },
        headers: { origin: server.url },
      });
      expect(login.ok()).toBe(true);
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
