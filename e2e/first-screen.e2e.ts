import { mainTags, promptTags } from '@mirage/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_IMAGES } from '../apps/api/src/features/gallery/sample-data.ts';
import { settle, until } from './support/app.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import {
  holdAnswers,
  layoutShiftsOnceLoaded,
  pageReady,
  recordLayoutShifts,
  requestsInFlight,
  watchProblems,
  withoutEmbeddedAnswers,
} from './support/firstScreen.ts';
import { newAccount, safeSampleUuid, shownPage } from './support/gallery.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The first screen (issue 20): the main image loads first (the first gallery row, the style previews in
 * view and the image page's picture are eager with high priority, the rest lazy), /create does not move
 * while it loads, and the first pages leave the console clean, as a guest and signed in.
 */
const suite = serverForFile();
const account = newAccount('first');
/** A public sample that is not NSFW (its full picture is shown to a guest). */
let sampleUuid = '';
/** The alt text of each sample, in English: its main tags (its first three prompt tags) and its author. */
const SAMPLE_ALTS = SAMPLE_IMAGES.map(
  (sample) => `${mainTags(promptTags(sample.prompt).join(', ')).join(', ')} — image by mirage`,
);

beforeAll(async () => {
  sampleUuid = await safeSampleUuid(suite.url);
  await createAccount(suite.url, account);
});

/** loading and fetchpriority of each thumbnail of the shown board, and whether it is in the first row. */
async function thumbnails(page: Page) {
  return shownPage(page)
    .getByTestId('gallery-grid')
    .evaluate((grid) => {
      const top = grid.getBoundingClientRect().top;
      return Array.from(grid.querySelectorAll('[data-testid="gallery-card"]')).map((card) => {
        const image = card.querySelector('img')!;
        return {
          firstRow: Math.abs(card.getBoundingClientRect().top - top) < 1,
          loading: image.getAttribute('loading'),
          priority: image.getAttribute('fetchpriority'),
          alt: image.getAttribute('alt'),
        };
      });
    });
}

async function expectFirstRowFirst(page: Page) {
  await shownPage(page).getByTestId('gallery-card').first().waitFor();
  const cards = await thumbnails(page);
  const first = cards.filter((card) => card.firstRow);
  const rest = cards.filter((card) => !card.firstRow);
  expect(first.length).toBeGreaterThan(1);
  expect(rest.length).toBeGreaterThan(0);
  for (const card of first) expect(card).toMatchObject({ loading: 'eager', priority: 'high' });
  for (const card of rest) expect(card).toMatchObject({ loading: 'lazy', priority: 'auto' });
}

async function expectPictureFirst(page: Page) {
  await page.goto(`${suite.url}/image/${sampleUuid}`);
  const picture = page.getByTestId('viewer-picture');
  await page.getByTestId('viewer-image').waitFor();
  const images = await picture
    .locator('img')
    .evaluateAll((elements) =>
      elements.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]),
    );
  expect(images).toHaveLength(2); // the thumbnail, then the full picture over it
  for (const image of images) expect(image).toEqual(['eager', 'high']);
}

describe('the main image first, as a guest', () => {
  const browser = browserPerTest(suite, { cookiesAnswered: true });

  it('the first row of /explore is eager with high priority, the rest lazy; alt text says what each shows', async () => {
    await browser.page.goto(`${suite.url}/explore`);
    await expectFirstRowFirst(browser.page);
    const alts = (await thumbnails(browser.page)).map((card) => card.alt).filter(Boolean);
    expect(alts.length).toBeGreaterThan(0);
    // "a lighthouse at dusk, storm clouds, sea spray — image by mirage": what it shows, never only its author.
    for (const alt of alts) expect(SAMPLE_ALTS).toContain(alt);
  });

  it("the image page's picture is eager with high priority, its alt text the image's main tags", async () => {
    await expectPictureFirst(browser.page);
    const alt = await browser.page.getByTestId('viewer-image').getAttribute('alt');
    expect(SAMPLE_ALTS).toContain(alt);
  });

  it('the style previews in view on /create are eager with high priority', async () => {
    await browser.page.goto(`${suite.url}/create`);
    await pageReady(browser.page, '[data-testid^="style-option-"]');
    const previews = await browser.page
      .locator('[data-testid^="style-option-"] img')
      .evaluateAll((elements) =>
        elements.map((image) => ({
          inView: image.getBoundingClientRect().top < window.innerHeight,
          loading: image.getAttribute('loading'),
          priority: image.getAttribute('fetchpriority'),
        })),
      );
    const inView = previews.filter((preview) => preview.inView);
    expect(inView.length).toBeGreaterThan(0);
    for (const preview of inView) expect(preview).toMatchObject({ loading: 'eager', priority: 'high' });
  });
});

describe('the main image first, signed in', () => {
  const browser = browserPerTest(suite, { cookiesAnswered: true, account: () => account });

  it('/ opens the gallery, whose first row is eager with high priority', async () => {
    await browser.page.goto(`${suite.url}/`);
    await browser.page.waitForURL((url) => url.pathname === '/explore');
    await expectFirstRowFirst(browser.page);
  });

  it("the image page's picture is eager with high priority", async () => {
    await expectPictureFirst(browser.page);
  });
});

/**
 * /create while its data is slow (the page comes without the answers the server embeds, as when they took
 * too long, and the catalogue is held back until the page has loaded and painted, as on a phone over a mobile network):
 * the sum of its layout shifts stays within "good" (0.1). Before issue 20 the footer was painted in view
 * and pushed down when the generator appeared (0.32–0.36).
 */
describe('/create keeps its layout while it loads', () => {
  for (const [name, viewport, signedIn] of [
    ['desktop, guest', DESKTOP, false],
    ['phone, guest', PHONE, false],
    ['desktop, signed in', DESKTOP, true],
  ] as const) {
    let catalogue = { release: () => {} };
    const browser = browserPerTest(suite, {
      viewport,
      isMobile: viewport === PHONE,
      cookiesAnswered: true,
      account: signedIn ? () => account : undefined,
      prepare: async (page) => {
        await recordLayoutShifts(page);
        await withoutEmbeddedAnswers(page);
        catalogue = await holdAnswers(page, '**/api/config/**');
      },
    });

    it(`${name}: layout shifts sum to at most 0.1`, async () => {
      const { page } = browser;
      // The page loads and paints with its catalogue still on the way, then the catalogue arrives.
      await page.goto(`${suite.url}/create`);
      catalogue.release();
      const { total, shifts } = await layoutShiftsOnceLoaded(page, '[data-testid^="style-option-"] img');
      expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.1);
    });
  }
});

/** The gallery and the image page keep their layout too while their data is slow (held back until the page has loaded). */
describe('the gallery and the image page keep their layout while they load', () => {
  for (const [path, api, ready] of [
    ['/explore', '**/api/gallery/search**', '[data-testid="gallery-card"] img'],
    ['/image/:uuid', '**/api/image/*/info', '[data-testid="viewer-image"]'],
  ] as const) {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      let data = { release: () => {} };
      const browser = browserPerTest(suite, {
        viewport,
        isMobile: viewport === PHONE,
        cookiesAnswered: true,
        prepare: async (page) => {
          await recordLayoutShifts(page);
          await withoutEmbeddedAnswers(page);
          data = await holdAnswers(page, api);
        },
      });

      it(`${path}, ${name}: layout shifts sum to at most 0.1`, async () => {
        const { page } = browser;
        // The page loads and paints with its data still on the way, then the data arrives.
        await page.goto(`${suite.url}${path.replace(':uuid', sampleUuid)}`);
        data.release();
        const { total, shifts } = await layoutShiftsOnceLoaded(page, ready);
        expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.1);
      });
    }
  }
});

describe('a clean console on the first pages', () => {
  for (const signedIn of [false, true]) {
    let problems: string[] = [];
    let inFlight = () => 0;
    const browser = browserPerTest(suite, {
      cookiesAnswered: true,
      account: signedIn ? () => account : undefined,
      prepare: (page) => {
        problems = watchProblems(page);
        inFlight = requestsInFlight(page);
      },
    });

    for (const [path, ready] of [
      ['/', signedIn ? '[data-testid="gallery-card"]' : 'main h1'],
      ['/explore', '[data-testid="gallery-card"]'],
      ['/create', '[data-testid^="style-option-"] img'],
      ['/image/:uuid', '[data-testid="viewer-image"]'],
    ] as const) {
      // A curated sample has no generation data: the viewer does not ask for it (`has_gen_data`), so no 404.
      it(`${signedIn ? 'signed in' : 'guest'}: ${path} logs no error and no request fails`, async () => {
        const { page } = browser;
        await page.goto(`${suite.url}${path.replace(':uuid', sampleUuid)}`);
        await pageReady(page, ready);
        await page.waitForLoadState('load');
        if (path === '/image/:uuid') await page.getByTestId('viewer-panel').waitFor();
        await settle(page);
        // Late answers (the generation data, the neighbours) have all come in and been handled.
        await until(
          'requests in flight',
          () => Promise.resolve(inFlight()),
          (count) => count === 0,
        );
        expect(problems).toEqual([]);
      });
    }
  }
});
