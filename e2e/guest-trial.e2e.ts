import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translation, waitForPath } from './support/app.ts';
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from './support/browser.ts';
import { newAccount } from './support/gallery.ts';
import { axeViolationsIn } from './support/player.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The guest trial on the web (docs/product/generation.md#guest-trial), in Chromium against the real API and
 * its built-in preview worker: a visitor on the landing page confirms being 18, makes one image in the
 * "try it" box, sees its progress then the image and the call to sign up; a second try is refused with the
 * translated daily limit; the same guest on a phone (the cookie, after a reload) sees the image again; and
 * /create points the guest to the free try; signing up in that browser moves the image into /creations, and
 * the signed-in landing offers a link to /create instead of the box.
 * One flow in order: the trial allows one image a day per address, and every test here shares 127.0.0.1.
 * Screenshots: desktop-try-it, desktop-try-it-done, phone-try-it.
 */
let server: RunningServer;
let desktop: Browser;
let phone: Browser | undefined;
let imageUuid = '';

/** Scrolls the box's section to the top of the viewport (below the menu), for a screenshot of it. */
async function showBox(page: Page): Promise<void> {
  await page.locator('#try-it').evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

beforeAll(async () => {
  server = await startServer();
  desktop = await openBrowser({ viewport: DESKTOP });
  // The cookie banner answered ("Accept all"), as a returning visitor: it never covers the box.
  await desktop.context.addCookies([{ name: 'cookie_consent', value: 'all', url: server.url }]);
  // The top menu stays in place when scrolled (it slides away otherwise).
  await desktop.page.emulateMedia({ reducedMotion: 'reduce' });
});

afterAll(async () => {
  await phone?.close();
  await desktop?.close();
  await server?.stop();
});

describe('the guest trial', () => {
  it('asks for the 18+ confirmation, then shows the progress and the image with the sign-up call', async () => {
    const { page } = desktop;
    await page.goto(`${server.url}/`);
    const box = page.getByTestId('try-it');
    await box.waitFor();
    expect(await page.getByTestId('try-it-prompt').getAttribute('placeholder')).toBe(
      translation('en', 'landing', 'try_it.placeholder'),
    );
    // Only the free styles are offered, one of them chosen.
    await expect.poll(() => box.locator('input[type="radio"]').count()).toBeGreaterThan(0);
    expect(await box.locator('input[type="radio"]:checked').count()).toBe(1);
    await page.getByTestId('try-it-prompt').fill('a lighthouse at dusk');
    await showBox(page);
    await screenshot(page, 'desktop-try-it');

    // Every state the frame goes through, recorded in the page.
    await page.evaluate(() => {
      const frame = document.querySelector('[data-testid="try-it-frame"]')!;
      const seen: string[] = [];
      (window as unknown as { trialStates: string[] }).trialStates = seen;
      new MutationObserver(() => seen.push(frame.getAttribute('data-state') ?? '')).observe(frame, {
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/tasks/guest/txt2img'));
    await page.getByTestId('try-it-make').click();
    await page.getByTestId('age-dialog').waitFor();
    await page.getByTestId('age-adult').click();
    expect((await posted).postDataJSON()).toMatchObject({
      prompt: 'a lighthouse at dusk',
      age_confirmed: true,
    });
    await page.getByTestId('try-it-image').waitFor({ timeout: 90_000 });
    const states = await page.evaluate(() => (window as unknown as { trialStates: string[] }).trialStates);
    expect(states[0]).toBe('queue');
    expect(states.at(-1)).toBe('done');
    expect(await page.getByTestId('try-it-status').getAttribute('aria-live')).toBe('polite');
    const src = (await page.getByTestId('try-it-image').getAttribute('src')) ?? '';
    imageUuid = /\/images\/([0-9a-f-]+)\.webp$/.exec(src)?.[1] ?? '';
    expect(imageUuid).not.toBe('');
    // The file is this browser's through the cookie.
    await expect
      .poll(() => page.getByTestId('try-it-image').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const signup = page.getByTestId('try-it-signup');
    expect(await signup.innerText()).toContain(translation('en', 'landing', 'try_it.keep'));
    expect(await signup.getAttribute('href')).toBe('/account/signup');
    await showBox(page);
    await screenshot(page, 'desktop-try-it-done');
  });

  it('answers a second try with the translated daily limit', async () => {
    const { page } = desktop;
    await page.getByTestId('try-it-prompt').fill('a forest path in autumn');
    await page.getByTestId('try-it-make').click();
    const alert = page.getByTestId('try-it-error');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(translation('en', 'landing', 'try_it.limit_daily'));
    // The image stays.
    expect(await page.getByTestId('try-it-image').count()).toBe(1);
    // The alert's and the hint's links read as links without their colour (axe, the whole box).
    expect(await axeViolationsIn(page, ['[data-testid="try-it"]'])).toEqual([]);
  });

  it('shows the guest its image again after a reload, on a phone', async () => {
    phone = await openBrowser({ viewport: PHONE, isMobile: true });
    await phone.page.emulateMedia({ reducedMotion: 'reduce' });
    // The same browser's cookies (the guest session and the consent) in a phone-sized context.
    await phone.context.addCookies(await desktop.context.cookies(server.url));
    const { page } = phone;
    await page.goto(`${server.url}/ai-realistic-generator`);
    await page.getByTestId('try-it-image').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('try-it-image').getAttribute('src')).toBe(`/images/${imageUuid}.webp`);
    // The box fits the phone's width.
    const width = (await page.getByTestId('try-it').boundingBox())?.width ?? Infinity;
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await showBox(page);
    await screenshot(page, 'phone-try-it');
  });

  it('moves the image into the account signed up in the same browser', async () => {
    const { page } = desktop;
    const account = newAccount('trial');
    // /create keeps its flow for guests (Create leads to sign-up) and points to the free try.
    await page.goto(`${server.url}/create`);
    const note = page.getByTestId('guest-try-note');
    await note.waitFor();
    expect(await note.innerText()).toContain(translation('en', 'generator', 'results.guest_try'));
    await note.getByRole('link').click();
    await waitForPath(page, '/');
    await page.getByTestId('try-it-signup').click();
    await waitForPath(page, '/account/signup');
    await page.getByTestId('signup-form').waitFor();
    await page.getByTestId('field-username').fill(account.username);
    await page.getByTestId('field-email').fill(account.email);
    await page.getByTestId('field-password').fill(account.pwd);
    await page.getByTestId('submit').click();
    await page.getByTestId('avatar-button').waitFor();
    await page.goto(`${server.url}/creations`);
    await page
      .locator(`[data-testid="gallery-card"][data-uuid="${imageUuid}"]`)
      .first()
      .waitFor({ timeout: 20_000 });
    // Signed in, the landing offers the generator instead of the box.
    await page.goto(`${server.url}/home`);
    await page.getByTestId('try-it-signed-in').waitFor();
    expect(await page.getByTestId('try-it').count()).toBe(0);
  });
});
