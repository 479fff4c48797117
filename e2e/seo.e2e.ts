import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * The head of the running app (docs/product/routes.md#search-engines): `?lang=` chooses the language and
 * is kept in the language cookie, PageMeta keeps one set of tags from the route meta (the server's are
 * taken away when the app starts), and the tags follow the page as the app changes address.
 */
const suite = serverForFile();

/** What the head says, read in the page. */
function headOf(page: Page) {
  return page.evaluate(() => {
    const attributes = (selector: string, name: string) =>
      Array.from(document.querySelectorAll(selector)).map((node) => node.getAttribute(name));
    return {
      lang: document.documentElement.lang,
      title: document.title,
      descriptions: attributes('meta[name="description"]', 'content'),
      canonical: attributes('link[rel="canonical"]', 'href'),
      alternates: attributes('link[rel="alternate"][hreflang]', 'hreflang'),
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      fromServer: document.querySelectorAll('[data-route-meta]').length,
    };
  });
}

describe('the head of the app in Chromium', () => {
  const browser = browserPerTest(suite, { cookiesAnswered: true });

  it('takes ?lang=, keeps it as the visitor’s choice, and names each language version once', async () => {
    const { page } = browser;
    await page.goto(`${suite.url}/tickets?lang=fr&utm_source=directory`);
    // The server's head is the same; the app's is there once the page has rendered.
    await expect.poll(async () => (await headOf(page)).canonical).toEqual([`${suite.url}/tickets?lang=fr`]);
    const head = await headOf(page);
    expect(head.title).toBe('Boutique · Mirage');
    expect(head.lang).toBe('fr');
    expect(head.descriptions).toHaveLength(1);
    expect(head.alternates).toEqual(['en', 'fr', 'de', 'es', 'it', 'ru', 'zh', 'ja', 'x-default']);
    expect(head.robots).toBeNull();
    expect(head.fromServer).toBe(0);
    const cookies = await page.context().cookies(suite.url);
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('fr');
  });

  it('follows the page as the app changes address, noindex included', async () => {
    const { page } = browser;
    await page.goto(`${suite.url}/explore`);
    await expect.poll(async () => (await headOf(page)).canonical).toEqual([`${suite.url}/explore`]);
    expect((await headOf(page)).title).toBe('Explore · Mirage');
    // An address of no page: the app shows its not-found page, kept out of search results.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(async () => (await headOf(page)).robots).toBe('noindex');
    // The gallery stays mounted, hidden (a kept-alive page): its head goes with it all the same.
    const head = await headOf(page);
    expect(head.canonical).toEqual([]);
    expect(head.alternates).toEqual([]);
    expect(head.descriptions).toHaveLength(1);
    expect(head.title).toBe('Page not found · Mirage');
  });
});
