import { getMetrics } from '@mirage/contract';
import { schemaOf } from './contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { assertOperatorAccess, type OperatorAccess } from './operator-access.ts';

/**
 * Prometheus text at GET /metrics: process metrics plus request durations by method, route pattern
 * (never the raw URL, to keep label cardinality bounded) and status. With METRICS_TOKEN set, the
 * scraper must send `Authorization: Bearer <token>`; without it, /metrics is open in development and
 * closed in production (operator-access.ts).
 */
export function registerMetrics(app: FastifyInstance, access: OperatorAccess): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? (request.url.startsWith('/api/') ? 'unknown_api' : 'spa');
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const scraper = {
    verify: (request: FastifyRequest) => assertOperatorAccess(access, request.headers.authorization),
  };
  app.get(
    getMetrics.path,
    { config: { auth: scraper }, schema: schemaOf(getMetrics) },
    async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    },
  );
}
