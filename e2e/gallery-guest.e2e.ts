import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies } from './support/app.ts';
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from './support/browser.ts';
import { shownPage, waitForSamples } from './support/gallery.ts';
import { untranslatedGallery } from './support/locales.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The gallery boards for a guest (docs/product/gallery.md#boards, docs/product/limits.md#gallery-and-prompts)
 * against the real API and the 24 guest samples the server paints at start, in Chromium. A guest sees the
 * samples with a fixed aspect ratio, the blurhash then the lazy WebP thumbnail, no second page, and a sign-up
 * call; the NSFW ones stay blurred until they confirm being 18 (under 18 keeps the blur; the choice is
 * remembered), and ?search=open gives a guest no panel.
 * On a phone the samples fit in two columns. The signed-in boards are in gallery.e2e.ts.
 * Screenshots: desktop-explore-guest, phone-explore-guest.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

const byTestId = (id: string) => page.getByTestId(id);
const shown = () => shownPage(page);
const cards = () => shown().getByTestId('gallery-card');

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

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser({ viewport: DESKTOP });
  page = browser.page;
  // The top menu stays in place when scrolled (it slides away otherwise, docs/product/routes.md#shell).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await waitForSamples(server.url);
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
    ).toContain('data:image/bmp');
    const thumbnail = card.locator('img');
    expect(await thumbnail.getAttribute('src')).toBe(`/images/${safe.uuid}-min.webp`);
    // The first row loads at once, with high priority (the page's main image, issue 20); the others lazily.
    const grid = (await shown().getByTestId('gallery-grid').boundingBox())!;
    expect(await thumbnail.getAttribute('loading')).toBe(Math.abs(box.y - grid.y) < 1 ? 'eager' : 'lazy');
    await expect.poll(() => thumbnail.getAttribute('data-loaded')).toBe('true');
    // No second page for a guest.
    await page.mouse.wheel(0, 20_000);
    await byTestId('board-end').waitFor();
    expect(await cards().count()).toBe(24);
    expect(untranslatedGallery(await page.locator('body').innerText())).toEqual([]);
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
