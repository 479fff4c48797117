import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies } from './support/app.ts';
import { freeAnimeStyle, newAccount } from './support/gallery.ts';
import { pictureLoaded } from './support/image.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * The generator's local store (spec §3 "local persistence", features/task/localGenerations.ts) in Chromium,
 * against the real server started with LOCAL_WORKER=false: the test is the worker (HTTP worker protocol),
 * so the task stays mid-generation as long as the test wants. A generation is started on /create, the page
 * is reloaded while the live stream (GET /api/events) is held back, and the task card is on screen at once,
 * from IndexedDB; once the stream answers, the task completes on the same card. /creations then shows the
 * kept image while its board's first page is held back, until the server's page replaces it. Sign-out
 * empties the store.
 */
const WORKER = 'e2e-local-worker';
const server = serverForFile({ env: { LOCAL_WORKER: 'false' }, workerTokens: [WORKER] });
let freeStyleId = 0;

async function worker(pathname: string, body: unknown): Promise<Record<string, unknown>> {
  const form = body instanceof FormData;
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.server.workerTokens[WORKER]}`,
      ...(form ? {} : { 'content-type': 'application/json' }),
    },
    body: form ? body : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

interface Job {
  id: string;
  prompt: string;
  width: number;
  height: number;
  hires: { width: number; height: number } | null;
}

/** The tasks kept in the page's IndexedDB (database mirage, store generations). */
const keptTasks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<
        {
          task_id: string;
          user_id: number;
          task: { state: number; preview: string | null; image_uuid: string | null };
        }[]
      >((resolve) => {
        const open = indexedDB.open('mirage', 1);
        open.onsuccess = () => {
          const request = open.result.transaction('generations').objectStore('generations').getAll();
          request.onsuccess = () => {
            resolve(request.result as never);
            open.result.close();
          };
        };
        open.onerror = () => resolve([]);
      }),
  );

beforeAll(async () => {
  freeStyleId = (await freeAnimeStyle(server.url)).id;
});

describe('the local generation store in Chromium', () => {
  const browser = browserPerTest(server);

  it('shows a running task at once after a reload, before the stream answers, then completes it', async () => {
    const { page } = browser;
    const byTestId = (id: string) => page.getByTestId(id);
    const userId = await createAccount(server.url, newAccount('keep'), page);
    await page.goto(`${server.url}/create`);
    await acceptCookies(page);
    await byTestId('generator').waitFor();
    await byTestId(`style-option-${freeStyleId}`).click();
    await byTestId('quality-Standard').click();
    await byTestId('prompt').fill('a lighthouse at dusk');
    await byTestId('create-button').click();
    await byTestId('task-card').waitFor();

    // The worker takes the job and reports a few steps: the task is mid-generation.
    const leased = await worker('/api/worker/lease', {
      engine: 'preview',
      max_pixels: 16_000_000,
      job_types: ['txt2img'],
      wait_seconds: 10,
    });
    const job = leased.job as Job;
    expect(job.prompt).toContain('a lighthouse at dusk');
    await worker(`/api/worker/jobs/${job.id}/progress`, { step: 3, max: 20 });
    await expect.poll(() => byTestId('task-card').getAttribute('data-state')).toBe('1');
    await expect
      .poll(async () => (await keptTasks(page)).map((record) => [record.user_id, record.task.state]))
      .toEqual([[userId, 1]]);

    // The reload's live stream is held back: whatever card shows came from the browser's store.
    let releaseStream: () => void = () => undefined;
    const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
    let streamAnswered = false;
    await page.route('**/api/events**', async (route: Route) => {
      await streamHeld;
      streamAnswered = true;
      await route.continue();
    });
    await page.reload();
    await byTestId('generator').waitFor();
    const card = byTestId('task-card');
    await card.waitFor({ timeout: 10_000 });
    expect(streamAnswered).toBe(false);
    expect(await card.getAttribute('data-state')).toBe('1');
    expect(await card.count()).toBe(1);

    // The stream answers (its snapshot confirms the task), and the worker completes the job.
    // The held request (and any later one) goes on to the server from now on.
    releaseStream();
    const size = job.hires ?? job;
    const png = await sharp({
      create: { width: size.width, height: size.height, channels: 3, background: { r: 40, g: 60, b: 120 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('metadata', JSON.stringify({}));
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'result.png');
    await worker(`/api/worker/jobs/${job.id}/complete`, form);
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 30_000 }).toBe('9');
    await byTestId('task-image').waitFor();
    expect(streamAnswered).toBe(true);
    // The finished task is kept too, without its base64 preview.
    await expect
      .poll(async () => (await keptTasks(page)).map((record) => [record.task.state, record.task.preview]))
      .toEqual([[9, null]]);

    // /creations shows the kept image at once, while its board's first page is held back; the server's
    // page then takes its place.
    const [kept] = await keptTasks(page);
    const imageUuid = kept?.task.image_uuid;
    expect(imageUuid).toBeTruthy();
    let releaseBoard: () => void = () => undefined;
    const boardHeld = new Promise<void>((resolve) => (releaseBoard = resolve));
    await page.route('**/api/gallery/search**', async (route: Route) => {
      await boardHeld;
      await route.continue();
    });
    await page.goto(`${server.url}/creations`);
    const keptCard = page.locator(
      `[data-testid="kept-creations"] [data-testid="gallery-card"][data-uuid="${imageUuid}"]`,
    );
    await keptCard.waitFor();
    await pictureLoaded(page, `[data-uuid="${imageUuid}"] img`);
    expect(await byTestId('gallery-grid').count()).toBe(0);
    releaseBoard();
    await page
      .locator(`[data-testid="gallery-grid"] [data-testid="gallery-card"][data-uuid="${imageUuid}"]`)
      .waitFor();
    expect(await byTestId('kept-creations').count()).toBe(0);
    await page.unroute('**/api/gallery/search**');

    // Sign-out forgets the kept tasks: the next account on this browser starts with none.
    await page.goto(`${server.url}/explore`);
    await byTestId('avatar-button').click();
    await Promise.all([page.waitForEvent('load'), byTestId('menu-logout').click()]);
    await expect.poll(() => byTestId('avatar-button').count()).toBe(0);
    expect(await keptTasks(page)).toEqual([]);
  });
});
