import { z } from 'zod';
import { JOB_TYPES } from '../generation/job.ts';

/**
 * Domain events: facts that a service records in the same transaction as the change they describe
 * (apps/api/src/features/outbox, docs/architecture/events.md). Payloads carry ids and the few values
 * every handler needs, never data a handler can read itself: an event is stored, and a handler running
 * minutes later must read the current state, not a copy of it.
 */
const userId = z.number().int().positive();
const rowId = z.number().int().positive();
const taskId = z.string().min(1).max(64);
/** A UTC calendar day, YYYY-MM-DD. */
const utcDayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const DOMAIN_EVENT_PAYLOADS = {
  /** A task finished with its result (txt2img: the new image; upscale: the upscaled source image). */
  'task.done': z.object({ taskId, userId, jobType: z.enum(JOB_TYPES), imageId: rowId.nullable() }),
  /** A task ended in failure (refund done in the same transaction when the rules call for one). */
  'task.failed': z.object({ taskId, userId, jobType: z.enum(JOB_TYPES), refunded: z.boolean() }),
  /** A task was never leased or finished in time and was given up. */
  'task.expired': z.object({ taskId, userId, jobType: z.enum(JOB_TYPES), refunded: z.boolean() }),
  /** A user marked an image as a favourite (not sent again for an image already favourited). */
  'image.favorited': z.object({ imageId: rowId, userId, ownerId: userId }),
  /** A moderator upheld a report. */
  'report.approved': z.object({ reportId: rowId, reporterId: userId, imageId: rowId.nullable() }),
  /** The first time in a UTC day that a signed-in user was seen (one event per user and day). */
  'user.signed_in_day': z.object({ userId, day: utcDayString }),
  /** The daily quest was completed (its tickets paid in the same transaction). */
  'daily_quest.completed': z.object({ userId, day: utcDayString }),
  /** Gallery images a user viewed for the first time today were counted (the scroll statistic). */
  'gallery.scrolled': z.object({ userId, count: z.number().int().positive().max(1000) }),
  /**
   * A payment settled successfully (a first payment or a subscription's renewal), once per provider
   * notification; its effect on balances is the ledger's, keyed by the order. The receipt mail hangs on it.
   */
  'payment.succeeded': z.object({ orderId: z.string().min(1).max(64), userId }),
  /**
   * A payment was refunded or charged back, once per provider notification: what was taken back (tickets,
   * the plan) and the tickets already spent. The buyer's notice mail hangs on it.
   */
  'payment.reversed': z.object({
    orderId: z.string().min(1).max(64),
    userId,
    kind: z.enum(['refunded', 'charged_back']),
    takenTickets: z.number().int().min(0),
    shortfall: z.number().int().min(0),
    planEnded: z.boolean(),
  }),
  /** A user asked for a password-reset link; the handler makes the token and sends the mail. */
  'password_reset.requested': z.object({ userId }),
  /** An address needs checking (sign-up, or a new link asked for); the handler makes the token and mails it. */
  'user.verification_requested': z.object({ userId }),
  /** An account's email became verified (a link, or an OAuth provider's word); once per account. */
  'user.email_verified': z.object({ userId }),
  /** An account was deleted by its owner; the handler removes its images' files from the store. */
  'user.deleted': z.object({ userId, imageUuids: z.array(z.uuid()) }),
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENT_PAYLOADS;
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENT_PAYLOADS) as DomainEventType[];
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENT_PAYLOADS)[T]>;

/** One event: a discriminated union keyed by `type`. */
export type DomainEvent = {
  [T in DomainEventType]: { type: T; payload: DomainEventPayload<T> };
}[DomainEventType];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export function isDomainEventType(value: string): value is DomainEventType {
  return Object.hasOwn(DOMAIN_EVENT_PAYLOADS, value);
}

/**
 * Checks a stored event against its schema (the dispatcher reads rows written by other versions of the
 * code). Throws on an unknown type or a payload that does not fit.
 */
export function parseDomainEvent(type: string, payload: unknown): DomainEvent {
  if (!isDomainEventType(type)) throw new Error(`unknown domain event type: ${type}`);
  return { type, payload: DOMAIN_EVENT_PAYLOADS[type].parse(payload) } as DomainEvent;
}

/** The UTC day of an instant, as `user.signed_in_day` carries it. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Keys that make an append idempotent: a second append with the same key is dropped (the outbox's unique
 * dedupe key). Events without a natural key (each favourite, each request) have none.
 */
export const EVENT_DEDUPE_KEY = {
  signedInDay: (userId: number, day: string) => `user.signed_in_day:${userId}:${day}`,
  taskEnded: (taskId: string) => `task.ended:${taskId}`,
  /** One receipt per settled notification, like the settlement itself (payment_notification). */
  paymentSucceeded: (provider: string, eventId: string) => `payment.succeeded:${provider}:${eventId}`,
  paymentReversed: (provider: string, eventId: string) => `payment.reversed:${provider}:${eventId}`,
} as const;
