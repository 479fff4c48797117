import { beforeAll, describe, expect, it } from 'vitest';
import { me, waitForPath } from './support/app.ts';
import { openBrowser, screenshot } from './support/browser.ts';
import { newAccount } from './support/gallery.ts';
import { verificationLink } from './support/mail.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * Referrals in Chromium (docs/product/commerce.md#referrals): the referrer's code and link in /settings; a
 * new visitor opens the link, signs up, follows the verification mail's link and gets the referral
 * tickets with a bell notification; the referrer's settings then list the account. Screenshot:
 * desktop-referral-settings.
 */
const server = serverForFile();
const referrer = newAccount('refer');

beforeAll(async () => {
  await createAccount(server.url, referrer);
}, 60_000);

describe('a referral from the settings to a verified sign-up', () => {
  const browser = browserPerTest(server, {
    account: () => referrer,
    cookiesAnswered: true,
    noPageErrors: true,
  });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('pays the referred account 20 tickets on verification and lists it for the referrer', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/settings`);
    await byTestId('share-referral-card').waitFor();
    const code = (await byTestId('referral-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const link = (await byTestId('referral-link').innerText()).trim();
    expect(link).toBe(`${server.url}/?referral=${code}`);
    expect(await byTestId('referral-totals').innerText()).toContain('0 accounts referred');

    // The visitor, in a browser of their own.
    const visitor = newAccount('inv');
    const guest = await openBrowser();
    try {
      const other = guest.page;
      // A returning visitor who answered the cookie banner before.
      await guest.context.addCookies([{ name: 'cookie_consent', value: 'all', url: server.url }]);
      await other.goto(link);
      await expect.poll(() => new URL(other.url()).search).toBe('');
      await other.goto(`${server.url}/account/signup`);
      await other.getByTestId('referral-banner').waitFor();
      await other.getByTestId('field-username').fill(visitor.username);
      await other.getByTestId('field-email').fill(visitor.email);
      await other.getByTestId('field-password').fill(visitor.pwd);
      await other.getByTestId('submit').click();
      await waitForPath(other, '/explore');
      const before = Number((await me(other, server.url))?.generation_token);

      await other.goto(await verificationLink(server.server.dataDir, visitor.email));
      await other.getByTestId('verify-success').waitFor();
      await expect
        .poll(async () => Number((await me(other, server.url))?.generation_token), { timeout: 15_000 })
        .toBe(before + 20);
      await other.goto(`${server.url}/explore`);
      await other.getByTestId('bell-button').click();
      const panel = other.getByTestId('bell-panel');
      await panel.waitFor();
      await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toContain('+20 tickets');
      expect(guest.errors).toEqual([]);
    } finally {
      await guest.close();
    }

    await page.reload();
    await byTestId('referral-item').first().waitFor();
    expect(await byTestId('referral-item').first().innerText()).toContain(visitor.username);
    expect(await byTestId('referral-totals').innerText()).toContain('1 account referred');
    await byTestId('share-referral-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'desktop-referral-settings');
  });
});
