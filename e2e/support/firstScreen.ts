import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FIRST_SCREEN_SCRIPT_ID } from '@mirage/domain';
import type { Page, Request } from 'playwright-core';
import { settle } from './app.ts';

/**
 * Helpers of the first-screen and accessibility specs (issue 20): what the page logged or failed to load,
 * its layout shifts, and axe-core run in the page.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Playwright's own word when a spec blocks the web app's service worker (support/browser.ts blocks it
 * unless a spec allows it): the browser's, not the page's.
 */
export const WORKER_BLOCKED_WARNING = 'Service Worker registration blocked by Playwright';

/**
 * Collects what a clean page never has: console errors and warnings (a warning is the browser or a library
 * saying something is wrong: an unknown header value, a development check), uncaught errors, failed
 * requests and answers of 400 or more. A request the page itself cancelled (net::ERR_ABORTED: a thumbnail
 * scrolled away, a query superseded) is not a failure. Call before the first navigation.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if ((type === 'error' || type === 'warning') && message.text() !== WORKER_BLOCKED_WARNING)
      problems.push(`console ${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (!failure.includes('ERR_ABORTED'))
      problems.push(`failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });
  return problems;
}

/** The live streams stay open for as long as the page does: they are never "in flight". */
const STREAM = /\/api\/(events|tasks\/monitor)(\?|$)/;

/**
 * Counts the page's requests still waiting for their answer (the live streams aside). Call before the
 * first navigation; a test then waits, with `until`, for 0: every late answer (generation data,
 * neighbours) has arrived and been handled.
 */
export function requestsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!STREAM.test(new URL(request.url()).pathname)) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * Holds every answer to `pattern` until the test releases them, so that the page is seen in its loading
 * state first (a slow network, without waiting for a clock): `release()` lets them all through.
 */
export async function holdAnswers(page: Page, pattern: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}

export interface Shift {
  value: number;
  /** The shifted elements, as tag.class. */
  sources: string[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
    __frames?: Record<string, number>[];
  }
}

/**
 * Records every layout shift of each document the page loads (not caused by input), from the start:
 * installed before navigation with addInitScript, buffered so that none is missed.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    window.__layoutShifts = shifts;
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const className = typeof node.className === 'string' ? node.className.split(' ')[0] : '';
      return `${node.tagName.toLowerCase()}${className ? `.${className}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded in the current document so far. */
export async function layoutShifts(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => requestAnimationFrame(() => resolve(window.__layoutShifts ?? []))),
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the whole document, with its default rules (WCAG 2.x A and AA and best practices); its
 * violations. Evaluated through the DevTools protocol, so the page's content-security policy stays on.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: AxeApi }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

interface AxeApi {
  run: (
    context: Document,
    options: { resultTypes: string[] },
  ) => Promise<{
    violations: { id: string; impact?: string | null; help: string; nodes: { target: string[] }[] }[];
  }>;
}

/** Waits until `selector` is shown and no loading placeholder (skeleton, spinner page) is left. */
export async function pageReady(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[data-testid="gallery-skeleton"], [data-testid="generator-loading"], [aria-busy="true"]',
      ),
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Serves the page without the answers the server embedded in it (apps/api/src/http/first-screen.ts), as
 * when they took longer than the server waits for them: the page then asks the API for its data itself.
 */
export async function withoutEmbeddedAnswers(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      new RegExp(`<script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">[^<]*</script>`),
      '',
    );
    return route.fulfill({ response, body });
  });
}

/** The API requests a page sends (method, path and query), the live streams aside. */
export function apiRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !STREAM.test(url.pathname)) {
      sent.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  });
  return sent;
}

/**
 * The layout shifts of a page once it is whole: `ready` shown with its pictures, loaded, its fonts and
 * animations settled. Call `recordLayoutShifts` before the navigation.
 */
export async function layoutShiftsOnceLoaded(page: Page, ready: string) {
  await pageReady(page, ready);
  await page.waitForLoadState('load');
  await settle(page);
  return layoutShifts(page);
}

/**
 * Records, frame by frame from the page's start (a requestAnimationFrame loop: what each frame is about to
 * paint), how many elements match each of `probes` ({name: selector}); frames in which none matches are left
 * out. Call before the navigation; read with `framesSeen`.
 */
export async function recordFrames(page: Page, probes: Record<string, string>): Promise<void> {
  await page.addInitScript((selectors: Record<string, string>) => {
    const frames: Record<string, number>[] = [];
    window.__frames = frames;
    const sample = () => {
      const frame: Record<string, number> = {};
      for (const [name, selector] of Object.entries(selectors)) {
        frame[name] = document.querySelectorAll(selector).length;
      }
      if (Object.values(frame).some((count) => count > 0)) frames.push(frame);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, probes);
}

/** The frames recorded in the current document so far, by the names of `recordFrames`'s probes. */
export async function framesSeen<Name extends string>(
  page: Page,
  _probes: Record<Name, string>,
): Promise<Record<Name, number>[]> {
  return page.evaluate(() => window.__frames ?? []);
}
