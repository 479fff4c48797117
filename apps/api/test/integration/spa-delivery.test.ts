import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';
import { withoutPageHead } from '../page-head.ts';

/**
 * How the built web app and the API's text answers travel (issue 20): the build's files precompressed by
 * scripts/precompress.mjs and sent as they are (brotli or gzip as asked), hashed assets cached for a year,
 * the page revalidated by its ETag, JSON compressed on the fly from 1 KB, a plain 404 for a file the build
 * does not have, the app's HTML with 404 for an unknown route, and robots.txt. The build is a small one made
 * here (the shape `vite build` writes), precompressed by the real script.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const SCRIPT = `export const lighthouse = ${JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({ id: i, caption: `a lighthouse at dusk, view ${i}` })),
)};\nconsole.log(lighthouse.length);\n`;
const STYLE = `${Array.from({ length: 80 }, (_, i) => `.card-${i} { margin: ${i}px; color: #0c0a12; }`).join('\n')}\n`;
const CHUNK = `export default function page() { return 'the explore page'; }\n`; // too small to compress
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${Array.from(
  { length: 12 },
  (_, i) => `<circle cx="${i * 5}" cy="32" r="4" fill="#7c5cff"/>`,
).join('')}</svg>\n`;
// A PNG signature and some bytes: an image is never compressed again.
const PICTURE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4000, 7),
]);
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Mirage</title>
    <script type="module" crossorigin src="/assets/index-Dk3j9aQ1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/ExplorePage-B7xq2L0p.js" />
    <link rel="stylesheet" crossorigin href="/assets/index-C1w8ZzY4.css" />
    <link rel="preload" as="image" href="/assets/hero-A1b2C3d4.png" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const FILES: Record<string, string | Buffer> = {
  'index.html': INDEX_HTML,
  'favicon.svg': ICON,
  'assets/index-Dk3j9aQ1.js': SCRIPT,
  'assets/ExplorePage-B7xq2L0p.js': CHUNK,
  'assets/index-C1w8ZzY4.css': STYLE,
  'assets/hero-A1b2C3d4.png': PICTURE,
  // Vite's build manifest (the size budget reads it): never served.
  '.vite/manifest.json': '{"index.html":{"file":"assets/index-Dk3j9aQ1.js","isEntry":true}}',
};
const TYPES: Record<string, RegExp> = {
  '.js': /^text\/javascript; charset=utf-8$/,
  '.css': /^text\/css; charset=utf-8$/,
  '.svg': /^image\/svg\+xml$/,
  '.png': /^image\/png$/,
};

let t: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mirage-dist-'));
  for (const [name, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  const precompress = spawnSync(process.execPath, [path.join(root, 'scripts/precompress.mjs'), dist], {
    encoding: 'utf8',
  });
  expect(precompress.status, precompress.stderr).toBe(0);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, deps: { serveWeb: true } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/**
 * A request through the app, its body left as raw bytes. The chained inject form skips the harness's
 * contract check, which reads bodies as JSON text (a compressed JSON answer is checked once decoded).
 */
async function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const chain = t.app.inject();
  return (method === 'HEAD' ? chain.head(url) : chain.get(url)).headers(headers).end();
}

function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(response.rawPayload);
  if (coding === 'gzip') return gunzipSync(response.rawPayload);
  return response.rawPayload;
}

/** Every file address the page names (scripts, styles, preloads, icons). */
function assetsNamedBy(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]!);
}

describe('the built web app', () => {
  it('names the files the test build has', async () => {
    const page = await get('/');
    expect(assetsNamedBy(page.body).sort()).toEqual(
      Object.keys(FILES)
        .filter((name) => name !== 'index.html' && !name.startsWith('.'))
        .map((name) => `/${name}`)
        .sort(),
    );
  });

  it('serves every asset the page names: type, coding as asked, Vary, caching, the same bytes', async () => {
    const page = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const html = decoded(page).toString('utf8');
    const assets = assetsNamedBy(html);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const file = readFileSync(path.join(dist, asset));
      const type = TYPES[path.extname(asset)]!;
      const text = !asset.endsWith('.png');
      for (const [accept, coding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'br'],
        ['gzip, deflate', 'gzip'],
        ['gzip, br;q=0', 'gzip'],
        ['identity', undefined],
        ['', undefined],
      ] as const) {
        const response = await get(asset, accept ? { 'accept-encoding': accept } : {});
        const where = `${asset} (Accept-Encoding: ${accept})`;
        // A copy that would not be smaller (a tiny file) is not written: the file goes as it is.
        const written = coding && existsSync(path.join(dist, `${asset}${coding === 'br' ? '.br' : '.gz'}`));
        expect(response.statusCode, where).toBe(200);
        expect(response.headers['content-type'], where).toMatch(type);
        expect(response.headers['content-encoding'], where).toBe(text && written ? coding : undefined);
        if (text) expect(response.headers.vary, where).toMatch(/accept-encoding/i);
        expect(response.headers['content-length'], where).toBe(String(response.rawPayload.length));
        expect(response.headers['cache-control'], where).toBe(
          asset.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        expect(decoded(response).equals(file), where).toBe(true);
      }
    }
  });

  it('sends the precompressed bytes the build wrote (brotli quality 11), not a new compression', async () => {
    const asset = '/assets/index-Dk3j9aQ1.js';
    const br = await get(asset, { 'accept-encoding': 'br' });
    const gz = await get(asset, { 'accept-encoding': 'gzip' });
    expect(br.rawPayload.equals(readFileSync(path.join(dist, `${asset}.br`)))).toBe(true);
    expect(gz.rawPayload.equals(readFileSync(path.join(dist, `${asset}.gz`)))).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    for (const file of [
      'assets/index-Dk3j9aQ1.js',
      'assets/index-C1w8ZzY4.css',
      'favicon.svg',
      'index.html',
    ]) {
      expect(existsSync(path.join(dist, `${file}.br`)), file).toBe(true);
      expect(existsSync(path.join(dist, `${file}.gz`)), file).toBe(true);
    }
    expect(existsSync(path.join(dist, 'assets/hero-A1b2C3d4.png.br'))).toBe(false);
    expect(existsSync(path.join(dist, '.vite/manifest.json.br'))).toBe(false);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const asset = '/assets/index-C1w8ZzY4.css';
    const [head, body] = await Promise.all([
      get(asset, { 'accept-encoding': 'br' }, 'HEAD'),
      get(asset, { 'accept-encoding': 'br' }),
    ]);
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const header of ['content-type', 'content-encoding', 'content-length', 'vary', 'etag']) {
      expect(head.headers[header], header).toBe(body.headers[header]);
    }
  });

  it('serves index.html no-cache with an ETag, and 304 to a matching If-None-Match', async () => {
    // Pages with no first screen to add (apps/api/test/integration/first-screen.test.ts covers those).
    for (const url of ['/', '/about', '/index.html']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      // The page is index.html with its head for search engines (seo.test.ts covers that head).
      expect(withoutPageHead(decoded(first).toString('utf8')), url).toBe(withoutPageHead(INDEX_HTML));
      const again = await get(url, { 'if-none-match': etag, 'accept-encoding': 'br' });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe('no-cache');
      const other = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode, url).toBe(200);
    }
  });

  it('answers a hashed asset 304 to its ETag too', async () => {
    const first = await get('/assets/ExplorePage-B7xq2L0p.js');
    const again = await get('/assets/ExplorePage-B7xq2L0p.js', {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps serving the build it read at start when the files change on disk', async () => {
    const before = await get('/');
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML.replace('index-Dk3j9aQ1.js', 'index-Zz9.js'));
    rmSync(path.join(dist, 'assets/index-Dk3j9aQ1.js'));
    try {
      expect((await get('/')).body).toBe(before.body);
      const script = await get('/assets/index-Dk3j9aQ1.js');
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe(SCRIPT);
    } finally {
      writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
      writeFileSync(path.join(dist, 'assets/index-Dk3j9aQ1.js'), SCRIPT);
    }
  });

  it.each([
    '/assets/missing-chunk.js',
    '/assets/index-Dk3j9aQ1.css',
    '/assets/',
    '/favicon.ico',
    '/sitemap-images-0.xml',
    '/explore/app.js',
    '/image/0b9a7c52-8f4e-4c8e-9a51-2f4f1a4d6e10.png',
    '/assets/index-Dk3j9aQ1.js.br',
    '/.vite/manifest.json',
  ])('answers 404, never the page, for the file %s the build does not have', async (url) => {
    const response = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
    expect(decoded(response).toString('utf8')).not.toContain('<div id="root">');
  });

  it('answers an unknown app route with the page and status 404', async () => {
    const response = await get('/no-such-page', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(withoutPageHead(decoded(response).toString('utf8'))).toBe(withoutPageHead(INDEX_HTML));
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it('serves robots.txt: everything may be crawled (noindex pages say so themselves), with the site map', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const origin = new URL(t.config.PUBLIC_URL).origin;
    expect(response.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
  });
});

describe('dynamic answers', () => {
  it('compresses a JSON answer over 1 KB as the client asks, with Vary', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/config/styles' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get('/api/config/styles', { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(response).toString('utf8'))).toEqual(JSON.parse(plain.body));
    }
  });

  it('leaves a JSON answer under 1 KB as it is', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
  });

  it('compresses no HEAD answer', async () => {
    const response = await get('/api/config/styles', { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('the live streams', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each(['/api/events', '/api/tasks/monitor'])(
    'leaves %s uncompressed for a client that takes brotli and gzip: its first event arrives at once',
    async (url) => {
      const { client } = await signedIn(t);
      const request = http.get(`${base}${url}`, {
        headers: { cookie: client.cookieHeader(), 'accept-encoding': 'gzip, deflate, br' },
      });
      try {
        const { headers, first } = await new Promise<{ headers: http.IncomingHttpHeaders; first: string }>(
          (resolve, reject) => {
            request.on('error', reject);
            request.on('response', (response) => {
              response.setEncoding('utf8');
              response.once('data', (chunk: string) => resolve({ headers: response.headers, first: chunk }));
            });
          },
        );
        expect(headers['content-type']).toMatch(/^text\/event-stream/);
        expect(headers['content-encoding']).toBeUndefined();
        expect(first).toMatch(/^(?:event|data|:|retry|id)/m);
      } finally {
        request.destroy();
      }
    },
  );
});

describe('image files and catalogue previews', () => {
  /** Through the harness's checked inject: a 304 must be an answer the operation declares. */
  const checked = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  async function expectRevalidated(url: string, cacheControl: string) {
    const first = await checked(url);
    expect(first.statusCode, url).toBe(200);
    expect(first.headers['content-encoding'], url).toBeUndefined();
    const etag = first.headers.etag as string;
    expect(etag, url).toMatch(/^W\/".+"$/);
    expect((await checked(url)).headers.etag, url).toBe(etag);
    const again = await checked(url, { 'if-none-match': etag });
    expect(again.statusCode, url).toBe(304);
    expect(again.rawPayload.length, url).toBe(0);
    expect(again.headers.etag, url).toBe(etag);
    expect(again.headers['cache-control'], url).toBe(cacheControl);
    expect((await checked(url, { 'if-none-match': 'W/"other"' })).statusCode, url).toBe(200);
    return etag;
  }

  it('answers 304 to a public image file whose ETag the client has, the tag derived from its bytes', async () => {
    const { id } = await signedIn(t);
    const image = await addImage(t, id, { files: true });
    const tags: Record<string, string> = {};
    for (const file of [`${image.uuid}.webp`, `${image.uuid}-min.webp`, `${image.uuid}.png`]) {
      tags[file] = await expectRevalidated(`/images/${file}`, 'public, max-age=86400');
    }
    expect(tags[`${image.uuid}.png`]).not.toBe(tags[`${image.uuid}.webp`]);
  });

  it('never answers 304 for a private image to somebody else: the same 404 as for a missing one', async () => {
    const owner = await signedIn(t);
    const image = await addImage(t, owner.id, { files: true, is_private: true });
    const url = `/images/${image.uuid}-min.webp`;
    const mine = await checked(url, { cookie: owner.client.cookieHeader() });
    expect(mine.statusCode).toBe(200);
    const etag = mine.headers.etag as string;
    const stranger = await checked(url, { 'if-none-match': etag });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers.etag).toBeUndefined();
  });

  it('answers 304 to a style, booster or modifier preview whose ETag the client has', async () => {
    for (const url of [
      '/api/catalogue/preview/style/anime_modern.webp',
      '/image/modifiers/golden_hour.webp',
    ]) {
      await expectRevalidated(url, 'public, max-age=86400');
    }
  });
});
