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

/** `{ "status": "ok" }`: the answer of the liveness and readiness probes. */
const healthStatus = z.object({ status: z.literal('ok') }).meta({ id: 'HealthStatus' });

export const getHealthLive = operation('getHealthLive', {
  tag: 'service',
  summary: 'Liveness probe',
  description:
    'Answers `{ "status": "ok" }` while the process runs, draining included: an orchestrator restarts ' +
    'the instance only when this stops answering. Never cached.',
  responses: { 200: healthStatus.describe('The process runs') },
  errors: [],
});

export const getHealthReady = operation('getHealthReady', {
  tag: 'service',
  summary: 'Readiness probe',
  description:
    'Answers `{ "status": "ok" }` when the database answers a trivial query and the instance is not ' +
    'shutting down; otherwise 503 `service_unavailable`, and a load balancer sends its traffic to ' +
    'another instance. Never cached.',
  responses: { 200: healthStatus.describe('The instance takes traffic') },
  errors: ['service_unavailable'],
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

/** A published testimonial (promo pages): the operator's own file of real quotes (PROMO_TESTIMONIALS_FILE). */
export const testimonial = z
  .object({
    id: z.string().describe('Stable id of the quote'),
    message: z.string(),
    author: z.string(),
    avatar: z.url().nullable().describe("The author's picture, if published with the quote"),
    platform: z.string().describe('Where it was posted (e.g. "forum")'),
    url: z.url().nullable().describe('The original post'),
  })
  .meta({ id: 'Testimonial' });

export const siteInfo = z
  .object({
    operator: z
      .object({
        name: z.string().describe('The legal entity that runs the service (OPERATOR_NAME)'),
        address: z.string().describe('Its postal address (OPERATOR_ADDRESS)'),
        contact_email: z.email().nullable().describe('Where users and rights holders write (CONTACT_EMAIL)'),
      })
      .describe('Who runs the service, as the legal pages and the footer name it'),
    team: z
      .array(z.object({ id: z.number().int(), username: z.string() }))
      .describe('The team members of the about page (TEAM_USERNAMES), each with their public profile id'),
    testimonials: z.array(testimonial).describe('Quotes the promo pages show; empty when none are published'),
    analytics: z
      .object({
        script_url: z.url().describe('The Plausible script to load (ANALYTICS_SCRIPT_URL)'),
        site_id: z
          .string()
          .nullable()
          .describe("The site's name there (ANALYTICS_SITE_ID); null: the host name"),
      })
      .nullable()
      .describe(
        'Cookie-less analytics the web app loads after consent, in production builds only; null when off',
      ),
  })
  .meta({
    id: 'SiteInfo',
    description: 'Who runs the service, its team, its published testimonials and its analytics',
  });

export const getSiteInfo = operation('getSiteInfo', {
  tag: 'service',
  summary: 'Who runs the service',
  description:
    'The operator named by the legal pages and the footer, the team of the about page, the ' +
    'testimonials of the promo pages, and the analytics script (if any), as the operator configured them.',
  responses: { 200: siteInfo },
  errors: [],
});

/** The service worker's file token (GET /api/config/token). */
export const serviceWorkerToken = z
  .object({
    token: z
      .string()
      .describe('Sent by the service worker in the X-Mirage-File-Token header of image file requests'),
    expires_at: z.iso.datetime().describe('When the token stops being accepted (one hour after it was made)'),
  })
  .meta({ id: 'ServiceWorkerToken', description: 'The file token of the signed-in user’s service worker' });

export const getServiceWorkerToken = operation('getServiceWorkerToken', {
  tag: 'service',
  summary: 'A file token for the service worker',
  description:
    'A short-lived token (one hour) for the web app’s service worker, which sends it in the ' +
    '`X-Mirage-File-Token` header when it fetches image files, so that the signed-in user’s private ' +
    'thumbnails it keeps for offline use are fetched on their behalf. It is tied to the session it was ' +
    'made from: signing out (or any end of that session) ends it too. Never stored by caches.',
  responses: { 200: serviceWorkerToken },
  errors: [],
});

/**
 * The files host's read token (GET /api/config/b2_token: the spec's name, kept; it serves this product's
 * files host, FILES_PUBLIC_URL, not a storage provider's credential).
 */
export const filesReadToken = z
  .object({
    token: z.string().describe('Added as `?token=` to the addresses of the user’s own image files'),
    expires_at: z.iso
      .datetime()
      .describe('When it stops being accepted: 30 to 60 minutes after it was asked for'),
  })
  .meta({ id: 'FilesReadToken', description: 'A read token for the signed-in user’s own image files' });

export const getFilesReadToken = operation('getFilesReadToken', {
  tag: 'service',
  summary: 'A read token for the files host',
  description:
    'Where image files are served from a host of their own (FILES_PUBLIC_URL: a CDN or another address ' +
    'of this API), a browser cannot send its session cookie there; the web app adds this token to the ' +
    'addresses of the user’s own files instead (`?token=`). It opens only the files of its user, read ' +
    'only; it is never a storage credential. The same token comes back for a whole half hour (so the ' +
    'addresses, and the caches keyed by them, stay put) and lasts until the end of the next one; the app ' +
    'asks again each half hour. It is tied to the session it was made from: signing out ends it at once.',
  responses: { 200: filesReadToken },
  errors: [],
});

export const serviceOperations = {
  getHealth,
  getHealthLive,
  getHealthReady,
  getMetrics,
  getCommunityLinks,
  getSiteInfo,
  getServiceWorkerToken,
  getFilesReadToken,
};
