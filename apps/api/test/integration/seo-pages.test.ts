import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';

/**
 * What search engines and link previews get from the pages (docs/product/routes.md#search-engines): every
 * page's head in the visitor's language (title, description, robots, canonical, hreflang, social card),
 * a 404 for a path without a page, and for a crawler the page's text inside #root — its own text, the
 * same that people see once the app runs, who get the build's page as it is.
 */
const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/i18n');
const INDEX_HTML = `<!doctype html>
<html lang="en" data-theme="dark">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Mirage is an AI image generator for adults, with anime and realistic styles."
    />
    <title>Mirage</title>
  </head>
  <body>
    <div id="root">
      <div class="boot-bar" aria-hidden="true">
        <div><span>Mirage</span></div>
      </div>
      <div class="boot-loader" role="status" aria-label="Loading"><span></span></div>
    </div>
    <noscript><p class="boot-noscript">Mirage needs JavaScript to run.</p></noscript>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>
`;
const ROOT_AS_BUILT = INDEX_HTML.slice(
  INDEX_HTML.indexOf('<div id="root">'),
  INDEX_HTML.indexOf('<noscript>'),
);

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let t: TestContext;
let dist: string;
let origin: string;

const get = (url: string, agent: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': agent, ...headers } });
/** The text inside #root, as a crawler reads it. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<noscript>'));
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
/** A string of packages/i18n by file and dotted path (what the page must show). */
function message(file: string, dotted: string): string {
  let value: unknown = JSON.parse(readFileSync(path.join(I18N, file), 'utf8'));
  for (const part of dotted.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`no string ${dotted} in ${file}`);
  return value;
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mirage-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, deps: { serveWeb: true } });
  origin = new URL(t.config.PUBLIC_URL).origin;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('a crawler', () => {
  it('gets the landing page’s text in the HTML, with links to the public pages', async () => {
    const response = await get('/', GOOGLEBOT);
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('<main>');
    expect(root).toContain(`<h1>${message('locales/en/landing.json', 'meta_title')}</h1>`);
    expect(root).toContain(message('locales/en/landing.json', 'hero.lead'));
    expect(root).toContain(message('locales/en/landing.json', 'features.styles.text'));
    expect(root).toContain('<a href="/guide">');
    expect(root).toContain('<a href="/legal/privacy">');
    // The boot frame is for people waiting for the app.
    expect(root).not.toContain('boot-loader');
    expect(response.headers.vary).toMatch(/User-Agent/);
  });

  it('gets the page in the language ?lang= names, with its canonical and the 8 alternates', async () => {
    const response = await get('/?lang=fr&utm_source=directory', BINGBOT, { cookie: 'language=de' });
    const html = response.body;
    expect(html).toContain('<html lang="fr" data-theme="dark">');
    expect(rootOf(html)).toContain(message('locales/fr/landing.json', 'hero.lead'));
    expect(html).toContain(`<link rel="canonical" href="${origin}/?lang=fr" data-route-meta>`);
    for (const language of ['en', 'fr', 'de', 'es', 'it', 'ru', 'zh', 'ja']) {
      const href = language === 'en' ? `${origin}/` : `${origin}/?lang=${language}`;
      expect(html).toContain(`<link rel="alternate" hreflang="${language}" href="${href}" data-route-meta>`);
    }
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/" data-route-meta>`);
    // Links keep the language the crawler is reading.
    expect(rootOf(html)).toContain('<a href="/guide?lang=fr">');
  });

  it('gets status 404 and the not-found text for a path without a page, and for /legal/ of no document', async () => {
    for (const url of ['/no-such-page', '/legal/nothing', '/explore/more']) {
      const response = await get(url, GOOGLEBOT);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(rootOf(response.body), url).toContain(message('locales/en/pages.json', 'not_found.title'));
      expect(response.body, url).not.toContain('rel="canonical"');
    }
  });

  it('is told noindex on the pages §2 keeps out of search results, in the header and the page', async () => {
    for (const url of ['/settings', '/home', '/oauth?code=x&provider=google', '/crypto-payment/success']) {
      const response = await get(url, GOOGLEBOT);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(response.body, url).toContain('<meta name="robots" content="noindex" data-route-meta>');
    }
    const indexed = await get('/explore', GOOGLEBOT);
    expect(indexed.headers['x-robots-tag']).toBeUndefined();
    expect(indexed.body).not.toContain('name="robots"');
  });

  it('reads a legal document, the operator named in it', async () => {
    const response = await get('/legal/terms', GOOGLEBOT);
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('<h1>Terms of Service</h1>');
    expect(root).toContain('<h2>');
    expect(root).toContain(t.config.OPERATOR_NAME);
    expect(root).not.toContain('{{');
  });

  it('reads the guide and the about page from their documents', async () => {
    const guide = rootOf((await get('/guide?lang=de', GOOGLEBOT)).body);
    expect(guide).toContain(message('content/de/guide.json', 'lead'));
    // The guide's prices and limits are filled in, as on its page.
    expect(guide).not.toContain('{{');
    // Its content policy says how every image is marked as AI-generated (issue 18).
    const marking = message('content/de/guide.json', 'sections.content-policy.paragraphs.4');
    expect(marking).toContain('Content Credentials');
    expect(guide).toContain(marking);
    const about = rootOf((await get('/about', GOOGLEBOT)).body);
    expect(about).toContain(message('content/en/about.json', 'story.title'));
  });
});

describe('the page of an image', () => {
  it('gives a crawler a public image’s prompt, picture and author, and its sharing card', async () => {
    const author = await signedIn(t);
    const { username } = await t.database.db
      .selectFrom('app_user')
      .select('username')
      .where('id', '=', author.id)
      .executeTakeFirstOrThrow();
    const image = await addImage(t, author.id, { prompt: 'a lighthouse at dusk & "calm" <sea>' });
    const response = await get(`/image/${image.uuid}?from=explore`, GOOGLEBOT);
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('<h1>a lighthouse at dusk &amp; &quot;calm&quot; &lt;sea&gt;</h1>');
    expect(root).toContain(`<img src="/images/${image.uuid}.webp" alt="a lighthouse at dusk &amp;`);
    expect(root).toContain(
      `<a href="/gallery/${encodeURIComponent(`${username}-${author.id}`)}">By ${username}</a>`,
    );
    expect(root).not.toContain('<sea>');
    // The visible disclosure of issue 18, in the page's language.
    expect(root).toContain(`<p>${message('locales/en/pages.json', 'seo.image_ai_note')}</p>`);
    const japanese = rootOf((await get(`/image/${image.uuid}?lang=ja`, GOOGLEBOT)).body);
    expect(japanese).toContain(`<p>${message('locales/ja/pages.json', 'seo.image_ai_note')}</p>`);
    const head = headOf(response.body);
    expect(head).toContain(`<link rel="canonical" href="${origin}/image/${image.uuid}" data-route-meta>`);
    expect(head).toContain(
      `<meta property="og:image" content="${origin}/images/${image.uuid}-social.jpg" data-route-meta>`,
    );
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });

  it('says nothing of a private image, and does not promote one whose author’s account is closed', async () => {
    const author = await signedIn(t);
    const hidden = await addImage(t, author.id, { prompt: 'a secret garden', is_private: true });
    const closed = await signedIn(t);
    const orphan = await addImage(t, closed.id, { prompt: 'a quiet harbour' });
    await t.database.db
      .updateTable('app_user')
      .set({ is_active: false })
      .where('id', '=', closed.id)
      .execute();
    const secret = await get(`/image/${hidden.uuid}`, GOOGLEBOT);
    expect(secret.body).not.toContain('secret garden');
    for (const response of [secret, await get(`/image/${orphan.uuid}`, GOOGLEBOT)]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(headOf(response.body)).not.toContain('og:image');
      expect(rootOf(response.body)).not.toMatch(/secret garden|quiet harbour|<img/);
    }
  });
});

describe('a person', () => {
  it('gets the build’s page as it is, with the same head as a crawler (no other content)', async () => {
    for (const url of ['/', '/guide?lang=ja', '/legal/privacy']) {
      const person = await get(url, BROWSER);
      const crawler = await get(url, GOOGLEBOT);
      expect(person.statusCode, url).toBe(200);
      expect(rootOf(person.body), url).toBe(ROOT_AS_BUILT);
      expect(headOf(person.body), url).toBe(headOf(crawler.body));
    }
  });

  it('gets the language of the cookie, else the browser’s, in the head', async () => {
    const german = await get('/explore', BROWSER, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.body).toContain('<html lang="de"');
    expect(german.body).toContain('<title>Entdecken · Mirage</title>');
    // Without ?lang= the address is the bare one, whatever language it was shown in.
    expect(german.body).toContain(`<link rel="canonical" href="${origin}/explore" data-route-meta>`);
    const cookie = await get('/explore', BROWSER, { 'accept-language': 'de', cookie: 'language=it' });
    expect(cookie.body).toContain('<html lang="it"');
  });
});
