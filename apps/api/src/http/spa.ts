import { existsSync } from 'node:fs';
import path from 'node:path';
import { spaRouteOf } from '@mirage/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors.ts';
import { negotiateEncoding, varyOnEncoding } from './compression.ts';
import { registerApiNotFound } from './errors.ts';
import { answeredNotModified, etagOf } from './conditional.ts';
import { firstScreen } from './first-screen.ts';
import { assetTable, readManifest } from './page-assets.ts';
import { encodedBytes, readWebBuild, REVALIDATE_CACHE, type WebFile } from './web-build.ts';

/** Routes that search engines must not index (docs/product/routes.md#not-indexed: noindex). */
export const NOINDEX_PREFIXES = [
  '/home',
  '/settings',
  '/oauth',
  '/404',
  '/crypto-payment',
  '/account/reset',
  '/account/verify',
];

/** Builds the page of a path with its own metadata (the image viewer's sharing card), or null. */
export interface PageMetadata {
  /** `indexHtml` is the text of the served build's index.html (the snapshot's, never re-read). */
  pageFor(request: FastifyRequest, pathname: string, indexHtml: string): Promise<string | null>;
}

/** A path that names a file (under /assets/, or with an extension): never answered with the app's HTML. */
function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,12}$/.test(last);
}

/** robots.txt when the build has none: everything allowed but the noindex pages. */
export function robotsTxt(sitemapUrl: string | null): string {
  const lines = ['User-agent: *', 'Allow: /', ...NOINDEX_PREFIXES.map((prefix) => `Disallow: ${prefix}`)];
  if (sitemapUrl) lines.push('', `Sitemap: ${sitemapUrl}`);
  return `${lines.join('\n')}\n`;
}

/** Fastify route paths take `:` and `*` as parameters: a file whose name holds other characters is not served. */
const ROUTABLE = /^\/[A-Za-z0-9._~\-/@]+$/;

/** Sends one file of the build: its precompressed coding when the client takes one, 304 when current. */
async function sendWebFile(request: FastifyRequest, reply: FastifyReply, file: WebFile) {
  reply.header('cache-control', file.cacheControl).type(file.contentType);
  if (file.compressible) varyOnEncoding(reply);
  if (answeredNotModified(request, reply, file.etag)) return reply;
  const coding = file.compressible ? negotiateEncoding(request.headers['accept-encoding']) : null;
  const bytes = coding ? await encodedBytes(file, coding) : null;
  if (coding && bytes) {
    reply.header('content-encoding', coding);
    return reply.send(bytes);
  }
  return reply.send(file.identity);
}

/**
 * Serves the built web app from one snapshot taken at start (http/web-build.ts): its files, precompressed
 * (brotli or gzip as the client asks) with long caching for the hashed assets, and index.html for every app
 * route so that the client router handles deep links — 200 for the app's routes (SPA_ROUTES), 404 for any
 * other path that is not a file (the router shows its not-found page there). A path that names a file the
 * build does not have (`/assets/…`, anything with an extension) answers a plain 404, never the app's HTML:
 * a browser that asks for a script must not get a page. The page is `no-cache` with an ETag (304 when
 * current). A rebuild under a running server changes nothing until it restarts.
 * `pages` gives a path its own metadata where it has some (features/image/share-meta.ts: /image/{uuid} of a
 * public image). Every page of a route then carries its first screen (./first-screen.ts): its chunks and
 * its main picture as preloads, and the API answers it shows first, asked with the visitor's cookies (such
 * a page is `private` when the visitor is signed in).
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  options: { pages?: PageMetadata; publicUrl?: string } = {},
): Promise<void> {
  const share = options.pages;
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the UI');
    registerApiNotFound(app);
    return;
  }
  const build = await readWebBuild(distDir);
  const indexHtml = build.index.identity.toString('utf8');
  // The manifest is read with the snapshot: the chunks a page names are the snapshot's own.
  const pagesFirstScreen = firstScreen(
    app,
    assetTable(readManifest(distDir)),
    new URL(options.publicUrl ?? 'http://localhost').origin,
  );

  for (const file of build.files.values()) {
    if (!ROUTABLE.test(file.url)) {
      app.log.warn({ file: file.url }, 'web app file with an unroutable name: not served');
      continue;
    }
    app.get(file.url, { config: { auth: 'none' }, schema: { hide: true } }, (request, reply) =>
      sendWebFile(request, reply, file),
    );
  }
  if (!build.files.has('/robots.txt')) {
    const site = options.publicUrl?.replace(/\/+$/, '');
    const sitemap = build.files.has('/sitemap.xml') && site ? `${site}/sitemap.xml` : null;
    const text = robotsTxt(sitemap);
    const etag = etagOf(text);
    app.get('/robots.txt', { config: { auth: 'none' }, schema: { hide: true } }, (request, reply) => {
      reply.header('cache-control', REVALIDATE_CACHE).type('text/plain; charset=utf-8');
      if (answeredNotModified(request, reply, etag)) return reply;
      return reply.send(text);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      looksLikeFile(pathname)
    ) {
      return reply.status(404).send(errorBody('not_found', { path: pathname }));
    }
    if (NOINDEX_PREFIXES.some((prefix) => pathname.startsWith(prefix)))
      reply.header('x-robots-tag', 'noindex');
    reply.header('cache-control', REVALIDATE_CACHE).type('text/html; charset=utf-8');
    // A path the web app has no page for (and /404 itself) is a 404 for bots and browsers alike, with
    // the app's HTML all the same: its router then shows the not-found page.
    const route = spaRouteOf(pathname);
    if (!route) return reply.status(404).send(indexHtml);
    const shared = (await share?.pageFor(request, pathname, indexHtml)) ?? indexHtml;
    // HEAD asks for the headers only: not worth the first screen's requests.
    const { html, personal } =
      request.method === 'HEAD'
        ? { html: shared, personal: false }
        : await pagesFirstScreen.build(request, route, shared);
    // A page with the visitor's own data (their account, their boards) is theirs alone.
    if (personal) reply.header('cache-control', `private, ${REVALIDATE_CACHE}`).header('vary', 'Cookie');
    if (answeredNotModified(request, reply, etagOf(html))) return reply;
    return reply.send(html);
  });
}
