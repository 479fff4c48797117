import { FIRST_SCREEN_SCRIPT_ID, GALLERY_PAGE_SIZE, GUEST_SAMPLE_COUNT } from '@mirage/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiRequests,
  framesSeen,
  layoutShiftsOnceLoaded,
  pageReady,
  recordFrames,
  recordLayoutShifts,
} from './support/firstScreen.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { newAccount, safeSampleUuid } from './support/gallery.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The first screen comes with the page (issue 20, apps/api/src/http/first-screen.ts): the answers the
 * server embeds are used, so loading the page sends none of those requests, and the page's main picture
 * is preloaded from the HTML. Kept apart from first-screen.e2e.ts, which also loads pages without them.
 */
const suite = serverForFile();
const account = newAccount('emb');
let sampleUuid = '';

beforeAll(async () => {
  sampleUuid = await safeSampleUuid(suite.url);
  await createAccount(suite.url, account);
});

const SAMPLES = `POST /api/gallery/search?page=0&size=${GUEST_SAMPLE_COUNT}&author_id=0&favorite=false&offset=0`;
const BOARD = `POST /api/gallery/search?page=0&size=${GALLERY_PAGE_SIZE}&author_id=0&favorite=false&offset=0`;
const CATALOGUE = [
  'GET /api/config/styles',
  'GET /api/settings/modifiers',
  'GET /api/config/moderation_rules',
];

describe('the first screen comes with the page', () => {
  for (const signedIn of [false, true]) {
    let sent: string[] = [];
    const browser = browserPerTest(suite, {
      cookiesAnswered: true,
      account: signedIn ? () => account : undefined,
      prepare: (page) => {
        sent = apiRequests(page);
      },
    });
    const who = signedIn ? 'signed in' : 'guest';
    const accountCall = signedIn ? ['GET /api/user/me'] : [];

    const pages = [
      ['/create', '[data-testid^="style-option-"] img', [...accountCall, ...CATALOGUE]],
      [
        '/image/:uuid',
        '[data-testid="viewer-image"]',
        [...accountCall, 'GET /api/image/:uuid/info', 'GET /api/config/styles'],
      ],
      // A member's board is shuffled with the seed the page was served with (FirstScreenData.shuffleSeed).
      ['/explore', '[data-testid="gallery-card"] img', signedIn ? [...accountCall, BOARD] : [SAMPLES]],
    ] as const;

    for (const [path, ready, embedded] of pages) {
      it(`${who}: ${path} shows its data without asking the API for it`, async () => {
        const { page } = browser;
        const url = path.replace(':uuid', sampleUuid);
        await page.goto(`${suite.url}${url}`);
        await pageReady(page, ready);
        await page.waitForLoadState('load');
        for (const request of embedded) expect(sent).not.toContain(request.replace(':uuid', sampleUuid));
        // The app read the answers and took their element out of the page.
        expect(await page.locator(`#${FIRST_SCREEN_SCRIPT_ID}`).count()).toBe(0);
      });
    }
  }
});

describe('the main picture is named in the page', () => {
  const browser = browserPerTest(suite, { cookiesAnswered: true });

  it("preloads the image page's picture and the gallery's first row with high priority", async () => {
    const viewer = await browser.page.request.get(`${suite.url}/image/${sampleUuid}`);
    expect(await viewer.text()).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/images/${sampleUuid}-min.webp">`,
    );
    const gallery = await (await browser.page.request.get(`${suite.url}/explore`)).text();
    expect(
      gallery.match(/<link rel="preload" as="image" fetchpriority="high" href="\/images\/[^"]+-min\.webp">/g),
    ).toHaveLength(2);
    // The page's own chunks load with the entry, not after it has run.
    expect(gallery).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ExplorePage-[^"]+\.js">/);
  });

  it('loads the preloaded picture once: the page uses what the preload fetched', async () => {
    const pictures: string[] = [];
    browser.page.on('request', (request) => {
      if (request.url().endsWith(`/images/${sampleUuid}-min.webp`)) pictures.push(request.url());
    });
    await browser.page.goto(`${suite.url}/image/${sampleUuid}`);
    await pageReady(browser.page, '[data-testid="viewer-image"]');
    await browser.page.waitForLoadState('load');
    expect(pictures).toHaveLength(1);
  });
});

/**
 * The page's first render already shows the embedded data (the queries take it as their initial data) and
 * the picture the page preloaded (shown at once, not after its load event): from the first frame that draws
 * the page, its main picture is there and visible. Before, the viewer's first frames showed a spinner, then
 * a hidden picture, and the picture appeared up to a second later on a phone (issue 20: largest contentful
 * paint). Frames are sampled on a phone's CPU (4x slowdown), as the measurements were.
 */
const VIEWER_THUMBNAIL =
  '[data-testid="viewer-picture"] img[fetchpriority="high"]:not([data-testid="viewer-image"])';

describe('the first frame of the page shows its main picture', () => {
  const pages = [
    {
      path: '/image/:uuid',
      probes: {
        page: '[data-testid="image-viewer"]',
        // The thumbnail (the full picture fades in over it once loaded).
        picture: `${VIEWER_THUMBNAIL}[data-loaded="true"]`,
        hidden: `${VIEWER_THUMBNAIL}[data-loaded="false"]`,
        loading: '[data-testid="viewer-loading"]',
      },
    },
    {
      path: '/explore',
      probes: {
        page: '[data-testid="gallery-card"]',
        picture: '[data-testid="gallery-card"] img[data-loaded="true"]',
        hidden: '[data-testid="gallery-card"] img[fetchpriority="high"][data-loaded="false"]',
        loading: '[data-testid="gallery-skeleton"]',
      },
    },
    {
      path: '/create',
      // The style previews in view are the page's main picture (they have no load state to hide behind).
      probes: {
        page: '[data-testid="generator-loading"], #generator-styles',
        picture: '#generator-styles [data-testid^="style-option-"] img[fetchpriority="high"]',
        hidden: '#generator-styles img[fetchpriority="high"][decoding="async"]',
        loading: '[data-testid="generator-loading"]',
      },
    },
  ] as const;
  for (const { path, probes } of pages) {
    const browser = browserPerTest(suite, {
      viewport: PHONE,
      isMobile: true,
      cookiesAnswered: true,
      prepare: async (page) => {
        await recordFrames(page, probes);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      },
    });

    // Two retries: frames are sampled on a 4x-throttled CPU, and on a loaded 2-core CI machine the /create
    // sample showed the generator's loading frame first in three recent clean-clone runs (twice in a row in
    // one); alone it passes every time, and a real regression fails all three tries.
    it(
      `${path}: the picture is shown in the first frame that draws the page, and no frame hides it`,
      { retry: 2 },
      async () => {
        const { page } = browser;
        await page.goto(`${suite.url}${path.replace(':uuid', sampleUuid)}`);
        await pageReady(page, probes.picture);
        const frames = (await framesSeen(page, probes)).filter((frame) => frame.page > 0);
        expect(frames.length).toBeGreaterThan(0);
        expect(frames[0]!.picture, JSON.stringify(frames.slice(0, 3))).toBeGreaterThan(0);
        const bad = frames.filter((frame) => frame.hidden > 0 || frame.loading > 0);
        expect(bad, JSON.stringify(frames.slice(0, 4))).toEqual([]);
      },
    );
  }
});

/**
 * The gallery as it really loads, its answers in the page (a guest) or asked by the app (signed in, a
 * shuffled board), on a phone's CPU (4x slowdown): no frame shows a short, empty board with the footer in
 * view before the cards push it down (a shift of 0.15-0.43 when the board waited for its first width).
 */
describe('the gallery keeps its layout while it loads, on a slow CPU', () => {
  for (const [name, viewport, signedIn] of [
    ['phone, signed in', PHONE, true],
    ['desktop, guest', DESKTOP, false],
    ['phone, guest', PHONE, false],
  ] as const) {
    const browser = browserPerTest(suite, {
      viewport,
      isMobile: viewport === PHONE,
      cookiesAnswered: true,
      account: signedIn ? () => account : undefined,
      prepare: async (page) => {
        await recordLayoutShifts(page);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      },
    });

    it(`${name}: layout shifts sum to at most 0.1`, async () => {
      const { page } = browser;
      await page.goto(`${suite.url}/explore`);
      const { total, shifts } = await layoutShiftsOnceLoaded(page, '[data-testid="gallery-card"] img');
      expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.1);
    });
  }
});

/**
 * index.html paints the top menu's frame and brand before any script has run (the boot frame: a phone on a
 * slow network sees the site at once), exactly where the app's menu then draws them; the page's own styles
 * are fetched with it without holding that paint, and applied when the app loads the page.
 */
describe('the boot frame', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const browser = browserPerTest(suite, { viewport, isMobile: viewport === PHONE, cookiesAnswered: true });

    it(`${name}: shows the brand before the scripts run, where the app's logo then is`, async () => {
      const { page } = browser;
      // No script of the app ever arrives: what shows is the HTML alone.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${suite.url}/explore`);
      const bootBrand = page.locator('.boot-bar span');
      await expect.poll(() => bootBrand.textContent()).toBe('Mirage');
      const mark = page.locator('.boot-bar img');
      await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const bootBox = await mark.boundingBox();
      expect(await page.getByTestId('top-menu').count()).toBe(0);

      await page.unroute('**/assets/*.js');
      await page.goto(`${suite.url}/explore`);
      await pageReady(page, '[data-testid="gallery-card"] img');
      expect(await page.locator('.boot-bar').count()).toBe(0);
      const appBox = await page.getByTestId('top-menu').locator('svg').first().boundingBox();
      expect(appBox).toEqual(bootBox);
      // The page's styles, preloaded by the HTML, are applied now that the app has loaded the page.
      const hrefs = (rel: string) =>
        page
          .locator(`link[rel="${rel}"]`)
          .evaluateAll((links: HTMLLinkElement[]) =>
            links.filter((link) => link.as === '' || link.as === 'style').map((link) => link.href),
          );
      const preloaded = await hrefs('preload');
      expect(preloaded.length).toBeGreaterThan(0);
      const applied = await hrefs('stylesheet');
      for (const href of preloaded) expect(applied).toContain(href);
    });
  }
});

/** The image menu's code (the menu library) is not part of the viewer's first load: it loads when used. */
describe('the image menu', () => {
  const browser = browserPerTest(suite, { cookiesAnswered: true, noPageErrors: true });

  it('loads the menu on the first press of its button: from the keyboard it opens, Escape gives the focus back', async () => {
    const { page } = browser;
    const menuCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/ImageMenu-[^/]+\.js$/.test(request.url())) menuCode.push(request.url());
    });
    await page.goto(`${suite.url}/image/${sampleUuid}`);
    await pageReady(page, '[data-testid="viewer-image"]');
    // Until the button is used, the page has not loaded the menu's code.
    expect(menuCode).toEqual([]);
    const button = page.getByTestId('image-menu-button');
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('image-menu').waitFor();
    expect(menuCode).toHaveLength(1);
    expect(await page.getByTestId('image-menu-button').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await page.getByTestId('image-menu').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('image-menu-button');
    // The viewer is still open: Escape closed the menu only.
    expect(await page.getByTestId('image-viewer').count()).toBe(1);
  });
});
