import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { until } from './support/app.ts';
import { openBrowser } from './support/browser.ts';
import { freeAnimeStyle, newAccount, searchGallery } from './support/gallery.ts';
import { pictureLoaded } from './support/image.ts';
import { editableServerForFile } from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * The files host (FILES_PUBLIC_URL; docs/architecture/storage.md#files-host) in Chromium: the server serves
 * its image files from a second origin of itself (http://localhost:<port>, the pages being on
 * http://127.0.0.1:<port>), where the browser sends no session cookie, as with a CDN. The owner's private
 * image shows on /creations and in the viewer through the read token (GET /api/config/b2_token) in its
 * addresses, and its PNG downloads from the host (CORS and the content security policy allow it).
 */
const server = editableServerForFile({ LOCAL_WORKER: 'true' }, { filesOnLocalhost: true });
const owner = newAccount('files');
let privateUuid = '';

beforeAll(async () => {
  const styleId = (await freeAnimeStyle(server.url)).id;
  const { page, close } = await openBrowser();
  try {
    const ownerId = await createAccount(server.url, owner, page);
    const answer = await page.request.post(`${server.url}/api/tasks/txt2img?fastlane=false`, {
      data: { prompt: 'a lighthouse at dusk', style_id: styleId, quality: 'Standard', format: 'Portrait' },
      headers: { origin: server.url },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const mine = () =>
      searchGallery(page, server.url, `page=0&size=12&author_id=${ownerId}`, { shuffle: null });
    const board = await until('the image done', mine, (found) => found.items.length === 1, 90_000);
    privateUuid = board.items[0]!.uuid;
  } finally {
    await close();
  }
  // Private: only the owner may load its files (a Free plan cannot make it private from the menu).
  await server.edit((db) =>
    db
      .updateTable('image')
      .set({ is_private: true })
      .where('uuid', '=', privateUuid)
      .execute()
      .then(() => undefined),
  );
}, 180_000);

/** The address and the loaded width of an image element. */
const imageOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const image = element as HTMLImageElement;
      return { src: image.currentSrc || image.src, width: image.naturalWidth };
    });

describe('a files host', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, account: () => owner, noPageErrors: true });

  it("shows the owner's private image from the host with the read token, on the board and in the viewer", async () => {
    const { page } = browser;
    const host = `${server.url.replace('127.0.0.1', 'localhost')}/images/`;
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(host) && response.status() >= 400) refused.push(response.url());
    });
    await page.goto(`${server.url}/creations`);
    const card = `[data-testid="gallery-card"][data-uuid="${privateUuid}"] img`;
    await pictureLoaded(page, card);
    const thumbnail = await imageOf(page, card);
    expect(thumbnail.src.startsWith(`${host}${privateUuid}-min.webp?token=`), thumbnail.src).toBe(true);

    await page.locator(card).click();
    const full = '[data-testid="viewer-image"]';
    await pictureLoaded(page, full);
    expect((await imageOf(page, full)).src.startsWith(`${host}${privateUuid}.webp?token=`)).toBe(true);

    // The PNG downloads from the host (a cross-origin fetch with the token).
    await page.getByTestId('image-menu-button').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('image-menu-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`mirage-${privateUuid}.png`);
    const png = await readFile(await download.path());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(refused).toEqual([]);

    // Without the token the host keeps the file to itself: the browser's cookie does not go there.
    const loadsBare = await page.evaluate(
      (address) =>
        new Promise<boolean>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(true);
          image.onerror = () => resolve(false);
          image.src = address;
        }),
      `${host}${privateUuid}-min.webp`,
    );
    expect(loadsBare).toBe(false);
  });
});

describe('a files host, with the service worker', () => {
  const browser = browserPerTest(server, {
    cookiesAnswered: true,
    account: () => owner,
    serviceWorkers: 'allow',
  });

  it("keeps the owner's private thumbnail from the host, without its token, and shows it offline", async () => {
    const { page, context } = browser.browser;
    const host = `${server.url.replace('127.0.0.1', 'localhost')}/images/`;
    const thumbnail = `${host}${privateUuid}-min.webp`;
    await page.goto(`${server.url}/creations`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    // Loaded once under the worker's control (the first load may have come before it took over).
    await page.reload();
    await pictureLoaded(page, `[data-testid="gallery-card"][data-uuid="${privateUuid}"] img`);
    const privateKeys = () =>
      page.evaluate(async () => {
        if (!(await caches.has('mirage-private-thumbnails-v1'))) return [];
        const keys = await (await caches.open('mirage-private-thumbnails-v1')).keys();
        return keys.map((request) => request.url);
      });
    await expect.poll(privateKeys, { timeout: 10_000 }).toContain(thumbnail);

    await context.setOffline(true);
    try {
      // Any token (the next half hour's too) finds the same kept file.
      const status = await page.evaluate(
        async (address) => (await fetch(`${address}?token=another`)).status,
        thumbnail,
      );
      expect(status).toBe(200);
    } finally {
      await context.setOffline(false);
    }
  });
});
