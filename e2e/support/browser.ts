import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import { settle } from './app.ts';
import { passOnboardingWhenShown, skipOnboarding } from './onboarding.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Screenshots are kept as test artifacts here. */
export const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

// Flags required on these machines (research/stack.md): no sandbox as root, no background networking.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close: () => Promise<void>;
}

// One Chromium process per test file, started on first use: launching one per test was most of the
// browser suite's time. Isolation comes from the context instead — each `openBrowser` gets a new
// incognito context (no cookies, storage, cache or service workers shared with any other test).
let chromiumProcess: Promise<Chromium> | undefined;

function sharedChromium(): Promise<Chromium> {
  chromiumProcess ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
  return chromiumProcess;
}

/** Stops the file's Chromium (the e2e setup file calls it after the file's last test). */
export async function closeSharedChromium(): Promise<void> {
  const running = chromiumProcess;
  chromiumProcess = undefined;
  if (running) await (await running).close();
}

/**
 * A fresh browser context (no cookies, no storage) with one page. Unless `onboarding` is 'manual', a new
 * account's onboarding dialogs and tour are skipped, and got through should they show (./onboarding.ts).
 */
export async function openBrowser(
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    isMobile?: boolean;
    onboarding?: 'auto' | 'manual';
    /**
     * The web app's service worker (apps/web/src/sw), blocked unless a spec about it allows it: requests
     * a worker answers are not seen by `page.route`, which many specs use to shape the page's requests.
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<Browser> {
  const context = await (
    await sharedChromium()
  ).newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'en-US',
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // Each page of the context once: the 'page' event also fires for the first page, perhaps after
  // newPage() has resolved, which is why that one is also handled here.
  const handled = new WeakSet<Page>();
  const handleOnboarding = async (opened: Page) => {
    if (options.onboarding === 'manual' || handled.has(opened)) return;
    handled.add(opened);
    await passOnboardingWhenShown(opened);
  };
  if (options.onboarding !== 'manual') await skipOnboarding(context);
  context.on('page', (opened) => void handleOnboarding(opened));
  const page = await context.newPage();
  await handleOnboarding(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors, close: () => context.close() };
}

/** Saves the viewport once fonts are in and entrance animations have finished. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
