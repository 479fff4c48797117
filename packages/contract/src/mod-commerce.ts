import {
  GAME_EVENT_LIMITS,
  LANGUAGES,
  PAYMENT_REVIEW_KINDS,
  STAFF_NOTE_MAX,
  STAFF_NOTE_MIN,
  safeText,
} from '@mirage/domain';
import { z } from 'zod';
import { okAnswer, operation } from './define.ts';

/**
 * The console's money and events areas (admins only; docs/product/moderation-console.md#flagged-payments
 * and #game-events): the payments that need a person's look, and the game events an operator schedules.
 */

const iso = z.iso.datetime();
const staffNote = safeText()
  .trim()
  .min(STAFF_NOTE_MIN)
  .max(STAFF_NOTE_MAX)
  .describe('Why (kept in the audit log)');

export const flaggedPayment = z
  .object({
    kind: z.enum(PAYMENT_REVIEW_KINDS).describe('An order, a notification no order matched, or an account'),
    id: z.string().describe("The order's uuid, the notification's id or the account's id"),
    user_id: z.number().int().nullable(),
    username: z.string().nullable(),
    provider: z.string().nullable(),
    product: z.string().nullable(),
    currency: z.string().nullable(),
    amount_cents: z.number().int().nullable(),
    status: z.string().nullable().describe("The order's status, or the notification's event kind"),
    reason: z
      .string()
      .describe('amount_mismatch, renewal_amount_mismatch, reversal_shortfall:N, unmatched, chargeback…'),
    reference: z.string().nullable().describe("The provider's payment or event id"),
    created_at: iso,
    flagged_at: iso,
  })
  .describe('A payment waiting for review')
  .meta({ id: 'FlaggedPayment' });

export const listFlaggedPayments = operation('listFlaggedPayments', {
  tag: 'moderation',
  summary: 'List flagged payments',
  description:
    'Orders flagged for review (an amount that did not match, a reversal balances could not cover), ' +
    'notifications no order matched and charged-back accounts, not yet reviewed; newest flag first.',
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(25).describe('Items in the page'),
    offset: z.coerce.number().int().min(0).max(100_000).default(0).describe('Items skipped'),
  }),
  responses: { 200: z.object({ items: z.array(flaggedPayment) }).describe('One page of flagged payments') },
  errors: [],
});

export const resolveFlaggedPayment = operation('resolveFlaggedPayment', {
  tag: 'moderation',
  summary: 'Mark a flagged payment reviewed',
  description:
    'Records who reviewed it and why; a charged-back account loses its flag. Nothing is granted or taken ' +
    'back: a correction goes through the ledger as a balance adjustment on the account.',
  params: z.object({
    kind: z.enum(PAYMENT_REVIEW_KINDS, { error: 'not_found' }),
    id: z.string({ error: 'not_found' }).max(64, 'not_found').describe('As listed'),
  }),
  body: z.object({ note: staffNote }),
  responses: { 200: okAnswer.describe('Marked reviewed') },
  errors: ['not_found', 'review_not_open'],
});

const localizedText = (max: number) =>
  z
    .object(
      Object.fromEntries(
        LANGUAGES.map((language) => [language, safeText().trim().min(1).max(max).optional()]),
      ) as Record<(typeof LANGUAGES)[number], z.ZodOptional<z.ZodString>>,
    )
    .strict()
    .refine((value) => typeof value.en === 'string', 'needs an English text ("en")')
    .describe('The text by language; English is required, the others fall back to it');

export const staffGameEvent = z
  .object({
    uuid: z.uuid(),
    title: z.record(z.string(), z.string()),
    description: z.record(z.string(), z.string()),
    starts_at: iso,
    ends_at: iso.describe('The event runs until this instant (excluded)'),
    state: z.enum(['upcoming', 'running', 'ended']),
    reward_tokens: z.number().int(),
    images_total: z.number().int().describe('Gallery images the event marks'),
    finds: z.number().int().describe('Marked images found, all players together'),
    finders: z.number().int().describe('Players who found at least one'),
  })
  .describe('A game event')
  .meta({ id: 'StaffGameEvent' });

export const listStaffGameEvents = operation('listStaffGameEvents', {
  tag: 'moderation',
  summary: 'List game events',
  description:
    'The events (upcoming, running and past), latest start first, with their finds; offset-paged like ' +
    'the other console lists.',
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(25).describe('Items in the page'),
    offset: z.coerce.number().int().min(0).max(100_000).default(0).describe('Items skipped'),
  }),
  responses: { 200: z.object({ items: z.array(staffGameEvent) }).describe('One page of events') },
  errors: [],
});

export const createStaffGameEvent = operation('createStaffGameEvent', {
  tag: 'moderation',
  summary: 'Schedule a game event',
  description:
    'The rules of the operator’s events file: English title and description, at most ' +
    `${GAME_EVENT_LIMITS.maxDays} days, public gallery images only, no overlap with another event ` +
    '(validation_error with reason `overlaps`), and not already over (`ends_in_past`).',
  body: z
    .object({
      title: localizedText(GAME_EVENT_LIMITS.title.max),
      description: localizedText(GAME_EVENT_LIMITS.description.max),
      starts_at: z.iso.datetime({ offset: true }),
      ends_at: z.iso.datetime({ offset: true }),
      reward_tokens: z
        .number()
        .int()
        .min(GAME_EVENT_LIMITS.rewardTokens.min)
        .max(GAME_EVENT_LIMITS.rewardTokens.max)
        .describe('Paid for each marked image found'),
      images: z
        .array(z.uuid())
        .min(GAME_EVENT_LIMITS.images.min)
        .max(GAME_EVENT_LIMITS.images.max)
        .describe('Public gallery images the event marks'),
    })
    .strict(),
  responses: { 200: staffGameEvent.describe('The event as stored') },
  errors: ['validation_error', 'image_not_found'],
});

export const endStaffGameEvent = operation('endStaffGameEvent', {
  tag: 'moderation',
  summary: 'End or cancel a game event',
  description:
    'A running event ends now; one not started yet is cancelled (it never runs). Finds and their ' +
    'rewards stay.',
  params: z.object({ uuid: z.uuid({ error: 'event_not_found' }).describe("The event's uuid") }),
  body: z.object({ note: staffNote }),
  responses: {
    200: z
      .object({
        ending: z.enum(['end', 'cancel']).describe('end: it was running; cancel: it had not started'),
      })
      .describe('Ended'),
  },
  errors: ['event_not_found', 'event_ended'],
});

export const modCommerceOperations = {
  listFlaggedPayments,
  resolveFlaggedPayment,
  listStaffGameEvents,
  createStaffGameEvent,
  endStaffGameEvent,
};
