import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { me } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { watchProblems } from './support/firstScreen.ts';
import { newAccount } from './support/gallery.ts';
import { axeViolationsIn, editableServerForFile } from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * Reseller serial keys in Chromium (docs/product/commerce.md#serial-keys): the operator mints keys with the
 * compiled CLI (`npm run keys -- mint`) into the server's database; a user redeems them in /settings:
 * tickets, Pro days, a used key inline, the not-closable redeem-conflicts modal; a visitor is sent to
 * sign-up from the shop's card. Screenshots: desktop-redeem-settings, desktop-redeem-conflict, phone-redeem-shop.
 */
const server = editableServerForFile();
const account = newAccount('keys');
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/dist/cli/serial-keys.js');
let ticketKey = '';
let proKeys: string[] = [];

/** Mints with the compiled CLI against the stopped server's data folder; answers the CSV's keys. */
function mint(dataDir: string, ...args: string[]): string[] {
  const result = spawnSync(process.execPath, [cli, 'mint', '--reseller', 'g2a', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0]!);
}

beforeAll(async () => {
  await createAccount(server.url, account);
  await server.whileStopped((dataDir) => {
    ticketKey = mint(dataDir, '--tickets', '500', '--count', '1')[0]!;
    proKeys = mint(dataDir, '--tickets', '40', '--pro-days', '30', '--count', '2');
  });
}, 180_000);

const card = (page: Parameters<typeof me>[0]) => page.getByTestId('redeem-card');

describe('redeeming a key in /settings', () => {
  const browser = browserPerTest(server, {
    account: () => account,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it('credits a tickets key once, Pro days from another, and asks before adding days to Pro', async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    await page.goto(`${server.url}/settings`);
    await card(page).waitFor();
    const input = page.getByTestId('redeem-input');
    const submit = page.getByTestId('redeem-submit');
    await input.fill(ticketKey.slice(0, 11));
    expect(await submit.isDisabled()).toBe(true); // 12 characters at least
    await input.fill(ticketKey.toLowerCase());
    expect(await submit.isDisabled()).toBe(false);
    const before = Number((await me(page, server.url))?.generation_token);
    await submit.click();
    await page.getByTestId('redeem-success').waitFor();
    expect(await page.getByTestId('redeem-success').innerText()).toBe('500 tickets added.');
    expect(Number((await me(page, server.url))?.generation_token)).toBe(before + 500);
    await expect.poll(() => page.getByTestId('ticket-count').innerText()).toBe(String(before + 500));
    expect(await axeViolationsIn(page, ['[data-testid="redeem-card"]'])).toEqual([]);
    await screenshot(page, 'desktop-redeem-settings');

    // The same key again: said inline, nothing credited.
    await input.fill(ticketKey);
    await submit.click();
    await expect.poll(() => card(page).innerText()).toContain('This key has already been used.');

    // Pro days on a Free account: applied at once, the plan follows.
    await input.fill(proKeys[0]!);
    await submit.click();
    await expect
      .poll(() => page.getByTestId('redeem-success').innerText())
      .toBe("40 tickets added. You're Pro for 30 more days.");
    expect((await me(page, server.url))?.plan).toBe(2);
    // The premium card follows: Pro, its end, and no renewal (a key is a one-off).
    await expect
      .poll(() => page.getByTestId('premium-status').innerText())
      .toMatch(/^Pro until .+ · (29|30) days left$/);
    expect(await page.getByTestId('premium-card').innerText()).toContain("It doesn't renew by itself");
    expect(await page.getByTestId('premium-manage').count()).toBe(0);

    // More Pro days while Pro: the conflicts modal, which neither Escape nor a click outside closes.
    await input.fill(proKeys[1]!);
    await submit.click();
    const conflict = page.getByTestId('redeem-conflict');
    await conflict.waitFor();
    expect(await conflict.innerText()).toContain("You're already Pro");
    expect(await conflict.innerText()).toContain('Redeeming adds 30 Pro days after your current plan.');
    await screenshot(page, 'desktop-redeem-conflict');
    await page.keyboard.press('Escape');
    expect(await conflict.isVisible()).toBe(true);
    const expiry = new Date(String((await me(page, server.url))?.pro_expire)).getTime();
    await page.getByTestId('redeem-confirm').click();
    await conflict.waitFor({ state: 'hidden' });
    await page.getByTestId('redeem-success').waitFor();
    const extended = new Date(String((await me(page, server.url))?.pro_expire)).getTime();
    expect(extended - expiry).toBe(30 * 24 * 60 * 60_000);
    // The used key and the conflict answer 409 by design; nothing else may go wrong.
    const conflicts = problems.filter((problem) => problem.includes('409'));
    expect(conflicts.filter((problem) => problem.startsWith('409: POST'))).toHaveLength(2);
    expect(problems.filter((problem) => !conflicts.includes(problem))).toEqual([]);
  });
});

describe('the redeem card for a visitor', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, viewport: PHONE, isMobile: true });

  it('sends a visitor who submits a key in the shop to sign-up', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/tickets`);
    await card(page).waitFor();
    await page.getByTestId('redeem-input').fill('ABCD-EFGH-JKMN-PQRS');
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-redeem-shop');
    await page.getByTestId('redeem-submit').click();
    await page.waitForURL((url) => url.pathname === '/account/signup');
  });
});
