import { ACHIEVEMENT_TIERS, REWARD_TYPES, SCROLL_BATCH_MAX } from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';
import { player, rewardItem } from './player.ts';

/**
 * What a player does besides reading (docs/product/player.md): buying and wearing cosmetics, choosing a
 * title, the daily quest, counting gallery images viewed; and what anyone may read of a player.
 */

const rewardId = z.number().int().min(1).max(1_000_000);

export const unlockReward = operation('unlockReward', {
  tag: 'player',
  summary: 'Buy a cosmetic',
  description:
    'Buys a cosmetic reward of the given type with reward tokens, once: one already owned (or a default) is ' +
    '`reward_already_unlocked`, too few tokens `user_insufficient_funds`.',
  params: z.object({ type: z.enum(REWARD_TYPES) }),
  body: z.object({ id: rewardId.describe('The reward to buy') }),
  responses: {
    200: z
      .object({ ok: z.literal(true), item: rewardItem, reward_tokens: z.number().int().describe('Left') })
      .describe('Bought'),
  },
  errors: ['reward_not_found', 'reward_already_unlocked', 'user_insufficient_funds'],
});

export const equipAvatar = operation('equipAvatar', {
  tag: 'player',
  summary: 'Wear cosmetics',
  description:
    'Equips owned cosmetic rewards, one per kind (a later id replaces an earlier one of its kind); a kind ' +
    'not named keeps what it wears.',
  body: z.object({ items: z.array(rewardId).min(1).max(8) }),
  responses: { 200: player.describe('The player, wearing them') },
  errors: ['reward_not_found', 'reward_locked'],
});

export const setTitle = operation('setTitle', {
  tag: 'player',
  summary: 'Wear a title',
  description: 'Wears an unlocked achievement as the title; 0 takes the title off.',
  params: z.object({ achievementId: z.coerce.number().int().min(0).max(1_000_000) }),
  responses: { 200: player.describe('The player, with the title') },
  errors: ['achievement_locked'],
});

export const publicProfile = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    level: z.number().int(),
    title: z.number().int().nullable(),
    daily_streak: z.number().int(),
    daily_streak_best: z.number().int(),
    approved_reports: z.number().int(),
    scroll: z.number().int(),
    total_fav: z.number().int(),
    image_generated: z.number().int(),
    equipped: player.shape.equipped,
  })
  .meta({ id: 'PublicProfile', description: 'What anyone may see of a player' });

const publicUser = z.object({ userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const getPublicProfile = operation('getPublicProfile', {
  tag: 'player',
  summary: 'A player’s public profile',
  description: 'The public statistics, level, title and look of an active user.',
  params: publicUser,
  responses: { 200: publicProfile },
  errors: ['not_found'],
});

export const getPublicAchievements = operation('getPublicAchievements', {
  tag: 'player',
  summary: 'A player’s achievements',
  description: 'The achievements an active user has unlocked, in catalogue order.',
  params: publicUser,
  responses: {
    200: z
      .array(
        z.object({
          id: z.number().int(),
          key: z.string(),
          tier: z.number().int(),
          tier_name: z.enum(ACHIEVEMENT_TIERS),
          unlocked_at: z.string(),
        }),
      )
      .describe('Unlocked achievements'),
  },
  errors: ['not_found'],
});

const dailyQuest = z
  .object({
    state: z.enum(['open', 'waiting', 'ready', 'done']),
    seconds_left: z.number().int().describe('Until it can be completed (0 unless waiting)'),
    tickets: z.number().int().describe('What completing it pays'),
  })
  .meta({ id: 'DailyQuest', description: 'Today’s daily quest (UTC day)' });

export const getDailyQuest = operation('getDailyQuest', {
  tag: 'player',
  summary: 'Today’s daily quest',
  description: 'Where the signed-in user’s daily quest stands today.',
  responses: { 200: dailyQuest },
  errors: [],
});

export const openDailyQuest = operation('openDailyQuest', {
  tag: 'player',
  summary: 'Open the daily quest',
  description:
    'Records that the user opened today’s quest (the community page): it can be completed 60 s later. ' +
    'Opening it again while waiting does not restart the wait.',
  responses: { 200: dailyQuest },
  errors: ['daily_quest_done'],
});

export const completeDailyQuest = operation('completeDailyQuest', {
  tag: 'player',
  summary: 'Complete the daily quest',
  description:
    'Pays today’s quest (+10 tickets), once per UTC day and only 60 s after it was opened ' +
    '(`daily_quest_too_early`, with `seconds_left`).',
  responses: {
    200: z
      .object({ ok: z.literal(true), tickets: z.number().int(), generation_token: z.number().int() })
      .describe('Paid: the tickets it added and the new balance'),
  },
  errors: ['daily_quest_not_opened', 'daily_quest_too_early', 'daily_quest_done'],
});

export const countScroll = operation('countScroll', {
  tag: 'player',
  summary: 'Count gallery images viewed',
  description:
    'Counts the gallery images the signed-in user has seen in the feed, each once per UTC day (the scroll ' +
    'statistic and its XP). Unknown or already counted images are left out.',
  body: z.object({ uuids: z.array(z.uuid()).min(1).max(SCROLL_BATCH_MAX) }),
  responses: {
    200: z.object({ counted: z.number().int().describe('Images counted by this call') }).describe('Counted'),
  },
  errors: [],
});

export const getImageCount = operation('getImageCount', {
  tag: 'player',
  summary: 'Images generated',
  description: 'How many images have been generated on the site in all (the landing page shows it).',
  responses: { 200: z.object({ count: z.number().int() }).describe('The count (refreshed every minute)') },
  errors: [],
});

export const playerActionOperations = {
  unlockReward,
  equipAvatar,
  setTitle,
  getPublicProfile,
  getPublicAchievements,
  getDailyQuest,
  openDailyQuest,
  completeDailyQuest,
  countScroll,
  getImageCount,
};
