import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, me, waitForPath } from './support/app.ts';
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { createAccount } from './support/suite.ts';

/**
 * A generation that fails (docs/product/generation.md#task-outcome, docs/product/errors.md), in Chromium
 * against the real server started with LOCAL_WORKER=false: the test itself is the worker, over the HTTP
 * worker protocol with a token issued by the worker:token CLI. It leases the user's job and fails it for
 * good; the user sees the failure notice and the "tickets refunded" notice with the amount, the failed task
 * leaves the results about 5 s later, and the ticket counter in the top menu is back where it was before the
 * generation.
 * Screenshots: desktop-create-failed.png and phone-create-failed.png (the failed card and both notices).
 */
const WORKER = 'e2e-worker';
const PASSWORD = 'shipwreck-coral-7';
let server: RunningServer;
let browser: Browser;
let freeStyleId = 0;
const stamp = Date.now();
const account = { username: `failer${stamp % 100000}`, email: `failer${stamp}@example.com` };

const EN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/locales/en');
const notices = (
  JSON.parse(readFileSync(path.join(EN, 'generator.json'), 'utf8')) as {
    notice: { failed: string; ticket_refunded_one: string; ticket_refunded_other: string };
  }
).notice;
const refunded = (count: number) =>
  (count === 1 ? notices.ticket_refunded_one : notices.ticket_refunded_other).replace(
    '{{count}}',
    String(count),
  );

/** The worker protocol, as a remote worker speaks it. */
async function worker(pathname: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.workerTokens[WORKER]}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function leaseJob(): Promise<{ id: string; prompt: string }> {
  const answer = await worker('/api/worker/lease', {
    engine: 'preview',
    max_pixels: 16_000_000,
    job_types: ['txt2img'],
    wait_seconds: 10,
  });
  const job = answer.job as { id: string; prompt: string } | null;
  if (!job) throw new Error('no job to lease');
  return job;
}

/**
 * Records, with timestamps, every notice shown and every state the task cards take (notices live 3.5 to
 * 4 s, so waiting for them afterwards could miss one), and when the last card leaves the results.
 */
async function recordOutcome(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log = { notices: [] as string[], states: [] as { state: string; at: number }[], goneAt: 0 };
    (window as unknown as { outcome: typeof log }).outcome = log;
    const record = () => {
      for (const node of Array.from(document.querySelectorAll('[data-testid="notice"] [role="status"]'))) {
        const text = node.textContent?.trim() ?? '';
        if (text && !log.notices.includes(text)) log.notices.push(text);
      }
      const cards = Array.from(document.querySelectorAll('[data-testid="task-card"]'));
      for (const card of cards) {
        const state = card.getAttribute('data-state') ?? '';
        if (log.states.at(-1)?.state !== state) log.states.push({ state, at: performance.now() });
      }
      if (cards.length === 0 && log.states.length > 0 && log.goneAt === 0) log.goneAt = performance.now();
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    record();
  });
}

interface Outcome {
  notices: string[];
  states: { state: string; at: number }[];
  goneAt: number;
}
const outcome = (page: Page) => page.evaluate(() => (window as unknown as { outcome: Outcome }).outcome);

/** Picks the free style, writes a prompt and presses Create; returns the ticket count shown before. */
async function generate(page: Page, prompt: string): Promise<string> {
  const byTestId = (id: string) => page.getByTestId(id);
  await byTestId(`style-option-${freeStyleId}`).click();
  await byTestId('prompt').fill(prompt);
  await expect.poll(() => byTestId('ticket-count').innerText()).toBe('20');
  const before = (await byTestId('ticket-count').innerText()).trim();
  await recordOutcome(page);
  await byTestId('create-button').click();
  return before;
}

beforeAll(async () => {
  server = await startServer({ env: { LOCAL_WORKER: 'false' }, workerTokens: [WORKER] });
  const styles = (await (await fetch(`${server.url}/api/config/styles`)).json()) as {
    id: number;
    render: string;
    is_free: boolean;
    txt2img: boolean;
  }[];
  const free = styles.find((style) => style.is_free && style.txt2img && style.render === 'hentai');
  if (!free) throw new Error('the catalogue has no free anime style');
  freeStyleId = free.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a failed generation in Chromium', () => {
  it('shows the failure and the refund, drops the task after about 5 s and gives the tickets back', async () => {
    browser = await openBrowser({ viewport: DESKTOP });
    const page = browser.page;
    const byTestId = (id: string) => page.getByTestId(id);
    await page.goto(`${server.url}/account/signup?rel=create`);
    await acceptCookies(page);
    await byTestId('field-username').fill(account.username);
    await byTestId('field-email').fill(account.email);
    await byTestId('field-password').fill(PASSWORD);
    await byTestId('submit').click();
    await waitForPath(page, '/create');
    await byTestId('generator').waitFor();

    const before = await generate(page, 'a shipwreck on a coral reef');
    expect(before).toBe('20');
    const card = byTestId('task-card');
    await card.waitFor();
    // No worker runs in the server: the task waits in the queue, already paid for.
    expect(await card.getAttribute('data-state')).toBe('0');
    await expect.poll(() => byTestId('ticket-count').innerText()).toBe('18');

    const job = await leaseJob();
    expect(job.prompt).toContain('a shipwreck on a coral reef');
    const failed = await worker(`/api/worker/jobs/${job.id}/fail`, {
      retryable: false,
      message: 'the e2e worker gives up',
    });
    expect(failed.state).toBe(8);

    await expect.poll(async () => (await outcome(page)).notices).toContain(notices.failed);
    await expect.poll(async () => (await outcome(page)).notices).toContain(refunded(2));
    await expect.poll(() => byTestId('ticket-count').innerText()).toBe(before);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'desktop-create-failed');

    // The failed card leaves the results about 5 s after the failure
    // (docs/product/generation.md#task-outcome).
    await card.waitFor({ state: 'detached', timeout: 15_000 });
    const { states, goneAt } = await outcome(page);
    const failedAt = states.find((entry) => entry.state === '8')?.at;
    expect(failedAt).toBeDefined();
    expect(goneAt - failedAt!).toBeGreaterThanOrEqual(4_500);
    expect(goneAt - failedAt!).toBeLessThan(7_000);
    expect(await byTestId('results').innerText()).not.toBe('');
    expect((await me(page, server.url))?.generation_token).toBe(20);
    expect(await byTestId('ticket-count').innerText()).toBe('20');
    expect(await byTestId('running-counter').innerText()).toMatch(/0\/1/);
  });

  it('does the same on a phone (390×844)', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      const page = phone.page;
      // An account of its own (20 tickets), so that this test does not need the one above.
      const phoneStamp = Date.now() % 100000;
      const owner = {
        username: `fphone${phoneStamp}`,
        email: `fphone${phoneStamp}@example.com`,
        pwd: PASSWORD,
      };
      await createAccount(server.url, owner, page);
      await page.goto(`${server.url}/create`);
      await acceptCookies(page);
      await page.getByTestId('generator').waitFor();
      await generate(page, 'a lantern on a rainy pier');
      await page.getByTestId('task-card').waitFor();

      const job = await leaseJob();
      expect(job.prompt).toContain('a lantern on a rainy pier');
      await worker(`/api/worker/jobs/${job.id}/fail`, {
        retryable: false,
        message: 'the e2e worker gives up',
      });
      await expect.poll(async () => (await outcome(page)).notices).toContain(refunded(2));
      expect((await outcome(page)).notices).toContain(notices.failed);
      await expect.poll(() => page.getByTestId('task-card').getAttribute('data-state')).toBe('8');
      await screenshot(page, 'phone-create-failed');
      await page.getByTestId('task-card').waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => page.getByTestId('ticket-count').innerText()).toBe('20');
    } finally {
      await phone.close();
    }
  });
});
