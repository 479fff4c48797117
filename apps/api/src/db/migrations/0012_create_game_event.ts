import { sql, type Kysely } from 'kysely';

/**
 * Game events (docs/product/player.md#events): limited-time image hunts an operator defines.
 *
 * `game_event`: one row per event, written only by the operator's loader (a JSON file, `npm run event`).
 * Titles and descriptions are JSON objects by language (English required). One event runs at a time: the
 * loader refuses overlaps (a range exclusion constraint would need btree_gist, which PGlite lacks).
 *
 * `game_event_image`: the gallery images an event marks. An image deleted since is dropped with it.
 *
 * `game_event_find`: the marked images a player has found, once each (the primary key): the reward tokens
 * are paid through the ledger in the same transaction, with the find as the entry's reference.
 *
 * `game_event_visitor`: when a player closed the event's announcement, so it is not shown again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_event')
    .addColumn('uuid', 'uuid', (col) => col.primaryKey())
    .addColumn('title', 'jsonb', (col) => col.notNull())
    .addColumn('description', 'jsonb', (col) => col.notNull())
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('reward_tokens', 'integer', (col) =>
      col.notNull().check(sql`reward_tokens between 1 and 1000`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('game_event_span', sql`ends_at > starts_at`)
    .execute();
  await sql`create index game_event_by_end on game_event (ends_at)`.execute(db);

  await db.schema
    .createTable('game_event_image')
    .addColumn('event_uuid', 'uuid', (col) => col.notNull().references('game_event.uuid').onDelete('cascade'))
    .addColumn('image_id', 'bigint', (col) => col.notNull().references('image.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('game_event_image_pk', ['event_uuid', 'image_id'])
    .execute();

  await db.schema
    .createTable('game_event_find')
    .addColumn('event_uuid', 'uuid', (col) => col.notNull().references('game_event.uuid').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('image_id', 'bigint', (col) => col.notNull().references('image.id').onDelete('cascade'))
    .addColumn('reward_tokens', 'integer', (col) => col.notNull().check(sql`reward_tokens >= 0`))
    .addColumn('found_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('game_event_find_pk', ['event_uuid', 'user_id', 'image_id'])
    .execute();

  await db.schema
    .createTable('game_event_visitor')
    .addColumn('event_uuid', 'uuid', (col) => col.notNull().references('game_event.uuid').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('consumed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('game_event_visitor_pk', ['event_uuid', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['game_event_visitor', 'game_event_find', 'game_event_image', 'game_event']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
