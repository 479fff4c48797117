import { listModerationReviews, resolveModerationReview, unmuteUser } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import type { ModerationService } from './service.ts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * `/api/moderation` (operator token): the review queue of accounts with 5 strikes or more, resolving a
 * review, and lifting a mute.
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
    listModerationReviews.path,
    { config: { auth: 'operator' }, schema: schemaOf(listModerationReviews) },
    async (request) => {
      const { state, limit, offset } = request.query;
      const reviews = await moderation.reviews(state, limit, offset);
      // Dates travel as ISO 8601 text.
      return {
        items: reviews.map((review) => ({
          ...review,
          muted_at: isoOrNull(review.muted_at),
          created_at: iso(review.created_at),
          resolved_at: isoOrNull(review.resolved_at),
          recent_strikes: review.recent_strikes.map((strike) => ({
            ...strike,
            created_at: iso(strike.created_at),
          })),
        })),
      };
    },
  );

  app.post(
    resolveModerationReview.path,
    { config: { auth: 'operator' }, schema: schemaOf(resolveModerationReview) },
    async (request) => {
      await moderation.resolveReview(request.params.id, actor, request.body.resolution);
      return { ok: true as const };
    },
  );

  app.post(
    unmuteUser.path,
    { config: { auth: 'operator' }, schema: schemaOf(unmuteUser) },
    async (request) => {
      await moderation.liftMute(request.params.id, actor, request.body.note ?? null);
      return { ok: true as const };
    },
  );
}
