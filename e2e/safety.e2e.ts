import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, rawKeysIn } from './support/app.ts';
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from './support/browser.ts';
import { freeAnimeStyle, newAccount, signUp } from './support/gallery.ts';
import { editableServerForFile } from './support/player.ts';
import { apiSession, grantRole } from './support/staff.ts';
import { createAccount } from './support/suite.ts';

/**
 * Child-safety strikes as a user meets them on /create (issue 9): a refused prompt says it contains
 * forbidden words; from the third refusal in 30 days the notice also warns that more refusals put the
 * account under review and suspend generation; at the eighth the account is muted and every generation is
 * refused with a translated notice until a moderator lifts it (here: the console's call, as a moderator
 * whose role the operator's CLI granted).
 * The refused prompt is neutral: an age under 18. Screenshots: desktop-safety-warning, phone-safety-muted.
 */
const server = editableServerForFile();
const moderator = newAccount('mo');
let browser: Browser;
let page: Page;
const account = newAccount('sa');
const REFUSED = 'portrait of a person, 12 years old';

const notices = () => page.locator('[data-testid="notice"] [role="status"]').allInnerTexts();

/** Presses Create with `prompt`; the error code the API answered. */
async function create(prompt: string): Promise<string> {
  await page.getByTestId('prompt').fill(prompt);
  await expect.poll(() => page.getByTestId('create-button').isEnabled(), { timeout: 30_000 }).toBe(true);
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/tasks/txt2img',
  );
  await page.getByTestId('create-button').click();
  const body = (await (await answer).json()) as { detail?: { code?: string } };
  return body.detail?.code ?? 'ok';
}

/** Waits until a notice on screen contains `text`. */
const shown = (text: string) =>
  expect.poll(async () => (await notices()).some((notice) => notice.includes(text))).toBe(true);

beforeAll(async () => {
  await createAccount(server.url, moderator);
  await server.whileStopped((dataDir) => grantRole(dataDir, moderator.username, 'moderator'));
  browser = await openBrowser({ viewport: DESKTOP });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

describe('child-safety strikes on /create', () => {
  it('refuses, then warns from the third refusal, then mutes at the eighth', async () => {
    const userId = await signUp(page, server.url, account);
    await acceptCookies(page);
    await page.getByTestId(`style-option-${(await freeAnimeStyle(server.url)).id}`).click();

    expect(await create(REFUSED)).toBe('forbidden_prompt');
    await shown('Your prompt contains forbidden words.');
    expect(await create(REFUSED)).toBe('forbidden_prompt');
    expect(await create(REFUSED)).toBe('forbidden_prompt');
    await shown('More refusals will put your account under review');
    const warned = (await notices()).find((notice) => notice.includes('under review')) ?? '';
    expect(warned).toContain('Your prompt contains forbidden words.');
    expect(rawKeysIn(warned)).toEqual([]);
    await screenshot(page, 'desktop-safety-warning');

    for (let strike = 4; strike <= 7; strike++) expect(await create(REFUSED)).toBe('forbidden_prompt');
    expect(await create(REFUSED)).toBe('user_muted');
    const muted = 'Generation is suspended on your account after repeated refused prompts.';
    await shown(muted);
    // Muted: an ordinary prompt is refused too, and no task card appears.
    expect(await create('a lighthouse at dusk')).toBe('user_muted');
    expect(await page.getByTestId('task-card').count()).toBe(0);

    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-safety-muted');
    await page.setViewportSize(DESKTOP);

    const lifted = await fetch(`${server.url}/api/mod/users/${userId}/unmute`, {
      method: 'POST',
      headers: {
        origin: server.url,
        'content-type': 'application/json',
        cookie: await apiSession(server.url, moderator),
      },
      body: JSON.stringify({ note: 'test reason: the refusals were a misunderstanding' }),
    });
    expect(lifted.status).toBe(200);
    expect(await create('a lighthouse at dusk, harbour')).toBe('ok');
    await expect.poll(() => page.getByTestId('task-card').count(), { timeout: 30_000 }).toBe(1);
  });
});
