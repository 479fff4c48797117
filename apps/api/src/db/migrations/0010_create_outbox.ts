import { sql, type Kysely } from 'kysely';

/**
 * The transactional outbox (features/outbox, docs/architecture/events.md).
 *
 * `outbox`: one row per domain event, inserted in the same transaction as the change it records, so an
 * event exists exactly when its change committed. `fanned_out` says whether the dispatcher has already
 * created the event's deliveries; the partial index keeps the not-yet-fanned-out rows cheap to find.
 * `dedupe_key` (unique, optional) makes an append idempotent (one `user.signed_in_day` per user and day).
 *
 * `outbox_delivery`: one row per (event, handler) — the processed marker. A handler's work and the
 * marker's `done` commit in one transaction, so a handler's database writes happen exactly once; a
 * failure rolls them back, counts an attempt and schedules the next one (`next_attempt_at`), and after
 * the last attempt the delivery is `dead` (kept with its last error for an operator).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('dedupe_key', 'text', (col) => col.unique())
    .addColumn('fanned_out', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('available_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index outbox_to_fan_out on outbox (id) where not fanned_out`.execute(db);

  await db.schema
    .createTable('outbox_delivery')
    .addColumn('event_id', 'bigint', (col) => col.notNull().references('outbox.id').onDelete('cascade'))
    .addColumn('handler', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'done', 'dead')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .addPrimaryKeyConstraint('outbox_delivery_pkey', ['event_id', 'handler'])
    .execute();
  await sql`
    create index outbox_delivery_due on outbox_delivery (next_attempt_at) where state = 'pending'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_delivery').ifExists().execute();
  await db.schema.dropTable('outbox').ifExists().execute();
}
