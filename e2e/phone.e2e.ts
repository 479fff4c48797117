import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptCookies, cookieValue, settle, waitForPath } from './support/app.ts';
import { openBrowser, PHONE, screenshot } from './support/browser.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * Phone layout at 390×844 in Chromium against the real server: the cookie banner (its resting state, and
 * no entrance for people who prefer reduced motion), then every page and menu with the banner answered
 * so that the screenshots show the page itself. Nothing may overflow the viewport sideways. Each test
 * has a phone of its own (a fresh profile) and fails on an uncaught error in its page.
 */
const server = serverForFile();

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The element's box lies inside the viewport. */
async function expectInViewport(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height + 0.5);
}

/** Computed opacity of an element and each of its ancestors, multiplied. */
function effectiveOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
}

/** Alpha of the computed background colour (1 = opaque). */
function backgroundAlpha(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.fillStyle = getComputedStyle(element).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    return canvas.getImageData(0, 0, 1, 1).data[3]! / 255;
  });
}

describe('phone layout at 390×844', () => {
  const phone = browserPerTest(server, { viewport: PHONE, isMobile: true, noPageErrors: true });
  const byTestId = (id: string) => phone.page.getByTestId(id);

  it('shows the cookie banner as an opaque card above the bottom bar once it has risen', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/explore`);
    const banner = byTestId('cookie-banner');
    await banner.waitFor();
    await settle(page);
    const running = (element: Element) =>
      element.getAnimations().filter((animation) => animation.playState === 'running').length;
    expect(await banner.evaluate(running)).toBe(0);
    expect(await effectiveOpacity(banner)).toBe(1);
    expect(await backgroundAlpha(banner)).toBe(1);
    await expectInViewport(banner);
    const bannerBox = (await banner.boundingBox())!;
    const barBox = (await byTestId('mobile-bottom-bar').boundingBox())!;
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(barBox.y);
    await screenshot(page, 'phone-cookie-banner');

    await acceptCookies(page);
    expect(await cookieValue(page, server.url, 'cookie_consent')).toBe('all');
    await page.reload();
    await byTestId('gallery-board').waitFor();
    expect(await banner.count()).toBe(0);
  });

  it('shows the banner at once, without an entrance, when the visitor prefers reduced motion', async () => {
    const calm = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      await calm.page.emulateMedia({ reducedMotion: 'reduce' });
      await calm.page.goto(`${server.url}/explore`);
      const banner = calm.page.getByTestId('cookie-banner');
      await banner.waitFor();
      expect(await banner.evaluate((element) => element.getAnimations().length)).toBe(0);
      expect(await effectiveOpacity(banner)).toBe(1);
    } finally {
      await calm.close();
    }
  });

  it('renders the landing page and the sign-up form unobstructed', async () => {
    const { page } = phone;
    // The banner answered before (the landing page shows none to answer; the first test answers it).
    await page.context().addCookies([{ name: 'cookie_consent', value: 'all', url: server.url }]);
    await page.goto(`${server.url}/`);
    await byTestId('landing-primary-cta').waitFor();
    await screenshot(page, 'phone-landing');
    await page.goto(`${server.url}/account/signup`);
    await byTestId('signup-form').waitFor();
    expect(await byTestId('cookie-banner').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-signup');
  });

  it('opens the guest drawer from the top menu', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/account/signup`);
    await acceptCookies(page);
    await byTestId('signup-form').waitFor();
    // The shop's icon button shows its whole bag icon (its Button padding once squeezed it to 6 px).
    const shopIcon = await byTestId('top-menu').locator('a[href="/tickets"] svg').boundingBox();
    expect(shopIcon?.width).toBe(18);
    await byTestId('drawer-toggle').click();
    const drawer = byTestId('drawer');
    await drawer.waitFor();
    await settle(page);
    await expectInViewport(drawer);
    expect(await drawer.getByRole('link', { name: 'Create an account' }).isVisible()).toBe(true);
    expect(await byTestId('drawer-language').isVisible()).toBe(true);
    expect(await byTestId('drawer-logout').count()).toBe(0);
    await screenshot(page, 'phone-drawer-guest');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('signs up and renders explore, the avatar menu, the drawer, settings and 404', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/account/signup`);
    await acceptCookies(page);
    await byTestId('signup-form').waitFor();
    const stamp = Date.now();
    await byTestId('field-username').fill(`phone${stamp % 100000}`);
    await byTestId('field-email').fill(`phone${stamp}@example.com`);
    await byTestId('field-password').fill('lighthouse-dusk-1');
    await byTestId('submit').click();
    await waitForPath(page, '/explore');
    await byTestId('mobile-bottom-bar').waitFor();
    await byTestId('avatar-button').waitFor();
    await screenshot(page, 'phone-explore-signed-in');

    await byTestId('avatar-button').click();
    const menu = byTestId('avatar-menu');
    await menu.waitFor();
    await settle(page);
    await expectInViewport(menu);
    await screenshot(page, 'phone-avatar-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await byTestId('bottom-bar-menu').click();
    const drawer = byTestId('drawer');
    await drawer.waitFor();
    await settle(page);
    await expectInViewport(drawer);
    expect(await byTestId('drawer-logout').isVisible()).toBe(true);
    await screenshot(page, 'phone-drawer-signed-in');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/settings`);
    await byTestId('settings-username').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-settings');
    await page.goto(`${server.url}/nowhere`);
    await byTestId('not-found').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-404');
  });
});
