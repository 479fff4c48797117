import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_SCREEN_SCRIPT_ID } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * A rebuild of the web app under a running server (issue 20: "rebuilding the web app under a running
 * server blanks every page"). The real compiled server (`npm run build` first, as `npm test` does) serves a
 * copy of the built web app; the copy is then replaced by another build — a new index.html naming new
 * hashed files, every old file deleted, as `vite build` does. Until the server restarts it keeps serving
 * the old page and every file that page names, compressed; after the restart, the new build.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT_WEB = path.join(root, 'apps/web/dist');

const NEW_SCRIPT = `console.log(${JSON.stringify('a lighthouse at dusk, the new build '.repeat(60))});\n`;
const NEW_STYLE = `${Array.from({ length: 60 }, (_, i) => `.new-${i} { padding: ${i}px; }`).join('\n')}\n`;
const NEW_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Mirage, rebuilt</title>
    <script type="module" crossorigin src="/assets/index-N3wBu1ld.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-N3wSty1e.css" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let dist: string;
let server: RunningServer | undefined;

beforeAll(() => {
  if (!existsSync(path.join(BUILT_WEB, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the system tests');
  }
  dist = mkdtempSync(path.join(os.tmpdir(), 'mirage-web-'));
  cpSync(BUILT_WEB, dist, { recursive: true });
  // A build made by `vite build` alone has no compressed copies: make them as `npm run build` does.
  const precompress = spawnSync(process.execPath, [path.join(root, 'scripts/precompress.mjs'), dist], {
    encoding: 'utf8',
  });
  expect(precompress.status, precompress.stderr).toBe(0);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const start = () =>
  startServer({
    env: { WEB_DIST_DIR: dist, LOCAL_WORKER: 'false', GUEST_SAMPLES: 'false', IMAGE_THREADS: '1' },
  });

/**
 * A page without its first screen (apps/api/src/http/first-screen.ts): the links added at the end of the
 * head and the answers at the end of the body. What is left is the build's index.html.
 */
function withoutFirstScreen(page: string): string {
  return page
    .replace(/(?:<link [^>]*>\n)+(?=<\/head>)/, '')
    .replace(
      new RegExp(
        `<script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">[^<]*</script>\n(?=</body>)`,
      ),
      '',
    );
}

/**
 * A page without its head for search engines (apps/api/src/http/seo.ts): the tags marked `data-route-meta`,
 * the description it replaces, the title's text and `<html lang>`, taken away on both sides of a comparison.
 */
function withoutPageHead(page: string): string {
  return page
    .replace(/<(?:meta|link) [^>]*data-route-meta>\n/g, '')
    .replace(/[ \t]*<meta\s+name="description"[^>]*>\r?\n?/gi, '')
    .replace(/<title>[^<]*<\/title>/i, '<title></title>')
    .replace(/<html lang="[^"]*"/, '<html lang=""');
}

/** Every file address a page names (scripts, styles, preloads, icons). */
function assetsNamedBy(html: string): string[] {
  return [...new Set([...html.matchAll(/\b(?:src|href)="(\/[^"/][^"]*)"/g)].map((match) => match[1]!))];
}

/** Fetches a file as a browser would (brotli accepted); fetch decodes the body. */
async function fetchFile(url: string) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Checks that every asset `html` names is served with the bytes `files` has for it. */
async function expectEveryAssetServed(base: string, html: string, files: Map<string, Buffer>) {
  const assets = assetsNamedBy(html);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const { response, bytes } = await fetchFile(`${base}${asset}`);
    expect(response.status, asset).toBe(200);
    expect(response.headers.get('content-type'), asset).not.toMatch(/^text\/html/);
    expect(bytes.equals(files.get(asset)!), asset).toBe(true);
    if (asset.startsWith('/assets/')) {
      expect(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
    }
    if (/\.(?:js|css)$/.test(asset) && files.get(asset)!.length > 1024) {
      expect(response.headers.get('content-encoding'), asset).toBe('br');
      expect(response.headers.get('vary'), asset).toMatch(/accept-encoding/i);
    }
  }
  return assets;
}

/** The files of the build at `dir`, by address (the compressed copies left out). */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (/\.(?:br|gz)$/.test(name) || !statSync(file).isFile()) continue;
    files.set(`/${name.split(path.sep).join('/')}`, readFileSync(file));
  }
  return files;
}
/** Replaces the build in place: every old file deleted, a new page naming new hashed files. */
function rebuild(dir: string): void {
  for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), NEW_INDEX);
  writeFileSync(path.join(dir, 'assets/index-N3wBu1ld.js'), NEW_SCRIPT);
  writeFileSync(path.join(dir, 'assets/index-N3wSty1e.css'), NEW_STYLE);
}

describe('a rebuild of the web app under a running server', () => {
  it('keeps serving the old page and every file it names until the restart, then the new build', async () => {
    const oldFiles = filesOf(dist);
    server = await start();
    const base = server.url;

    const before = await fetchFile(`${base}/explore`);
    expect(before.response.status).toBe(200);
    const oldPage = before.bytes.toString('utf8');
    expect(withoutPageHead(withoutFirstScreen(oldPage))).toBe(
      withoutPageHead(oldFiles.get('/index.html')!.toString('utf8')),
    );
    // The page's own chunks, named by the server from the build's manifest, come from the same build.
    expect(oldPage).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ExplorePage-[^"]+\.js">/);
    const oldAssets = await expectEveryAssetServed(base, oldPage, oldFiles);
    const oldPages = new Map<string, string>();
    for (const route of ['/', '/explore', '/create']) {
      oldPages.set(route, (await fetchFile(`${base}${route}`)).bytes.toString('utf8'));
    }

    rebuild(dist);
    expect(existsSync(path.join(dist, oldAssets.find((a) => a.startsWith('/assets/'))!.slice(1)))).toBe(
      false,
    );

    for (const route of ['/', '/explore', '/create']) {
      const page = await fetchFile(`${base}${route}`);
      expect(page.response.status, route).toBe(200);
      expect(page.bytes.toString('utf8'), route).toBe(oldPages.get(route));
    }
    await expectEveryAssetServed(base, oldPage, oldFiles);
    // The new build's files are not known before the restart: a plain 404, never the page.
    const early = await fetchFile(`${base}/assets/index-N3wBu1ld.js`);
    expect(early.response.status).toBe(404);
    expect(early.response.headers.get('content-type')).not.toMatch(/^text\/html/);

    await server.stop();
    server = await start();
    const after = await fetchFile(`${server.url}/explore`);
    expect(after.response.status).toBe(200);
    expect(withoutPageHead(withoutFirstScreen(after.bytes.toString('utf8')))).toBe(
      withoutPageHead(NEW_INDEX),
    );
    await expectEveryAssetServed(server.url, NEW_INDEX, filesOf(dist));
    const gone = await fetchFile(`${server.url}${oldAssets.find((a) => a.startsWith('/assets/'))!}`);
    expect(gone.response.status).toBe(404);
  });
});
