import { getStaffImagePreview, listHeldImages, resolveHeldImage } from '@mirage/contract';
import { staffRolesFor } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import { AppError } from '../../errors.ts';
import type { ImageSafetyService } from '../image/index.ts';
import { imageKeys } from '../image/index.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { appendAudit } from './audit-repository.ts';
import type { ModServices } from './index.ts';

const iso = (date: Date) => date.toISOString();

/**
 * `/api/mod/images` (the safety check's held images) and `/api/mod/previews/:uuid` (the thumbnail of a
 * reported or held image, for the staff deciding it: docs/product/moderation-console.md#held-images).
 */
export function registerModImageRoutes(
  fastify: FastifyInstance,
  deps: { mod: ModServices; imageSafety: ImageSafetyService; store: ObjectStore },
): void {
  const { mod, imageSafety, store } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reviews = { auth: staffRolesFor('reviews') };

  app.get(listHeldImages.path, { config: reviews, schema: schemaOf(listHeldImages) }, async (request) => {
    const { state, limit, after } = request.query;
    const items = await imageSafety.listReviews({ state, limit, after });
    return {
      items: items.map((review) => ({
        id: review.id,
        image_uuid: review.image_uuid,
        image_present: review.image_id !== null,
        user_id: review.user_id,
        username: review.username,
        reasons: review.reasons,
        scores: review.scores as unknown as Record<string, unknown>,
        state: review.state,
        created_at: iso(review.created_at),
        resolved_at: review.resolved_at ? iso(review.resolved_at) : null,
      })),
    };
  });

  app.post(
    resolveHeldImage.path,
    { config: reviews, schema: schemaOf(resolveHeldImage) },
    async (request) => {
      const actor = await mod.actor(userIdOf(request));
      const { decision, note } = request.body;
      const reviewId = request.params.id;
      const result = await imageSafety.resolveReview(reviewId, decision, actor.id, (trx, at) =>
        appendAudit(trx, {
          actor,
          action: decision === 'release' ? 'image_released' : 'image_removed',
          target: { type: 'image_review', id: reviewId },
          note: note ?? null,
          at,
        }).then(() => undefined),
      );
      if (result.outcome === 'not_found') throw new AppError('not_found');
      if (result.outcome === 'not_open') throw new AppError('review_not_open');
      return { ok: true as const };
    },
  );

  app.get(
    getStaffImagePreview.path,
    { config: { auth: staffRolesFor('reports') }, schema: schemaOf(getStaffImagePreview) },
    async (request, reply) => {
      const { uuid } = request.params;
      // Only an image someone reported or the check held: the console is no window on private images.
      if (!(await mod.underReview(uuid))) throw new AppError('image_not_found');
      const bytes = await store.get(imageKeys(uuid).thumbnail);
      if (!bytes) throw new AppError('image_not_found');
      reply.header('content-type', 'image/webp');
      reply.header('cache-control', 'private, no-store');
      return reply.send(bytes);
    },
  );
}
