import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody, registerApiNotFound } from './errors.ts';

/** Routes that search engines must not index (spec §2: noindex). */
const NOINDEX_PREFIXES = ['/home', '/settings', '/oauth', '/404', '/crypto-payment', '/account/reset'];

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other path so
 * that the client router handles deep links (an unknown path is redirected to /404 by the router).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
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
  app.setNotFoundHandler((request, reply) => {
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
    return reply.sendFile('index.html');
  });
}
