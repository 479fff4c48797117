import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { me, rawKeysIn, until, waitForPath } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { dismissNotices, logIn, newAccount, searchGallery, shownPage } from './support/gallery.ts';
import { englishKeys } from './support/locales.ts';
import { axeViolationsIn, editableServerForFile } from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * The tweak studio (/tweak, docs/product/generation.md#tweak) against the real API and the local preview
 * worker, in Chromium: an image made by a new account opens in the studio from the viewer's Tweak action;
 * Tweak with nothing painted says so and sends nothing; a stroke painted with the mouse and a prompt make an
 * inpaint whose task is followed to the result (before/after, a link to the new image), which is in
 * /creations; Style to Style is Pro only, and a Pro user converts an image into another style. On a phone
 * the mask is painted with a finger. Screenshots: desktop-tweak.png (the result), desktop-tweak-editor.png,
 * desktop-tweak-convert.png and phone-tweak.png.
 */
// A server whose database the file may edit (a Pro account), with its local preview worker.
const server = editableServerForFile({ LOCAL_WORKER: 'true' });
const PROMPT = 'a lighthouse at dusk';
const pro = newAccount('pro');
let proId = 0;
/** The free anime style the images are made in, and another anime style to convert them into. */
let styleId = 0;
let otherStyleId = 0;

const TWEAK_KEYS = ['tweak', 'mask'].flatMap((namespace) => englishKeys(namespace));
/** Raw keys on screen, from the shared list and from the studio's namespaces. */
const untranslated = (text: string) => [
  ...rawKeysIn(text),
  ...TWEAK_KEYS.filter((key) => key.includes('.') && text.includes(key)),
];

beforeAll(async () => {
  const styles = (await (await fetch(`${server.url}/api/config/styles`)).json()) as {
    id: number;
    render: string;
    is_free: boolean;
    txt2img: boolean;
  }[];
  const anime = styles.filter((style) => style.render === 'hentai' && style.txt2img);
  styleId = anime.find((style) => style.is_free)!.id;
  otherStyleId = anime.find((style) => !style.is_free)!.id;
  // A Pro account, as a purchase leaves it (the plan and its expiry on the account).
  proId = await createAccount(server.url, pro);
  await server.edit((db) =>
    db
      .updateTable('app_user')
      .set({ plan: 2, pro_expire: new Date(Date.now() + 30 * 86_400_000) })
      .where('id', '=', proId)
      .execute()
      .then(() => undefined),
  );
}, 120_000);

/**
 * One finished image of the user signed in on `page`, made through the API (the generator's own flow is
 * create.e2e's); its uuid.
 */
async function imageOf(page: Page, userId: number): Promise<string> {
  const answer = await page.request.post(`${server.url}/api/tasks/txt2img?fastlane=false`, {
    data: { prompt: PROMPT, style_id: styleId, quality: 'Standard', format: 'Portrait' },
    headers: { origin: server.url },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const mine = () => searchGallery(page, server.url, `page=0&size=12&author_id=${userId}`, { shuffle: null });
  const board = await until('the image done and in the creations', mine, (found) => found.items.length === 1);
  return board.items[0]!.uuid;
}

/** A new account (20 welcome tickets), signed in on `page`, with one finished image; the image's uuid. */
async function accountWithImage(page: Page, prefix: string): Promise<string> {
  return imageOf(page, await createAccount(server.url, newAccount(prefix), page));
}

/** Tweak requests the page sends (an empty mask must send none). */
function watchTweakRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/tasks/img2img/')) sent.push(request);
  });
  return sent;
}

const studio = (page: Page) => shownPage(page).getByTestId('tweak-page');

/** The studio shows its source and the mask editor has loaded the picture. */
async function editorReady(page: Page): Promise<void> {
  await expect.poll(() => studio(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('ready');
  const editor = page.getByTestId('mask-editor');
  await expect.poll(() => editor.getAttribute('data-status'), { timeout: 15_000 }).toBe('ready');
}

/** Records every state the studio's task card shows, however briefly (window.taskStates). */
async function recordTaskStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { taskStates: string[] }).taskStates = seen;
    const record = () => {
      const card = document.querySelector('[data-testid="tweak-progress"] [data-testid="task-card"]');
      const state = card?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}

/** Waits for the followed tweak's result and answers the new image's uuid (from its viewer link). */
async function tweakResult(page: Page): Promise<string> {
  await page.getByTestId('tweak-result').waitFor({ timeout: 60_000 });
  const image = page.getByTestId('tweak-result-image');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const href = await page.getByTestId('tweak-result-open').getAttribute('href');
  const uuid = /^\/image\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1];
  expect(uuid, `the result's link: ${href}`).toBeTruthy();
  return uuid!;
}

describe('the tweak studio on a desktop', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, reducedMotion: true, noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('inpaints an image opened from the viewer: empty mask refused, a painted stroke tweaked, the result in Creations', async () => {
    const { page } = browser;
    const source = await accountWithImage(page, 'tweak');
    const sent = watchTweakRequests(page);

    // The viewer's Tweak action opens the studio with the image.
    await page.goto(`${server.url}/image/${source}`);
    await byTestId('viewer-tweak').click();
    await waitForPath(page, '/tweak');
    expect(new URL(page.url()).searchParams.get('image')).toBe(source);
    await editorReady(page);
    expect(untranslated(await page.locator('body').innerText())).toEqual([]);

    // Free user, Standard source: 1 ticket, the watermark kept; removing it costs one more.
    expect(await byTestId('tweak-cost-total').innerText()).toBe('1');
    await byTestId('tweak-watermark').click();
    expect(await byTestId('tweak-cost-total').innerText()).toBe('2');
    await byTestId('tweak-watermark').click();
    // The source's prompt is filled in, its style chosen.
    expect(await byTestId('tweak-prompt').inputValue()).toBe(PROMPT);
    expect(await byTestId(`tweak-style-option-${styleId}`).getAttribute('aria-pressed')).toBe('true');
    expect(await byTestId('tweak-strength-value').innerText()).toBe('0.75');

    // Style to Style is Pro only: the Pro-required modal, and the mode stays Inpaint.
    await byTestId('tweak-mode-convert').click();
    await byTestId('pro-required-modal').waitFor();
    await page.keyboard.press('Escape');
    await byTestId('pro-required-modal').waitFor({ state: 'detached' });
    expect(await byTestId('tweak-mode-inpaint').getAttribute('data-checked')).toBe('true');

    // Nothing painted: the notification, and no request.
    expect(await byTestId('tweak-submit').getAttribute('data-action')).toBe('empty-mask');
    await byTestId('tweak-submit').click();
    await expect.poll(() => byTestId('notice').innerText()).toContain('Paint the area to redraw first.');
    expect(sent).toHaveLength(0);
    await dismissNotices(page);

    // A stroke across the middle of the picture, with the mouse.
    const box = (await byTestId('mask-canvas').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    for (const step of [0.4, 0.5, 0.6, 0.7]) await page.mouse.move(box.x + box.width * step, y, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => byTestId('mask-editor').getAttribute('data-empty')).toBe('false');
    await byTestId('tweak-prompt').fill(`${PROMPT}, a red roof`);
    await byTestId('tweak-strength').fill('0.6');
    expect(await byTestId('tweak-strength-value').innerText()).toBe('0.60');
    expect(await byTestId('tweak-submit').getAttribute('data-action')).toBe('tweak');
    expect(await axeViolationsIn(page, ['[data-testid="tweak-page"]'])).toEqual([]);
    await screenshot(page, 'desktop-tweak-editor');

    await recordTaskStates(page);
    const request = page.waitForRequest((candidate) =>
      candidate.url().includes('/api/tasks/img2img/inpaint'),
    );
    await byTestId('tweak-submit').click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      source_img: source,
      prompt: `${PROMPT}, a red roof`,
      style_id: styleId,
      inpaint_type: 0.6,
      watermark: true,
    });
    // The mask: a PNG, base64.
    expect(Buffer.from(String(body.mask), 'base64').subarray(1, 4).toString()).toBe('PNG');

    // Progress on the page (the task card, from Queue or Tweak on), then the result beside the source.
    const result = await tweakResult(page);
    expect(result).not.toBe(source);
    const states = await page.evaluate(() => (window as unknown as { taskStates: string[] }).taskStates);
    expect(['0', '10']).toContain(states[0]);
    // 20 welcome tickets, 2 for the source (Free, watermark on), 1 for the tweak.
    await expect.poll(async () => (await me(page, server.url))?.generation_token).toBe(17);
    // The result's viewer links back to the image it was made from.
    await page.goto(`${server.url}/image/${result}`);
    expect(await byTestId('viewer-source').getAttribute('href')).toBe(`/image/${source}`);
    await page.goBack();
    await waitForPath(page, '/tweak');
    await tweakResult(page);
    // Back to the source: its editor again, the mask kept.
    await byTestId('tweak-result-back').click();
    await editorReady(page);
    expect(await byTestId('mask-editor').getAttribute('data-empty')).toBe('false');

    // The result is one of the user's creations, with its Tweak action.
    await page.goto(`${server.url}/creations`);
    const card = shownPage(page).locator(`[data-testid="gallery-card"][data-uuid="${result}"]`);
    await card.waitFor();
    await card.hover();
    await shownPage(page).locator(`[data-testid="card-tweak"][data-uuid="${result}"]`).click();
    await waitForPath(page, '/tweak');
    await editorReady(page);
    expect(await page.getByTestId('tweak-source-link').getAttribute('href')).toBe(`/image/${result}`);
  });

  it('keeps the work in local storage (tweakData) and shows the result with its comparison', async () => {
    const { page } = browser;
    const source = await accountWithImage(page, 'keep');
    await page.goto(`${server.url}/tweak?image=${source}`);
    await editorReady(page);
    const box = (await byTestId('mask-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
    await expect.poll(() => byTestId('mask-editor').getAttribute('data-empty')).toBe('false');
    await byTestId('tweak-prompt').fill(`${PROMPT}, snow`);

    // A reload keeps the source (even without ?image), the prompt and the mask.
    await page.goto(`${server.url}/tweak`);
    await editorReady(page);
    expect(await byTestId('tweak-prompt').inputValue()).toBe(`${PROMPT}, snow`);
    expect(await byTestId('mask-editor').getAttribute('data-empty')).toBe('false');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('tweakData') ?? '{}') as { source?: string },
    );
    expect(stored.source).toBe(source);

    await byTestId('tweak-submit').click();
    await tweakResult(page);
    expect(await axeViolationsIn(page, ['[data-testid="tweak-page"]'])).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'desktop-tweak');

    // Without an image: how to pick one.
    await page.evaluate(() => localStorage.removeItem('tweakData'));
    await page.goto(`${server.url}/tweak`);
    await byTestId('tweak-empty').waitFor();
    expect(await byTestId('tweak-empty-creations').getAttribute('href')).toBe('/creations');
    expect(await byTestId('tweak-empty-explore').getAttribute('href')).toBe('/explore');
  });
});

describe('Style to Style', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, reducedMotion: true, noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it("converts a Pro user's image into another style, never into its own", async () => {
    const { page } = browser;
    await logIn(page, server.url, pro);
    const source = await imageOf(page, proId);
    await page.goto(`${server.url}/tweak?image=${source}`);
    await editorReady(page);
    expect(await byTestId('tweak-upgrade').count()).toBe(0);
    await byTestId('tweak-mode-convert').click();
    await byTestId('tweak-convert').waitFor();
    expect(await byTestId('mask-editor').count()).toBe(0);

    // The image's own style cannot be picked; none picked yet.
    expect(await byTestId(`tweak-target-style-${styleId}`).isDisabled()).toBe(true);
    expect(await byTestId('tweak-submit').getAttribute('data-reason')).toBe('no-target');
    await byTestId(`tweak-target-style-${otherStyleId}`).click();
    expect(await byTestId(`tweak-target-style-${otherStyleId}`).getAttribute('aria-pressed')).toBe('true');
    // Pro: 1, the watermark removed for free, paid with the daily energy.
    expect(await byTestId('tweak-cost-total').innerText()).toBe('1');
    await byTestId('tweak-energy').waitFor();
    expect(await axeViolationsIn(page, ['[data-testid="tweak-page"]'])).toEqual([]);
    await screenshot(page, 'desktop-tweak-convert');

    const request = page.waitForRequest((candidate) =>
      candidate.url().includes('/api/tasks/img2img/convert'),
    );
    await byTestId('tweak-submit').click();
    expect((await request).postDataJSON()).toMatchObject({
      source_img: source,
      target_style: otherStyleId,
      watermark: false,
    });
    await tweakResult(page);
  });
});

describe('the tweak studio on a phone', () => {
  const phone = browserPerTest(server, {
    viewport: PHONE,
    isMobile: true,
    cookiesAnswered: true,
    reducedMotion: true,
    noPageErrors: true,
  });

  it('paints the mask with a finger and tweaks', async () => {
    const { page } = phone;
    const source = await accountWithImage(page, 'thumb');
    await page.goto(`${server.url}/tweak?image=${source}`);
    await editorReady(page);

    // One finger paints (a drag through the middle, as touch events).
    const canvas = page.getByTestId('mask-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const at = (fraction: number) => ({ x: box.x + box.width * fraction, y: box.y + box.height / 2 });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0.3)] });
    // One move per rendered frame, then held still for a few frames before lifting: a quick flick would
    // end in a fling, and Chromium does not click with the next tap, which only stops the fling (as on a
    // real phone). Paced by the page's own frames, not by a clock.
    const nextFrame = () =>
      page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    for (let step = 0.3; step <= 0.7; step += 0.02) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(step)] });
      await nextFrame();
    }
    for (let frame = 0; frame < 12; frame += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(0.7)] });
      await nextFrame();
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => page.getByTestId('mask-editor').getAttribute('data-empty')).toBe('false');

    await screenshot(page, 'phone-tweak-editor');

    // The tweak bar stays at hand at the bottom of the screen.
    const submit = page.getByTestId('tweak-submit');
    await submit.tap();
    await tweakResult(page);
    await page.getByTestId('tweak-result').scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-tweak');
  });
});
