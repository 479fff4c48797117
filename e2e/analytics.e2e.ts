import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptCookies, until } from './support/app.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * Analytics in the built product (docs/product/routes.md#analytics): without ANALYTICS_SCRIPT_URL no
 * script is ever added and the content security policy names no other origin; with it, nothing loads
 * before the cookie banner's "Accept all", then one script whose page views carry route patterns; a
 * blocked script is recorded and breaks nothing. The script's host is answered here (no network).
 */
const SCRIPT_URL = 'https://stats.mirage.example/js/script.manual.js';
const SCRIPT_HOST = /^https:\/\/stats\.mirage\.example\//;
/** Stands in for Plausible's manual script: it records each page view where the test can read it. */
const STUB = `window.plausible = function (event, options) {
  (window.__pageviews = window.__pageviews || []).push([event, options && options.u]);
};`;

const plain = serverForFile();
const configured = serverForFile({
  env: { ANALYTICS_SCRIPT_URL: SCRIPT_URL, ANALYTICS_SITE_ID: 'mirage.example' },
});

/** A content security policy's directives, each as written ("script-src 'self'"). */
const directives = (policy: string | undefined) => (policy ?? '').split(';').map((part) => part.trim());

const analyticsScripts = (page: Page) => page.locator('script[data-analytics]').count();
const pageviews = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pageviews?: [string, string][] }).__pageviews ?? []);

/** Answers the script's host with the stub (or a failure), counting the requests it gets. */
async function stubScriptHost(page: Page, answer: 'stub' | 'blocked') {
  const requests: string[] = [];
  await page.context().route(SCRIPT_HOST, async (route) => {
    requests.push(route.request().url());
    if (answer === 'blocked') await route.abort('blockedbyclient');
    else await route.fulfill({ contentType: 'text/javascript', body: STUB });
  });
  return requests;
}

/**
 * The page has loaded, the site information is in (the footer shows it), and the browser has had the idle
 * moment after which the shell starts analytics (ui/useAfterLoad.ts: an idle callback, at most 3 s after
 * the load), twice over so that React has rendered what that moment changed and any loader it asked for
 * has been requested: analytics, if they were coming, would have begun by now.
 */
async function pastAnalyticsStart(page: Page) {
  await page.waitForLoadState('load');
  await page.getByTestId('footer-legal').waitFor();
  for (let round = 0; round < 2; round++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          requestIdleCallback(() => requestAnimationFrame(() => resolve()), { timeout: 3_000 });
        }),
    );
  }
}

describe('without configuration', () => {
  const browser = browserPerTest(plain, { cookiesAnswered: true, noPageErrors: true });

  it('no analytics script even after "Accept all", and the policy allows the site only', async () => {
    const { page } = browser;
    const answer = await page.goto(`${plain.url}/explore`);
    const policy = directives((await answer?.allHeaders())?.['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    await pastAnalyticsStart(page);
    expect(await analyticsScripts(page)).toBe(0);
  });
});

describe('with a configured script', () => {
  const browser = browserPerTest(configured, { noPageErrors: true });

  it('loads nothing before consent; after "Accept all" one script, page views as route patterns', async () => {
    const { page } = browser;
    const requests = await stubScriptHost(page, 'stub');
    const answer = await page.goto(`${configured.url}/explore`);
    const policy = directives((await answer?.allHeaders())?.['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://stats.mirage.example");
    expect(policy).toContain("connect-src 'self' https://stats.mirage.example");
    await pastAnalyticsStart(page);
    expect(await page.getByTestId('cookie-banner').isVisible()).toBe(true);
    expect(await analyticsScripts(page)).toBe(0);
    expect(requests).toEqual([]);

    await acceptCookies(page);
    await until(
      'the page view',
      () => pageviews(page),
      (views) => views.length > 0,
    );
    expect(await pageviews(page)).toEqual([['pageview', `${configured.url}/explore`]]);
    expect(await analyticsScripts(page)).toBe(1);
    expect(await page.locator('script[data-analytics]').getAttribute('data-domain')).toBe('mirage.example');
    expect(requests).toEqual([SCRIPT_URL]);

    // A page with a parameter in its address is counted under its pattern, never the value or the query.
    await page.goto(`${configured.url}/legal/privacy?from=test`);
    const views = await until(
      'the page view',
      () => pageviews(page),
      (seen) => seen.length > 0,
    );
    expect(views[0]).toEqual(['pageview', `${configured.url}/legal/:doc`]);
    expect(JSON.stringify(await pageviews(page))).not.toMatch(/privacy|from=test/);
  });

  it('a blocked script is recorded and breaks nothing', async () => {
    const { page } = browser;
    await page.context().addCookies([{ name: 'cookie_consent', value: 'all', url: configured.url }]);
    await stubScriptHost(page, 'blocked');
    await page.goto(`${configured.url}/explore`);
    await until(
      'the script given up',
      () => page.locator('script[data-analytics]').getAttribute('data-analytics', { timeout: 15_000 }),
      (state) => state === 'blocked',
    );
    // The page goes on as before: its menu still navigates.
    await page.getByTestId('footer-legal').waitFor();
    expect(await pageviews(page)).toEqual([]);
  });
});
