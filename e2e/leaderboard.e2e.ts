import { REWARDS } from '@mirage/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { me, settle } from './support/app.ts';
import { openBrowser, PHONE, screenshot } from './support/browser.ts';
import { watchProblems } from './support/firstScreen.ts';
import { logIn, newAccount } from './support/gallery.ts';
import { untranslated } from './support/image.ts';
import { axeViolationsIn, editableServerForFile, giveCoins } from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * /leaderboard (docs/product/player.md#leaderboards): the board picker, the podium, the caller's own row
 * first; a colour bought and worn shows on the player's row at once (names and looks are read live). The
 * ranks are computed in the background every minute; the spec clears the boards' last computation with its
 * database edit, so the first view computes them with the accounts it made. Screenshots:
 * desktop-leaderboard.png, phone-leaderboard.png.
 */
const server = editableServerForFile();
const leader = newAccount('lead');
let leaderId = 0;
const colour = REWARDS.find((reward) => reward.type === 'Color' && !reward.isDefault)!;

beforeAll(async () => {
  await createAccount(server.url, leader);
  const setup = await openBrowser();
  try {
    await logIn(setup.page, server.url, leader);
    leaderId = Number((await me(setup.page, server.url))?.id);
  } finally {
    await setup.close();
  }
  expect(leaderId).toBeGreaterThan(0);
  await server.edit(async (db) => {
    await giveCoins(db, leaderId, colour.price);
    await db.deleteFrom('leaderboard_refresh').execute();
  });
});

describe('the leaderboard in Chromium', () => {
  const browser = browserPerTest(server, {
    account: () => leader,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it("shows the player's own row first and on the podium, in the colour they wear", async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    const headers = { origin: server.url };
    const bought = await page.request.put(`${server.url}/api/reward/Color/unlock`, {
      data: { id: colour.id },
      headers,
    });
    expect(bought.status()).toBe(200);
    const worn = await page.request.put(`${server.url}/api/player/avatar`, {
      data: { items: [colour.id] },
      headers,
    });
    expect(worn.status()).toBe(200);

    await page.goto(`${server.url}/leaderboard`);
    const own = page.getByTestId('leaderboard-own');
    await own.waitFor();
    expect(await own.getAttribute('data-rank')).toBe('1');
    expect(await own.getByTestId('leaderboard-name').getAttribute('data-color')).toBe(colour.data);
    expect(await own.innerText()).toContain(leader.username);
    const podium = page.getByTestId('leaderboard-podium');
    expect(await podium.innerText()).toContain(leader.username);
    expect(untranslated(await page.locator('main').innerText())).toEqual([]);
    await settle(page);
    await screenshot(page, 'desktop-leaderboard');
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);

    // Another board: the first day counts a streak of 1; nobody has generated yet.
    await page.getByTestId('leaderboard-select').selectOption('daily');
    await expect.poll(() => new URL(page.url()).search).toBe('?board=daily');
    await expect.poll(() => own.innerText()).toContain('1');
    await page.getByTestId('leaderboard-select').selectOption('generation');
    await page.getByTestId('leaderboard-empty').waitFor();
    expect(problems).toEqual([]);
  });

  it('fits a phone', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/leaderboard`);
    await page.getByTestId('leaderboard-own').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await settle(page);
    await screenshot(page, 'phone-leaderboard');
  });
});

describe('the leaderboard for a guest', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, noPageErrors: true });

  it('shows the boards without an own row', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/leaderboard`);
    await page.getByTestId('leaderboard-podium').waitFor();
    expect(await page.getByTestId('leaderboard-own').count()).toBe(0);
  });
});
