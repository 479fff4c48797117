import { REWARDS, type RewardType } from '@mirage/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settle } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { watchProblems } from './support/firstScreen.ts';
import { newAccount } from './support/gallery.ts';
import { axeViolationsIn, editableServerForFile, giveCoins } from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * The player in the top bar (docs/product/player.md#cosmetics, spec §1 "Audio"): the account button wears
 * the look the player bought and equipped (picture, frame), the menu's name its colour, and the initial
 * stands in while the player cannot be read; the bell panel's speaker mutes the sounds, pressed, and the
 * flag survives a reload without touching the settings page's audio switch. Coins are given through the
 * ledger in the server's database (support/player.ts). Screenshots: desktop-shell-look.png,
 * phone-shell-look.png, desktop-bell-muted.png, phone-bell-muted.png.
 */
const server = editableServerForFile();
const owner = newAccount('look');
let ownerId = 0;

const reward = (type: RewardType, key: string) =>
  REWARDS.find((item) => item.type === type && item.key === key)!;
const FOX = reward('ProfilePic', 'fox');
const SUNRISE = reward('Style', 'sunrise');
const SKY = reward('Color', 'sky');
const COINS = FOX.price + SUNRISE.price + SKY.price;

beforeAll(async () => {
  ownerId = await createAccount(server.url, owner);
  await server.edit((db) => giveCoins(db, ownerId, COINS));
});

/** Buys a reward with the coins and wears it, through the API the profile's buttons call. */
async function buyAndWear(page: Page, items: (typeof FOX)[]): Promise<void> {
  const headers = { origin: server.url };
  for (const item of items) {
    const bought = await page.request.put(`${server.url}/api/reward/${item.type}/unlock`, {
      data: { id: item.id },
      headers,
    });
    expect(bought.status(), item.key).toBe(200);
  }
  const worn = await page.request.put(`${server.url}/api/player/avatar`, {
    data: { items: items.map((item) => item.id) },
    headers,
  });
  expect(worn.status()).toBe(200);
}

/** The picture the account button shows (its look's img), or null while it shows the initial. */
const buttonPicture = (page: Page) =>
  page.getByTestId('avatar-button').locator('[data-testid="avatar-button-look"] img').getAttribute('src');

describe('the account button wears the player’s look', () => {
  const browser = browserPerTest(server, { account: () => owner, cookiesAnswered: true, noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('shows the default look, then the picture, frame and colour bought and equipped', async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    await page.goto(`${server.url}/explore`);
    const button = byTestId('avatar-button');
    await button.getByTestId('avatar-button-look').waitFor();
    expect(await buttonPicture(page)).toBe('/avatars/avatar-default.svg');

    await buyAndWear(page, [FOX, SUNRISE, SKY]);
    await page.reload();
    await button.getByTestId('avatar-button-look').waitFor();
    expect(await buttonPicture(page)).toBe('/avatars/avatar-fox.svg');
    // Still the account menu's button, by name, and as small as the bell beside it.
    expect(await button.getAttribute('aria-label')).toBe('Account menu');
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(1);
    const box = await button.boundingBox();
    expect(box).toMatchObject({ width: 40, height: 40 });
    // The picture has loaded (the app ships it).
    await expect
      .poll(() => button.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    await button.click();
    await byTestId('avatar-menu').waitFor();
    expect(await byTestId('menu-look').locator('img').getAttribute('src')).toBe('/avatars/avatar-fox.svg');
    expect(await byTestId('menu-name').getAttribute('data-color')).toBe(SKY.data);
    expect(await byTestId('menu-name').innerText()).toBe(owner.username);
    await settle(page);
    await screenshot(page, 'desktop-shell-look');
    expect(await axeViolationsIn(page, ['[data-testid="top-menu"]', '[data-testid="avatar-menu"]'])).toEqual(
      [],
    );
    expect(problems).toEqual([]);
  });

  it('shows the initial while the player cannot be read', async () => {
    const { page } = browser;
    await page.route(/\/api\/player\/me$/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":{"code":"busy"}}' }),
    );
    const answered = page.waitForResponse(/\/api\/player\/me$/);
    await page.goto(`${server.url}/explore`);
    await answered;
    const button = byTestId('avatar-button');
    expect(await button.getByTestId('avatar-initial').innerText()).toBe(owner.username[0]!.toUpperCase());
    expect(await button.getByTestId('avatar-button-look').count()).toBe(0);
    expect(await button.boundingBox()).toMatchObject({ width: 40, height: 40 });
  });

  it('fits a phone’s top bar', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/explore`);
    const button = byTestId('avatar-button');
    await button.getByTestId('avatar-button-look').waitFor();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await settle(page);
    await screenshot(page, 'phone-shell-look');
  });
});

describe('the mute toggle in the bell panel', () => {
  const browser = browserPerTest(server, { account: () => owner, cookiesAnswered: true, noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);
  const storedFlag = () => browser.page.evaluate(() => localStorage.getItem('mirage:sounds-muted'));

  /** Opens the bell's panel on a fresh page and returns its mute toggle. */
  async function toggleOnFreshPage() {
    const { page } = browser;
    await page.goto(`${server.url}/explore`);
    await byTestId('bell-button').click();
    await byTestId('bell-panel').waitFor();
    const toggle = byTestId('sounds-mute');
    await toggle.waitFor();
    return toggle;
  }

  it('is pressed once muted, and stays so after a reload, until pressed again', async () => {
    const { page } = browser;
    let toggle = await toggleOnFreshPage();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('button', { name: 'Mute sounds' }).count()).toBe(1);
    expect(await storedFlag()).toBeNull();

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await storedFlag()).toBe('1');
    await settle(page);
    await screenshot(page, 'desktop-bell-muted');
    expect(await axeViolationsIn(page, ['[data-testid="bell-panel"]'])).toEqual([]);

    toggle = await toggleOnFreshPage();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    toggle = await toggleOnFreshPage();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await storedFlag()).toBeNull();
  });

  it('leaves the settings page’s audio switch as it was', async () => {
    const { page } = browser;
    const toggle = await toggleOnFreshPage();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${server.url}/settings`);
    const audio = byTestId('settings-audio-toggle');
    await audio.waitFor();
    expect(await audio.getAttribute('aria-checked')).toBe('true');
    expect(await byTestId('settings-audio-volume').isDisabled()).toBe(false);
  });

  it('fits the phone’s full-width panel', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    const toggle = await toggleOnFreshPage();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const box = (await toggle.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await settle(page);
    await screenshot(page, 'phone-bell-muted');
  });
});
