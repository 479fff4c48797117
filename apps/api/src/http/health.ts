import { getHealthLive, getHealthReady } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/database.ts';
import { pingDatabase } from '../db/ping.ts';
import { AppError } from '../errors.ts';
import type { DrainState } from '../lifecycle.ts';
import { schemaOf } from './contract.ts';

/** The readiness probe's database check gives up after this long (a load balancer probes every few seconds). */
export const READY_PING_TIMEOUT_MS = 2000;

/**
 * The probes of an orchestrator or load balancer, and what a draining instance tells its clients
 * (lifecycle.ts). Liveness: the process runs, draining included (restarting a draining instance would
 * cut its in-flight requests). Readiness: the database answers and the instance is not draining; a 503
 * `service_unavailable` takes it out of the balancer's rotation. Neither is rate limited (limits are
 * per feature: features/rate-limit) nor cached (http/cache-policy.ts sends `no-store`).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: DB; drain: DrainState; pingTimeoutMs?: number },
): void {
  const pingTimeoutMs = deps.pingTimeoutMs ?? READY_PING_TIMEOUT_MS;
  app.get(getHealthLive.path, { config: { auth: 'none' }, schema: schemaOf(getHealthLive) }, () => ({
    status: 'ok' as const,
  }));
  app.get(
    getHealthReady.path,
    { config: { auth: 'none' }, schema: schemaOf(getHealthReady) },
    async (request) => {
      if (deps.drain.draining) throw new AppError('service_unavailable', { reason: 'draining' });
      try {
        await pingDatabase(deps.db, pingTimeoutMs);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database did not answer');
        throw new AppError('service_unavailable', { reason: 'database' });
      }
      // Checked again: the instance may have started draining during the query.
      if (deps.drain.draining) throw new AppError('service_unavailable', { reason: 'draining' });
      return { status: 'ok' as const };
    },
  );
  // While draining, each answer closes its connection: the client's next request opens a new one, which
  // the balancer sends to an instance that takes traffic (or which is refused once this one stops
  // listening) rather than reusing a kept-alive connection to this one.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (deps.drain.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
