import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, waitForPath } from './support/app.ts';
import { openBrowser, screenshot } from './support/browser.ts';
import {
  freeAnimeStyle,
  newAccount,
  searchGallery,
  signUpWithTwoImages,
  type TwoImages,
} from './support/gallery.ts';
import { noticeText, untranslated } from './support/image.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * Taking images out of /collection together (docs/product/collections-and-prompts.md#favourites, DELETE
 * /api/action/favorites): Select on the collection's toolbar turns cards into toggles, the bar counts them,
 * Remove asks first, then the cards leave the board and the server's collection; Escape ends the selection.
 * Screenshot: desktop-collection-select.png.
 */
const server = serverForFile();
const account = newAccount('col');
let images: TwoImages;

beforeAll(async () => {
  const styleId = (await freeAnimeStyle(server.url)).id;
  const setup = await openBrowser();
  try {
    images = await signUpWithTwoImages(setup.page, server.url, account, styleId);
  } finally {
    await setup.close();
  }
});

/** Both images in the account's collection (through the API), then /collection showing them. */
async function openFullCollection(page: Page) {
  for (const image of [images.lighthouse, images.forest]) {
    const info = await page.request.get(`${server.url}/api/image/${image.uuid}/info`);
    if (((await info.json()) as { is_favorite: boolean }).is_favorite) continue;
    const added = await page.request.post(`${server.url}/api/action/favorite`, {
      data: { uuid: image.uuid },
      headers: { origin: server.url },
    });
    expect(added.ok()).toBe(true);
  }
  await page.goto(`${server.url}/collection`);
  await acceptCookies(page);
  await expect.poll(() => page.getByTestId('gallery-card').count(), { timeout: 15_000 }).toBe(2);
}

describe('the collection in Chromium', () => {
  const browser = browserPerTest(server, { account: () => account });
  const byTestId = (id: string) => browser.page.getByTestId(id);
  const card = (uuid: string) => browser.page.locator(`[data-testid="gallery-card"][data-uuid="${uuid}"]`);

  it('selects images and removes them from the collection together, after a confirmation', async () => {
    const { page } = browser;
    await openFullCollection(page);

    await byTestId('board-select').click();
    const bar = byTestId('selection-bar');
    await bar.waitFor();
    expect(await bar.innerText()).toContain('Choose the images to remove');
    expect(await byTestId('selection-remove').isDisabled()).toBe(true);
    await card(images.lighthouse.uuid).click();
    await card(images.forest.uuid).click();
    expect(await bar.innerText()).toContain('2 selected');
    // A second press takes an image back out of the selection; pressing never opens the viewer.
    await card(images.forest.uuid).click();
    expect(await bar.innerText()).toContain('1 selected');
    expect(await card(images.lighthouse.uuid).getAttribute('aria-pressed')).toBe('true');
    expect(await card(images.forest.uuid).getAttribute('aria-pressed')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/collection');
    expect(untranslated(await bar.innerText())).toEqual([]);
    await screenshot(page, 'desktop-collection-select');

    await byTestId('selection-remove').click();
    const dialog = byTestId('selection-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('1 image leaves your collection');
    await byTestId('selection-confirm').click();

    await expect.poll(() => noticeText(page)).toContain('1 image removed from your collection.');
    await expect.poll(() => byTestId('gallery-card').count()).toBe(1);
    expect(await card(images.forest.uuid).count()).toBe(1);
    expect(await bar.count()).toBe(0);
    const left = await searchGallery(page, server.url, 'page=0&size=12&author_id=0&favorite=true');
    expect(left.items.map((item) => item.uuid)).toEqual([images.forest.uuid]);
    // Out of selection mode, a card opens the viewer again.
    await card(images.forest.uuid).click();
    await waitForPath(page, `/image/${images.forest.uuid}`);
  });

  it('ends the selection with Escape, keeping the collection as it was', async () => {
    const { page } = browser;
    await openFullCollection(page);
    await byTestId('board-select').click();
    await card(images.forest.uuid).click();
    await byTestId('selection-bar').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => byTestId('selection-bar').count()).toBe(0);
    expect(await card(images.forest.uuid).getAttribute('href')).toContain(`/image/${images.forest.uuid}`);
    expect(await byTestId('gallery-card').count()).toBe(2);
    const kept = await searchGallery(page, server.url, 'page=0&size=12&author_id=0&favorite=true');
    expect(kept.items).toHaveLength(2);
  });
});
