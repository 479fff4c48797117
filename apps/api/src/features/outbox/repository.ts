import type { DomainEvent } from '@mirage/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CHANNEL, notifyExpression } from '../../events/notifier.ts';

/** The caller's transaction (or, for a lone append, the database itself). */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface AppendOptions {
  /** A second append with the same key is dropped (e.g. one `user.signed_in_day` per user and day). */
  dedupeKey?: string;
  /** Not handled before this instant (a delayed event). */
  availableAt?: Date;
}

/**
 * Records a domain event in the caller's transaction: it exists exactly when the caller's change
 * commits. The NOTIFY in the same statement is only a wake-up for the dispatchers (PostgreSQL sends it on
 * commit and folds repeats within a transaction); a dispatcher that misses it finds the row on its recheck.
 * Returns the event id, or undefined when the dedupe key was already used.
 */
export async function appendEvent(
  trx: Executor,
  event: DomainEvent,
  options: AppendOptions = {},
): Promise<number | undefined> {
  const row = await trx
    .insertInto('outbox')
    .values({
      type: event.type,
      payload: JSON.stringify(event.payload),
      dedupe_key: options.dedupeKey ?? null,
      ...(options.availableAt ? { available_at: options.availableAt } : {}),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning(['id', notifyExpression(CHANNEL.outbox, '').as('woken')])
    .executeTakeFirst();
  return row?.id;
}

/** A delivery claimed for one run of its handler, with its event. */
export interface ClaimedDelivery {
  event_id: number;
  handler: string;
  attempts: number;
  type: string;
  payload: unknown;
  created_at: Date;
}

export function createOutboxRepository() {
  return {
    /**
     * Creates the deliveries of up to `limit` events not yet fanned out, one per handler registered for
     * the event's type (`routes`: parallel arrays of type and handler name), and marks the events fanned
     * out; one statement, so two dispatchers never fan out the same event (SKIP LOCKED). Returns how
     * many events it took.
     */
    async fanOut(
      trx: Executor,
      routes: { types: string[]; handlers: string[] },
      limit: number,
    ): Promise<number> {
      const result = await sql<{ events: number }>`
        with claimed as (
          select id, type, available_at from outbox
          where not fanned_out and available_at <= now()
          order by id
          limit ${limit}
          for update skip locked
        ),
        marked as (
          update outbox set fanned_out = true from claimed where outbox.id = claimed.id
        ),
        delivered as (
          insert into outbox_delivery (event_id, handler, next_attempt_at)
          select claimed.id, route.handler, claimed.available_at
          from claimed
          join unnest(${routes.types}::text[], ${routes.handlers}::text[]) as route(type, handler)
            on route.type = claimed.type
          on conflict do nothing
        )
        select count(*) as events from claimed
      `.execute(trx);
      return result.rows[0]?.events ?? 0;
    },

    /**
     * Locks up to `limit` due deliveries of the named handlers for the caller's transaction (FOR UPDATE
     * SKIP LOCKED: other dispatchers take the next ones). The lock is the claim: it lasts until the
     * transaction ends, and a dispatcher that dies releases it with its connection, leaving the delivery
     * pending. A delivery for a handler this instance does not know (a rolling deploy) waits for one that
     * does.
     */
    async claimDue(
      trx: Transaction<Database>,
      handlers: string[],
      limit: number,
    ): Promise<ClaimedDelivery[]> {
      const result = await sql<ClaimedDelivery>`
        select d.event_id, d.handler, d.attempts, o.type, o.payload, o.created_at
        from (
          select event_id, handler, attempts from outbox_delivery
          where state = 'pending' and next_attempt_at <= now() and handler = any(${handlers}::text[])
          order by next_attempt_at, event_id
          limit ${limit}
          for update skip locked
        ) d
        join outbox o on o.id = d.event_id
        order by d.event_id
      `.execute(trx);
      return result.rows;
    },

    /** Marks a batch's successful deliveries done, in one statement of the batch's transaction. */
    async markDone(trx: Transaction<Database>, deliveries: { event_id: number; handler: string }[]) {
      if (deliveries.length === 0) return;
      await sql`
        update outbox_delivery
        set state = 'done', attempts = attempts + 1, done_at = now(), last_error = null
        from unnest(
          ${deliveries.map((d) => d.event_id)}::bigint[],
          ${deliveries.map((d) => d.handler)}::text[]
        ) as done(event_id, handler)
        where outbox_delivery.event_id = done.event_id and outbox_delivery.handler = done.handler
      `.execute(trx);
    },

    /** Counts a failed attempt: retried after `retryInMs`, or dead when `dead`. */
    async markFailed(
      trx: Transaction<Database>,
      delivery: { event_id: number; handler: string },
      failure: { error: string; retryInMs: number; dead: boolean },
    ) {
      await trx
        .updateTable('outbox_delivery')
        .set({
          state: failure.dead ? 'dead' : 'pending',
          attempts: sql`attempts + 1`,
          last_error: failure.error.slice(0, 2000),
          next_attempt_at: sql`now() + make_interval(secs => ${failure.retryInMs / 1000})`,
        })
        .where('event_id', '=', delivery.event_id)
        .where('handler', '=', delivery.handler)
        .execute();
    },

    /** The earliest instant at which some work becomes due (for the dispatcher's next wake-up). */
    async nextDueAt(db: Executor): Promise<Date | null> {
      const row = await sql<{ at: Date | null }>`
        select least(
          (select min(next_attempt_at) from outbox_delivery where state = 'pending'),
          (select min(available_at) from outbox where not fanned_out)
        ) as at
      `.execute(db);
      return row.rows[0]?.at ?? null;
    },

    /**
     * Deletes up to `limit` events appended before `before` whose deliveries are all done (their
     * deliveries go with them). Events with a pending or dead delivery stay, and so do their dedupe keys.
     */
    async purgeHandled(db: Executor, before: Date, limit: number): Promise<number> {
      const result = await sql`
        delete from outbox where id in (
          select id from outbox
          where fanned_out and created_at < ${before}
            and not exists (
              select 1 from outbox_delivery
              where outbox_delivery.event_id = outbox.id and outbox_delivery.state <> 'done'
            )
          limit ${limit}
        )
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** Puts a dead delivery back in the queue (an operator fixed the cause). */
    async revive(db: Executor, delivery: { event_id: number; handler: string }): Promise<boolean> {
      const result = await db
        .updateTable('outbox_delivery')
        .set({ state: 'pending', attempts: 0, next_attempt_at: sql`now()` })
        .where('event_id', '=', delivery.event_id)
        .where('handler', '=', delivery.handler)
        .where('state', '=', 'dead')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deliveries of one event, for tests and operators. */
    async deliveriesOf(db: Executor, eventId: number) {
      return db
        .selectFrom('outbox_delivery')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('handler')
        .execute();
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

/**
 * One delivery's savepoint inside the dispatcher's batch transaction: a failing handler's writes are
 * rolled back to it while the other deliveries of the batch and the failure's own bookkeeping commit.
 * Savepoints are not released (a round trip each): a new one of the same name hides the previous one,
 * and `rollback to` goes back to the newest, the current delivery's.
 */
export const deliverySavepoint = {
  open: (trx: Transaction<Database>) => sql`savepoint outbox_delivery`.execute(trx),
  rollback: (trx: Transaction<Database>) => sql`rollback to savepoint outbox_delivery`.execute(trx),
};
