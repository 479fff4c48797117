import {
  GUIDE_ANCHORS,
  GUIDE_CURATED_IMAGES,
  GUIDE_IMAGES,
  guideCategoryOf,
  guideSectionOfHash,
  type GuideSectionId,
} from '@mirage/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForPath } from './support/app.ts';
import { PHONE } from './support/browser.ts';
import { newAccount } from './support/gallery.ts';
import { axeViolationsIn } from './support/player.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The guide (/guide, spec §2 "Guide") against the real server: every anchor opened from the address lands
 * its section at the offset (70 px wide, 120 px on a phone), the contents follow the reader (aria-current,
 * the accordion), the comparators show the built-in pictures the server paints at start, the top menu is
 * gone, and the call to action leads a visitor to sign-up and a member to the settings.
 */
const server = serverForFile();
const member = newAccount('guide');

beforeAll(async () => {
  await createAccount(server.url, member);
  // The server paints the guide's pictures in the background after it starts (GUEST_SAMPLES): wait for
  // the last of them rather than racing it.
  const deadline = Date.now() + 180_000;
  for (const image of GUIDE_CURATED_IMAGES) {
    const url = `${server.url}/images/${image.uuid}-min.webp`;
    while ((await fetch(url)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`the guide's picture ${image.uuid} was never painted`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}, 200_000);

/** A section's top relative to the viewport. */
const topOf = (page: Page, id: string) =>
  page.evaluate((section) => document.getElementById(section)?.getBoundingClientRect().top ?? NaN, id);

/** Waits until the section's top settles at `offset` px (±2) below the viewport's top. */
async function landsAt(page: Page, id: string, offset: number): Promise<void> {
  await expect
    .poll(async () => Math.abs((await topOf(page, id)) - offset), {
      timeout: 15_000,
      interval: 50,
      message: `the top of #${id}, off by`,
    })
    .toBeLessThanOrEqual(2);
}

/** Opens /guide#anchor as a fresh load (not a hash change of an open page). */
async function open(page: Page, anchor = ''): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${server.url}/guide${anchor ? `#${anchor}` : ''}`);
  await page.getByTestId('guide-page').waitFor();
}

const sectionOf = (anchor: string) => guideSectionOfHash(anchor)!;

async function expectCurrent(page: Page, id: GuideSectionId): Promise<void> {
  await expect
    .poll(() =>
      page.locator('[data-testid="guide-nav"] a[aria-current="location"]').getAttribute('data-testid'),
    )
    .toBe(`guide-link-${id}`);
  const category = page.getByTestId(`guide-category-${guideCategoryOf(id)}`).locator('button');
  expect(await category.getAttribute('aria-expanded')).toBe('true');
  // A single category is open: the lists of the others are not displayed.
  const shown = await page.evaluate(() =>
    Array.from(document.querySelectorAll('ul[id^="guide-category-"]'))
      .filter((list) => getComputedStyle(list).display !== 'none')
      .map((list) => list.id),
  );
  expect(shown).toEqual([`guide-category-${guideCategoryOf(id)}`]);
}

describe('guide, desktop (1280 × 800)', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, noPageErrors: true });

  it('opens every anchor with its section 70 px from the top, current and in its open category', async () => {
    const { page } = browser;
    for (const anchor of GUIDE_ANCHORS) {
      await open(page, anchor);
      await landsAt(page, sectionOf(anchor), 70);
      await expectCurrent(page, sectionOf(anchor));
    }
  });

  it('has no top menu, a nav landmark, headings in order, and no accessibility violations', async () => {
    const { page } = browser;
    await open(page);
    expect(await page.getByTestId('top-menu').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Guide contents' }).count()).toBe(1);
    const levels = await page.evaluate(() =>
      Array.from(document.querySelectorAll('article h1, article h2, article h3')).map((h) =>
        Number(h.tagName[1]),
      ),
    );
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    // The resolution table of spec §9: a row per format, the base size and the three qualities.
    const rows = await page
      .getByTestId('resolution-table-sizes')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((cell) => cell.textContent)));
    expect(rows).toEqual([
      ['Portrait', '512×704', '832×1144', '1024×1408', '1228×1688'],
      ['Wide', '704×512', '1144×832', '1408×1024', '1688×1228'],
      ['Square', '576×576', '936×936', '1152×1152', '1382×1382'],
    ]);
    expect(await axeViolationsIn(page, ['[data-testid="guide-page"]'])).toEqual([]);
    // The top menu is back on any other page.
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('top-menu').waitFor();
  });

  it('scrolls to a section from the contents, by click or keyboard, and the highlight follows scrolling', async () => {
    const { page } = browser;
    await open(page);
    await expectCurrent(page, 'introduction');
    await page.getByTestId('guide-category-ai-fundamentals').locator('button').click();
    await page.getByTestId('guide-link-lora').click();
    await landsAt(page, 'lora', 70);
    expect(new URL(page.url()).hash).toBe('#lora');
    await expectCurrent(page, 'lora');
    expect(
      await page.getByTestId('guide-category-settings').locator('button').getAttribute('aria-expanded'),
    ).toBe('false');

    await page.getByTestId('guide-category-how-to-prompt').locator('button').click();
    await page.getByTestId('guide-link-negative-prompt').focus();
    await page.keyboard.press('Enter');
    await landsAt(page, 'negative-prompt', 70);

    // Scrolling by hand: the section whose top comes within 130 px becomes the current one.
    await page.evaluate(() => {
      const seed = document.getElementById('seed')!;
      window.scrollTo({ top: window.scrollY + seed.getBoundingClientRect().top - 125, behavior: 'instant' });
    });
    await expectCurrent(page, 'seed');
    await page.evaluate(() => {
      const seed = document.getElementById('seed')!;
      window.scrollTo({ top: window.scrollY + seed.getBoundingClientRect().top - 200, behavior: 'instant' });
    });
    await expectCurrent(page, 'tweak-panel');
  });

  it('toggles each comparator’s gallery, whose pictures load', async () => {
    const { page } = browser;
    await open(page);
    for (const [id, images] of Object.entries(GUIDE_IMAGES)) {
      const comparator = page.getByTestId(`comparator-${id}`);
      await comparator.scrollIntoViewIfNeeded();
      expect(await comparator.getByTestId('comparator-count').textContent()).toBe(`${images.length} images`);
      const toggle = comparator.getByTestId('comparator-toggle');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await comparator.getByTestId('comparator-image').count()).toBe(0);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const pictures = comparator.getByTestId('comparator-image');
      await expect.poll(() => pictures.count()).toBe(images.length);
      for (let i = 0; i < images.length; i++) {
        await pictures.nth(i).scrollIntoViewIfNeeded();
        await expect
          .poll(() => pictures.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
      }
      await toggle.click();
      expect(await comparator.getByTestId('comparator-image').count()).toBe(0);
    }
  });

  it('sends a visitor from the call to action to sign-up', async () => {
    const { page } = browser;
    await open(page, 'cfg-scale');
    await page.getByTestId('guide-cta-link').click();
    await waitForPath(page, '/account/signup');
  });
});

describe('guide, signed in', () => {
  const browser = browserPerTest(server, {
    cookiesAnswered: true,
    account: () => member,
    noPageErrors: true,
  });

  it('sends a member from the call to action to the settings', async () => {
    const { page } = browser;
    await open(page, 'cfg-scale');
    await page.getByTestId('guide-cta-link').click();
    await waitForPath(page, '/settings');
  });
});

describe('guide, phone (390 × 844)', () => {
  const browser = browserPerTest(server, {
    viewport: PHONE,
    isMobile: true,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it('opens every anchor with its section 120 px from the top', async () => {
    const { page } = browser;
    for (const anchor of GUIDE_ANCHORS) {
      await open(page, anchor);
      await landsAt(page, sectionOf(anchor), 120);
      await expectCurrent(page, sectionOf(anchor));
    }
  });

  it('keeps the contents in a drawer that a link or Escape closes', async () => {
    const { page } = browser;
    await open(page);
    expect(await page.getByTestId('top-menu').count()).toBe(0);
    const nav = page.getByTestId('guide-nav');
    const toggle = page.getByTestId('guide-contents-toggle');
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    await nav.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });

    await toggle.click();
    await page.getByTestId('guide-category-settings').locator('button').click();
    await page.getByTestId('guide-link-upscale').click();
    await nav.waitFor({ state: 'hidden' });
    await landsAt(page, 'upscale', 120);
  });
});
