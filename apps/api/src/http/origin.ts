import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls refuse foreign origins (CSRF defence in depth on top of SameSite=Lax).
 * A browser always sends Origin on POST/PUT/DELETE; it must equal the public address or the request's
 * own host. Calls without Origin (server-to-server, curl, the worker agent) are not browser-driven and pass.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || origin === undefined)
      return done();
    const ownOrigin = `${request.protocol}://${request.host}`;
    done(origin !== allowed && origin !== ownOrigin ? new AppError('forbidden_origin') : undefined);
  });
}
