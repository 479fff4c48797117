import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROMO_CATEGORIES, PROMO_CURATED_IMAGES } from '@mirage/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './support/browser.ts';
import { newAccount } from './support/gallery.ts';
import { axeViolationsIn } from './support/player.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The promo pages and the about page (docs/product/content.md) against the real server: the Basic and Pro
 * cards with the shop's prices, the sample gallery by category with pictures that load and the over-18
 * blur, the operator's testimonials only when a file is configured, and the about page's team linking to
 * real profiles when TEAM_USERNAMES names them.
 */
const PROMO_PAGES = ['/ai-hentai-generator', '/ai-realistic-generator'];

// The operator's file of published quotes, written before the server starts.
const folder = mkdtempSync(path.join(os.tmpdir(), 'mirage-promo-'));
const testimonialsFile = path.join(folder, 'testimonials.json');
const QUOTES = [
  {
    id: 'forum-1',
    message: 'The lighthouse styles are lovely.',
    author: 'harbour_fan',
    platform: 'forum',
    url: 'https://forum.example.org/t/1',
  },
  { id: 'chat-1', message: 'Fast queue, clear prices.', author: 'Mika', platform: 'chat' },
];
writeFileSync(testimonialsFile, JSON.stringify({ testimonials: QUOTES }));
const first = newAccount('teama');
const second = newAccount('teamb');

/** Waits until the server has painted every promo picture (they are painted in the background at start). */
async function waitForPromoPictures(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (const image of PROMO_CURATED_IMAGES) {
    for (;;) {
      const response = await fetch(`${baseUrl}/images/${image.uuid}-min.webp`);
      if (response.ok) break;
      if (Date.now() > deadline) throw new Error(`promo picture ${image.uuid} not painted within 180 s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The prices the shop answers for Basic and Pro, as an English browser shows them (USD). */
async function shopPrices(page: Page, baseUrl: string): Promise<Record<string, string>> {
  const shop = (await (await page.request.get(`${baseUrl}/api/shop`)).json()) as {
    plans: { plan: number; price_cents: { usd: number } }[];
  };
  const money = (cents: number) =>
    new Intl.NumberFormat('en', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
      maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
    }).format(cents / 100);
  const price = (plan: number) => money(shop.plans.find((offer) => offer.plan === plan)!.price_cents.usd);
  return { basic: price(1), pro: price(2) };
}

/** Whether every picture of the shown panel has loaded (a decoded image with a size). */
async function panelPicturesLoaded(page: Page): Promise<boolean> {
  return page
    .getByTestId('promo-panel')
    .locator('img')
    .evaluateAll(
      (images) =>
        images.length > 0 &&
        images.every(
          (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
    );
}

describe('with the operator’s testimonials and team', () => {
  const server = serverForFile({
    env: {
      PROMO_TESTIMONIALS_FILE: testimonialsFile,
      TEAM_USERNAMES: `${first.username},${second.username}`,
    },
  });
  const ids: number[] = [];
  beforeAll(async () => {
    for (const account of [first, second]) ids.push(await createAccount(server.url, account));
    await waitForPromoPictures(server.url);
  }, 240_000);
  const browser = browserPerTest(server, { cookiesAnswered: true, reducedMotion: true, noPageErrors: true });

  it('shows Basic and Pro with the shop’s prices on both promo pages', async () => {
    const { page } = browser;
    const prices = await shopPrices(page, server.url);
    for (const address of PROMO_PAGES) {
      await page.goto(`${server.url}${address}`);
      // The cards load beside the page (their own chunk), then the shop's prices.
      await page.getByTestId('promo-plans').waitFor();
      expect(await page.getByTestId('promo-plan').count()).toBe(2);
      for (const plan of ['basic', 'pro']) {
        const price = page.locator(`[data-plan="${plan}"] [data-testid="promo-plan-price"]`);
        await price.waitFor();
        expect(await price.textContent()).toBe(prices[plan]);
        expect(
          await page.locator(`[data-plan="${plan}"] [data-testid="promo-plan-action"]`).getAttribute('href'),
        ).toBe('/account/signup');
      }
      expect(await axeViolationsIn(page, ['main'])).toEqual([]);
    }
  });

  it('shows every category’s pictures, loaded, on both pages', async () => {
    const { page } = browser;
    for (const address of PROMO_PAGES) {
      await page.goto(`${server.url}${address}`);
      const variant = address.includes('realistic') ? 'realistic' : 'hentai';
      await page.locator(`[data-testid="promo-page"][data-variant="${variant}"]`).waitFor();
      for (const category of PROMO_CATEGORIES) {
        await page.getByTestId(`promo-tab-${category}`).click();
        const panel = page.locator(`[data-testid="promo-panel"][data-category="${category}"]`);
        await panel.waitFor();
        await panel.scrollIntoViewIfNeeded();
        expect(await panel.getByTestId('promo-sample').count()).toBe(4);
        await expect.poll(() => panelPicturesLoaded(page), { timeout: 15_000 }).toBe(true);
      }
    }
  });

  it('blurs an NSFW picture until the visitor confirms being 18', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/ai-hentai-generator`);
    const nsfw = page.locator('[data-testid="promo-sample"][data-nsfw="true"]').first();
    await nsfw.waitFor();
    const uuid = await nsfw.getAttribute('data-uuid');
    const item = page.locator(`[data-testid="promo-sample"][data-uuid="${uuid}"]`);
    expect(await item.locator('[data-blurred="true"]').count()).toBe(1);
    // The picture is drawn blurred (the galleries' treatment), not just hidden behind a label.
    expect(await item.locator('img').evaluate((image) => getComputedStyle(image).filter)).toContain('blur');
    await item.getByTestId('promo-sample-reveal').click();
    await page.getByTestId('age-dialog').waitFor();
    await page.getByTestId('age-adult').click();
    await item.locator('[data-blurred="false"]').waitFor();
    expect(await page.locator('[data-testid="promo-panel"] [data-blurred="true"]').count()).toBe(0);
  });

  it('shows the operator’s testimonials, linking to the original post', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/ai-realistic-generator`);
    await page.getByTestId('promo-testimonials').waitFor();
    const quotes = page.getByTestId('promo-testimonial');
    expect(await quotes.count()).toBe(2);
    expect(await quotes.first().textContent()).toContain(QUOTES[0]!.message);
    const source = quotes.first().locator('a');
    expect(await source.getAttribute('href')).toBe(QUOTES[0]!.url);
    expect(await source.getAttribute('rel')).toContain('nofollow');
    // A quote without a link names its platform without one.
    expect(await quotes.nth(1).locator('a').count()).toBe(0);
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);
  });

  it('links the about page’s team to their real profiles', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/about`);
    await page.getByTestId('about-page').waitFor();
    const links = page.getByTestId('about-team-link');
    await expect.poll(() => links.count()).toBe(2);
    expect(await links.nth(0).getAttribute('href')).toBe(`/profile/${first.username}-${ids[0]}`);
    expect(await links.nth(1).getAttribute('href')).toBe(`/profile/${second.username}-${ids[1]}`);
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);
    await links.nth(1).click();
    await page.waitForURL(`${server.url}/profile/${second.username}-${ids[1]}`);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(second.username);
  });

  describe('on a phone', () => {
    const phone = browserPerTest(server, {
      viewport: PHONE,
      isMobile: true,
      cookiesAnswered: true,
      reducedMotion: true,
    });

    it('fits every page in the width, with the plan cards one above the other', async () => {
      const { page } = phone;
      for (const address of [...PROMO_PAGES, '/about']) {
        await page.goto(`${server.url}${address}`);
        await page.locator('[data-testid="promo-page"], [data-testid="about-page"]').waitFor();
        if (address !== '/about') {
          await page.getByTestId('promo-testimonials').waitFor();
          await page.getByTestId('promo-plans').waitFor();
          const [basic, pro] = await page
            .getByTestId('promo-plan')
            .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect));
          expect(pro!.left).toBe(basic!.left);
          expect(pro!.top).toBeGreaterThan(basic!.bottom);
        } else {
          await page.getByTestId('about-team-link').first().waitFor();
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, address).toBeLessThanOrEqual(0);
      }
    });
  });
});

describe('without testimonials or team', () => {
  const server = serverForFile();
  const browser = browserPerTest(server, { cookiesAnswered: true, reducedMotion: true, noPageErrors: true });

  it('leaves the testimonials block out of the promo pages', async () => {
    const { page } = browser;
    for (const address of PROMO_PAGES) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/config/site'));
      await page.goto(`${server.url}${address}`);
      expect(((await (await answered).json()) as { testimonials: unknown[] }).testimonials).toEqual([]);
      await page.getByTestId('promo-cta').waitFor();
      // A frame after the answer: the page has rendered with it, and the block is simply absent.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(await page.getByTestId('promo-testimonials').count()).toBe(0);
    }
  });

  it('shows the about page’s team roles without profile links', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/about`);
    await page.getByTestId('about-page').waitFor();
    expect(await page.getByTestId('about-team-member').count()).toBe(2);
    expect(await page.getByTestId('about-team-link').count()).toBe(0);
    // With no community channel configured, the community section points at the public gallery.
    expect(await page.getByTestId('about-community').locator('a[href="/explore"]').count()).toBe(1);
  });

  it('opens a page loaded in full at its top, however far the previous page of the tab was scrolled', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/ai-hentai-generator`);
    await page.getByTestId('promo-cta').waitFor();
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY >= 900);
    // A full load of another address (a typed address, a link from a PDF or another site).
    await page.goto(`${server.url}/about`);
    await page.getByTestId('about-page').waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
