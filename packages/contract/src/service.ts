import { z } from 'zod';
import { operation } from './define.ts';

export const getHealth = operation('getHealth', {
  tag: 'service',
  summary: 'Check that the service answers',
  description: 'Answers `{ "ok": true }` while the API process is up; for load balancers and uptime checks.',
  responses: { 200: z.object({ ok: z.literal(true) }).describe('The API process is up') },
  errors: [],
});

export const getMetrics = operation('getMetrics', {
  tag: 'service',
  summary: 'Read the Prometheus metrics',
  description:
    "Request durations by route, the queue and the process, in Prometheus' text format. Needs the " +
    'metrics token (METRICS_TOKEN) when one is configured; closed in production without one.',
  responses: {
    200: {
      description: "Prometheus' text exposition format",
      content: { 'text/plain': { schema: z.string() } },
    },
  },
  errors: ['unauthorized_resource'],
  security: 'metricsToken',
});

export const serviceOperations = { getHealth, getMetrics };
