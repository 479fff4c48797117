import {
  deleteImage,
  getImageGenInfo,
  getImageInfo,
  getImageTags,
  toggleImagePrivate,
} from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf, viewerIdOf } from '../../http/route-auth.ts';
import type { ImageInfoService } from './info-service.ts';

/**
 * `/api/image/{uuid}` (docs/product/image-viewer.md#information): info, gen info, tags (anyone who may see
 * the image), private, delete.
 */
export function registerImageInfoRoutes(fastify: FastifyInstance, deps: { images: ImageInfoService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    getImageInfo.path,
    { config: { auth: 'optional' }, schema: schemaOf(getImageInfo) },
    async (request) => deps.images.info(request.params.uuid, viewerIdOf(request)),
  );

  app.get(
    getImageGenInfo.path,
    { config: { auth: 'optional' }, schema: schemaOf(getImageGenInfo) },
    async (request) => deps.images.genInfo(request.params.uuid, viewerIdOf(request)),
  );

  app.get(
    getImageTags.path,
    { config: { auth: 'optional' }, schema: schemaOf(getImageTags) },
    async (request) => ({ tags: await deps.images.tagIds(request.params.uuid, viewerIdOf(request)) }),
  );

  app.put(
    toggleImagePrivate.path,
    { config: { auth: 'user' }, schema: schemaOf(toggleImagePrivate) },
    async (request) => deps.images.togglePrivate(request.params.uuid, userIdOf(request)),
  );

  app.delete(deleteImage.path, { config: { auth: 'user' }, schema: schemaOf(deleteImage) }, async (request) =>
    deps.images.delete(request.params.uuid, userIdOf(request)),
  );
}
