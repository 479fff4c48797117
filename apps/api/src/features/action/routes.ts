import { addFavorite, removeFavorite, removeFavorites, reportImage } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { ActionService } from './service.ts';

/**
 * `/api/action` (docs/product/collections-and-prompts.md#favourites): favourites and reports; all need a
 * signed-in user.
 */
export function registerActionRoutes(fastify: FastifyInstance, deps: { actions: ActionService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(addFavorite.path, { config: { auth: 'user' }, schema: schemaOf(addFavorite) }, async (request) =>
    deps.actions.addFavorite(userIdOf(request), request.body.uuid),
  );

  app.delete(
    removeFavorite.path,
    { config: { auth: 'user' }, schema: schemaOf(removeFavorite) },
    async (request) => {
      await deps.actions.removeFavorites(userIdOf(request), [request.body.uuid]);
      return { ok: true as const };
    },
  );

  app.delete(
    removeFavorites.path,
    { config: { auth: 'user' }, schema: schemaOf(removeFavorites) },
    async (request) =>
      deps.actions.removeFavorites(
        userIdOf(request),
        request.body.images.map((image) => image.uuid),
      ),
  );

  app.put(reportImage.path, { config: { auth: 'user' }, schema: schemaOf(reportImage) }, async (request) =>
    deps.actions.report(userIdOf(request), request.body.uuid, request.params.flag),
  );
}
