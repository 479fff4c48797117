import { MAX_HIDDEN_TAGS, idValue } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdOf } from '../../http/route-auth.ts';
import type { TagRepository } from './repository.ts';

/**
 * `/api/settings/tags` (docs/product/gallery.md#hidden-tags): the user's blacklist and the system tags one
 * may blacklist.
 */
export function registerTagSettingRoutes(fastify: FastifyInstance, deps: { tags: TagRepository }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const banned = async (userId: number) => ({ tags: await deps.tags.banned(userId) });

  app.get('/api/settings/tags/ban', { config: { auth: 'user' } }, async (request) =>
    banned(userIdOf(request)),
  );

  app.put(
    '/api/settings/tags/ban',
    {
      config: { auth: 'user' },
      schema: {
        body: z.object({ tags: z.array(idValue('bigint')).max(MAX_HIDDEN_TAGS) }),
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      await deps.tags.setBanned(userId, request.body.tags);
      return banned(userId);
    },
  );

  app.get('/api/settings/tags/system', { config: { auth: 'none' } }, async () => ({
    tags: await deps.tags.system(),
  }));
}
