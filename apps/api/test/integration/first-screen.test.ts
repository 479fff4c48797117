import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EMPTY_SEARCH_BODY,
  FIRST_SCREEN_SCRIPT_ID,
  firstScreenKey,
  GALLERY_PAGE_SIZE,
  type FirstScreenData,
} from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';
import { withoutPageHead } from '../page-head.ts';

/**
 * The page the server sends carries its first screen (issue 20, apps/api/src/http/first-screen.ts): the
 * route's chunks and the visitor's language as preloads, the first screen's API answers, asked with the
 * visitor's own cookies, and its main picture as a high-priority preload. A small build in Vite's shape.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_react-R1.js'],
    css: ['assets/index-E1.css'],
  },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_feed-F1.js': { file: 'assets/feed-F1.js', imports: ['_react-R1.js'], css: ['assets/feed-F1.css'] },
  'src/pages/ExplorePage.tsx': { file: 'assets/ExplorePage-X1.js', imports: ['_feed-F1.js', 'index.html'] },
  'src/pages/ImagePage.tsx': {
    file: 'assets/ImagePage-I1.js',
    imports: ['_feed-F1.js'],
    css: ['assets/ImagePage-I1.css'],
  },
  '../../packages/i18n/locales/en/index.ts': { file: 'assets/en-L1.js' },
  '../../packages/i18n/locales/fr/index.ts': { file: 'assets/fr-L2.js' },
};
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Mirage</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-R1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-E1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mirage-first-screen-'));
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    '.vite/manifest.json': JSON.stringify(MANIFEST),
  };
  for (const chunk of Object.values(MANIFEST)) {
    files[chunk.file] = `export const file = ${JSON.stringify(chunk.file)};\n`;
    for (const css of 'css' in chunk ? chunk.css : []) files[css] = '.card { margin: 0; }\n';
  }
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, deps: { serveWeb: true } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { response, html: response.body };
}

/** What a page embeds: its answers by request key, and the boards' shuffle seed when it has one. */
function firstScreenIn(html: string): FirstScreenData {
  const script = new RegExp(
    `<script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">([^<]*)</script>`,
  ).exec(html);
  if (!script) return { answers: {} };
  return JSON.parse(script[1]!) as FirstScreenData;
}

/** The answers embedded in a page, by request key. */
const answersIn = (html: string) => firstScreenIn(html).answers;

/** The addresses of the page's `<link rel="…">` (of `<link rel="preload" as="…">` when `as` is named). */
const preloads = (html: string, rel: string, as?: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"${as ? ` as="${as}"` : ''}[^>]* href="([^"]+)"`, 'g'))].map(
    (match) => match[1]!,
  );

const samplesUrl = '/api/gallery/search?page=0&size=24&author_id=0&favorite=false&offset=0';

describe("the gallery's page for a guest", () => {
  it('holds the guest samples exactly as the API answers them, and preloads the first two thumbnails', async () => {
    const author = await signedIn(t);
    for (const prompt of ['a lighthouse at dusk', 'a forest path in fog', 'a quiet harbour']) {
      const { uuid } = await addImage(t, author.id, { prompt });
      await t.database.db.updateTable('image').set({ is_sample: true }).where('uuid', '=', uuid).execute();
    }
    const { response, html } = await page('/explore');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const answers = answersIn(html);
    expect(Object.keys(answers)).toEqual([firstScreenKey('POST', samplesUrl, EMPTY_SEARCH_BODY)]);
    const direct = await new Client(t.app).post(samplesUrl, EMPTY_SEARCH_BODY);
    const samples = answers[firstScreenKey('POST', samplesUrl, EMPTY_SEARCH_BODY)] as {
      items: { thumbnail_src: string }[];
    };
    expect(samples).toEqual(direct.body);
    expect(samples.items.length).toBe(3);
    expect(preloads(html, 'preload', 'image')).toEqual(
      samples.items.slice(0, 2).map((item) => item.thumbnail_src),
    );
  });

  it("names the page's chunks and styles, and the messages of the visitor's language", async () => {
    const { html } = await page('/explore', { 'accept-language': 'de;q=0.5, fr-CA, en;q=0.8' });
    expect(preloads(html, 'modulepreload')).toEqual([
      '/assets/react-R1.js',
      '/assets/fr-L2.js',
      '/assets/feed-F1.js',
      '/assets/ExplorePage-X1.js',
    ]);
    // index.html's own stylesheet blocks the first paint; the page's are fetched with it but do not (the app
    // applies them when it loads the page's chunk).
    expect(preloads(html, 'stylesheet')).toEqual(['/assets/index-E1.css']);
    expect(preloads(html, 'preload', 'style')).toEqual(['/assets/feed-F1.css']);
    expect(html).toContain('<html lang="fr"');
    // The language cookie wins over the browser's languages, as in the app.
    const withCookie = await page('/explore', { 'accept-language': 'fr', cookie: 'language=en' });
    expect(withCookie.html).toContain('<html lang="en"');
    expect(preloads(withCookie.html, 'modulepreload')).toContain('/assets/en-L1.js');
    expect(preloads(withCookie.html, 'modulepreload')).not.toContain('/assets/fr-L2.js');
  });

  it('every file the page names is served', async () => {
    const { html } = await page('/explore');
    const styles = [...preloads(html, 'stylesheet'), ...preloads(html, 'preload', 'style')];
    for (const href of [...preloads(html, 'modulepreload'), ...styles]) {
      expect((await t.app.inject({ method: 'GET', url: href })).statusCode, href).toBe(200);
    }
  });
});

describe("the image viewer's page", () => {
  it("holds the image's info and the catalogue, and preloads its thumbnail", async () => {
    const author = await signedIn(t);
    const { uuid } = await addImage(t, author.id, {
      prompt: 'a lighthouse at dusk </script><script>x()</script>',
    });
    const { html } = await page(`/image/${uuid}`);
    const answers = answersIn(html);
    const info = answers[firstScreenKey('GET', `/api/image/${uuid}/info`)] as { uuid: string; tags: string };
    expect(info.uuid).toBe(uuid);
    expect(info).toEqual((await new Client(t.app).get(`/api/image/${uuid}/info`)).body);
    expect(answers[firstScreenKey('GET', '/api/config/styles')]).toEqual(
      (await new Client(t.app).get('/api/config/styles')).body,
    );
    expect(preloads(html, 'preload', 'image')).toEqual([`/images/${uuid}-min.webp`]);
    // The prompt's markup stays inside the JSON: one script element of answers, the page intact.
    expect(html.match(/<script/g)?.length).toBe(2);
    expect(html).toContain('<div id="root"></div>');
  });

  it("never holds a private image's info for anyone but its owner", async () => {
    const owner = await signedIn(t);
    const { uuid } = await addImage(t, owner.id, { prompt: 'a secret garden at noon', is_private: true });
    const guest = await page(`/image/${uuid}`);
    expect(guest.html).not.toContain('secret garden');
    expect(Object.keys(answersIn(guest.html))).toEqual([firstScreenKey('GET', '/api/config/styles')]);
    expect(preloads(guest.html, 'preload', 'image')).toEqual([]);
    const other = await signedIn(t);
    const stranger = await page(`/image/${uuid}`, { cookie: other.client.cookieHeader() });
    expect(stranger.html).not.toContain('secret garden');
    const mine = await page(`/image/${uuid}`, { cookie: owner.client.cookieHeader() });
    expect(mine.html).toContain('secret garden');
  });
});

describe('a signed-in visitor', () => {
  it('gets their account in the page, which is private to them', async () => {
    const visitor = await signedIn(t);
    const { response, html } = await page('/create', { cookie: visitor.client.cookieHeader() });
    const me = answersIn(html)[firstScreenKey('GET', '/api/user/me')] as { id: number };
    expect(me.id).toBe(visitor.id);
    expect(me).toEqual((await visitor.client.get('/api/user/me')).body);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toMatch(/Cookie/);
    // Another visitor's page holds none of it.
    const other = await signedIn(t);
    const theirs = answersIn((await page('/create', { cookie: other.client.cookieHeader() })).html);
    expect((theirs[firstScreenKey('GET', '/api/user/me')] as { id: number }).id).toBe(other.id);
  });

  it("gets their shuffled board's first page in the gallery's page, with the seed it was asked with", async () => {
    const visitor = await signedIn(t);
    const { html } = await page('/explore', { cookie: visitor.client.cookieHeader() });
    const { answers, shuffleSeed } = firstScreenIn(html);
    expect(typeof shuffleSeed).toBe('number');
    expect(Math.abs(shuffleSeed!)).toBeLessThanOrEqual(1);
    const url = `/api/gallery/search?page=0&size=${GALLERY_PAGE_SIZE}&author_id=0&favorite=false&offset=0`;
    const body = { ...EMPTY_SEARCH_BODY, shuffle: shuffleSeed };
    const board = answers[firstScreenKey('POST', url, body)] as { items: { thumbnail_src: string }[] };
    expect(board).toEqual((await visitor.client.post(url, body)).body);
    expect(preloads(html, 'preload', 'image')).toEqual(
      board.items.slice(0, 2).map((item) => item.thumbnail_src),
    );
    // Each page draws its own seed; a guest's page has none (the samples are newest first).
    const again = firstScreenIn((await page('/explore', { cookie: visitor.client.cookieHeader() })).html);
    expect(again.shuffleSeed).not.toBe(shuffleSeed);
    expect(firstScreenIn((await page('/explore')).html).shuffleSeed).toBeUndefined();
  });

  it('with an unknown session cookie gets no account and no error in the page', async () => {
    const { response, html } = await page('/create', { cookie: 'mirage_session=not-a-session' });
    expect(response.statusCode).toBe(200);
    expect(answersIn(html)[firstScreenKey('GET', '/api/user/me')]).toBeUndefined();
    expect(answersIn(html)[firstScreenKey('GET', '/api/config/styles')]).toBeDefined();
  });
});

describe('pages without a first screen', () => {
  it('are the plain page for HEAD, for an unknown route and for /404', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/explore' });
    expect(head.statusCode).toBe(200);
    for (const url of ['/nope', '/404']) {
      const { response, html } = await page(url);
      expect(response.statusCode).toBe(404);
      expect(withoutPageHead(html)).toBe(withoutPageHead(INDEX_HTML));
    }
  });
});
