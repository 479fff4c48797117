import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSpaRoute } from '@mirage/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../errors.ts';
import { registerApiNotFound } from './errors.ts';

/** Routes that search engines must not index (docs/product/routes.md#not-indexed: noindex). */
const NOINDEX_PREFIXES = ['/home', '/settings', '/oauth', '/404', '/crypto-payment', '/account/reset'];

/** Builds the page of a path with its own metadata (the image viewer's sharing card), or null. */
export interface PageMetadata {
  pageFor(request: FastifyRequest, pathname: string, indexFile: string): Promise<string | null>;
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other path so
 * that the client router handles deep links: with status 200 for the app's routes (SPA_ROUTES), 404 for
 * any other path (the router shows its not-found page there).
 * `pages` gives a path its own metadata where it has some (features/image/share-meta.ts: /image/{uuid} of a
 * public image).
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  options: { pages?: PageMetadata } = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const share = options.pages;
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the UI');
    registerApiNotFound(app);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send(errorBody('not_found', { path: pathname }));
    }
    if (NOINDEX_PREFIXES.some((prefix) => pathname.startsWith(prefix)))
      reply.header('x-robots-tag', 'noindex');
    reply.header('cache-control', 'no-cache');
    const page = await share?.pageFor(request, pathname, indexFile);
    if (page) return reply.type('text/html; charset=utf-8').send(page);
    // A path the web app has no page for (and /404 itself) is a 404 for bots and browsers alike, with
    // the app's HTML all the same: its router then shows the not-found page.
    if (!isSpaRoute(pathname)) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(await readFile(indexFile));
    }
    return reply.sendFile('index.html');
  });
}
