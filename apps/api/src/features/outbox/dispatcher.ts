import { parseDomainEvent } from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import type { HandlerRegistry } from './handlers.ts';
import { createOutboxRepository, deliverySavepoint, type ClaimedDelivery } from './repository.ts';

export interface OutboxDispatcherOptions {
  db: DB;
  handlers: HandlerRegistry;
  /** NOTIFY wake-ups (optional: without it the dispatcher relies on its recheck, or on drain()). */
  notifier?: Notifier;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Deliveries per transaction. */
  batchSize?: number;
  /** Attempts before a delivery is dead. */
  maxAttempts?: number;
  /** The wait before attempt `failedAttempts + 1`. */
  retryDelayMs?: (failedAttempts: number) => number;
  /** How often a started dispatcher looks for work without being woken (missed NOTIFY, retries). */
  recheckMs?: number;
}

export const OUTBOX_DEFAULTS = { batchSize: 20, maxAttempts: 8, recheckMs: 2_000 };
/** Handled events are kept a week (for inspection, and so that recent dedupe keys still hold). */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Exponential backoff from 1 s, capped at 10 minutes (8 attempts span about 4 minutes). */
export function defaultRetryDelayMs(failedAttempts: number): number {
  return Math.min(1_000 * 2 ** (failedAttempts - 1), 600_000);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Runs the registered handlers over the outbox. Any number of dispatchers (one per API instance) share
 * the work: rows are claimed with FOR UPDATE SKIP LOCKED, each (event, handler) is marked done in the
 * transaction that ran the handler, a failure is retried with backoff and, after `maxAttempts`, left
 * dead. NOTIFY only wakes it; the periodic recheck finds whatever a lost NOTIFY or a retry left.
 * Tests drive it with `runOnce()` and `drain()` instead of `start()`.
 */
export function createOutboxDispatcher(options: OutboxDispatcherOptions) {
  const { db, handlers, log } = options;
  const batchSize = options.batchSize ?? OUTBOX_DEFAULTS.batchSize;
  const maxAttempts = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const recheckMs = options.recheckMs ?? OUTBOX_DEFAULTS.recheckMs;
  const repository = createOutboxRepository();

  async function deliver(trx: Parameters<typeof repository.markDone>[0], delivery: ClaimedDelivery) {
    const attempt = delivery.attempts + 1;
    await deliverySavepoint.open(trx);
    try {
      const handler = handlers.find(delivery.type, delivery.handler);
      if (!handler) throw new Error(`no handler ${delivery.handler} for ${delivery.type}`);
      await handler(parseDomainEvent(delivery.type, delivery.payload), {
        trx,
        eventId: delivery.event_id,
        attempt,
        idempotencyKey: `${delivery.handler}:${delivery.event_id}`,
        occurredAt: delivery.created_at,
      });
      return true;
    } catch (error) {
      await deliverySavepoint.rollback(trx);
      const dead = attempt >= maxAttempts;
      await repository.markFailed(trx, delivery, {
        error: describe(error),
        retryInMs: dead ? 0 : retryDelayMs(attempt),
        dead,
      });
      const context = { err: error, eventId: delivery.event_id, handler: delivery.handler, attempt };
      if (dead) log.error(context, 'outbox handler failed for the last time: delivery is dead');
      else log.warn(context, 'outbox handler failed: will retry');
      return false;
    }
  }

  /** One pass: fans out new events, then runs one batch of due deliveries. Returns the work done. */
  async function runOnce(): Promise<{ fannedOut: number; handled: number; failed: number }> {
    const fannedOut = await repository.fanOut(db, handlers.routes(), batchSize * 5);
    const names = handlers.names();
    const outcome = { fannedOut, handled: 0, failed: 0 };
    if (names.length === 0) return outcome;
    await db.transaction().execute(async (trx) => {
      const done: ClaimedDelivery[] = [];
      for (const delivery of await repository.claimDue(trx, names, batchSize)) {
        if (await deliver(trx, delivery)) done.push(delivery);
        else outcome.failed += 1;
      }
      // The markers commit with the handlers' writes, in this transaction.
      await repository.markDone(trx, done);
      outcome.handled = done.length;
    });
    return outcome;
  }

  // One loop at a time in this process; a wake-up during a pass asks for one more pass.
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  async function loop(): Promise<void> {
    while (again) {
      again = false;
      for (;;) {
        const { fannedOut, handled, failed } = await runOnce();
        if (fannedOut + handled + failed === 0) break;
      }
    }
  }

  /** Runs passes until one finds nothing due; concurrent calls share the same loop. */
  function pass(): Promise<void> {
    again = true;
    running ??= loop().finally(() => {
      running = undefined;
    });
    return running;
  }

  function wake(): void {
    if (stopped) return;
    pass().catch((error: unknown) => log.error({ err: error }, 'outbox dispatch failed; rechecking later'));
  }

  return {
    runOnce,
    /** Handles everything due now (and what that produces), then resolves; rejects on a database error. */
    drain: pass,
    /** Starts the wake-ups: NOTIFY on `mirage_outbox` and a recheck every `recheckMs`. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      unsubscribe = options.notifier?.subscribe(CHANNEL.outbox, wake);
      timer = setInterval(wake, recheckMs);
      timer.unref();
      wake();
    },
    /** Stops the wake-ups and waits for the pass in progress (its transaction commits or rolls back). */
    async stop(): Promise<void> {
      stopped = true;
      unsubscribe?.();
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
    /** Puts a dead delivery back in the queue. */
    revive: (eventId: number, handler: string) => repository.revive(db, { event_id: eventId, handler }),
    /**
     * Deletes fully handled events older than `retentionMs` (default 7 days), in chunks (maintenance.ts
     * runs it hourly). Returns how many went.
     */
    async purgeHandled(now: Date, retentionMs = OUTBOX_RETENTION_MS): Promise<number> {
      const before = new Date(now.getTime() - retentionMs);
      let total = 0;
      for (;;) {
        const deleted = await repository.purgeHandled(db, before, 5_000);
        total += deleted;
        if (deleted < 5_000) return total;
      }
    },
  };
}
export type OutboxDispatcher = ReturnType<typeof createOutboxDispatcher>;
