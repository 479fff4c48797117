import { describe, expect, it } from 'vitest';
import { acceptCookies, me, waitForPath } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { newAccount } from './support/gallery.ts';
import { verificationLink } from './support/mail.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * Email verification (docs/product/accounts.md#email-verification) through a real server and Chromium:
 * sign up, the shop's Buy asking for the address first, the link from the mail in the outbox folder, and
 * settings and the shop that stop asking. Screenshot:
 * desktop-verify-email.
 */
const server = serverForFile();

describe('email verification in Chromium', () => {
  const browser = browserPerTest(server, { noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('verifies the address from the sign-up mail; until then Buy asks for it, after it settings stop asking', async () => {
    const { page } = browser;
    const account = newAccount('mail');
    await page.goto(`${server.url}/account/signup`);
    await acceptCookies(page);
    await byTestId('field-username').fill(account.username);
    await byTestId('field-email').fill(account.email);
    await byTestId('field-password').fill(account.pwd);
    await byTestId('submit').click();
    await waitForPath(page, '/explore');
    await page.goto(`${server.url}/settings`);
    await byTestId('verify-notice').waitFor();

    // A purchase needs the address: Buy explains that instead of opening a checkout.
    await page.goto(`${server.url}/tickets?tab=tickets`);
    const pack = page.locator('[data-testid="pack-card"][data-product="pack_400"]');
    await pack.getByTestId('pack-buy').click();
    const verifyFirst = byTestId('verify-first-dialog');
    expect(await verifyFirst.getByTestId('verify-notice').innerText()).toContain(account.email);
    expect(new URL(page.url()).pathname).toBe('/tickets');
    await page.keyboard.press('Escape');
    await verifyFirst.waitFor({ state: 'detached' });

    await page.goto(await verificationLink(server.server.dataDir, account.email));
    await byTestId('verify-success').waitFor();
    await screenshot(page, 'desktop-verify-email');
    expect((await me(page, server.url))?.email_verified).toBe(true);

    await page.goto(`${server.url}/settings`);
    await byTestId('settings-username').waitFor();
    expect(await byTestId('verify-notice').count()).toBe(0);

    // Verified, Buy goes to the checkout.
    await page.goto(`${server.url}/tickets?tab=tickets`);
    await pack.getByTestId('pack-buy').click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment/sandbox/'));
  });
});
