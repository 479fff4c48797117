import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  canonicalUrl,
  fillKey,
  LANGUAGES,
  languageAlternates,
  languageUrl,
  metaValues,
  NOT_FOUND_META,
  OG_LOCALES,
  pageTitle,
  requestedLanguage,
  ROUTE_META,
  routeMetaOf,
  SITEMAP_PATHS,
  SPA_ROUTES,
  spaRouteOf,
  visitLanguage,
  type MessageKey,
} from '../src/index.ts';
import { LEGAL_DOCS } from '../src/legal/index.ts';

const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'i18n', 'locales');
const SITE = 'https://mirage.example';

/** The string of a key in one language, read from packages/i18n/locales. */
function message(language: string, key: MessageKey): unknown {
  const [namespace = '', path = ''] = key.split(':');
  let value: unknown = JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8'));
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

describe('ROUTE_META', () => {
  it('has meta for every route of the web app', () => {
    expect(Object.keys(ROUTE_META).sort()).toEqual([...SPA_ROUTES].sort());
  });

  it('names strings that exist in all 8 languages, for every legal document', () => {
    const metas = [...Object.values(ROUTE_META), NOT_FOUND_META];
    const keys = new Set<MessageKey>();
    for (const meta of metas) {
      for (const key of [meta.title, meta.description]) {
        if (key.includes('{{doc}}')) for (const doc of LEGAL_DOCS) keys.add(fillKey(key, { doc }));
        else keys.add(key);
      }
    }
    for (const language of LANGUAGES) {
      for (const key of keys) {
        const value = message(language, key);
        expect(typeof value === 'string' && value.trim() !== '', `${language} ${key}`).toBe(true);
      }
    }
  });

  it('keeps out of search results the pages §2 names, the pages that need an account and the 404', () => {
    const noindex = SPA_ROUTES.filter((route) => ROUTE_META[route].noindex).sort();
    expect(noindex).toEqual(
      [
        '/home',
        '/settings',
        '/oauth',
        '/crypto-payment/:status',
        '/account/reset',
        '/account/verify',
        '/payment/sandbox/:orderId',
        '/collection',
        '/creations',
        '/tweak',
        '/daily-tasks',
        '/mod',
      ].sort(),
    );
    expect(NOT_FOUND_META.noindex).toBe(true);
  });

  it('gives a path without a route, and an unknown legal document, the not-found meta', () => {
    expect(routeMetaOf(spaRouteOf('/nope'))).toBe(NOT_FOUND_META);
    expect(routeMetaOf(spaRouteOf('/legal/nope'))).toBe(NOT_FOUND_META);
    expect(routeMetaOf(spaRouteOf('/legal/privacy'))).toBe(ROUTE_META['/legal/:doc']);
    expect(routeMetaOf(spaRouteOf('/Explore/'))).toBe(ROUTE_META['/explore']);
  });

  it('fills a route’s strings from its parameters', () => {
    expect(metaValues(spaRouteOf('/gallery/mary-ann-12'))).toEqual({ username: 'mary-ann' });
    expect(metaValues(spaRouteOf('/profile/alice-3'))).toEqual({ username: 'alice' });
    expect(metaValues(spaRouteOf('/profile/3/alice'))).toEqual({ username: 'alice' });
    expect(metaValues(spaRouteOf('/legal/terms'))).toEqual({ doc: 'terms' });
    expect(fillKey('pages:seo.legal.{{doc}}.title', { doc: 'dmca' })).toBe('pages:seo.legal.dmca.title');
    expect(metaValues(null)).toEqual({});
  });

  it('lists in the site map only indexable pages that exist', () => {
    for (const path of SITEMAP_PATHS) {
      const meta = routeMetaOf(spaRouteOf(path));
      expect(meta, path).not.toBe(NOT_FOUND_META);
      expect(meta.noindex, path).toBe(false);
    }
    expect(SITEMAP_PATHS).toContain('/legal/privacy');
    expect(new Set(SITEMAP_PATHS).size).toBe(SITEMAP_PATHS.length);
  });
});

describe('language versions', () => {
  it('reads ?lang= when it names one of the 8 languages', () => {
    expect(requestedLanguage('?lang=fr')).toBe('fr');
    expect(requestedLanguage('lang=JA&x=1')).toBe('ja');
    expect(requestedLanguage(new URLSearchParams({ lang: 'de' }))).toBe('de');
    expect(requestedLanguage('?lang=pt')).toBeNull();
    expect(requestedLanguage('')).toBeNull();
  });

  it('puts ?lang= above the cookie and the browser', () => {
    expect(visitLanguage('it', 'fr', ['de'])).toBe('it');
    expect(visitLanguage(null, 'fr', ['de'])).toBe('fr');
    expect(visitLanguage(null, undefined, ['de-CH'])).toBe('de');
    expect(visitLanguage(null, undefined, [])).toBe('en');
  });

  it('gives each page one address: the route’s letters, no trailing slash, parameters escaped', () => {
    expect(canonicalPath(spaRouteOf('/Explore/')!)).toBe('/explore');
    expect(canonicalPath(spaRouteOf('/')!)).toBe('/');
    expect(canonicalPath(spaRouteOf('/gallery/%C3%A9lodie-4')!)).toBe('/gallery/%C3%A9lodie-4');
    expect(canonicalPath(spaRouteOf('/LEGAL/privacy/')!)).toBe('/legal/privacy');
    // The app redirects a profile's other address to its canonical one; so does the canonical link.
    expect(canonicalPath(spaRouteOf('/profile/3/alice')!)).toBe('/profile/alice-3');
  });

  it('addresses English bare and every other language with ?lang=', () => {
    expect(languageUrl(SITE, '/guide', 'en')).toBe(`${SITE}/guide`);
    expect(languageUrl(SITE, '/guide', 'zh')).toBe(`${SITE}/guide?lang=zh`);
    const alternates = languageAlternates(SITE, '/guide');
    expect(alternates.map((alternate) => alternate.hreflang)).toEqual([...LANGUAGES, 'x-default']);
    expect(alternates.find((alternate) => alternate.hreflang === 'x-default')?.href).toBe(`${SITE}/guide`);
    expect(alternates.find((alternate) => alternate.hreflang === 'ru')?.href).toBe(`${SITE}/guide?lang=ru`);
  });

  it('canonicalises each language version to itself, without other parameters', () => {
    expect(canonicalUrl(SITE, '/about', 'fr')).toBe(`${SITE}/about?lang=fr`);
    expect(canonicalUrl(SITE, '/about', 'en')).toBe(`${SITE}/about`);
    expect(canonicalUrl(SITE, '/about', null)).toBe(`${SITE}/about`);
  });
});

describe('titles and locales', () => {
  it('names the brand after a page’s title, alone without one', () => {
    expect(pageTitle('Guide')).toBe('Guide · Mirage');
    expect(pageTitle(undefined)).toBe('Mirage');
    expect(pageTitle('')).toBe('Mirage');
  });

  it('has an Open Graph locale for every language', () => {
    expect(Object.keys(OG_LOCALES).sort()).toEqual([...LANGUAGES].sort());
    for (const [language, locale] of Object.entries(OG_LOCALES))
      expect(locale.startsWith(`${language}_`)).toBe(true);
  });
});
