import { idValue, safeText } from '@mirage/domain';
import { z } from 'zod';
import { okAnswer, operation } from './define.ts';

/**
 * The moderators' side of strike escalation (packages/domain/src/moderation/strikes.ts): the review
 * queue of accounts with 5 strikes or more, resolving a review and lifting a mute. Part of the moderation
 * console (mod.ts): signed-in staff only.
 */

const reviewQuery = z.object({
  state: z.enum(['open', 'resolved']).default('open').describe('Open reviews, or resolved ones'),
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Reviews in the page'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0).describe('Reviews skipped'),
});
/** An id in the path; anything that is not one is something that does not exist. */
const idParams = (what: string) =>
  z.object({ id: idValue('bigint', { coerce: true, error: 'not_found' }).describe(what) });

export const moderationStrike = z
  .object({
    id: z.number().int(),
    reasons: z.array(z.string()).describe('What the child-safety check found'),
    prompt: z.string().nullable().describe('The refused prompt'),
    neg_prompt: z.string().nullable().describe('Its negative prompt'),
    created_at: z.iso.datetime(),
  })
  .describe('A child-safety refusal of the account, for the moderator who reviews it')
  .meta({ id: 'ModerationStrike' });

export const moderationReview = z
  .object({
    id: z.number().int(),
    user_id: z.number().int().describe('The account under review'),
    username: z.string(),
    muted_at: z.iso.datetime().nullable().describe('When the account was muted; null: it is not'),
    reason: z.string().describe("Why it is in the queue ('child_safety_strikes')"),
    strikes: z.number().int().describe('The strikes that counted when the review was last updated'),
    state: z.enum(['open', 'resolved']),
    created_at: z.iso.datetime(),
    resolved_at: z.iso.datetime().nullable(),
    resolved_by: z.string().nullable().describe('Who resolved it'),
    resolution: z.string().nullable().describe("The moderator's note on the outcome"),
    recent_strikes: z
      .array(moderationStrike)
      .describe("The account's latest strikes, newest first (10 at most)"),
  })
  .describe('An account in the review queue')
  .meta({ id: 'ModerationReview' });

export const listModerationReviews = operation('listModerationReviews', {
  tag: 'moderation',
  summary: 'List the review queue',
  description:
    'Accounts with 5 strikes or more, open reviews oldest first or resolved ones newest first, each with ' +
    'its latest strikes.',
  querystring: reviewQuery,
  responses: {
    200: z.object({ items: z.array(moderationReview) }).describe('One page of the review queue'),
  },
  errors: [],
});

export const resolveModerationReview = operation('resolveModerationReview', {
  tag: 'moderation',
  summary: 'Resolve a review',
  description: 'Closes an open review with a note on its outcome; the action is recorded in the audit log.',
  params: idParams("The review's id"),
  body: z.object({ resolution: safeText().trim().min(1).max(500) }),
  responses: { 200: okAnswer.describe('The review is resolved') },
  errors: ['not_found'],
});

export const unmuteUser = operation('unmuteUser', {
  tag: 'moderation',
  summary: 'Lift a mute',
  description: "Lifts an account's mute, with a written reason; strikes before now stop counting.",
  params: idParams("The muted account's id"),
  body: z.object({ note: safeText().trim().min(3).max(500).describe('Why (kept in the audit log)') }),
  responses: { 200: okAnswer.describe('The mute is lifted') },
  errors: ['not_found', 'staff_target_protected'],
});

export const moderationOperations = { listModerationReviews, resolveModerationReview, unmuteUser };
