import { searchGallery, searchGalleryTags, TAG_SUGGESTIONS } from '@mirage/contract';
import { searchBodySchema } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { viewerIdOf } from '../../http/route-auth.ts';
import type { TagRepository } from '../tag/index.ts';
import type { GalleryService } from './service.ts';

/** `/api/gallery` (docs/product/gallery.md#search): the search and the tag autocomplete. */
export function registerGalleryRoutes(
  fastify: FastifyInstance,
  deps: { gallery: GalleryService; tags: TagRepository },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    searchGallery.path,
    { config: { auth: 'optional' }, schema: schemaOf(searchGallery) },
    async (request) =>
      // An empty body is an empty search (newest first, everything).
      deps.gallery.search(viewerIdOf(request), request.query, request.body ?? searchBodySchema.parse({})),
  );

  app.get(
    searchGalleryTags.path,
    { config: { auth: 'none' }, schema: schemaOf(searchGalleryTags) },
    async (request) => {
      const prefix = request.query.search.trim().toLowerCase();
      if (prefix === '') return { tags: [] };
      const tags = await deps.tags.complete(prefix, TAG_SUGGESTIONS);
      return { tags: tags.map((tag) => ({ id: tag.id, name: tag.name, count: tag.usage_count })) };
    },
  );
}
