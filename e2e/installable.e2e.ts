import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { translation, until } from './support/app.ts';
import { DESKTOP, PHONE, openBrowser, screenshot } from './support/browser.ts';
import { freeAnimeStyle, newAccount, searchGallery } from './support/gallery.ts';
import { editableServerForFile } from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * The installable web app (issue 17) against the built product in Chromium: the manifest a browser installs
 * from (name, start_url, display, icons of 192 and 512 pixels that load), the service worker (registered
 * after load, controlling the page), the offline page for a page load without network, a thumbnail seen
 * online served from the worker's cache offline, the file token the worker adds to image file requests
 * (GET /api/config/token), the private thumbnails' cache emptied at sign-out, and the notice that offers
 * a new version and lets it take over. Screenshots:
 * desktop-offline.png and phone-offline.png.
 */
// A server whose database the test may edit (one image made private), with its local preview worker.
const server = editableServerForFile({ LOCAL_WORKER: 'true' });
const owner = newAccount('inst');
let publicUuid = '';
let privateUuid = '';

/** The worker's cache names (apps/web/src/sw/rules.ts). */
const PUBLIC_THUMBNAILS = 'mirage-thumbnails-v1';
const PRIVATE_THUMBNAILS = 'mirage-private-thumbnails-v1';

beforeAll(async () => {
  const styleId = (await freeAnimeStyle(server.url)).id;
  const { page, close } = await openBrowser();
  try {
    const ownerId = await createAccount(server.url, owner, page);
    const mine = () =>
      searchGallery(page, server.url, `page=0&size=12&author_id=${ownerId}`, { shuffle: null });
    // One task at a time (a free account's limit): each image is done before the next is asked for.
    for (const [index, prompt] of ['a lighthouse at dusk', 'a harbour in the fog'].entries()) {
      const answer = await page.request.post(`${server.url}/api/tasks/txt2img?fastlane=false`, {
        data: { prompt, style_id: styleId, quality: 'Standard', format: 'Portrait' },
        headers: { origin: server.url },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      await until(`image ${index + 1} done`, mine, (found) => found.items.length === index + 1, 90_000);
    }
    const board = await mine();
    [publicUuid, privateUuid] = board.items.map((item) => item.uuid) as [string, string];
  } finally {
    await close();
  }
  await server.edit((db) =>
    db
      .updateTable('image')
      .set({ is_private: true })
      .where('uuid', '=', privateUuid)
      .execute()
      .then(() => undefined),
  );
}, 180_000);

/** The width and height a PNG declares (its IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** A fetch from the page (through its service worker): the status. */
const fetchStatus = (page: Page, url: string) =>
  page.evaluate(async (address) => (await fetch(address)).status, url);

/** The addresses a cache of the page's origin holds (none when there is no such cache). */
const cached = (page: Page, name: string) =>
  page.evaluate(async (cacheName) => {
    if (!(await caches.has(cacheName))) return [];
    const keys = await (await caches.open(cacheName)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, name);

/** Whether the worker holds a file token (kept in its state cache). */
const holdsToken = (page: Page) =>
  page.evaluate(async () =>
    Boolean(await caches.match('/__sw/file-token', { cacheName: 'mirage-state-v1' })),
  );

describe('the installable app', () => {
  const browser = browserPerTest(server, { serviceWorkers: 'allow', cookiesAnswered: true });

  it('has a manifest a browser installs from, with icons of the sizes it asks for', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/explore`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(`${server.url}${href}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Mirage',
      short_name: 'Mirage',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0c0a12',
      background_color: '#0c0a12',
    });
    // Lighthouse's installability: PNG icons of at least 192 and 512 pixels that load; a maskable one.
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = manifest.icons.find((entry) => entry.sizes === sizes && entry.purpose === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const file = await page.request.get(`${server.url}${icon!.src}`);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const size = Number(sizes.split('x')[0]);
      expect(pngSize(await file.body())).toEqual({ width: size, height: size });
    }
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await page.request.get(`${server.url}${apple}`)).body())).toEqual({
      width: 180,
      height: 180,
    });
    // The worker's script is always checked for a new version.
    const script = await page.request.get(`${server.url}/sw.js`);
    expect(script.status()).toBe(200);
    expect(script.headers()['cache-control']).toBe('no-cache');
    expect(script.headers()['content-type']).toMatch(/^text\/javascript/);
  });

  it('registers its worker, which controls the page and answers offline', async () => {
    const { page, context } = browser.browser;
    await page.goto(`${server.url}/explore`);
    await controlled(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(
      `${server.url}/sw.js`,
    );
    // A thumbnail seen online is kept, and served from the cache without network.
    const thumbnail = `/images/${publicUuid}-min.webp`;
    expect(await fetchStatus(page, thumbnail)).toBe(200);
    await expect.poll(() => cached(page, PUBLIC_THUMBNAILS)).toContain(thumbnail);
    await context.setOffline(true);
    try {
      expect(await fetchStatus(page, thumbnail)).toBe(200);
      // A page load without network: the offline page, in the browser's language.
      await page.goto(`${server.url}/explore`);
      const offline = page.getByTestId('offline-page');
      await offline.waitFor();
      expect(await offline.getByRole('heading', { level: 1 }).innerText()).toBe(
        translation('en', 'common', 'offline.title'),
      );
      await screenshot(page, 'desktop-offline');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'phone-offline');
      await page.setViewportSize(DESKTOP);
    } finally {
      await context.setOffline(false);
    }
    // Back online, "Try again" loads the page asked for.
    await page.getByTestId('offline-page').getByRole('link').click();
    await page.getByTestId('avatar-button').or(page.getByTestId('footer-legal')).first().waitFor();
  });
});

describe('an update of the app', () => {
  const browser = browserPerTest(server, { serviceWorkers: 'allow', cookiesAnswered: true });

  it('is offered by a notice whose Reload lets the new worker take over', async () => {
    const { page } = browser.browser;
    await page.goto(`${server.url}/explore`);
    await controlled(page);
    // The next deploy's worker, as the browser sees one: a script at another address for the same scope
    // installs beside the active worker and waits (a route cannot stand in for the worker's own script).
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js?next', { scope: '/' });
    });
    const notice = page.getByTestId('notice');
    await expect
      .poll(() => notice.innerText(), { timeout: 15_000 })
      .toContain(translation('en', 'common', 'app_update.available'));
    const reload = notice.getByTestId('notice-action');
    expect(await reload.innerText()).toBe(translation('en', 'common', 'app_update.reload'));
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await controlled(page);
    // The new worker took over and controls the reloaded page.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${server.url}/sw.js?next`,
    );
  });
});

describe('the worker for a signed-in user', () => {
  const browser = browserPerTest(server, {
    serviceWorkers: 'allow',
    cookiesAnswered: true,
    account: () => owner,
  });

  /** Signed in, controlled, and the worker holds its file token. */
  async function ready(page: Page): Promise<void> {
    await page.goto(`${server.url}/explore`);
    await page.getByTestId('avatar-button').waitFor();
    await controlled(page);
    await expect.poll(() => holdsToken(page), { timeout: 15_000 }).toBe(true);
  }

  /** Runs `work` with the context's cookies gone (the session cookie included), then puts them back. */
  async function withoutCookies(context: BrowserContext, work: () => Promise<void>): Promise<void> {
    const cookies = await context.cookies();
    await context.clearCookies();
    try {
      await work();
    } finally {
      await context.addCookies(cookies);
    }
  }

  it('adds the file token to image file requests: a private file opens without the cookie', async () => {
    const { page, context } = browser.browser;
    await ready(page);
    const file = `/images/${privateUuid}.webp`;
    await withoutCookies(context, async () => {
      // The same request without the worker (no cookie, no token) finds nothing: the token did it.
      expect((await context.request.get(`${server.url}${file}`)).status()).toBe(404);
      expect(await fetchStatus(page, file)).toBe(200);
    });
  });

  it('keeps private thumbnails apart, and empties their cache at sign-out', async () => {
    const { page } = browser;
    await ready(page);
    const privateThumbnail = `/images/${privateUuid}-min.webp`;
    const publicThumbnail = `/images/${publicUuid}-min.webp`;
    expect(await fetchStatus(page, privateThumbnail)).toBe(200);
    expect(await fetchStatus(page, publicThumbnail)).toBe(200);
    await expect.poll(() => cached(page, PRIVATE_THUMBNAILS)).toEqual([privateThumbnail]);
    await expect.poll(() => cached(page, PUBLIC_THUMBNAILS)).toContain(publicThumbnail);
    expect(await cached(page, PUBLIC_THUMBNAILS)).not.toContain(privateThumbnail);

    await page.getByTestId('avatar-button').click();
    // Logout reloads the page on /explore: wait for that load.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('menu-logout').click()]);
    await expect.poll(() => page.getByTestId('avatar-button').count()).toBe(0);
    await expect.poll(() => cached(page, PRIVATE_THUMBNAILS)).toEqual([]);
    await expect.poll(() => holdsToken(page)).toBe(false);
    // Public thumbnails stay, and the private one is no longer served to this (signed-out) browser.
    expect(await cached(page, PUBLIC_THUMBNAILS)).toContain(publicThumbnail);
    expect(await fetchStatus(page, privateThumbnail)).toBe(404);
  });
});
