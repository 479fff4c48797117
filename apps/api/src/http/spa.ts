import { existsSync } from 'node:fs';
import path from 'node:path';
import { spaRouteOf } from '@mirage/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors.ts';
import { negotiateEncoding, varyOnEncoding } from './compression.ts';
import { registerApiNotFound } from './errors.ts';
import { answeredNotModified, etagOf } from './conditional.ts';
import { firstScreen } from './first-screen.ts';
import { varyOn } from './seo.ts';
import { seoPages, type SeoPageDeps } from './seo-page.ts';
import { createSiteText } from './seo-text.ts';
import { assetTable, readManifest } from './page-assets.ts';
import { encodedBytes, readWebBuild, REVALIDATE_CACHE, type WebFile } from './web-build.ts';

/** A path that names a file (under /assets/, or with an extension): never answered with the app's HTML. */
function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,12}$/.test(last);
}

/**
 * robots.txt when the build has none: every page may be crawled, and the site map is named. The pages that
 * must stay out of search results say so themselves (robots noindex, as a meta tag and an X-Robots-Tag
 * header: ./seo.ts); a Disallow would hide that from crawlers, which may then list the bare address from
 * links (Google: "for the noindex rule to be effective, the page must not be blocked by robots.txt").
 */
export function robotsTxt(sitemapUrl: string | null): string {
  const lines = ['User-agent: *', 'Allow: /'];
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
 * Every page carries its head for search engines and link previews, in the visitor's language, and for a
 * crawler its text (./seo-page.ts; `noindex` pages say so in an X-Robots-Tag header too). Every page of a
 * route then carries its first screen (./first-screen.ts): its chunks and its main picture as preloads,
 * and the API answers it shows first, asked with the visitor's cookies (such a page is `private` when the
 * visitor is signed in). `sitemap`: GET /sitemap.xml is served (./sitemap.ts), and robots.txt names it.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  options: {
    publicUrl?: string;
    /** FILES_PUBLIC_URL: the first screen preloads image files from there too. */
    filesPublicUrl?: string | undefined;
    images?: SeoPageDeps['images'];
    legalValues?: SeoPageDeps['legalValues'];
    documentValues?: SeoPageDeps['documentValues'];
    sitemap?: boolean;
  } = {},
): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the UI');
    registerApiNotFound(app);
    return;
  }
  const build = await readWebBuild(distDir);
  const indexHtml = build.index.identity.toString('utf8');
  // The manifest is read with the snapshot: the chunks a page names are the snapshot's own.
  const origin = new URL(options.publicUrl ?? 'http://localhost').origin;
  const pagesFirstScreen = firstScreen(
    app,
    assetTable(readManifest(distDir)),
    origin,
    options.filesPublicUrl,
  );
  const seo = seoPages({
    text: createSiteText(),
    site: origin,
    images: options.images,
    legalValues: options.legalValues,
    documentValues: options.documentValues,
  });

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
    const sitemap =
      (build.files.has('/sitemap.xml') || options.sitemap) && options.publicUrl
        ? `${origin}/sitemap.xml`
        : null;
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
    reply.header('cache-control', REVALIDATE_CACHE).type('text/html; charset=utf-8');
    // A crawler gets the page's text in the HTML (./bot-render.ts): the page depends on who asks.
    varyOn(reply, 'User-Agent');
    const route = spaRouteOf(pathname);
    const page = await seo.page(request, route, indexHtml);
    if (page.noindex) reply.header('x-robots-tag', 'noindex');
    // A path the web app has no page for (and /404 itself, and /legal/ of no document) is a 404 for bots
    // and browsers alike, with the app's HTML all the same: its router then shows the not-found page.
    if (!route || !page.found) return reply.status(404).send(page.html);
    const shared = page.html;
    // HEAD asks for the headers only: not worth the first screen's requests.
    const { html, personal } =
      request.method === 'HEAD'
        ? { html: shared, personal: false }
        : await pagesFirstScreen.build(request, route, shared);
    // A page with the visitor's own data (their account, their boards) is theirs alone.
    if (personal) {
      reply.header('cache-control', `private, ${REVALIDATE_CACHE}`);
      varyOn(reply, 'Cookie');
    }
    if (answeredNotModified(request, reply, etagOf(html))) return reply;
    return reply.send(html);
  });
}
