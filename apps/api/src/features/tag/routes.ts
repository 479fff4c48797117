import { getBannedTags, listSystemTags, setBannedTags } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { TagRepository } from './repository.ts';

/**
 * `/api/settings/tags` (docs/product/gallery.md#hidden-tags): the user's blacklist and the system tags one
 * may blacklist.
 */
export function registerTagSettingRoutes(fastify: FastifyInstance, deps: { tags: TagRepository }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const banned = async (userId: number) => ({ tags: await deps.tags.banned(userId) });

  app.get(
    getBannedTags.path,
    { config: { auth: 'user' }, schema: schemaOf(getBannedTags) },
    async (request) => banned(userIdOf(request)),
  );

  app.put(
    setBannedTags.path,
    { config: { auth: 'user' }, schema: schemaOf(setBannedTags) },
    async (request) => {
      const userId = userIdOf(request);
      await deps.tags.setBanned(userId, request.body.tags);
      return banned(userId);
    },
  );

  app.get(listSystemTags.path, { config: { auth: 'none' }, schema: schemaOf(listSystemTags) }, async () => ({
    tags: await deps.tags.system(),
  }));
}
