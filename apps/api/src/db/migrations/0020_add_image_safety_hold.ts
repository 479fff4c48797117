import { sql, type Kysely } from 'kysely';

/**
 * The image-side safety check (docs/architecture/image-safety.md):
 * - `image.safety_state`: `pending` (finished, not scored yet), `held` (waiting for a moderator) or `clear`.
 *   Only a `clear` image can be seen by anybody but its owner (canView / visibleTo). Images that exist
 *   already were published before the check existed: they start `clear` (the column's default, which also
 *   suits pictures the service paints itself); a new image the models must check is inserted `pending`.
 * - The public partial indexes take the new predicate, so that the public boards (visibleTo(ANONYMOUS):
 *   `not is_private and safety_state = 'clear'`) keep their index walks.
 * - `image_safety_review`: the moderators' queue of held images, with the scores and reasons, open until
 *   one releases the image or removes (deletes) it. A row outlives its image (image_id set to null) so the
 *   decision stays on record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('image')
    .addColumn('safety_state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('clear')
        .check(sql`safety_state in ('pending', 'held', 'clear')`),
    )
    .execute();
  await publicIndexes(db, sql`not is_private and safety_state = 'clear'`);
  // The sweep's walk over images still waiting for the check (few at any time).
  await sql`create index image_safety_pending on image (id) where safety_state = 'pending'`.execute(db);

  await db.schema
    .createTable('image_safety_review')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('image_id', 'bigint', (col) => col.unique().references('image.id').onDelete('set null'))
    .addColumn('image_uuid', 'uuid', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) => col.references('app_user.id').onDelete('set null'))
    .addColumn('scores', 'jsonb', (col) => col.notNull())
    .addColumn('reasons', sql`text[]`, (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'released', 'removed')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'bigint', (col) => col.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('image_safety_review_state')
    .on('image_safety_review')
    .columns(['state', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_safety_review').execute();
  await sql`drop index image_safety_pending`.execute(db);
  await publicIndexes(db, sql`not is_private`);
  await db.schema.alterTable('image').dropColumn('safety_state').execute();
}

/** The public boards' partial indexes (migration 0005), rebuilt with `predicate`. */
async function publicIndexes(db: Kysely<unknown>, predicate: ReturnType<typeof sql>): Promise<void> {
  await sql`drop index image_public_newest`.execute(db);
  await sql`drop index image_public_shuffle`.execute(db);
  await sql`create index image_public_newest on image (id) where ${predicate}`.execute(db);
  await sql`create index image_public_shuffle on image (shuffle_key, id) where ${predicate}`.execute(db);
}
