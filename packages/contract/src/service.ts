import { COMMUNITY_PLACES, type CommunityPlace } from '@mirage/domain';
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

export const communityLinks = z
  .object(
    Object.fromEntries(
      COMMUNITY_PLACES.map((place) => [place, z.url().nullable().describe(`The ${place} (null: none)`)]),
    ) as Record<CommunityPlace, z.ZodNullable<z.ZodURL>>,
  )
  .meta({ id: 'CommunityLinks', description: 'Where the community meets, as the operator configured it' });

export const getCommunityLinks = operation('getCommunityLinks', {
  tag: 'service',
  summary: 'The community’s addresses',
  description:
    'The chat, forum, microblog and short-video channel the operator configured (COMMUNITY_*_URL); the ' +
    'footer and the menu link them, and the daily quest sends players to the chat or the forum.',
  responses: { 200: communityLinks },
  errors: [],
});

export const serviceOperations = { getHealth, getMetrics, getCommunityLinks };
