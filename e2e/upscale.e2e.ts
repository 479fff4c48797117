import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, me } from './support/app.ts';
import { DESKTOP, openBrowser, screenshot, type Browser } from './support/browser.ts';
import { freeAnimeStyle, newAccount, signUp } from './support/gallery.ts';
import {
  createImage,
  imageLoaded,
  noticeText,
  openFromResults,
  untranslated,
  viewer,
} from './support/image.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Upscaling an own image from the viewer (docs/product/image-viewer.md#the-viewer,
 * docs/product/generation.md#task-outcome) against the real API and the local preview worker: the menu offers
 * "Upscale ×2" with its price, the image shows the updating overlay while the task runs, then the ×2 file,
 * the "Upscaled" badge and a notice; one ticket is spent, and the menu no longer offers it. Screenshot:
 * desktop-upscale-dialog.png.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
const byTestId = (id: string) => page.getByTestId(id);

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser({ viewport: DESKTOP });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('upscaling in the image viewer', () => {
  it('upscales an own image once, with the updating overlay, the ×2 file, a notice and 1 ticket', async () => {
    const styleId = (await freeAnimeStyle(server.url)).id;
    await signUp(page, server.url, newAccount('upscaler'));
    await acceptCookies(page);
    await byTestId(`style-option-${styleId}`).click();
    await byTestId('quality-Standard').click();
    const uuid = await createImage(page, 'a lighthouse at dusk');
    await openFromResults(page, uuid);
    await imageLoaded(page);
    const ticketsBefore = (await me(page, server.url))?.generation_token as number;

    // Record whether the overlay ever shows: the preview worker may finish within a few frames.
    await page.evaluate(() => {
      const seen = window as unknown as { sawUpdating?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="viewer-updating"]')) seen.sawUpdating = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await byTestId('image-menu-button').click();
    await byTestId('image-menu-upscale').click();
    const dialog = byTestId('upscale-dialog');
    await dialog.waitFor();
    const dialogText = await dialog.innerText();
    expect(dialogText).toContain('Upscale image');
    expect(dialogText).toContain('Costs 1 ticket.');
    expect(untranslated(dialogText)).toEqual([]);
    await screenshot(page, 'desktop-upscale-dialog');
    await byTestId('upscale-confirm').click();

    await expect.poll(() => noticeText(page), { timeout: 30_000 }).toContain('Image upscaled');
    expect(await page.evaluate(() => (window as unknown as { sawUpdating?: boolean }).sawUpdating)).toBe(
      true,
    );
    await expect.poll(() => byTestId('viewer-updating').count()).toBe(0);
    await expect
      .poll(() => byTestId('viewer-image').getAttribute('src'), { timeout: 15_000 })
      .toContain(`${uuid}-upscaled.webp`);
    await imageLoaded(page);
    expect(await viewer(page).innerText()).toContain('Upscaled');
    // The kept-alive generator saw the task too, but its "your image is ready" is for new images.
    expect(await noticeText(page)).not.toContain('Your image is ready');
    expect((await me(page, server.url))?.generation_token).toBe(ticketsBefore - 1);

    // Once is all: the menu item is now disabled and says why.
    await byTestId('image-menu-button').click();
    const item = byTestId('image-menu-upscale');
    expect(await item.getAttribute('data-disabled')).not.toBeNull();
    expect(await item.innerText()).toContain('Already upscaled');
    await page.keyboard.press('Escape');
  });
});
