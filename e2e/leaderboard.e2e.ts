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
 * database edit, so the first view computes them with the accounts it made. A board that has not ranked the
 * signed-in player (an explorer's images viewed, set in the database, are the only ones counted) says so
 * where the own row would be. Screenshots: desktop-leaderboard.png, phone-leaderboard.png,
 * desktop-leaderboard-not-ranked.png, phone-leaderboard-not-ranked.png.
 */
const server = editableServerForFile();
const leader = newAccount('lead');
const explorer = newAccount('expl');
let leaderId = 0;
const NOT_RANKED = {
  en: 'You’re not on this board yet — boards update every minute.',
  fr: 'Vous n’êtes pas encore dans ce classement — les classements sont mis à jour chaque minute.',
};
const colour = REWARDS.find((reward) => reward.type === 'Color' && !reward.isDefault)!;

beforeAll(async () => {
  await createAccount(server.url, leader);
  await createAccount(server.url, explorer);
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
    // The explorer has viewed images (the leader none): the only one on the explorers' board.
    const { id: explorerId } = await db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', explorer.username)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('player')
      .values({ user_id: explorerId, scroll: 3 })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ scroll: 3 }))
      .execute();
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

  it('says where the own row would be on a board that has not ranked the player, in their language', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/leaderboard?board=scroll`);
    const podium = page.getByTestId('leaderboard-podium');
    await podium.waitFor();
    expect(await podium.innerText()).toContain(explorer.username);
    const hint = page.getByTestId('leaderboard-not-ranked');
    expect(await hint.innerText()).toBe(NOT_RANKED.en);
    expect(await page.getByTestId('leaderboard-own').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'desktop-leaderboard-not-ranked');
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);

    // A board with nobody on it says it too, above its empty state; a board that ranks them, not.
    await page.getByTestId('leaderboard-select').selectOption('generation');
    await page.getByTestId('leaderboard-empty').waitFor();
    expect(await hint.innerText()).toBe(NOT_RANKED.en);
    await page.getByTestId('leaderboard-select').selectOption('level');
    await page.getByTestId('leaderboard-own').waitFor();
    expect(await hint.count()).toBe(0);

    await browser.browser.context.addCookies([{ name: 'language', value: 'fr', url: server.url }]);
    await page.goto(`${server.url}/leaderboard?board=scroll`);
    await expect.poll(() => hint.innerText()).toBe(NOT_RANKED.fr);
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

    await page.getByTestId('leaderboard-select').selectOption('scroll');
    await page.getByTestId('leaderboard-not-ranked').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await settle(page);
    await screenshot(page, 'phone-leaderboard-not-ranked');
  });
});

describe('the leaderboard for a guest', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, noPageErrors: true });

  it('shows the boards without an own row', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/leaderboard`);
    await page.getByTestId('leaderboard-podium').waitFor();
    expect(await page.getByTestId('leaderboard-own').count()).toBe(0);
    // Nothing to say to a guest about their own rank, on any board.
    expect(await page.getByTestId('leaderboard-not-ranked').count()).toBe(0);
    await page.getByTestId('leaderboard-select').selectOption('scroll');
    await expect.poll(() => page.getByTestId('leaderboard-podium').innerText()).toContain(explorer.username);
    expect(await page.getByTestId('leaderboard-not-ranked').count()).toBe(0);
  });
});
