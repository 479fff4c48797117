import { getMetrics } from '@mirage/contract';
import { schemaOf } from './contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMetrics } from './metrics-registry.ts';
import { assertOperatorAccess, type OperatorAccess } from './operator-access.ts';

/**
 * Prometheus text at GET /metrics: the app's registry (metrics-registry.ts: process metrics, the
 * features' metrics and the scrape-time database gauges) plus request durations by method, route
 * pattern (never the raw URL, to keep label cardinality bounded) and status. With METRICS_TOKEN set,
 * the scraper must send `Authorization: Bearer <token>`; without it, /metrics is open in development and
 * closed in production (operator-access.ts).
 */
export function registerMetrics(app: FastifyInstance, access: OperatorAccess, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? (request.url.startsWith('/api/') ? 'unknown_api' : 'spa');
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const scraper = {
    verify: (request: FastifyRequest) => assertOperatorAccess(access, request.headers.authorization),
  };
  app.get(
    getMetrics.path,
    { config: { auth: scraper }, schema: schemaOf(getMetrics) },
    async (_request, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}
