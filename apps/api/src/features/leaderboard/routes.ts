import { getLeaderboard } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { viewerIdOf } from '../../http/route-auth.ts';
import type { LeaderboardService } from './service.ts';

/** POST /api/leaderboard/{board} (spec §7: POST, with the page in the query string); open to guests. */
export function registerLeaderboardRoutes(
  fastify: FastifyInstance,
  deps: { leaderboards: LeaderboardService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    getLeaderboard.path,
    { config: { auth: 'optional' }, schema: schemaOf(getLeaderboard) },
    async (request, reply) => {
      const { page, size } = request.query;
      const { answer, ownRank } = await deps.leaderboards.page(
        request.params.board,
        page,
        size,
        viewerIdOf(request),
      );
      if (ownRank !== null) reply.header('x-current-player-rank', String(ownRank));
      return answer;
    },
  );
}
