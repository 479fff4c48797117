import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { acceptCookies, me, translation, waitForPath } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * Settings → "Your data" in Chromium: the zip download, and deleting the account (refused with a wrong
 * password, then done: signed out, and the account's login refused).
 */
const server = serverForFile();

function newAccount(prefix: string) {
  const stamp = `${Date.now() % 100000}${Math.floor(Math.random() * 90 + 10)}`.slice(-(12 - prefix.length));
  return { username: `${prefix}${stamp}`, email: `${prefix}${stamp}@example.com`, pwd: 'lighthouse-dusk-1' };
}

describe('your data in /settings', () => {
  const browser = browserPerTest(server, { noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('downloads a zip of the account', async () => {
    const { page } = browser;
    const account = newAccount('keeper');
    await createAccount(server.url, account, page);
    await page.goto(`${server.url}/settings`);
    await acceptCookies(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId('settings-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`mirage-data-${account.username}.zip`);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { username: string };
    expect(profile.username).toBe(account.username);
  });

  it('deletes the account after the password and a confirmation', async () => {
    const { page } = browser;
    const account = newAccount('leaver');
    await createAccount(server.url, account, page);
    await page.goto(`${server.url}/settings`);
    await acceptCookies(page);
    await byTestId('settings-delete-open').click();
    expect(await byTestId('settings-delete-confirm').isDisabled()).toBe(true);
    await byTestId('settings-delete-password').fill('not-the-password-9');
    await byTestId('settings-delete-understood').check();
    await screenshot(page, 'desktop-settings-delete');
    await byTestId('settings-delete-confirm').click();
    await expect
      .poll(() => byTestId('settings-delete-error').innerText())
      .toBe(translation('en', 'error', 'incorrect_password'));

    await byTestId('settings-delete-password').fill(account.pwd);
    await Promise.all([page.waitForEvent('load'), byTestId('settings-delete-confirm').click()]);
    await waitForPath(page, '/');
    expect(await me(page, server.url)).toBeNull();
    const login = await page.request.post(`${server.url}/api/user/login`, {
      data: { username: account.email, pwd: account.pwd },
      headers: { origin: server.url },
    });
    expect(login.status()).toBe(401);
  });
});
