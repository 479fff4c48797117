import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, me, rawKeysIn, waitForPath } from './support/app.ts';
import { openBrowser, PHONE, screenshot } from './support/browser.ts';
import { newAccount } from './support/gallery.ts';
import { createImage } from './support/image.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The generator (/create) against the real API and the local preview worker, in Chromium: a new account
 * (20 welcome tickets) creates an image with the free style and watches its task card reach Done while
 * the ticket count drops by the cost; Create without a style opens the NoStyleSelected modal; a guest is
 * sent to sign up. Screenshots: desktop-create.png (with a finished image), phone-create.png and
 * phone-create-task.png (a finished task's card and its step line on a phone).
 */
const server = serverForFile();
let freeStyleId = 0;

/** Nested keys of the generator's own namespaces: i18next shows a key where a translation is missing. */
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/locales/en');
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}
const GENERATOR_KEYS = ['generator', 'catalogue'].flatMap((ns) =>
  leafKeys(JSON.parse(readFileSync(path.join(LOCALES, `${ns}.json`), 'utf8'))),
);
/** Raw keys on screen, from the shared list and from the generator's namespaces. */
const untranslated = (text: string) => [
  ...rawKeysIn(text),
  ...GENERATOR_KEYS.filter((key) => key.includes('.') && text.includes(key)),
];

interface Style {
  id: number;
  render: string;
  is_free: boolean;
  txt2img: boolean;
}

beforeAll(async () => {
  const styles = (await (await fetch(`${server.url}/api/config/styles`)).json()) as Style[];
  const free = styles.find((style) => style.is_free && style.txt2img && style.render === 'hentai');
  if (!free) throw new Error('the catalogue has no free anime style');
  freeStyleId = free.id;
});

/**
 * A new account of the test's own (20 welcome tickets), signed in on `page`, on /create with the free
 * style and Standard quality chosen.
 */
async function startSignedIn(page: Page) {
  await createAccount(server.url, newAccount('maker'), page);
  await page.goto(`${server.url}/create`);
  await acceptCookies(page);
  await page.getByTestId('generator').waitFor();
  const style = page.getByTestId(`style-option-${freeStyleId}`);
  await style.click();
  await expect.poll(() => style.getAttribute('aria-pressed')).toBe('true');
  await page.getByTestId('quality-Standard').click();
}

describe('the generator in Chromium', () => {
  const browser = browserPerTest(server);
  const byTestId = (id: string) => browser.page.getByTestId(id);
  const ticketCount = async () => (await byTestId('ticket-count').innerText()).trim();

  it('creates an image with the free style: the task reaches Done and the tickets drop by its cost', async () => {
    const { page } = browser;
    const account = newAccount('maker');
    await page.goto(`${server.url}/account/signup?rel=create`);
    await acceptCookies(page);
    await byTestId('field-username').fill(account.username);
    await byTestId('field-email').fill(account.email);
    await byTestId('field-password').fill(account.pwd);
    await byTestId('submit').click();
    // docs/product/decisions.md#accounts-and-routes: rel=create brings the new user back to the generator.
    await waitForPath(page, '/create');
    await byTestId('generator').waitFor();
    await expect.poll(ticketCount).toBe('20');
    expect(await byTestId('cost-total').innerText()).toBe('2');
    expect(untranslated(await page.locator('body').innerText())).toEqual([]);

    await byTestId(`style-option-${freeStyleId}`).click();
    await expect
      .poll(() => byTestId(`style-option-${freeStyleId}`).getAttribute('aria-pressed'))
      .toBe('true');
    await byTestId('quality-Standard').click();
    expect(await byTestId('cost-total').innerText()).toBe('2');
    await byTestId('prompt').fill('a lighthouse at dusk');

    // Record every state the task card and its step line show, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      const lines: string[] = [];
      Object.assign(window, { taskStates: seen, stepLines: lines });
      const record = () => {
        for (const card of Array.from(document.querySelectorAll('[data-testid="task-card"]'))) {
          const state = card.getAttribute('data-state');
          if (state !== null && seen.at(-1) !== state) seen.push(state);
          const steps = Array.from(card.querySelectorAll('[data-testid="task-steps"] li'));
          const line = steps
            .map((step) => `${step.getAttribute('data-step')}:${step.getAttribute('data-status')}`)
            .join(' ');
          if (line && lines.at(-1) !== line) lines.push(line);
        }
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state', 'data-status'],
      });
    });
    await byTestId('create-button').click();

    const card = byTestId('task-card').first();
    await card.waitFor();
    const image = byTestId('task-image').first();
    await image.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(await card.getAttribute('data-state')).toBe('9');
    // The preview renderer says what it is (docs/architecture.md): it is not an AI model.
    expect(await card.getByTestId('preview-badge').innerText()).toBe('Preview renderer');
    const states = await page.evaluate(() => (window as unknown as { taskStates: string[] }).taskStates);
    // Queue (0) or Generate (1) first, Done (9) last.
    expect(['0', '1']).toContain(states[0]);
    expect(states.at(-1)).toBe('9');
    expect(await byTestId('task-state').first().innerText()).toMatch(/Done/);
    // The step line (docs/product/generation.md#pipeline-steps) moved forward only, one running step at a
    // time, from a running step to all done; the preview renderer is too quick for every line to be seen.
    const lines = await page.evaluate(() => (window as unknown as { stepLines: string[] }).stepLines);
    const ORDER = ['pending', 'running', 'done'];
    const statusesOf = (line: string) => line.split(' ').map((pair) => pair.split(':')[1]!);
    expect(lines.length, lines.join(' / ')).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/:running/);
    expect(lines.at(-1)).toBe('queued:done txt2img:done save:done upload:done');
    for (const [index, line] of lines.entries()) {
      expect(line.split(' ').map((pair) => pair.split(':')[0])).toEqual([
        'queued',
        'txt2img',
        'save',
        'upload',
      ]);
      expect(statusesOf(line).filter((status) => status === 'running').length).toBeLessThanOrEqual(1);
      if (index > 0) {
        const before = statusesOf(lines[index - 1]!);
        statusesOf(line).forEach((status, step) =>
          expect(ORDER.indexOf(status)).toBeGreaterThanOrEqual(ORDER.indexOf(before[step]!)),
        );
      }
    }
    const steps = card.getByTestId('task-steps');
    expect(await steps.getAttribute('aria-label')).toBe('Steps');
    expect(await steps.locator('[aria-current="step"]').count()).toBe(0);
    expect(await steps.locator('li').first().innerText()).toContain('Queue');
    await expect.poll(ticketCount, { timeout: 15_000 }).toBe('18');
    expect((await me(page, server.url))?.generation_token).toBe(18);
    expect(await byTestId('running-counter').innerText()).toMatch(/0\/1/);
    expect(await byTestId('reset-countdown').innerText()).toMatch(/^\d{2}:\d{2}:\d{2}$/);

    // The full image opens from the card.
    const full = await page.request.get(
      `${server.url}${await page.locator('a:has([data-testid="task-image"])').first().getAttribute('href')}`,
    );
    expect(full.ok()).toBe(true);
    expect(full.headers()['content-type']).toBe('image/webp');
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'desktop-create');
  });

  it('keeps the settings in local storage (promptData) across a reload', async () => {
    const { page } = browser;
    await startSignedIn(page);
    await createImage(page, 'a lighthouse at dusk');
    await page.reload();
    await byTestId('generator').waitFor();
    expect(await byTestId('prompt').inputValue()).toBe('a lighthouse at dusk');
    expect(await byTestId(`style-option-${freeStyleId}`).getAttribute('aria-pressed')).toBe('true');
    // The finished image is listed again from the task stream's snapshot.
    await byTestId('task-image').first().waitFor();
  });

  it('prices options live, adds and removes a booster, and locks paid styles for a Free user', async () => {
    const { page } = browser;
    await startSignedIn(page);
    await byTestId('prompt').fill('a lighthouse at dusk');
    expect(await byTestId('cost-total').innerText()).toBe('2');
    const cost = () => byTestId('cost-total').innerText();
    await byTestId('option-upscale').click();
    expect(await cost()).toBe('3');
    await byTestId('option-upscale').click();
    // Free users pay 1 ticket to remove the watermark (docs/product/decisions.md#prices-and-plans).
    await byTestId('option-watermark').click();
    expect(await cost()).toBe('3');
    await byTestId('option-watermark').click();
    expect(await cost()).toBe('2');

    await byTestId('booster-add').click();
    await byTestId('booster-dialog').waitFor();
    await byTestId('booster-option-101').click();
    await byTestId('booster-dialog').waitFor({ state: 'detached' });
    expect(await byTestId('booster-slot').count()).toBe(1);
    await byTestId('booster-remove').click();
    expect(await byTestId('booster-slot').count()).toBe(0);

    // Presets: search opens the tree, a star keeps a favourite, a pick fills both prompts.
    await byTestId('preset-search').fill('lighthouse');
    await byTestId('preset-favorite-1').click();
    await expect.poll(() => byTestId('preset-favorite-1').getAttribute('aria-pressed')).toBe('true');
    await byTestId('preset-search').fill('');
    await byTestId('preset-favorites-only').check();
    await expect.poll(() => page.locator('[data-testid^="preset-favorite-"]').count()).toBe(1);
    await byTestId('preset-favorites-only').uncheck();
    await byTestId('preset-random').click();
    await expect.poll(() => byTestId('neg-prompt').inputValue()).not.toBe('');
    await byTestId('prompt').fill('a lighthouse at dusk');

    const locked = page.locator('[data-testid^="style-option-"][data-locked="true"]').first();
    await locked.click();
    await byTestId('pro-required-modal').waitFor();
    await page.keyboard.press('Escape');
    await byTestId('pro-required-modal').waitFor({ state: 'detached' });
    expect(await byTestId(`style-option-${freeStyleId}`).getAttribute('aria-pressed')).toBe('true');

    // A locked option names the lowest plan that has it: High is Basic's, Ultra only Pro's.
    await byTestId('quality-High').click();
    expect(await byTestId('pro-required-modal').textContent()).toContain('part of the Basic and Pro plans');
    await page.keyboard.press('Escape');
    await byTestId('pro-required-modal').waitFor({ state: 'detached' });
    await byTestId('quality-Ultra').click();
    expect(await byTestId('pro-required-modal').textContent()).toContain('part of the Pro plan.');
    await page.keyboard.press('Escape');
    await byTestId('pro-required-modal').waitFor({ state: 'detached' });
  });

  it('answers the same locked seed and settings with the duplicate-image modal, at no charge', async () => {
    const { page } = browser;
    await startSignedIn(page);
    await byTestId('prompt').fill('a lighthouse at dusk');
    await byTestId('seed-input').fill('12345');
    expect(await byTestId('seed-lock').getAttribute('aria-pressed')).toBe('true');
    const cards = byTestId('task-card');
    const before = await cards.count();
    await byTestId('create-button').click();
    await expect.poll(() => cards.count()).toBe(before + 1);
    await expect.poll(() => cards.first().getAttribute('data-state'), { timeout: 60_000 }).toBe('9');
    await expect.poll(ticketCount, { timeout: 15_000 }).toBe('18');
    await expect.poll(() => byTestId('create-button').isEnabled()).toBe(true);

    await byTestId('create-button').click();
    const modal = byTestId('duplicate-modal');
    await modal.waitFor();
    expect(await modal.getByRole('link').getAttribute('href')).toMatch(/^\/image\/[0-9a-f-]{36}$/);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(before + 1);
    expect((await me(page, server.url))?.generation_token).toBe(18);
  });

  it('shows the NoStyleSelected modal when Create is pressed without a style', async () => {
    const { page } = browser;
    await startSignedIn(page);
    await page.evaluate(() => localStorage.removeItem('promptData'));
    await page.reload();
    await byTestId('generator').waitFor();
    await byTestId('create-button').click();
    const modal = byTestId('no-style-modal');
    await modal.waitFor();
    expect(untranslated(await modal.innerText())).toEqual([]);
    await byTestId('no-style-choose').click();
    await modal.waitFor({ state: 'detached' });
    // Opening the boosters without a style asks for a style too.
    await byTestId('booster-add').click();
    await byTestId('no-style-modal').waitFor();
    await page.keyboard.press('Escape');
    await byTestId('no-style-modal').waitFor({ state: 'detached' });
  });
});

describe('the generator in Chromium, on a phone and as a guest', () => {
  it('lays out on a phone (390×844) without sideways overflow', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      await createAccount(server.url, newAccount('phone'), phone.page);
      await phone.page.goto(`${server.url}/create`);
      await acceptCookies(phone.page);
      await phone.page.getByTestId('generator').waitFor();
      await phone.page.getByTestId(`style-option-${freeStyleId}`).click();
      await phone.page.getByTestId('prompt').fill('a lighthouse at dusk');
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await phone.page.getByTestId('preset-open').click();
      await phone.page.getByTestId('preset-panel').waitFor();
      await phone.page.keyboard.press('Escape');
      await phone.page.getByTestId('preset-panel').waitFor({ state: 'detached' });
      await phone.page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(phone.page, 'phone-create');

      // A finished task's card: its step line fits the half-width card, the names kept off but in words.
      await createImage(phone.page, 'a lighthouse at dusk');
      const steps = phone.page.getByTestId('task-steps').first();
      const fits = await steps.evaluate((list) => {
        const card = list.closest('[data-testid="task-card"]')!.getBoundingClientRect();
        return Array.from(list.children).every((item) => item.getBoundingClientRect().right <= card.right);
      });
      expect(fits).toBe(true);
      expect(await steps.locator('li').first().textContent()).toContain('Queue: done');
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await steps.scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'phone-create-task');
    } finally {
      await phone.close();
    }
  });

  it('sends a guest who presses Create to sign up (rel=create)', async () => {
    const guest = await openBrowser();
    try {
      await guest.page.goto(`${server.url}/create`);
      await acceptCookies(guest.page);
      await guest.page.getByTestId('generator').waitFor();
      await guest.page.getByTestId(`style-option-${freeStyleId}`).click();
      await guest.page.getByTestId('create-button').click();
      await guest.page.waitForURL(
        (url) => url.pathname === '/account/signup' && url.searchParams.get('rel') === 'create',
      );
    } finally {
      await guest.close();
    }
  });
});
