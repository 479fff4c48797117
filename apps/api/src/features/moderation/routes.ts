import { idValue, safeText } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModerationService } from './service.ts';

const reviewQuery = z.object({
  state: z.enum(['open', 'resolved']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
const strikeView = z.object({
  id: z.number(),
  reasons: z.array(z.string()),
  prompt: z.string().nullable(),
  neg_prompt: z.string().nullable(),
  created_at: z.date(),
});
const reviewView = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  muted_at: z.date().nullable(),
  reason: z.string(),
  strikes: z.number(),
  state: z.enum(['open', 'resolved']),
  created_at: z.date(),
  resolved_at: z.date().nullable(),
  resolved_by: z.string().nullable(),
  resolution: z.string().nullable(),
  recent_strikes: z.array(strikeView),
});
const noteBody = z.object({ note: safeText().trim().max(500).optional() }).default({});
const resolveBody = z.object({ resolution: safeText().trim().min(1).max(500) });
const okView = z.object({ ok: z.literal(true) });
const idParams = z.object({ id: idValue('bigint', { coerce: true, error: 'not_found' }) });

/**
 * `/api/moderation` (operator token): the review queue of accounts with 5 strikes or more, resolving a
 * review, and lifting a mute. Hidden from the public API documentation.
 */
export function registerModerationRoutes(
  fastify: FastifyInstance,
  deps: { moderation: ModerationService },
): void {
  const { moderation } = deps;
  const actor = 'operator';
  // 'operator': closed without OPERATOR_TOKEN, even in development (it lifts mutes); the console brings roles.
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/moderation/reviews',
    {
      config: { auth: 'operator' },
      schema: {
        hide: true,
        querystring: reviewQuery,
        response: { 200: z.object({ items: z.array(reviewView) }) },
      },
    },
    async (request) => {
      const { state, limit, offset } = request.query;
      return { items: await moderation.reviews(state, limit, offset) };
    },
  );

  app.post(
    '/api/moderation/reviews/:id/resolve',
    {
      config: { auth: 'operator' },
      schema: { hide: true, params: idParams, body: resolveBody, response: { 200: okView } },
    },
    async (request) => {
      await moderation.resolveReview(request.params.id, actor, request.body.resolution);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/moderation/users/:id/unmute',
    {
      config: { auth: 'operator' },
      schema: { hide: true, params: idParams, body: noteBody, response: { 200: okView } },
    },
    async (request) => {
      await moderation.liftMute(request.params.id, actor, request.body.note ?? null);
      return { ok: true as const };
    },
  );
}
