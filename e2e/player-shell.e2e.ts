import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptCookies, settle } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { axeViolations, WORKER_BLOCKED_WARNING } from './support/firstScreen.ts';
import { freeAnimeStyle, generate, newAccount } from './support/gallery.ts';
import { bellCountsOf, firstDayCounted, generateThroughApi, playerOf } from './support/player-events.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The player's parts of the shell (docs/product/player.md, docs/product/routes.md#shell) against the real
 * API and the local preview worker, in Chromium: the XP bar of the avatar menu moves when an image is made;
 * a level reached opens the reward overlay, whose claims lower the bell's count; the bell's panel reads and
 * marks notifications; the ticket tracker's panel opens and closes; all of it on a phone too, and with no
 * console error or warning and no axe violation. Accounts get 30 welcome tickets (WELCOME_TICKETS): a level
 * takes 12 images at 2 tickets each.
 */
const server = serverForFile({ env: { WELCOME_TICKETS: '30' } });
let styleId = 0;

beforeAll(async () => {
  styleId = (await freeAnimeStyle(server.url)).id;
});

/** Console errors and warnings of the test's page. */
let consoleProblems: string[] = [];
beforeEach(() => {
  consoleProblems = [];
});
const watchConsole = (page: Page) => {
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.text() === WORKER_BLOCKED_WARNING) return;
    // With the resource's address (cut short: a data: URL can be long), so that a failure says what failed.
    const where = message.location().url;
    consoleProblems.push(where ? `${message.text()} (${where.slice(0, 120)})` : message.text());
  });
};

/** The bell's number, 0 when it shows none. */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('bell-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
}

/** A new account, signed in on `page`, on `path` with the cookie banner answered. */
async function signedInOn(page: Page, path: string) {
  await createAccount(server.url, newAccount('lvl'), page);
  await page.goto(`${server.url}${path}`);
  await acceptCookies(page);
  await firstDayCounted(page, server.url);
}

describe('the player in the shell, desktop', () => {
  const browser = browserPerTest(server, { noPageErrors: true, prepare: watchConsole });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('generate → the XP bar in the avatar menu moves', async () => {
    const { page } = browser;
    await signedInOn(page, '/create');
    await byTestId('generator').waitFor();
    const before = await playerOf(page, server.url);
    expect(before).toMatchObject({ level: 1, xp_required: 130 });

    await byTestId('avatar-button').click();
    await byTestId('avatar-menu').waitFor();
    // The first day's XP reaches the page through the live `notification` of its streak day.
    // (A loaded CI machine may deliver it after the poll's default second.)
    await expect
      .poll(() => byTestId('xp-label').innerText(), { timeout: 15_000 })
      .toBe(`${before.xp_progress} / 130 XP`);
    expect(await byTestId('menu-level').innerText()).toBe('Level 1');
    // The menu shows the player's look (the default frame and picture).
    expect(await byTestId('menu-look').count()).toBe(1);
    const percentBefore = Number(await byTestId('xp-bar').getAttribute('data-percent'));
    await page.keyboard.press('Escape');
    await byTestId('avatar-menu').waitFor({ state: 'detached' });

    await byTestId(`style-option-${styleId}`).click();
    await generate(page, 'a lighthouse at dusk');
    await byTestId('avatar-button').click();
    await expect
      .poll(() => byTestId('xp-label').innerText(), { timeout: 15_000 })
      .toBe(`${before.xp_progress + 10} / 130 XP`);
    expect(Number(await byTestId('xp-bar').getAttribute('data-percent'))).toBeGreaterThan(percentBefore);
    expect(await byTestId('xp-bar').getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
      String(Math.floor(((before.xp_progress + 10) * 100) / 130)),
    );
    await settle(page);
    await screenshot(page, 'desktop-player-avatar-menu');
    expect(consoleProblems).toEqual([]);
  });

  it('level-up overlay → claim → the bell count drops', async () => {
    const { page } = browser;
    await signedInOn(page, '/explore');
    // The first day's streak is the bell's first notification.
    await expect.poll(() => bellCount(page)).toBe(1);

    const player = await generateThroughApi(page, server.url, styleId, 12);
    expect(player.level).toBe(2);
    const overlay = byTestId('reward-overlay');
    await overlay.waitFor({ timeout: 20_000 });
    expect(await byTestId('reward-level').innerText()).toBe('Level 2');
    // The level and the achievement of ten images, each paying coins.
    await expect.poll(() => byTestId('reward-item').count()).toBe(2);
    await expect.poll(() => bellCount(page)).toBe(3);
    expect(await bellCountsOf(page, server.url)).toEqual({ newNotifications: 3, newRewards: 2 });
    await settle(page);
    await screenshot(page, 'desktop-player-overlay');
    const violations = await axeViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

    const levelItem = page.locator('[data-testid="reward-item"][data-type="level_up"]');
    expect(await levelItem.innerText()).toContain('+20 coins');
    await levelItem.getByTestId('reward-claim').click();
    await expect.poll(() => bellCount(page)).toBe(2);
    await expect.poll(() => byTestId('reward-item').count()).toBe(1);
    await byTestId('reward-claim').click();
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => bellCount(page)).toBe(1);
    // 20 coins for level 2 and 10 for the bronze achievement, claimed once each.
    expect((await playerOf(page, server.url)).reward_tokens).toBe(30);
    expect(await bellCountsOf(page, server.url)).toEqual({ newNotifications: 1, newRewards: 0 });

    // The bell lists the three, newest first; "mark all as read" reads the streak day that is left.
    await byTestId('bell-button').click();
    const panel = byTestId('bell-panel');
    await panel.waitFor();
    await expect.poll(() => byTestId('bell-item').count()).toBe(3);
    const texts = await byTestId('bell-item').allInnerTexts();
    expect(texts.some((text) => text.includes('You reached level 2'))).toBe(true);
    expect(texts.some((text) => text.includes('Achievement unlocked: First Strokes'))).toBe(true);
    expect(texts.at(-1)).toContain('Day 1 of your streak: +10 XP');
    await byTestId('bell-mark-all').click();
    await expect.poll(() => bellCount(page)).toBe(0);
    expect(await page.locator('[data-testid="bell-item"][data-new="true"]').count()).toBe(0);
    expect(consoleProblems).toEqual([]);
  });

  it('opens the bell: a notification is read when activated, by keyboard too', async () => {
    const { page } = browser;
    await signedInOn(page, '/explore');
    await expect.poll(() => bellCount(page)).toBe(1);
    await byTestId('bell-button').focus();
    await page.keyboard.press('Enter');
    const panel = byTestId('bell-panel');
    await panel.waitFor();
    expect(await byTestId('bell-button').getAttribute('aria-expanded')).toBe('true');
    const item = byTestId('bell-item');
    await expect.poll(() => item.getAttribute('data-new')).toBe('true');
    expect(await item.innerText()).toMatch(/Day 1 of your streak: \+10 XP\s+(now|\d+ seconds? ago)/);
    await settle(page);
    await screenshot(page, 'desktop-player-bell');
    const violations = await axeViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

    await item.getByRole('button').click();
    await expect.poll(() => item.getAttribute('data-new')).toBe('false');
    await expect.poll(() => bellCount(page)).toBe(0);
    expect((await bellCountsOf(page, server.url)).newNotifications).toBe(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // Focus goes back to the bell.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('bell-button');
    expect(consoleProblems).toEqual([]);
  });

  it('opens the ticket tracker, which closes on a click outside and on scroll', async () => {
    const { page } = browser;
    await signedInOn(page, '/explore');
    const tracker = byTestId('tracker-button');
    expect(await byTestId('ticket-count').innerText()).toBe('30');
    // The daily quest is not done yet.
    expect(await byTestId('quest-badge').innerText()).toBe('1');
    // Read as phrases, the numbers alone hidden from screen readers.
    const name = /^30 tickets\s*,\s*Daily quest not completed yet$/;
    expect(await page.getByRole('button', { name }).count()).toBe(1);

    await tracker.click();
    const panel = byTestId('tracker-panel');
    await panel.waitFor();
    expect(await byTestId('tracker-tickets').innerText()).toBe('30');
    expect(await byTestId('tracker-energy').count()).toBe(0);
    expect(await byTestId('tracker-plan').innerText()).toContain('Free');
    expect(await byTestId('tracker-plan').getAttribute('href')).toBe('/tickets');
    expect(await byTestId('tracker-daily-tasks').getAttribute('href')).toBe('/daily-tasks');
    expect(await byTestId('tracker-buy').getAttribute('href')).toBe('/tickets');
    expect(await byTestId('tracker-quest-badge').innerText()).toContain('1');
    await settle(page);
    await screenshot(page, 'desktop-player-tracker');
    const violations = await axeViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

    // A click on the menu bar's empty top edge (nothing there reacts to it).
    await byTestId('top-menu').click({ position: { x: 700, y: 3 } });
    await panel.waitFor({ state: 'detached' });
    await tracker.click();
    await panel.waitFor();
    await page.mouse.wheel(0, 400);
    await panel.waitFor({ state: 'detached' });

    // A link goes where it says and closes the panel.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tracker.click();
    await byTestId('tracker-daily-tasks').click();
    await page.waitForURL((url) => url.pathname === '/daily-tasks');
    await panel.waitFor({ state: 'detached' });
    expect(consoleProblems).toEqual([]);
  });
});

describe('the player in the shell, phone (390 px)', () => {
  const phone = browserPerTest(server, {
    viewport: PHONE,
    isMobile: true,
    noPageErrors: true,
    prepare: watchConsole,
  });
  const byTestId = (id: string) => phone.page.getByTestId(id);

  it('fits the bell and the tracker in the top bar, and opens their panels full width', async () => {
    const { page } = phone;
    await signedInOn(page, '/explore');
    await expect.poll(() => bellCount(page)).toBe(1);
    for (const id of ['tracker-button', 'bell-button', 'avatar-button']) {
      const box = await byTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x, id).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-player-top-menu');

    await byTestId('bell-button').click();
    const bell = byTestId('bell-panel');
    await bell.waitFor();
    await settle(page);
    expect((await bell.boundingBox())?.width).toBe(PHONE.width);
    await screenshot(page, 'phone-player-bell');
    await page.keyboard.press('Escape');
    await bell.waitFor({ state: 'detached' });

    await byTestId('tracker-button').click();
    const tracker = byTestId('tracker-panel');
    await tracker.waitFor();
    await settle(page);
    expect((await tracker.boundingBox())?.width).toBe(PHONE.width);
    await screenshot(page, 'phone-player-tracker');
    const violations = await axeViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.keyboard.press('Escape');

    await byTestId('avatar-button').click();
    await byTestId('xp-bar').waitFor();
    await settle(page);
    await screenshot(page, 'phone-player-avatar-menu');
    expect(consoleProblems).toEqual([]);
  });

  it('shows the overlay for rewards left unclaimed, and "Later" hides it for the session', async () => {
    const { page } = phone;
    await signedInOn(page, '/explore');
    await generateThroughApi(page, server.url, styleId, 12);
    const overlay = byTestId('reward-overlay');
    await overlay.waitFor({ timeout: 20_000 });
    await expect.poll(() => byTestId('reward-item').count()).toBe(2);
    await settle(page);
    await screenshot(page, 'phone-player-overlay');
    await byTestId('reward-later').click();
    await overlay.waitFor({ state: 'detached' });
    // Still unclaimed, still counted on the bell, and not shown again on this tab's next page.
    expect(await bellCount(page)).toBe(3);
    await page.reload();
    await expect.poll(() => bellCount(page)).toBe(3);
    await byTestId('reward-overlay-held').waitFor({ state: 'attached' });
    expect(await overlay.count()).toBe(0);
    // The bell's Claim takes the coins too.
    await byTestId('bell-button').click();
    await byTestId('bell-panel').waitFor();
    await expect.poll(() => byTestId('bell-claim').count()).toBe(2);
    await byTestId('bell-claim').first().click();
    await expect.poll(() => bellCount(page)).toBe(2);
    expect(consoleProblems).toEqual([]);
  });
});
