import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, translation, waitForPath } from './support/app.ts';
import { openBrowser, PHONE, screenshot } from './support/browser.ts';
import { freeAnimeStyle, signUp } from './support/gallery.ts';
import {
  createImage,
  imageLoaded,
  labelUncovered,
  newestBoard,
  noticeText,
  onImage,
  openFromResults,
  untranslated,
  viewer,
} from './support/image.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * The image viewer (/image/{uuid}, docs/product/image-viewer.md#the-viewer) against the real API and the
 * local preview worker: a new account makes images on /create (before the tests; each test opens its own
 * browser signed in as it and starts from its own page), opens the newer one from the results, reads the info
 * panel, favourites it, walks the board with the keyboard, wheel and swipes, zooms and rotates, copies the
 * link, sees similar images, closes with Escape, and clones the older one's settings back into the
 * (kept-alive) generator. Opened directly, close goes to /explore; an unknown image goes to /404. It also
 * reports someone else's image, checks the sharing metadata, the phone layout, the favourite in /collection
 * and deletes an image. Helpers live in support/image.ts. Screenshots: desktop-image.png, phone-image.png and
 * phone-image-details.png.
 */
const server = serverForFile();
let freeStyleId = 0;
const account = {
  username: `viewer${Date.now() % 100000}`,
  email: `viewer${Date.now()}@example.com`,
  pwd: 'lighthouse-dusk-3',
};
/** The oldest image, made to be deleted by its own test. */
const DOOMED_PROMPT = 'a windmill in a field of tulips';
const FIRST_PROMPT = 'a lighthouse at dusk';
const SECOND_PROMPT = 'a quiet harbour at dawn';
/** uuids by prompt, read from the results. */
const uuids: Record<string, string> = {};

beforeAll(async () => {
  freeStyleId = (await freeAnimeStyle(server.url)).id;
  const setup = await openBrowser();
  try {
    const { page } = setup;
    await signUp(page, server.url, account);
    await acceptCookies(page);
    await page.getByTestId('generator').waitFor();
    await page.getByTestId(`style-option-${freeStyleId}`).click();
    await page.getByTestId('quality-Standard').click();
    for (const prompt of [DOOMED_PROMPT, FIRST_PROMPT, SECOND_PROMPT]) {
      uuids[prompt] = await createImage(page, prompt);
    }
    expect(new Set(Object.values(uuids)).size).toBe(3);
  } finally {
    await setup.close();
  }
});

/** Sets whether the account keeps an image in its collection: the state a test starts from. */
async function setFavourite(page: Page, uuid: string, favourite: boolean) {
  const info = await page.request.get(`${server.url}/api/image/${uuid}/info`);
  if (((await info.json()) as { is_favorite: boolean }).is_favorite === favourite) return;
  const response = await page.request.fetch(`${server.url}/api/action/favorite`, {
    method: favourite ? 'POST' : 'DELETE',
    data: { uuid },
    headers: { origin: server.url },
  });
  expect(response.ok()).toBe(true);
}

describe('the image viewer in Chromium', () => {
  const browser = browserPerTest(server, {
    account: () => account,
    cookiesAnswered: true,
    noPageErrors: true,
    prepare: (page) =>
      page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url }),
  });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  /** /create with the results. */
  async function openGenerator() {
    await browser.page.goto(`${server.url}/create`);
    await byTestId('generator').waitFor();
  }
  /** The viewer opened from the generator's results (so that closing goes back there). */
  async function openFromGenerator(prompt: string) {
    await openGenerator();
    await openFromResults(browser.page, uuids[prompt]!);
    await imageLoaded(browser.page);
  }
  /** The viewer opened at its own address. */
  async function openDirectly(prompt: string) {
    await browser.page.goto(`${server.url}/image/${uuids[prompt]}`);
    await viewer(browser.page).waitFor();
    await imageLoaded(browser.page);
  }

  it('opens the newest image from the results, with its info panel', async () => {
    const { page } = browser;
    const uuid = uuids[SECOND_PROMPT]!;
    await openGenerator();
    await openFromResults(page, uuid);
    await imageLoaded(page);
    const panel = byTestId('viewer-panel');
    await expect.poll(() => byTestId('viewer-prompt').innerText()).toBe(SECOND_PROMPT);
    expect(await byTestId('viewer-neg-prompt').innerText()).not.toBe('');
    expect(await byTestId('viewer-seed').innerText()).toMatch(/^\d+$/);
    expect(await byTestId('viewer-style').innerText()).not.toBe('—');
    // The built-in preview engine says what it is (docs/architecture.md).
    expect(await byTestId('viewer-model').innerText()).toBe('Preview renderer (not an AI model)');
    const author = byTestId('viewer-author');
    expect(await author.innerText()).toBe(account.username);
    expect(await author.getAttribute('href')).toMatch(new RegExp(`^/gallery/${account.username}-\\d+$`));
    expect(await byTestId('viewer-date').innerText()).toMatch(/\d{4}/);
    // Every image is labelled as AI-generated on the picture (issue 18's visible disclosure).
    const aiLabel = byTestId('viewer-ai-label');
    expect(await aiLabel.innerText()).toBe(translation('en', 'image', 'ai_label'));
    expect(await aiLabel.getAttribute('title')).toBe(translation('en', 'image', 'ai_label_hint'));
    expect(await labelUncovered(page)).toBe(true);
    // Tags come from the prompt.
    expect(await byTestId('viewer-tags').innerText()).toContain(SECOND_PROMPT);
    expect(untranslated(await panel.innerText())).toEqual([]);
    // Up and down follow the newest public gallery (the curated samples are in it too).
    const board = await newestBoard(page, server.url);
    const position = board.indexOf(uuid);
    expect(position).toBeGreaterThanOrEqual(0);
    await expect
      .poll(() => byTestId('viewer-previous').getAttribute('aria-disabled'))
      .toBe(position === 0 ? 'true' : 'false');
    await expect
      .poll(() => byTestId('viewer-next').getAttribute('aria-disabled'))
      .toBe(position === board.length - 1 ? 'true' : 'false');
    // Focus is inside the dialog.
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-testid="image-viewer"]') !== null),
    ).toBe(true);
  });

  it('favourites the image (the heart fills, a notice says so, the server agrees)', async () => {
    const { page } = browser;
    await setFavourite(page, uuids[SECOND_PROMPT]!, false);
    await openDirectly(SECOND_PROMPT);
    const heart = byTestId('viewer-favorite');
    await heart.click();
    await expect.poll(() => heart.getAttribute('data-active')).toBe('true');
    await expect.poll(() => noticeText(page)).toContain('Added to your collection.');
    const info = await page.request.get(`${server.url}/api/image/${uuids[SECOND_PROMPT]}/info`);
    expect(((await info.json()) as { is_favorite: boolean }).is_favorite).toBe(true);
  });

  it('walks the board with the keyboard, keeps one history entry, and zooms and rotates', async () => {
    const { page } = browser;
    await openFromGenerator(SECOND_PROMPT);
    const home = uuids[SECOND_PROMPT]!;
    const board = await newestBoard(page, server.url);
    const below = board[board.indexOf(home) + 1];
    if (!below) throw new Error('the newest gallery has nothing after the image');
    await byTestId('viewer-zoom').waitFor();
    // The history keeps one entry for the viewer: each step replaces it.
    const length = await page.evaluate(() => history.length);
    await page.keyboard.press('ArrowDown');
    await onImage(page, below);
    await page.keyboard.press('k');
    await onImage(page, home);
    await page.keyboard.press('j');
    await onImage(page, below);
    await page.keyboard.press('ArrowUp');
    await onImage(page, home);
    expect(await page.evaluate(() => history.length)).toBe(length);

    // The wheel over the image steps too, once per flick.
    const stage = byTestId('viewer-stage');
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 150);
    await onImage(page, below);
    // Within the wheel's cooldown further wheel input is ignored; the stage says when it has ended.
    await expect.poll(() => stage.getAttribute('data-wheel-cooldown')).toBe('false');
    await page.mouse.wheel(0, -150);
    await onImage(page, home);
    // A touch swipe of 100 px or more steps (up: next); a shorter one does nothing
    // (docs/product/image-viewer.md#the-viewer).
    const swipe = (from: number, to: number) =>
      stage.evaluate(
        (element, [start, end]) => {
          const at = (type: string, y: number) =>
            element.dispatchEvent(
              new PointerEvent(type, {
                pointerId: 9,
                pointerType: 'touch',
                clientX: 300,
                clientY: y,
                bubbles: true,
              }),
            );
          at('pointerdown', start!);
          at('pointermove', (start! + end!) / 2);
          at('pointerup', end!);
        },
        [from, to],
      );
    await swipe(500, 420);
    // A step starts in the gesture's own event (the viewer is aria-busy until the next image shows), so
    // by now the viewer would be busy or on another image: read both at once.
    expect(
      await viewer(page).evaluate((element) => [element.dataset.uuid, element.getAttribute('aria-busy')]),
    ).toEqual([home, null]);
    await swipe(500, 380);
    await onImage(page, below);
    await swipe(300, 420);
    await onImage(page, home);
    await expect.poll(() => byTestId('viewer-prompt').innerText()).toBe(SECOND_PROMPT);
    await imageLoaded(page);

    const picture = byTestId('viewer-picture');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(() => byTestId('viewer-zoom').innerText()).toBe('120%');
    await page.keyboard.press('r');
    expect(await picture.getAttribute('data-rotation')).toBe('90');
    await byTestId('viewer-zoom-out').click();
    await expect.poll(() => picture.getAttribute('data-zoom')).toBe('1.1');
    for (let step = 0; step < 6; step += 1) await byTestId('viewer-zoom-out').click();
    expect(await picture.getAttribute('data-zoom')).toBe('0.5');
    expect(await byTestId('viewer-zoom-out').getAttribute('aria-disabled')).toBe('true');
    await byTestId('viewer-reset').click();
    expect(await picture.getAttribute('data-zoom')).toBe('1');
    expect(await picture.getAttribute('data-rotation')).toBe('0');
    await page.mouse.move(0, 0);
    await screenshot(page, 'desktop-image');
  });

  it('copies the link to the clipboard, with the clipboard notice', async () => {
    const { page } = browser;
    await openDirectly(SECOND_PROMPT);
    await byTestId('image-menu-button').click();
    const menu = byTestId('image-menu');
    await menu.waitFor();
    expect(untranslated(await menu.innerText())).toEqual([]);
    // A Free owner sees privacy disabled, with the plans link; owners delete rather than report.
    expect(await byTestId('image-menu-private').getAttribute('data-disabled')).not.toBeNull();
    await byTestId('image-menu-upgrade').waitFor();
    expect(await byTestId('image-menu-report').count()).toBe(0);
    await byTestId('image-menu-copy-link').click();
    await expect.poll(() => noticeText(page)).toContain('Link copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${server.url}/image/${uuids[SECOND_PROMPT]}`);
  });

  it('sees similar images: /explore searching the style and the first tags as optional tags', async () => {
    const { page } = browser;
    await openDirectly(SECOND_PROMPT);
    await byTestId('image-menu-button').click();
    await byTestId('image-menu-similar').click();
    await waitForPath(page, '/explore');
    const url = new URL(page.url());
    expect(url.searchParams.get('st')).toBe(String(freeStyleId));
    expect(url.searchParams.get('opt')).toMatch(new RegExp(`^\\d+:${SECOND_PROMPT}$`));
    await page.goBack();
    await onImage(page, uuids[SECOND_PROMPT]!);
  });

  it('closes with Escape, back to where it was opened (the generator, kept alive)', async () => {
    const { page } = browser;
    await openFromGenerator(SECOND_PROMPT);
    await page.keyboard.press('Escape');
    await waitForPath(page, '/create');
    await viewer(page).waitFor({ state: 'detached' });
    await byTestId('generator').waitFor();
  });

  it('clones the settings of an image into the kept-alive generator', async () => {
    const { page } = browser;
    await openGenerator();
    const generator = page.locator('[data-testid="kept-page"]:not([hidden])');
    await generator.getByTestId('prompt').fill(SECOND_PROMPT);
    await openFromResults(page, uuids[FIRST_PROMPT]!);
    await expect.poll(() => byTestId('viewer-prompt').innerText()).toBe(FIRST_PROMPT);
    const seed = await byTestId('viewer-seed').innerText();
    await byTestId('image-menu-button').click();
    await byTestId('image-menu-clone').click();
    await waitForPath(page, '/create');
    await expect.poll(() => generator.getByTestId('prompt').inputValue()).toBe(FIRST_PROMPT);
    expect(await generator.getByTestId('seed-input').inputValue()).toBe(seed);
    expect(await generator.getByTestId('seed-lock').getAttribute('aria-pressed')).toBe('true');
    expect(await generator.getByTestId(`style-option-${freeStyleId}`).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expect.poll(() => noticeText(page)).toContain('Settings copied to the generator.');
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('promptData') ?? '{}') as unknown,
    );
    expect(saved).toMatchObject({
      settings: { prompt: FIRST_PROMPT, seed: Number(seed), quality: 'Standard' },
    });
  });

  it('opened directly, closes to /explore; an unknown image goes to /404', async () => {
    const { page } = browser;
    await openDirectly(SECOND_PROMPT);
    await byTestId('viewer-close').click();
    await waitForPath(page, '/explore');
    await page.goto(`${server.url}/image/00000000-0000-4000-8000-000000000000`);
    await waitForPath(page, '/404');
    await byTestId('not-found').waitFor();
  });

  it('reports someone else’s image with a reason', async () => {
    const { page } = browser;
    const board = await newestBoard(page, server.url);
    const mine = new Set(Object.values(uuids));
    const other = board.find((uuid) => !mine.has(uuid));
    if (!other) throw new Error('the newest gallery has no image by someone else');
    await page.goto(`${server.url}/image/${other}`);
    await viewer(page).waitFor();
    await byTestId('image-menu-button').click();
    expect(await byTestId('image-menu-delete').count()).toBe(0);
    await byTestId('image-menu-report').click();
    const dialog = byTestId('report-dialog');
    await dialog.waitFor();
    expect(untranslated(await dialog.innerText())).toEqual([]);
    await byTestId('report-reason-spam').check();
    await byTestId('report-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => noticeText(page)).toContain('Thank you: our moderators will review this image.');
    // The focus goes back to the menu button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('image-menu-button');
  });

  it('serves the sharing metadata of a public image with the page', async () => {
    const { page } = browser;
    const html = await (await page.request.get(`${server.url}/image/${uuids[FIRST_PROMPT]}`)).text();
    expect(html).toContain(
      `<meta property="og:image" content="${server.url}/images/${uuids[FIRST_PROMPT]}-social.jpg"`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    const social = await page.request.get(`${server.url}/images/${uuids[FIRST_PROMPT]}-social.jpg`);
    expect(social.headers()['content-type']).toBe('image/jpeg');
  });

  it('lays out on a phone (390×844): the panel is a bottom sheet', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await openDirectly(FIRST_PROMPT);
    const toggle = byTestId('viewer-panel-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await byTestId('viewer-prompt').isVisible()).toBe(false);
    // The AI-generated label shows with the panel folded: nothing (the close button, the sheet) covers it.
    expect(await labelUncovered(page)).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-image');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => byTestId('viewer-prompt').innerText()).toBe(FIRST_PROMPT);
    await screenshot(page, 'phone-image-details');
  });

  it('finds the favourite in /collection and opens it from there', async () => {
    const { page } = browser;
    await setFavourite(page, uuids[SECOND_PROMPT]!, true);
    await page.goto(`${server.url}/collection`);
    const favourite = page.locator(`[data-testid="gallery-card"][data-uuid="${uuids[SECOND_PROMPT]}"]`);
    await favourite.waitFor({ timeout: 15_000 });
    expect(await byTestId('gallery-card').count()).toBe(1);
    await favourite.click();
    await viewer(page).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/image/${uuids[SECOND_PROMPT]}`);
    await expect.poll(() => byTestId('viewer-favorite').getAttribute('data-active')).toBe('true');
  });

  it('deletes an image after confirmation', async () => {
    const { page } = browser;
    await openGenerator();
    await openFromResults(page, uuids[DOOMED_PROMPT]!);
    await byTestId('image-menu-button').click();
    await byTestId('image-menu-delete').click();
    const dialog = byTestId('delete-dialog');
    await dialog.waitFor();
    expect(untranslated(await dialog.innerText())).toEqual([]);
    await byTestId('delete-confirm').click();
    await waitForPath(page, '/create');
    await expect.poll(() => noticeText(page)).toContain('Image deleted.');
    const info = await page.request.get(`${server.url}/api/image/${uuids[DOOMED_PROMPT]}/info`);
    expect(info.status()).toBe(404);
  });
});
