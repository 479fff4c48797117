import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Helpers shared by the browser specs: translations, page state, and small waits. */

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/i18n/locales');
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'ru', 'zh', 'ja'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'account', 'settings', 'error', 'landing', 'pages'] as const;

/** Any namespace the app ships (NAMESPACES are the ones the raw-key check looks for). */
function readNamespace(lang: Lang, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, lang, `${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** The translation of `key` (dotted path) in a namespace, read from the locale files the app ships. */
export function translation(lang: Lang, ns: string, key: string): string {
  let value: unknown = readNamespace(lang, ns);
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`no translation ${lang}/${ns}:${key}`);
  return value;
}

function leafKeys(value: unknown, prefix: string, out: string[]): string[] {
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) leafKeys(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.push(prefix);
  }
  return out;
}

/** Every nested English key ("nav.explore", "cookies.title", ...): what i18next shows when one is missing. */
const NESTED_KEYS = NAMESPACES.flatMap((ns) => leafKeys(readNamespace('en', ns), '', [])).filter((key) =>
  key.includes('.'),
);
const NAMESPACED_KEY = new RegExp(`\\b(${NAMESPACES.join('|')})[.:][a-z_]+`);

/** Raw i18n keys found in a page's text (empty when everything is translated). */
export function rawKeysIn(text: string): string[] {
  const found = NESTED_KEYS.filter((key) => text.includes(key));
  const namespaced = NAMESPACED_KEY.exec(text);
  return namespaced ? [...found, namespaced[0]] : found;
}

/** GET /api/user/me with the page's cookies: the user, or null for a guest. */
export async function me(page: Page, baseUrl: string): Promise<Record<string, unknown> | null> {
  const response = await page.request.get(`${baseUrl}/api/user/me`);
  return response.ok() ? ((await response.json()) as Record<string, unknown>) : null;
}

export async function cookieValue(page: Page, baseUrl: string, name: string): Promise<string | undefined> {
  return (await page.context().cookies(baseUrl)).find((cookie) => cookie.name === name)?.value;
}

/**
 * Reads `read()` until `accept` takes its value, and returns it; fails with the last value after
 * `timeoutMs`. Like `expect.poll`, but usable in `beforeAll` too (for setup shared by a file's tests).
 */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

/** Answers the cookie banner with "Accept all" so that it no longer covers the page. */
export async function acceptCookies(page: Page): Promise<void> {
  const banner = page.getByTestId('cookie-banner');
  await banner.waitFor();
  await page.getByTestId('cookie-accept').click();
  await banner.waitFor({ state: 'detached' });
}

/**
 * Waits until web fonts are loaded and every finite CSS animation or transition has finished, so that a
 * screenshot shows the resting state rather than a frame in the middle of an entrance.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
    });
    const done = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
