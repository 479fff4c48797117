import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, rawKeysIn, waitForPath } from './support/app.ts';
import { openBrowser, PHONE, screenshot } from './support/browser.ts';
import { holdAnswers } from './support/firstScreen.ts';
import { freeAnimeStyle, newAccount } from './support/gallery.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The AI prompt assistant on /create (docs/product/generation.md#ai-prompt-assistant) against the real API,
 * in Chromium: "Complete with tags" shows a pending prompt, then a preview that Accept puts in the prompt;
 * "Sentence to tags" previews and Revert keeps the prompt; both actions lock for 5.2 s; Create waits while
 * a suggestion is pending; a failure ends it silently; a guest is sent to sign in. And two parts of the top
 * menu (docs/product/routes.md#shell): the search button opens the gallery search with its first box
 * focused, and the generation progress shows while a task runs. Screenshots: desktop-assistant.png and
 * phone-assistant.png (/create with a preview).
 */
const server = serverForFile();
let styleId = 0;

beforeAll(async () => {
  styleId = (await freeAnimeStyle(server.url)).id;
});

const LIGHTHOUSE = 'a lighthouse at dusk';
const BOAT = 'a small boat on a calm lake at sunrise';

/** A new account (welcome tickets), signed in on `page`, on /create with the free style chosen. */
async function onCreate(page: Page) {
  await createAccount(server.url, newAccount('aide'), page);
  await page.goto(`${server.url}/create`);
  await acceptCookies(page);
  await page.getByTestId('generator').waitFor();
  const style = page.getByTestId(`style-option-${styleId}`);
  await style.click();
  await expect.poll(() => style.getAttribute('aria-pressed')).toBe('true');
}

/** Types `prompt` and opens the assistant's actions. */
async function openAssistant(page: Page, prompt: string) {
  await page.getByTestId('prompt').fill(prompt);
  const toggle = page.getByTestId('assistant-toggle');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  await page.getByTestId('assistant-panel').waitFor();
}

/** The generator's saved prompt (local storage `promptData`: {settings, render}). */
const savedPrompt = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('promptData') ?? '{}') as { settings?: { prompt?: string } }).settings
        ?.prompt,
  );

describe('the AI prompt assistant in Chromium', () => {
  const browser = browserPerTest(server, { noPageErrors: true });
  const byTestId = (id: string) => browser.page.getByTestId(id);

  it('completes a prompt with tags: pending, a preview, Accept replaces the prompt; Create waits meanwhile', async () => {
    const { page } = browser;
    await onCreate(page);
    // The toggle shows only while the prompt has text.
    await byTestId('prompt').fill('');
    expect(await byTestId('assistant-toggle').count()).toBe(0);
    await openAssistant(page, LIGHTHOUSE);

    const txt2img: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tasks/txt2img')) txt2img.push(request.url());
    });
    const held = await holdAnswers(page, '**/api/tasks/tags');
    const complete = byTestId('assistant-complete');
    const convert = byTestId('assistant-convert');
    await complete.click();
    const pressedAt = Date.now();
    await byTestId('assistant-pending').waitFor();
    expect(await complete.isDisabled()).toBe(true);
    expect(await convert.isDisabled()).toBe(true);
    expect(await byTestId('prompt').getAttribute('aria-busy')).toBe('true');
    expect(await byTestId('prompt').getAttribute('readonly')).not.toBeNull();

    // docs/product/generation.md#create-button: Create is blocked while the suggestion is pending.
    const cardsBefore = await byTestId('task-card').count();
    await byTestId('create-button').click();
    await expect
      .poll(() => byTestId('notice').innerText())
      .toContain('Accept or revert the AI suggestion before creating.');
    expect(txt2img).toEqual([]);
    expect(await byTestId('task-card').count()).toBe(cardsBefore);

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/tasks/tags'));
    held.release();
    const { output } = (await (await answer).json()) as { output: string };
    expect(output.startsWith(LIGHTHOUSE)).toBe(true);
    expect(output.length).toBeGreaterThan(LIGHTHOUSE.length);

    const preview = byTestId('assistant-preview');
    await preview.waitFor();
    expect(await preview.getAttribute('data-suggestion')).toBe(output);
    expect(await preview.locator('ins').count()).toBeGreaterThan(0);
    expect(rawKeysIn(await preview.innerText())).toEqual([]);
    // The prompt is untouched until Accept, and Create still waits while the preview shows.
    expect(await byTestId('prompt').inputValue()).toBe(LIGHTHOUSE);
    expect(await complete.isDisabled()).toBe(true);
    await screenshot(page, 'desktop-assistant');

    await byTestId('assistant-accept').click();
    await preview.waitFor({ state: 'detached' });
    expect(await byTestId('prompt').inputValue()).toBe(output);
    expect(await byTestId('prompt').getAttribute('readonly')).toBeNull();
    await expect.poll(() => savedPrompt(page)).toBe(output);

    // Locked about 5.2 s after the press, whatever happened meanwhile, then free again.
    expect(await complete.isDisabled()).toBe(true);
    await expect.poll(() => complete.isEnabled(), { timeout: 10_000, interval: 100 }).toBe(true);
    expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(5000);
    expect(await convert.isEnabled()).toBe(true);
    expect(txt2img).toEqual([]);
  });

  it('converts a sentence to tags; Revert keeps the sentence; the buttons lock right after use; a preset drops the preview', async () => {
    const { page } = browser;
    await onCreate(page);
    await openAssistant(page, BOAT);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/tasks/nl_convert'));
    await byTestId('assistant-convert').click();
    expect(await byTestId('assistant-convert').isDisabled()).toBe(true);
    expect(await byTestId('assistant-complete').isDisabled()).toBe(true);
    const { output } = (await (await answer).json()) as { output: string };
    expect(output).not.toBe(BOAT);

    const preview = byTestId('assistant-preview');
    await preview.waitFor();
    expect(await preview.getAttribute('data-suggestion')).toBe(output);
    await byTestId('assistant-revert').click();
    await preview.waitFor({ state: 'detached' });
    expect(await byTestId('prompt').inputValue()).toBe(BOAT);
    expect(await byTestId('assistant-convert').isDisabled()).toBe(true);
    await expect.poll(() => savedPrompt(page)).toBe(BOAT);

    // A prompt changed by other means (here a random preset) drops the preview: it no longer matches.
    const convert = byTestId('assistant-convert');
    await expect.poll(() => convert.isEnabled(), { timeout: 10_000, interval: 100 }).toBe(true);
    await convert.click();
    await preview.waitFor();
    await byTestId('preset-random').click();
    await preview.waitFor({ state: 'detached' });
    const preset = await byTestId('prompt').inputValue();
    expect(preset).not.toBe(BOAT);
    expect(preset).not.toBe(output);
    expect(await byTestId('prompt').getAttribute('readonly')).toBeNull();
  });

  it('ends the pending suggestion silently when the assistant refuses (rate limit)', async () => {
    const { page } = browser;
    await onCreate(page);
    await openAssistant(page, LIGHTHOUSE);
    await page.route('**/api/tasks/tags', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ detail: { code: 'spam_protection' } }),
      }),
    );
    await byTestId('assistant-complete').click();
    await expect.poll(() => byTestId('assistant-panel').getAttribute('data-phase')).toBe('idle');
    expect(await byTestId('assistant-preview').count()).toBe(0);
    expect(await byTestId('notice').innerText()).toBe('');
    expect(await byTestId('prompt').inputValue()).toBe(LIGHTHOUSE);
    expect(await byTestId('prompt').getAttribute('readonly')).toBeNull();
  });

  it('opens the gallery search from the top menu with its first tag box focused', async () => {
    const { page } = browser;
    await onCreate(page);
    await byTestId('menu-search').click();
    await waitForPath(page, '/explore');
    const panel = page.locator('[data-testid="kept-page"]:not([hidden]) [data-testid="search-panel"]');
    await panel.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('search-input-pos');
    // The focus intent leaves the address; the open panel stays in it.
    await expect.poll(() => new URL(page.url()).searchParams.get('focus')).toBeNull();
    expect(new URL(page.url()).searchParams.get('search')).toBe('open');
  });

  it('shows the generation progress in the top menu while a task runs', async () => {
    const { page } = browser;
    await onCreate(page);
    expect(await byTestId('generation-progress').count()).toBe(0);
    // Record every count the indicator shows, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const running = document
          .querySelector('[data-testid="generation-progress"]')
          ?.getAttribute('data-running');
        if (running && seen.at(-1) !== running) seen.push(running);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await byTestId('prompt').fill(LIGHTHOUSE);
    await byTestId('create-button').click();
    const card = byTestId('task-card').first();
    await card.waitFor();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('9');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen).toContain('1');
    // Done: the indicator goes away.
    await byTestId('generation-progress').waitFor({ state: 'detached' });
  });
});

describe('the AI prompt assistant on a phone and as a guest', () => {
  it('lays the preview out on a phone (390×844) without sideways overflow', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      const { page } = phone;
      await onCreate(page);
      await openAssistant(page, BOAT);
      await page.getByTestId('assistant-convert').click();
      const preview = page.getByTestId('assistant-preview');
      await preview.waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByTestId('prompt').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await screenshot(page, 'phone-assistant');

      // The top menu keeps its room when the generation progress joins it: nothing past the screen's edge,
      // nothing over the search button. Measured each time the menu changes, however briefly the ring shows.
      await page.getByTestId('assistant-revert').click();
      await page.evaluate(() => {
        const samples: number[] = [];
        (window as unknown as { menuOverflow: number[] }).menuOverflow = samples;
        const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
        new MutationObserver(() => {
          const ring = box('generation-progress');
          const search = box('menu-search');
          const avatar = box('avatar-button');
          if (!ring || !search || !avatar) return;
          samples.push(Math.max(avatar.right - window.innerWidth, search.right - ring.left));
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('create-button').click();
      await page.getByTestId('generation-progress').waitFor();
      const card = page.getByTestId('task-card').first();
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('9');
      const samples = await page.evaluate(
        () => (window as unknown as { menuOverflow: number[] }).menuOverflow,
      );
      expect(samples.length).toBeGreaterThan(0);
      expect(Math.max(...samples)).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });

  it('sends a guest who presses an action to sign in (rel=create)', async () => {
    const guest = await openBrowser();
    try {
      const { page } = guest;
      await page.goto(`${server.url}/create`);
      await acceptCookies(page);
      await page.getByTestId('generator').waitFor();
      await openAssistant(page, LIGHTHOUSE);
      await page.getByTestId('assistant-complete').click();
      await page.waitForURL(
        (url) => url.pathname === '/account/signin' && url.searchParams.get('rel') === 'create',
      );
    } finally {
      await guest.close();
    }
  });
});
