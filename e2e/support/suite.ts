import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { DESKTOP, openBrowser, type Browser } from './browser.ts';
import { logIn, type Account } from './gallery.ts';
import { acknowledgeSetup, cookieHeaderOf } from './onboarding.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The boilerplate every browser spec shares: one real server for the file, and a fresh browser context
 * for each test, so that any test runs on its own (`vitest run --project e2e <spec> -t '<name>'`) and no
 * test leans on the cookies, storage or page an earlier test left behind. Call these at the top of a spec;
 * what the file's tests need beyond that (an account with images, a saved prompt) goes in its own
 * `beforeAll`, registered after `serverForFile` so that the server is up.
 */

type ServerOptions = Parameters<typeof startServer>[0];

/** Starts the server before the file's tests and stops it after them; read `.server` inside hooks and tests. */
export function serverForFile(options: ServerOptions = {}): {
  readonly server: RunningServer;
  readonly url: string;
} {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const running = () => {
    if (!server) throw new Error('the server is not started (serverForFile registers a beforeAll)');
    return server;
  };
  return {
    get server() {
      return running();
    },
    get url() {
      return running().url;
    },
  };
}

/**
 * Creates an account through the API (POST /api/user/create); signed in on `page` when one is given.
 * The account setup is acknowledged (`tag_setting_ack`), so its pages open without the setup dialog; a spec
 * about the onboarding signs up through the form instead. Returns the new user's id.
 */
export async function createAccount(baseUrl: string, account: Account, page?: Page): Promise<number> {
  // Without a page, the session is the one the answer sets: its cookies go with the acknowledgement.
  let cookie = '';
  const answer = page
    ? await page.request
        .post(`${baseUrl}/api/user/create`, { data: account, headers: { origin: baseUrl } })
        .then(async (response) => ({ status: response.status(), body: (await response.json()) as unknown }))
    : await fetch(`${baseUrl}/api/user/create`, {
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(account),
      }).then(async (response) => {
        cookie = cookieHeaderOf(response);
        return { status: response.status, body: (await response.json()) as unknown };
      });
  expect(answer.status, `creating ${account.username}`).toBe(201);
  await acknowledgeSetup(baseUrl, page ?? { cookie });
  const id = (answer.body as { user?: { id?: unknown } }).user?.id;
  expect(id, `the id of ${account.username}`).toBeTypeOf('number');
  return id as number;
}

export interface BrowserPerTestOptions {
  viewport?: { width: number; height: number };
  isMobile?: boolean;
  /** Reduced motion: the top menu stays in place when scrolled, and entrances are skipped. */
  reducedMotion?: boolean;
  /** The cookie banner already answered ("Accept all", as a returning visitor), so it never shows. */
  cookiesAnswered?: boolean;
  /** Signed in as this account (through the API, before the test's first page). */
  account?: () => Account;
  /** 'manual': the onboarding's dialogs and tour stay until the test deals with them (support/onboarding.ts). */
  onboarding?: 'auto' | 'manual';
  /** Anything else each test's page needs before it starts (listeners, permissions). */
  prepare?: (page: Page) => Promise<void> | void;
  /** Fail a test whose page threw an uncaught error (checked after the test, before the browser closes). */
  noPageErrors?: boolean;
  /** 'allow': the web app's service worker runs (blocked otherwise: ./browser.ts). */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * Opens a fresh browser before each test (signed in as `account` when given) and closes it after; read
 * `.page` and `.browser` inside tests.
 */
export function browserPerTest(
  suite: { readonly url: string },
  options: BrowserPerTestOptions = {},
): { readonly page: Page; readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeEach(async () => {
    browser = await openBrowser({
      viewport: options.viewport ?? DESKTOP,
      isMobile: options.isMobile,
      onboarding: options.onboarding,
      serviceWorkers: options.serviceWorkers,
    });
    if (options.reducedMotion) await browser.page.emulateMedia({ reducedMotion: 'reduce' });
    if (options.cookiesAnswered) {
      await browser.context.addCookies([{ name: 'cookie_consent', value: 'all', url: suite.url }]);
    }
    if (options.account) await logIn(browser.page, suite.url, options.account());
    await options.prepare?.(browser.page);
  });
  afterEach(async () => {
    const errors = browser?.errors ?? [];
    await browser?.close();
    browser = undefined;
    if (options.noPageErrors) expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  const open = () => {
    if (!browser) throw new Error('no browser outside a test (browserPerTest opens one in beforeEach)');
    return browser;
  };
  return {
    get page() {
      return open().page;
    },
    get browser() {
      return open();
    },
  };
}
