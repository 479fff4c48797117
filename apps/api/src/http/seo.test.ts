import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES, spaRouteOf } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { headTags, routeHead, withHead, type PageHead } from './seo.ts';
import { createSiteText, interpolate } from './seo-text.ts';

const SITE = 'https://mirage.example';
const text = createSiteText();
const route = (pathname: string) => spaRouteOf(pathname);
const en = { language: 'en' as const, requested: null };

describe('routeHead (a page’s head from its route meta)', () => {
  it('titles and describes a page in the visitor’s language, from packages/i18n', () => {
    const english = routeHead(text, SITE, route('/explore'), en);
    expect(english.title).toBe('Explore · Mirage');
    expect(english.description).toMatch(/public gallery/);
    const french = routeHead(text, SITE, route('/explore'), { language: 'fr', requested: 'fr' });
    expect(french.title).toBe('Explorer · Mirage');
    expect(french.description).toMatch(/galerie publique/);
    expect(french.language).toBe('fr');
  });

  it('canonicalises to the page’s own language version and lists all 8 with the x-default', () => {
    const bare = routeHead(text, SITE, route('/Guide/'), en);
    expect(bare.canonical).toBe(`${SITE}/guide`);
    const german = routeHead(text, SITE, route('/guide'), { language: 'de', requested: 'de' });
    expect(german.canonical).toBe(`${SITE}/guide?lang=de`);
    expect(german.alternates.map((alternate) => alternate.hreflang)).toEqual([...LANGUAGES, 'x-default']);
    // A French browser on the bare address gets French, but the bare address stays its canonical.
    const negotiated = routeHead(text, SITE, route('/guide'), { language: 'fr', requested: null });
    expect(negotiated.canonical).toBe(`${SITE}/guide`);
  });

  it('fills a route’s values: a user’s name from the slug, a legal document’s own title', () => {
    expect(routeHead(text, SITE, route('/gallery/alice-3'), en).title).toBe('Gallery of alice · Mirage');
    expect(routeHead(text, SITE, route('/legal/privacy'), en).title).toBe('Privacy policy · Mirage');
    expect(routeHead(text, SITE, route('/legal/dmca'), { language: 'ja', requested: 'ja' }).title).toBe(
      '著作権と DMCA · Mirage',
    );
  });

  it('gives a noindex page (and the not-found page) no canonical, no alternates and no card', () => {
    for (const head of [routeHead(text, SITE, route('/settings'), en), routeHead(text, SITE, null, en)]) {
      expect(head.noindex).toBe(true);
      expect(head.canonical).toBeUndefined();
      expect(head.alternates).toEqual([]);
      const tags = headTags(head).join('\n');
      expect(tags).toContain('<meta name="robots" content="noindex" data-route-meta>');
      expect(tags).not.toMatch(/canonical|hreflang|og:|twitter:/);
    }
    expect(routeHead(text, SITE, null, en).title).toBe('Page not found · Mirage');
  });
});

describe('headTags and withHead', () => {
  const head: PageHead = {
    language: 'fr',
    title: 'Un "titre" <b> & co · Mirage',
    description: 'Des <script>alert(1)</script> & "guillemets"',
    noindex: false,
    canonical: `${SITE}/about?lang=fr`,
    alternates: [{ hreflang: 'x-default', href: `${SITE}/about?a="b"` }],
    ogType: 'website',
  };

  it('escapes every value it writes', () => {
    const tags = headTags(head).join('\n');
    expect(tags).not.toContain('<script>');
    expect(tags).toContain(
      'content="Des &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;guillemets&quot;"',
    );
    expect(tags).toContain('href="https://mirage.example/about?a=&quot;b&quot;"');
    expect(tags).toContain('<meta property="og:locale" content="fr_FR" data-route-meta>');
    // Without a picture, a summary card.
    expect(tags).toContain('<meta name="twitter:card" content="summary" data-route-meta>');
  });

  it('writes the title in place, replaces the build’s description, sets <html lang>, and leaves the rest', () => {
    const index = [
      '<!doctype html>',
      '<html lang="en" data-theme="dark">',
      '  <head>',
      '    <meta',
      '      name="description"',
      '      content="The build’s own words."',
      '    />',
      '    <title>Mirage</title>',
      '  </head>',
      '  <body><div id="root"></div></body>',
      '</html>',
    ].join('\n');
    const page = withHead(index, head);
    expect(page).toContain('<html lang="fr" data-theme="dark">');
    expect(page).toContain('<title>Un &quot;titre&quot; &lt;b&gt; &amp; co · Mirage</title>');
    expect(page).not.toContain('The build’s own words.');
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain(
      '<link rel="canonical" href="https://mirage.example/about?lang=fr" data-route-meta>',
    );
    expect(page.indexOf('data-route-meta')).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain('<body><div id="root"></div></body>');
  });
});

describe('createSiteText', () => {
  it('falls back to English for a string a language lacks, and reads documents by name only', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'mirage-i18n-'));
    for (const language of ['en', 'fr']) mkdirSync(path.join(root, 'locales', language), { recursive: true });
    mkdirSync(path.join(root, 'content', 'en'), { recursive: true });
    writeFileSync(
      path.join(root, 'locales/en/pages.json'),
      '{"a":{"b":"Hello {{name}}"},"c":"Only English"}',
    );
    writeFileSync(path.join(root, 'locales/fr/pages.json'), '{"a":{"b":"Bonjour {{name}}"},"c":""}');
    writeFileSync(path.join(root, 'content/en/guide.json'), '{"title":"The guide"}');
    const local = createSiteText(root);
    expect(local.message('fr', 'pages:a.b', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(local.message('fr', 'pages:c')).toBe('Only English');
    expect(local.message('fr', 'pages:missing')).toBeUndefined();
    expect(local.message('fr', '../x:a')).toBeUndefined();
    expect(local.document('fr', 'guide')).toEqual({ title: 'The guide' });
    expect(local.document('en', '../locales/en/pages')).toBeNull();
    expect(local.document('en', 'nothing')).toBeNull();
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: '1', b: '2' })).toBe('1 and 2 and {{c}}');
  });
});
