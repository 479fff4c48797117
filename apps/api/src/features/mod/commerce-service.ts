import { randomUUID } from 'node:crypto';
import {
  gameEventDefinition,
  gameEventEnding,
  gameEventScheduleProblem,
  gameEventState,
  type PaymentReviewKind,
} from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { createGameEventRepository, GameEventLoadError } from '../game-event/index.ts';
import { createPaymentReviewRepository } from '../payment/index.ts';
import type { StaffActor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';

/** An event as the console's form sends it (dates as ISO text; the uuid is chosen here). */
export interface GameEventDraft {
  title: Record<string, string | undefined>;
  description: Record<string, string | undefined>;
  starts_at: string;
  ends_at: string;
  reward_tokens: number;
  images: string[];
}

/**
 * The console's money and events areas (docs/product/moderation-console.md#flagged-payments and
 * #game-events). Flagged payments are marked reviewed, never paid out here: a grant an admin decides on
 * goes through the ledger as a balance adjustment. Events are stored and ended by the same repository the
 * operator's `npm run event` uses, with the same rules. Each change writes its audit entry in its transaction.
 */
export function createModCommerceService(deps: { db: DB; now: () => Date }) {
  const { db, now } = deps;
  const reviews = createPaymentReviewRepository(db);
  const events = createGameEventRepository(db);

  return {
    flaggedPayments: (limit: number, offset: number) => reviews.listOpen(limit, offset),

    /** Marks one flagged payment reviewed; a second call (or a parallel one) answers `review_not_open`. */
    async resolvePayment(actor: StaffActor, kind: PaymentReviewKind, id: string, note: string) {
      const at = now();
      const result = await db.transaction().execute(async (trx) => {
        const outcome = await reviews.resolve(trx, { kind, id }, { userId: actor.id, note, at });
        if (outcome.outcome === 'resolved') {
          await appendAudit(trx, {
            actor,
            action: 'payment_review_resolved',
            target: { type: `payment_${kind}`, id },
            note,
            detail: { reason: outcome.reason, user: outcome.userId },
            at,
          });
        }
        return outcome;
      });
      if (result.outcome === 'not_found') throw new AppError('not_found');
      if (result.outcome === 'not_open') throw new AppError('review_not_open');
    },

    /** One page of the events, latest start first, with its state now and its counts. */
    async listEvents(limit: number, offset: number) {
      const at = now();
      return (await events.list({ limit, offset })).map((event) => ({
        ...event,
        state: gameEventState(event, at),
      }));
    },

    /**
     * Schedules an event: the operator file's rules (@mirage/domain gameEventDefinition), then the loader's
     * (public images only, no overlap with another event), then the console's own (not already over).
     */
    async createEvent(actor: StaffActor, draft: GameEventDraft) {
      const at = now();
      const parsed = gameEventDefinition.safeParse({ uuid: randomUUID(), ...draft });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('validation_error', {
          field: String(issue?.path[0] ?? 'body'),
          reason: issue?.message ?? 'invalid',
        });
      }
      const event = parsed.data;
      if (gameEventScheduleProblem(event, at)) {
        throw new AppError('validation_error', { field: 'ends_at', reason: 'ends_in_past' });
      }
      try {
        await events.load([event], (trx) =>
          appendAudit(trx, {
            actor,
            action: 'game_event_created',
            target: { type: 'game_event', id: event.uuid },
            note: event.title.en,
            detail: {
              starts_at: event.starts_at.toISOString(),
              ends_at: event.ends_at.toISOString(),
              reward_tokens: event.reward_tokens,
              images: event.images.length,
            },
            at,
          }).then(() => undefined),
        );
      } catch (error) {
        if (!(error instanceof GameEventLoadError)) throw error;
        const missing = error.missingImages[0];
        if (missing) throw new AppError('image_not_found', { uuid: missing });
        const other = error.overlaps.flat().find((uuid) => uuid !== event.uuid);
        throw new AppError('validation_error', { field: 'starts_at', reason: 'overlaps', event: other });
      }
      const stored = await events.byUuid(event.uuid);
      if (!stored) throw new AppError('event_not_found');
      return { ...stored, finds: 0, finders: 0, state: gameEventState(stored, at) };
    },

    /**
     * Ends a running event now, or cancels (deletes) one not started yet: the audit entry keeps its title
     * and dates. An ended one answers `event_ended`, a cancelled one `event_not_found`.
     */
    async endEvent(actor: StaffActor, uuid: string, note: string) {
      const at = now();
      const before = await events.byUuid(uuid);
      if (!before) throw new AppError('event_not_found');
      const ending = gameEventEnding(before, at);
      if (ending === 'over') throw new AppError('event_ended');
      const outcome = await events.end(uuid, at, (trx) =>
        appendAudit(trx, {
          actor,
          action: 'game_event_ended',
          target: { type: 'game_event', id: uuid },
          note,
          detail: {
            ending,
            title: before.title.en,
            starts_at: before.starts_at.toISOString(),
            ends_at: before.ends_at.toISOString(),
            reward_tokens: before.reward_tokens,
          },
          at,
        }).then(() => undefined),
      );
      if (outcome === 'not_found') throw new AppError('event_not_found');
      if (outcome === 'over') throw new AppError('event_ended');
      return { ending: outcome === 'cancelled' ? ('cancel' as const) : ('end' as const) };
    },
  };
}
export type ModCommerceService = ReturnType<typeof createModCommerceService>;
