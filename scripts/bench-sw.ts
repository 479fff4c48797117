/// <reference lib="dom" />
// bench:sw — a visitor's repeat visits to /explore with the service worker (issue 17), in Chromium, on the
// built product (`npm run build` first). Starts the compiled server on a fresh data folder, waits for the
// guest samples, then for BENCH_RUNS fresh browser profiles: a first visit (cold: empty HTTP cache, no
// worker), then repeat visits once the worker controls the page (warm: shell from the worker's cache,
// thumbnails from its cache), and the same repeat visits with the worker blocked (the HTTP cache alone),
// over an emulated mobile connection (BENCH_NETWORK=4g|none). Prints medians; numbers only, never a test.
//
//   BENCH_RUNS=5       profiles (each: one cold visit, BENCH_REPEATS warm ones with and without the worker)
//   BENCH_REPEATS=3    repeat visits per profile
//   BENCH_NETWORK=4g   'slow 4G' as Lighthouse emulates it (150 ms RTT, 1.6 Mbps down), or none
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { safeSampleUuid } from '../e2e/support/gallery.ts';
import { startServer } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const NETWORK = process.env.BENCH_NETWORK ?? '4g';
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

interface Visit {
  /** Navigation start to the first gallery card painted with its image. */
  cardMs: number;
  /** Navigation start to the load event. */
  loadMs: number;
}

async function throttle(page: Page): Promise<void> {
  if (NETWORK === 'none') return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  await throttle(page);
  const started = performance.now();
  await page.goto(`${url}/explore`, { waitUntil: 'load' });
  const loadMs = performance.now() - started;
  await page.locator('[data-testid="gallery-card"] img').first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const image = document.querySelector<HTMLImageElement>('[data-testid="gallery-card"] img');
    return Boolean(image?.complete && image.naturalWidth > 0);
  });
  const cardMs = performance.now() - started;
  await page.close();
  return { cardMs, loadMs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const server = await startServer({ env: { LOG_LEVEL: 'warn', RATE_LIMITS_DISABLED: 'true' } });
  const results: Record<'cold' | 'warm with worker' | 'warm, worker blocked', Visit[]> = {
    cold: [],
    'warm with worker': [],
    'warm, worker blocked': [],
  };
  try {
    await safeSampleUuid(server.url);
    for (let run = 0; run < RUNS; run++) {
      for (const workers of ['allow', 'block'] as const) {
        const profile = mkdtempSync(path.join(os.tmpdir(), 'mirage-bench-sw-'));
        const context = await chromium.launchPersistentContext(profile, {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          headless: true,
          args: ARGS,
          serviceWorkers: workers,
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        try {
          const first = await visit(context, server.url);
          if (workers === 'allow') {
            results.cold.push(first);
            // The worker registers after the first load and installs; the repeat visits start once a
            // page loads under its control.
            const page = await context.newPage();
            await page.goto(`${server.url}/explore`, { waitUntil: 'load' });
            await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
            await page.reload({ waitUntil: 'load' });
            if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
              throw new Error('the service worker does not control the page after a reload');
            await page.close();
          }
          for (let repeat = 0; repeat < REPEATS; repeat++) {
            const warm = await visit(context, server.url);
            results[workers === 'allow' ? 'warm with worker' : 'warm, worker blocked'].push(warm);
          }
        } finally {
          await context.close();
          rmSync(profile, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await server.stop();
  }
  console.log(
    `/explore on a phone (390×844), network: ${NETWORK === 'none' ? 'loopback' : 'slow 4G (150 ms, 1.6 Mbps)'}, ${RUNS} profiles × ${REPEATS} repeats; medians\n`,
  );
  // No byte count: Chromium reports a worker's answer with its full size even when the worker's own
  // request was a 304, so the page's resource timing cannot tell what crossed the network.
  console.log('| visit | first card painted | load event |');
  console.log('| ----- | -----------------: | ---------: |');
  for (const [label, visits] of Object.entries(results)) {
    const card = median(visits.map((visit) => visit.cardMs));
    const load = median(visits.map((visit) => visit.loadMs));
    console.log(`| ${label} | ${card.toFixed(0)} ms | ${load.toFixed(0)} ms |`);
  }
}

await main();
