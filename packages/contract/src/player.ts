import {
  ACHIEVEMENT_METRICS,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  REWARD_TYPES,
} from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';

/**
 * The player (docs/product/player.md): XP and level, the statistics the profile shows, achievements,
 * cosmetic rewards and the notification bell of the signed-in user.
 */

const equippedItem = z.object({
  id: z.number().int().describe('The reward id (the slot’s default when nothing else is equipped)'),
  data: z.string().describe('What the web app draws: see the rewards catalogue'),
});

export const player = z
  .object({
    id: z.number().int().describe('The player id (the user id)'),
    user_id: z.number().int(),
    level: z.number().int().describe('From 1'),
    xp_progress: z.number().int().describe('XP earned towards the next level'),
    xp_required: z
      .number()
      .int()
      .describe('XP the current level needs: floor(100 × level × (1.3 + floor(level/6)/10))'),
    xp_total: z.number().int().describe('Every XP ever earned'),
    daily_streak: z.number().int().describe('UTC days in a row the user came back'),
    daily_streak_best: z.number().int(),
    approved_reports: z.number().int(),
    scroll: z.number().int().describe('Gallery images viewed (once per image and day)'),
    total_fav: z.number().int().describe('Favourites the user’s images received from others'),
    image_generated: z.number().int(),
    reward_tokens: z.number().int().describe('Coins: buy cosmetics'),
    title: z.number().int().nullable().describe('The worn title: an unlocked achievement’s id'),
    equipped: z.object({
      animation: equippedItem,
      style: equippedItem,
      color: equippedItem,
      profile_pic: equippedItem,
    }),
  })
  .meta({ id: 'Player', description: 'A player’s progress, statistics and equipped look' });

export const achievement = z
  .object({
    id: z.number().int(),
    key: z.string().describe('Its texts are `player:achievements.<key>.*`'),
    metric: z.enum(ACHIEVEMENT_METRICS),
    threshold: z.number().int().describe('The value of `metric` that unlocks it'),
    tier: z.number().int().min(1).max(5).describe('1 bronze … 5 diamond'),
    reward_tokens: z.number().int().describe('Paid when its notification is claimed'),
    unlocked: z.boolean(),
    unlocked_at: z.string().nullable(),
  })
  .meta({ id: 'Achievement' });

export const rewardItem = z
  .object({
    id: z.number().int(),
    type: z.enum(REWARD_TYPES),
    key: z.string(),
    price: z.number().int().describe('In reward tokens'),
    consumed: z.boolean().describe('Whether the user owns it (the defaults always)'),
    data: z.string().nullable().describe('Only once owned'),
  })
  .meta({ id: 'RewardItem' });

export const notification = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    key: z.string().describe('Its text: `player:<key>`'),
    new: z.boolean(),
    consumed: z.boolean(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    action: z.literal('claim').nullable().describe('`claim`: consuming it pays `reward_tokens`'),
    xp_gain: z.number().int().nullable(),
    reward_tokens: z.number().int(),
    level: z.number().int().nullable(),
    daily_streak: z.number().int().nullable(),
    achievement_id: z.number().int().nullable(),
    report_id: z.number().int().nullable(),
    tickets: z
      .number()
      .int()
      .nullable()
      .describe('Tickets a referral brought (referral_gain, referrer_gain)'),
  })
  .meta({ id: 'Notification' });

export const notificationQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0).describe('From 0'),
  size: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
  scopes: z
    .string()
    .max(400)
    .default('')
    .transform((text, ctx) => {
      const types = text.split(',').filter((part) => part !== '');
      for (const type of types) {
        if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) {
          ctx.addIssue({ code: 'custom', message: `unknown notification type ${type}` });
          return z.NEVER;
        }
      }
      return types as (typeof NOTIFICATION_TYPES)[number][];
    })
    .describe('Notification types, comma-joined; empty: every bell type'),
});

const notificationCountsNote =
  'The headers `x-total-new-notifications` and `x-total-new-rewards` carry the counts of the bell.';

export const getPlayer = operation('getPlayer', {
  tag: 'player',
  summary: 'Your player',
  description: 'The signed-in user’s level, XP, statistics, coins, title and equipped cosmetics.',
  responses: { 200: player },
  errors: [],
});

export const listAchievements = operation('listAchievements', {
  tag: 'player',
  summary: 'Achievements',
  description: 'Every achievement, with whether the signed-in user has unlocked it.',
  responses: { 200: z.array(achievement).describe('The catalogue, in order') },
  errors: [],
});

export const listItems = operation('listItems', {
  tag: 'player',
  summary: 'Cosmetic rewards',
  description: 'Every cosmetic reward, with whether the signed-in user owns it.',
  responses: { 200: z.array(rewardItem).describe('The catalogue, in order') },
  errors: [],
});

export const listNotifications = operation('listNotifications', {
  tag: 'player',
  summary: 'Your notifications',
  description: `One page of the signed-in user’s bell, newest first. ${notificationCountsNote}`,
  querystring: notificationQuery,
  responses: {
    200: z
      .object({
        items: z.array(notification),
        page: z.number().int(),
        pages: z.number().int().describe('How many pages there are (0 when the bell is empty)'),
      })
      .describe('One page'),
  },
  errors: [],
});

const consumed = z
  .object({
    ok: z.literal(true),
    consumed: z.number().int().describe('Notifications consumed by this call (0 when already consumed)'),
    claimed: z.number().int().describe('Reward tokens paid by this call'),
  })
  .describe(`Consumed. ${notificationCountsNote}`);

export const consumeNotification = operation('consumeNotification', {
  tag: 'player',
  summary: 'Consume a notification',
  description:
    'Marks one of the signed-in user’s notifications as read and pays its reward tokens, once: a second ' +
    'call changes nothing.',
  params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
  responses: { 200: consumed },
  errors: ['not_found'],
});

export const consumeNotifications = operation('consumeNotifications', {
  tag: 'player',
  summary: 'Consume notifications of a type',
  description: 'Marks every unread notification of one type as read and pays their reward tokens.',
  params: z.object({ type: z.enum(NOTIFICATION_TYPES) }),
  responses: { 200: consumed },
  errors: [],
});

export const playerOperations = {
  getPlayer,
  listAchievements,
  listItems,
  listNotifications,
  consumeNotification,
  consumeNotifications,
};
