import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_FAVORITES_PER_REMOVAL } from '@mirage/domain';
import { userIdOf } from '../../http/route-auth.ts';
import type { ActionService } from './service.ts';

const imageUuid = z.uuid({ error: 'image_not_found' });
const oneImage = z.object({ uuid: imageUuid });

/**
 * `/api/action` (docs/product/collections-and-prompts.md#favourites): favourites and reports; all need a
 * signed-in user.
 */
export function registerActionRoutes(fastify: FastifyInstance, deps: { actions: ActionService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/action/favorite',
    { config: { auth: 'user' }, schema: { body: oneImage } },
    async (request) => deps.actions.addFavorite(userIdOf(request), request.body.uuid),
  );

  app.delete(
    '/api/action/favorite',
    { config: { auth: 'user' }, schema: { body: oneImage } },
    async (request) => {
      await deps.actions.removeFavorites(userIdOf(request), [request.body.uuid]);
      return { ok: true };
    },
  );

  app.delete(
    '/api/action/favorites',
    {
      config: { auth: 'user' },
      schema: { body: z.object({ images: z.array(oneImage).max(MAX_FAVORITES_PER_REMOVAL) }) },
    },
    async (request) =>
      deps.actions.removeFavorites(
        userIdOf(request),
        request.body.images.map((image) => image.uuid),
      ),
  );

  app.put(
    '/api/action/report/:flag',
    {
      config: { auth: 'user' },
      schema: { params: z.object({ flag: z.coerce.number().int().min(0).max(99) }), body: oneImage },
    },
    async (request) => deps.actions.report(userIdOf(request), request.body.uuid, request.params.flag),
  );
}
