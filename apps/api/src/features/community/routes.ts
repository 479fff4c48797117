import { getCommunityLinks } from '@mirage/contract';
import type { CommunityPlace } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { schemaOf } from '../../http/contract.ts';

/** GET /api/config/community: the community's addresses from the configuration (null where unset). */
export function registerCommunityRoutes(fastify: FastifyInstance, deps: { config: Config }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const links: Record<CommunityPlace, string | null> = {
    chat: config.COMMUNITY_CHAT_URL ?? null,
    forum: config.COMMUNITY_FORUM_URL ?? null,
    microblog: config.COMMUNITY_MICROBLOG_URL ?? null,
    video: config.COMMUNITY_VIDEO_URL ?? null,
  };
  app.get(
    getCommunityLinks.path,
    { config: { auth: 'none' }, schema: schemaOf(getCommunityLinks) },
    async (_request, reply) => {
      // The same for everyone until the next deploy: caches may keep it a while.
      reply.header('cache-control', 'public, max-age=300');
      return links;
    },
  );
}
