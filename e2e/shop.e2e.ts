import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { me, waitForPath } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { watchProblems } from './support/firstScreen.ts';
import { dismissNotices, newAccount } from './support/gallery.ts';
import { noticeText } from './support/image.ts';
import { verifyAccount } from './support/mail.ts';
import { axeViolationsIn } from './support/player.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The shop (/tickets, docs/product/commerce.md) against the real server, whose only payment provider on a
 * laptop is the sandbox: Buy creates an order and opens the sandbox's test checkout (/payment/sandbox/{id});
 * Approve settles it through the server's signed notification and sends the buyer back to
 * /tickets?order={id}, which reads the order from the purchase history. Screenshots: desktop-shop-tickets,
 * desktop-shop-sandbox, desktop-shop-history, desktop-shop-pro, phone-shop-plans, phone-shop,
 * phone-shop-sandbox, phone-shop-crypto-confirm.
 */
const server = serverForFile();
const buyer = newAccount('buy');
const upgrader = newAccount('pro');
const decliner = newAccount('nope');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

beforeAll(async () => {
  for (const account of [buyer, upgrader, decliner]) {
    await createAccount(server.url, account);
    // A purchase needs a verified address.
    await verifyAccount(server.url, server.server.dataDir, account.email);
  }
});

const tickets = async (page: Page) => Number((await me(page, server.url))?.generation_token);
const packCard = (page: Page, product: string) =>
  page.locator(`[data-testid="pack-card"][data-product="${product}"]`);
const planCard = (page: Page, plan: string) => page.locator(`[data-testid="plan-card"][data-plan="${plan}"]`);
const outcome = (page: Page) => page.getByTestId('order-outcome');

/** Presses Buy on a pack (or a plan's button) and waits for the sandbox's checkout with its order. */
async function toSandbox(page: Page, press: () => Promise<void>): Promise<string> {
  await press();
  await page.waitForURL((url) => url.pathname.startsWith('/payment/sandbox/'));
  await page.getByTestId('sandbox-order').waitFor();
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect(id).toMatch(UUID);
  return id;
}

async function backOnShop(page: Page, orderId: string): Promise<void> {
  await waitForPath(page, '/tickets');
  expect(new URL(page.url()).searchParams.get('order')).toBe(orderId);
  await outcome(page).waitFor();
}

describe('buying tickets, signed in', () => {
  const browser = browserPerTest(server, { account: () => buyer, cookiesAnswered: true, noPageErrors: true });

  it('buys 400 tickets with the sandbox: Approve, back on the shop +400, and Paid in the history', async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    await page.goto(`${server.url}/tickets?tab=tickets`);
    await packCard(page, 'pack_400').waitFor();
    expect(await page.getByTestId('pack-card').count()).toBe(6);
    // The card shows its tickets, its price and its badges (the bonus packs their discount).
    expect(await packCard(page, 'pack_400').innerText()).toMatch(/400\s+tickets[\s\S]*\$8\.99/);
    expect(await packCard(page, 'pack_60').innerText()).toContain('Trial');
    expect(await packCard(page, 'pack_2500').innerText()).toMatch(
      /Best deal[\s\S]*-\d+%[\s\S]*\+968 bonus tickets/,
    );
    expect(await packCard(page, 'pack_400').getByTestId('pack-discount').count()).toBe(0);
    const before = await tickets(page);
    const counter = page.getByTestId('ticket-count');
    await expect.poll(() => counter.innerText()).toBe(String(before));
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);
    await screenshot(page, 'desktop-shop-tickets');

    // One provider (the sandbox): no choice of method, straight to its checkout.
    const orderId = await toSandbox(page, () => packCard(page, 'pack_400').getByTestId('pack-buy').click());
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Test payment — no money moves');
    expect(await page.getByTestId('sandbox-product').innerText()).toBe('400 tickets');
    expect(await page.getByTestId('sandbox-amount').innerText()).toBe('$8.99');
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);
    await screenshot(page, 'desktop-shop-sandbox');
    // Nothing granted before the decision.
    expect(await tickets(page)).toBe(before);

    await page.getByTestId('sandbox-approve').click();
    await backOnShop(page, orderId);
    await expect.poll(() => outcome(page).innerText()).toContain('400 tickets added');
    expect(await outcome(page).getAttribute('data-outcome')).toBe('tickets');
    expect(await tickets(page)).toBe(before + 400);
    await expect.poll(() => counter.innerText()).toBe(String(before + 400));

    await page.getByTestId('history-button').click();
    const first = page.getByTestId('history-dialog').getByTestId('history-item').first();
    await first.waitFor();
    expect(await first.getAttribute('data-status')).toBe('SUCCESS');
    expect(await first.innerText()).toMatch(/400 tickets[\s\S]*\$8\.99[\s\S]*Paid/);
    await dismissNotices(page);
    await screenshot(page, 'desktop-shop-history');
    await page.keyboard.press('Escape');

    // Dismissing the outcome takes the order out of the address.
    await outcome(page).getByRole('button', { name: 'Dismiss' }).click();
    await outcome(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('order')).toBe(false);
    expect(problems).toEqual([]);
  });
});

describe('upgrading to Pro', () => {
  const browser = browserPerTest(server, {
    account: () => upgrader,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it('buys Pro: the card says "Your plan" with its end, Basic cannot be bought, Pro styles unlock', async () => {
    const { page } = browser;
    // On Free, the generator locks the Pro styles.
    await page.goto(`${server.url}/create`);
    await page.locator('[data-testid^="style-option-"]').first().waitFor();
    expect(await page.locator('[data-testid^="style-option-"][data-locked="true"]').count()).toBeGreaterThan(
      0,
    );
    await page.goto(`${server.url}/tickets`);
    await planCard(page, 'pro').waitFor();
    expect(await planCard(page, 'free').getByTestId('plan-current').innerText()).toBe('Your plan');
    expect(await planCard(page, 'pro').innerText()).toMatch(/\$24\.99[\s\S]*per month[\s\S]*\$30\.99/);
    expect(await planCard(page, 'pro').innerText()).toContain('1,200 energy a day');
    expect(await planCard(page, 'basic').innerText()).toContain('About 175 images a day');

    const orderId = await toSandbox(page, () => planCard(page, 'pro').getByTestId('plan-action').click());
    expect(await page.getByTestId('sandbox-product').innerText()).toBe('Pro — 1 month');
    expect(await page.getByTestId('sandbox-amount').innerText()).toBe('$24.99');
    await page.getByTestId('sandbox-approve').click();
    await backOnShop(page, orderId);
    await expect.poll(() => outcome(page).innerText()).toMatch(/You're Pro until \w+ \d+, \d{4}/);

    const pro = planCard(page, 'pro');
    await expect.poll(() => pro.getAttribute('data-current')).toBe('true');
    expect(await pro.getByTestId('plan-current').innerText()).toBe('Your plan');
    expect(await pro.getByTestId('plan-expiry').innerText()).toMatch(/^Until /);
    expect(await pro.getByTestId('plan-action').innerText()).toBe('Add a month');
    expect(await planCard(page, 'basic').getByTestId('plan-action').isDisabled()).toBe(true);
    expect(await planCard(page, 'free').getByTestId('plan-current').count()).toBe(0);
    expect((await me(page, server.url))?.plan).toBe(2);
    // The server refuses Basic while Pro runs, whatever the page shows.
    const basic = await page.request.post(`${server.url}/api/payment/sandbox/order`, {
      data: { product: 'plan_basic', currency: 'usd' },
      headers: { origin: server.url },
    });
    expect(basic.status()).toBe(409);
    await dismissNotices(page);
    await screenshot(page, 'desktop-shop-pro');

    // Pro styles unlock in the generator: no style card is locked any more.
    await page.goto(`${server.url}/create`);
    await page.locator('[data-testid^="style-option-"]').first().waitFor();
    expect(await page.locator('[data-testid^="style-option-"]').count()).toBeGreaterThan(1);
    expect(await page.locator('[data-testid^="style-option-"][data-locked="true"]').count()).toBe(0);
  });
});

describe('the shop on a phone', () => {
  const browser = browserPerTest(server, {
    account: () => decliner,
    viewport: PHONE,
    isMobile: true,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it('asks how to pay when there is a choice; Decline says "Payment declined" and grants nothing', async () => {
    const { page } = browser;
    // A shop with crypto as well as the sandbox: the buyer picks the method (the sandbox pays here).
    await page.route('**/api/shop', async (route) => {
      const answer = await route.fetch();
      const shop = (await answer.json()) as { providers: string[] };
      await route.fulfill({ response: answer, json: { ...shop, providers: ['nowpayments', 'sandbox'] } });
    });
    await page.goto(`${server.url}/tickets`);
    await planCard(page, 'pro').waitFor();
    await screenshot(page, 'phone-shop-plans');
    await page.getByTestId('shop-tab-tickets').click();
    await packCard(page, 'pack_60').waitFor();
    const before = await tickets(page);
    await screenshot(page, 'phone-shop');

    await packCard(page, 'pack_60').getByTestId('pack-buy').click();
    const dialog = page.getByTestId('method-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('60 tickets for $2.99');
    const methods = dialog.getByTestId('method-option');
    expect(
      await methods.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-provider'))),
    ).toEqual(['nowpayments', 'sandbox']);
    expect(await methods.first().innerText()).toContain('Crypto');
    // Crypto is explained before the buyer leaves; Back orders nothing.
    await methods.first().click();
    const crypto = page.getByTestId('crypto-confirm');
    await crypto.waitFor();
    expect(await crypto.innerText()).toContain("You'll pay $2.99 on NOWPayments' page");
    expect(await crypto.innerText()).toContain('lasts one month');
    await screenshot(page, 'phone-shop-crypto-confirm');
    await page.getByTestId('crypto-back').click();
    await crypto.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/tickets');
    await packCard(page, 'pack_60').getByTestId('pack-buy').click();
    await dialog.waitFor();
    const orderId = await toSandbox(page, () => dialog.getByRole('button', { name: /Test payment/ }).click());
    expect(await page.getByTestId('sandbox-product').innerText()).toBe('60 tickets');
    await screenshot(page, 'phone-shop-sandbox');

    await page.getByTestId('sandbox-decline').click();
    await backOnShop(page, orderId);
    await expect.poll(() => outcome(page).innerText()).toContain('Payment declined');
    expect(await tickets(page)).toBe(before);

    // The decided order's checkout says so, and a made-up order is not found.
    await page.goto(`${server.url}/payment/sandbox/${orderId}`);
    await page.getByTestId('sandbox-order').waitFor();
    expect(await page.getByTestId('sandbox-order').getAttribute('data-status')).toBe('FAILURE');
    expect(await page.getByTestId('sandbox-approve').count()).toBe(0);
    await page.goto(`${server.url}/payment/sandbox/00000000-0000-4000-8000-000000000000`);
    await page.getByTestId('sandbox-not-found').waitFor();
  });
});

describe('the shop for a guest', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, noPageErrors: true });

  it('shows the plans and packs in the browser’s currency, opens a FAQ answer from the hash, and sends Buy to sign-up', async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    await page.goto(`${server.url}/tickets#energy`);
    await planCard(page, 'basic').waitFor();
    expect(await page.locator('details#energy').getAttribute('open')).not.toBeNull();
    expect(await page.locator('details#copyright').getAttribute('open')).toBeNull();
    expect(await page.locator('details#energy').innerText()).toContain('00:00 UTC');
    expect(await planCard(page, 'free').getByTestId('plan-action').getAttribute('href')).toBe(
      '/account/signup',
    );
    expect(await page.getByTestId('history-button').count()).toBe(0);
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);

    // An English browser starts on USD; EUR is remembered across a reload.
    await page.getByTestId('shop-tab-tickets').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('tickets');
    expect(await packCard(page, 'pack_400').innerText()).toContain('$8.99');
    await page.getByTestId('currency-eur').click();
    expect(await packCard(page, 'pack_400').innerText()).toContain('€8.99');
    await page.reload();
    await packCard(page, 'pack_400').waitFor();
    expect(await packCard(page, 'pack_400').innerText()).toContain('€8.99');

    await packCard(page, 'pack_400').getByTestId('pack-buy').click();
    await waitForPath(page, '/account/signup');
    expect(new URL(page.url()).searchParams.get('rel')).toBe('tickets');
    await expect.poll(() => noticeText(page)).toBe('Create an account or sign in to buy from the shop.');
    expect(problems).toEqual([]);
  });
});

/** The ticket tracker's and the generator's ways to the shop still land on it. */
describe('ways to the shop', () => {
  const browser = browserPerTest(server, { account: () => buyer, cookiesAnswered: true });

  it('the ticket tracker’s "Buy tickets" opens /tickets', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/explore`);
    await page.getByTestId('tracker-button').click();
    await page.getByTestId('tracker-buy').click();
    await waitForPath(page, '/tickets');
    await planCard(page, 'pro').waitFor();
  });
});

/** /crypto-payment/{success|cancel}: the crypto provider's way back (spec §2 "Crypto status page"). */
describe('the crypto status page', () => {
  const browser = browserPerTest(server, { account: () => buyer, cookiesAnswered: true, noPageErrors: true });
  const ORDER = '3f0c2a61-8d5e-4b7a-9c1d-2e4f6a8b0c1d';

  it('says a payment from the provider is being confirmed, and sends anyone else to /explore', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/crypto-payment/success?order=${ORDER}`, {
      referer: 'https://nowpayments.io/',
    });
    const card = page.getByTestId('crypto-return');
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('success');
    expect(await page.locator('main').innerText()).toContain('Payment sent');
    expect(await card.getByRole('link', { name: 'Start creating' }).getAttribute('href')).toBe('/create');
    expect(await card.getByRole('link', { name: 'See the order' }).getAttribute('href')).toBe(
      `/tickets?order=${ORDER}`,
    );
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);
    await screenshot(page, 'desktop-crypto-success');

    await page.goto(`${server.url}/crypto-payment/success?order=${ORDER}`);
    await waitForPath(page, '/explore');
    await page.goto(`${server.url}/crypto-payment/success`, {
      referer: 'https://nowpayments.io.evil.example/',
    });
    await waitForPath(page, '/explore');
    await page.goto(`${server.url}/crypto-payment/refunded`, { referer: 'https://nowpayments.io/' });
    await waitForPath(page, '/explore');
  });

  it('says nothing was charged when the buyer cancelled, with a way back to the shop', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/crypto-payment/cancel?order=${ORDER}`, {
      referer: 'https://nowpayments.io/',
    });
    const card = page.getByTestId('crypto-return');
    await card.waitFor();
    expect(await card.innerText()).toContain('Nothing was charged. You can try again from the shop');
    // No community chat is configured on this server: the shop is the way back.
    expect(await card.getByTestId('crypto-chat').count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/tickets');
    await screenshot(page, 'phone-crypto-cancel');
  });
});
