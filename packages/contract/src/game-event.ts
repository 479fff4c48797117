import { LANGUAGES } from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';

/** Game events (docs/product/player.md#events): the current image hunt, its announcement and its finds. */

const localizedText = z
  .object(Object.fromEntries(LANGUAGES.map((language) => [language, z.string().optional()])))
  .describe('The text by language; English is always there, the others fall back to it');

export const gameEvent = z
  .object({
    uuid: z.uuid(),
    title: localizedText,
    description: localizedText,
    starts_at: z.string(),
    ends_at: z.string().describe('The event runs until this instant (excluded)'),
    state: z.enum(['upcoming', 'running']),
    reward_tokens: z.number().int().describe('Paid for each marked image found'),
    images_total: z.number().int().describe('How many gallery images the event marks'),
  })
  .meta({ id: 'GameEvent', description: 'The running event, or the next one announced (3 days ahead)' });

const eventUuid = z.uuid({ error: 'event_not_found' });

export const getGameEventForVisitor = operation('getGameEventForVisitor', {
  tag: 'player',
  summary: 'The current event, for anyone',
  description:
    'The running event (or the next one, up to 3 days ahead) without a player’s state: the banner.',
  responses: { 200: z.object({ event: gameEvent.nullable() }).describe('null when no event is on') },
  errors: [],
});

export const getGameEvent = operation('getGameEvent', {
  tag: 'player',
  summary: 'The current event',
  description:
    'The running event (or the next one, up to 3 days ahead) with the signed-in player’s side: whether ' +
    'they closed its announcement (`consumed`) and the marked images they found.',
  responses: {
    200: z
      .object({
        event: gameEvent
          .extend({
            consumed: z.boolean().describe('The announcement was closed: do not show it again'),
            found: z.array(z.uuid()).describe('The marked images this player found, in order'),
          })
          .nullable(),
      })
      .describe('null when no event is on'),
  },
  errors: [],
});

export const consumeGameEvent = operation('consumeGameEvent', {
  tag: 'player',
  summary: 'Close an event’s announcement',
  description: 'Records that the player closed the announcement; it is not shown again. Idempotent.',
  params: z.object({ uuid: eventUuid }),
  responses: { 200: z.object({ ok: z.literal(true) }).describe('Closed') },
  errors: ['event_not_found', 'event_ended'],
});

export const claimGameEventImage = operation('claimGameEventImage', {
  tag: 'player',
  summary: 'Look for a hidden image',
  description:
    'The player opened an image during the event. When the event marks it, the event’s reward tokens are ' +
    'paid once (`new`); the same image again pays nothing. An image not marked is `found: false`, and ' +
    'too many of those in a short time are `spam_protection`.',
  params: z.object({ eventUuid, imageUuid: z.uuid({ error: 'image_not_found' }) }),
  responses: {
    200: z
      .object({
        found: z.boolean().describe('The event marks this image'),
        new: z.boolean().describe('Found now, for the first time: the tokens were paid'),
        reward_tokens: z.number().int().describe('Paid by this call'),
        found_count: z.number().int(),
        images_total: z.number().int(),
        balance: z.number().int().nullable().describe('Reward tokens after the payment (null when none)'),
      })
      .describe('What the image held'),
  },
  errors: ['event_not_found', 'image_not_found', 'wait_for_event', 'event_ended', 'spam_protection'],
});

export const gameEventOperations = {
  getGameEventForVisitor,
  getGameEvent,
  consumeGameEvent,
  claimGameEventImage,
};
