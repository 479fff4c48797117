import {
  GALLERY_MAX_PAGE_SIZE,
  GALLERY_PAGE_SIZE,
  TAG_MAX_LENGTH,
  idValue,
  safeText,
  searchBodySchema,
} from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerIdOf } from '../../http/route-auth.ts';
import type { TagRepository } from '../tag/index.ts';
import type { GalleryService } from './service.ts';

const searchQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(GALLERY_MAX_PAGE_SIZE).default(GALLERY_PAGE_SIZE),
  /** A user's id, or 0 for everybody's images. */
  author_id: idValue('bigint', { coerce: true, zeroMeansNone: true }).default(0),
  favorite: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  offset: z.coerce.number().int().min(0).max(1000).default(0),
});

/** Autocomplete answers at most this many tags. */
const TAG_SUGGESTIONS = 10;

/** `/api/gallery` (docs/product/gallery.md#search): the search and the tag autocomplete. */
export function registerGalleryRoutes(
  fastify: FastifyInstance,
  deps: { gallery: GalleryService; tags: TagRepository },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/gallery/search',
    // An empty body is an empty search (newest first, everything).
    { config: { auth: 'optional' }, schema: { querystring: searchQuery, body: searchBodySchema.optional() } },
    async (request) =>
      deps.gallery.search(viewerIdOf(request), request.query, request.body ?? searchBodySchema.parse({})),
  );

  app.get(
    '/api/gallery/search/tags',
    {
      config: { auth: 'none' },
      schema: { querystring: z.object({ search: safeText().max(TAG_MAX_LENGTH).default('') }) },
    },
    async (request) => {
      const prefix = request.query.search.trim().toLowerCase();
      if (prefix === '') return { tags: [] };
      const tags = await deps.tags.complete(prefix, TAG_SUGGESTIONS);
      return { tags: tags.map((tag) => ({ id: tag.id, name: tag.name, count: tag.usage_count })) };
    },
  );
}
