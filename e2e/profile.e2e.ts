import { beforeAll, describe, expect, it } from 'vitest';
import { settle, waitForPath } from './support/app.ts';
import { DESKTOP, openBrowser, PHONE, screenshot } from './support/browser.ts';
import { layoutShiftsOnceLoaded, recordLayoutShifts, watchProblems } from './support/firstScreen.ts';
import { newAccount } from './support/gallery.ts';
import { noticeText } from './support/image.ts';
import { axeViolationsIn, editableServerForFile, giveCoins } from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * The profile (docs/product/player.md, /profile/{username}-{id}): a new user's level and statistics as a
 * guest sees them; the owner's coins, XP bar and tabs (#rewards opens the rewards); buying a name colour
 * with coins and wearing it, which colours the name for everyone. Coins are given through the ledger in
 * the server's database (support/player.ts). Screenshots: desktop-profile-guest.png,
 * phone-profile-owner-rewards.png.
 */
const server = editableServerForFile();
const owner = newAccount('prof');
let ownerId = 0;
const COINS = 120;
const MINT = { key: 'mint', price: 75, color: '#4fe0b0', rgb: 'rgb(79, 224, 176)' };

const profilePath = () => `/profile/${owner.username}-${ownerId}`;

beforeAll(async () => {
  ownerId = await createAccount(server.url, owner);
  await server.edit((db) => giveCoins(db, ownerId, COINS));
});

describe('a profile seen by a guest', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, noPageErrors: true });

  it("shows a new user's name, level 1, no title and the statistics, and nothing of the owner's", async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    await page.goto(`${server.url}${profilePath()}`);
    await page.getByTestId('profile').waitFor();
    expect(await page.getByTestId('profile-name').innerText()).toBe(owner.username);
    expect(await page.getByTestId('profile-level').innerText()).toBe('Level 1');
    expect(await page.getByTestId('profile-title').innerText()).toBe('—');
    for (const stat of ['approved_reports', 'scroll', 'total_fav', 'image_generated']) {
      expect(await page.getByTestId(`profile-stat-${stat}`).innerText(), stat).toBe('0');
    }
    expect(await page.getByTestId('profile-stat-daily_streak_best').innerText()).toMatch(/^\d+$/);
    expect(await page.getByTestId('profile-stats').innerText()).toContain('Images generated');
    await page.getByTestId('achievements-empty').waitFor();
    for (const ownerOnly of ['profile-coins', 'profile-edit', 'profile-xp', 'profile-tab-rewards']) {
      expect(await page.getByTestId(ownerOnly).count(), ownerOnly).toBe(0);
    }
    expect(await page.title()).toContain(owner.username);
    await settle(page);
    expect(await axeViolationsIn(page, ['[data-testid="profile"]'])).toEqual([]);
    await screenshot(page, 'desktop-profile-guest');
    expect(problems).toEqual([]);
  });

  it('sends an unknown user, or an address without an id, to the not-found page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/profile/nobody-987654`);
    await waitForPath(page, '/404');
    await page.goto(`${server.url}/profile/nobody`);
    await waitForPath(page, '/404');
  });

  it('leads an old or misspelt username to the canonical address, keeping the tab', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/profile/someone-else-${ownerId}#rewards`);
    await waitForPath(page, profilePath());
    expect(new URL(page.url()).hash).toBe('#rewards');
    await page.goto(`${server.url}/profile/${ownerId}/${owner.username}`);
    await waitForPath(page, profilePath());
  });
});

describe("the owner's profile", () => {
  const browser = browserPerTest(server, { account: () => owner, cookiesAnswered: true, noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);
  const reward = (key: string) => browser.page.locator(`[data-testid="reward"][data-key="${key}"]`);

  it('shows the coins, the XP bar and the two tabs with their counts; the hash and the arrow keys pick the tab', async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    await page.goto(`${server.url}${profilePath()}#rewards`);
    await byTestId('profile-xp').waitFor();
    expect(await byTestId('profile-coins-value').innerText()).toBe(String(COINS));
    expect(await byTestId('profile-xp').innerText()).toMatch(/\/ 130 XP/);
    await expect.poll(() => byTestId('profile-tab-achievements').innerText()).toBe('Achievements 0/40');
    await expect.poll(() => byTestId('profile-tab-rewards').innerText()).toBe('Rewards 4/36');
    expect(await byTestId('profile-tab-rewards').getAttribute('aria-selected')).toBe('true');
    await reward(MINT.key).waitFor();

    await byTestId('profile-tab-rewards').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => new URL(page.url()).hash).toBe('#achievements');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'profile-tab-achievements',
    );
    await byTestId('achievements-empty').waitFor();

    await byTestId('all-achievements').click();
    const dialog = byTestId('all-achievements-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('[data-testid="achievement"][data-locked="true"]').count()).toBe(40);
    expect(await dialog.innerText()).toContain('Reach level 5.');
    expect(await axeViolationsIn(page, ['[data-testid="all-achievements-dialog"]'])).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await axeViolationsIn(page, ['[data-testid="profile"]'])).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('buys a name colour with coins, refuses one it cannot pay, and wearing it colours the name for everyone', async () => {
    const { page } = browser;
    await page.goto(`${server.url}${profilePath()}#rewards`);
    await reward(MINT.key).waitFor();
    expect(await reward(MINT.key).getAttribute('data-state')).toBe('locked');
    expect(await reward(MINT.key).getByTestId('reward-buy').innerText()).toBe(`Buy for ${MINT.price} coins`);

    await reward(MINT.key).getByTestId('reward-buy').click();
    await expect.poll(() => reward(MINT.key).getAttribute('data-state')).toBe('owned');
    expect(await noticeText(page)).toContain('Mint is yours.');
    await expect.poll(() => byTestId('profile-coins-value').innerText()).toBe(String(COINS - MINT.price));
    await expect.poll(() => byTestId('profile-tab-rewards').innerText()).toBe('Rewards 5/36');

    // 45 coins left: the amber colour (150) is refused, and stays for sale.
    await reward('amber').getByTestId('reward-buy').click();
    await expect.poll(() => noticeText(page)).toContain('Not enough coins');
    expect(await reward('amber').getAttribute('data-state')).toBe('locked');

    await reward(MINT.key).getByTestId('reward-equip').click();
    await expect.poll(() => reward(MINT.key).getAttribute('data-state')).toBe('equipped');
    const name = byTestId('profile-name');
    await expect.poll(() => name.getAttribute('data-color')).toBe(MINT.color);
    expect(await name.evaluate((element) => getComputedStyle(element).color)).toBe(MINT.rgb);

    const guest = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      await guest.page.goto(`${server.url}${profilePath()}`);
      const guestName = guest.page.getByTestId('profile-name');
      await guestName.waitFor();
      expect(await guestName.evaluate((element) => getComputedStyle(element).color)).toBe(MINT.rgb);
    } finally {
      await guest.close();
    }
  });

  it('chooses among owned items in the look editor of the edit mode, and the title picker offers no title', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}${profilePath()}`);
    await byTestId('profile-xp').waitFor();
    expect(await byTestId('profile-edit-look').count()).toBe(0);
    await byTestId('profile-edit').click();
    expect(await byTestId('profile-edit').getAttribute('aria-pressed')).toBe('true');

    await byTestId('profile-edit-look').click();
    const editor = byTestId('look-editor');
    await editor.waitFor();
    // Only what the user owns: the defaults and the colour bought above (or not yet, run alone).
    expect(await editor.getByTestId('look-choice-amber').count()).toBe(0);
    await editor.locator('label', { has: page.getByTestId('look-choice-azure') }).click();
    expect(await editor.getByTestId('look-choice-azure').isChecked()).toBe(true);
    expect(await axeViolationsIn(page, ['[data-testid="look-editor"]'])).toEqual([]);
    await editor.getByTestId('look-save').click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => byTestId('profile-name').getAttribute('data-color')).toBe('#4f8cff');

    await byTestId('profile-choose-title').click();
    const picker = byTestId('title-picker');
    await picker.waitFor();
    await picker.getByTestId('title-option-0').waitFor();
    expect(await picker.getByTestId('title-option-0').getAttribute('aria-pressed')).toBe('true');
    await picker.getByTestId('title-filter').fill('legend');
    await expect.poll(() => picker.innerText()).toContain('No title matches');
    expect(await axeViolationsIn(page, ['[data-testid="title-picker"]'])).toEqual([]);
    await page.keyboard.press('Escape');
    await byTestId('profile-tab-rewards').click();
    await reward(MINT.key).waitFor();
    await screenshot(page, 'phone-profile-owner-rewards');
  });
});

/** The player's own answers and the public ones, as the profile asks for them. */
const PLAYER_ANSWERS = /\/api\/(public\/\d+\/|player\/me$|achievements$|items$)/;

describe('the profile keeps its layout while the player loads', () => {
  for (const [form, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    let release = () => {};
    const browser = browserPerTest(server, {
      account: () => owner,
      viewport,
      isMobile: viewport === PHONE,
      cookiesAnswered: true,
      prepare: async (page) => {
        await recordLayoutShifts(page);
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(PLAYER_ANSWERS, async (route) => {
          await released;
          await route.continue();
        });
      },
    });

    it(`${form}: a spinner in placeholders of the content's size, then layout shifts of at most 0.02`, async () => {
      const { page } = browser;
      await page.goto(`${server.url}${profilePath()}`);
      await page.getByTestId('profile-loading').waitFor();
      expect(await page.getByRole('status', { name: 'Loading the profile' }).count()).toBe(1);
      release();
      const { total, shifts } = await layoutShiftsOnceLoaded(page, '[data-testid="profile-xp"]');
      expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
    });
  }
});
