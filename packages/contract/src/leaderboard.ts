import { LEADERBOARD_MAX_PAGE_SIZE, LEADERBOARD_PAGE_SIZE, LEADERBOARDS } from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';
import { player } from './player.ts';

/** The five leaderboards (docs/product/player.md#leaderboards). */

export const leaderboardEntry = z
  .object({
    rank: z.number().int().describe('From 1'),
    user_id: z.number().int(),
    username: z.string(),
    value: z
      .number()
      .int()
      .describe(
        'What the board counts: level, images viewed, approved reports, best streak or images generated',
      ),
    level: z.number().int(),
    title: z.number().int().nullable().describe('The worn title: an achievement id'),
    equipped: player.shape.equipped,
  })
  .meta({ id: 'LeaderboardEntry' });

export const getLeaderboard = operation('getLeaderboard', {
  tag: 'player',
  summary: 'A leaderboard',
  description:
    'One page of a board (level, scroll, report, daily, generation), 25 rows by default. Ties go to the ' +
    'earlier achiever. Ranks are recomputed every minute (`updated_at`). For a signed-in player on the ' +
    'board, `me` is their own row and the header `x-current-player-rank` their rank.',
  params: z.object({ board: z.enum(LEADERBOARDS) }),
  querystring: z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('From 0'),
    size: z.coerce.number().int().min(1).max(LEADERBOARD_MAX_PAGE_SIZE).default(LEADERBOARD_PAGE_SIZE),
  }),
  responses: {
    200: z
      .object({
        items: z.array(leaderboardEntry),
        me: leaderboardEntry
          .nullable()
          .describe('The caller’s own row (null for a guest or an unranked player)'),
        page: z.number().int(),
        pages: z.number().int(),
        total: z.number().int().describe('Players on the board'),
        updated_at: z.string().describe('When the ranks were computed'),
      })
      .describe('One page of the board'),
  },
  errors: [],
});

export const leaderboardOperations = { getLeaderboard };
