import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdOf, viewerIdOf } from '../../http/route-auth.ts';
import type { ImageInfoService } from './info-service.ts';

const params = z.object({ uuid: z.uuid({ error: 'image_not_found' }) });

/**
 * `/api/image/{uuid}` (docs/product/image-viewer.md#information): info, gen info, tags (anyone who may see
 * the image), private, delete.
 */
export function registerImageInfoRoutes(fastify: FastifyInstance, deps: { images: ImageInfoService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/image/:uuid/info', { config: { auth: 'optional' }, schema: { params } }, async (request) =>
    deps.images.info(request.params.uuid, viewerIdOf(request)),
  );

  app.get(
    '/api/image/:uuid/info/gen',
    { config: { auth: 'optional' }, schema: { params } },
    async (request) => deps.images.genInfo(request.params.uuid, viewerIdOf(request)),
  );

  app.get('/api/image/:uuid/tags', { config: { auth: 'optional' }, schema: { params } }, async (request) => ({
    tags: await deps.images.tagIds(request.params.uuid, viewerIdOf(request)),
  }));

  app.put('/api/image/:uuid/private', { config: { auth: 'user' }, schema: { params } }, async (request) =>
    deps.images.togglePrivate(request.params.uuid, userIdOf(request)),
  );

  app.delete('/api/image/:uuid', { config: { auth: 'user' }, schema: { params } }, async (request) =>
    deps.images.delete(request.params.uuid, userIdOf(request)),
  );
}
