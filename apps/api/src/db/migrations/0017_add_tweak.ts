import { sql, type Kysely } from 'kysely';

/**
 * The tweak studio (docs/product/generation.md#tweak).
 *
 * `task_mask`: the mask of an inpaint task, normalised by the API to a greyscale PNG at the source's size
 * (white = redraw). Written in the transaction that queues the task and read by the worker holding its
 * lease (GET /api/worker/jobs/:id/mask); deleted when the task ends. A table rather than a file: it lives
 * and dies with its task, with no file left behind when the transaction that queues the task rolls back.
 *
 * `image.source_image_id`: the image a tweak was made from, so the viewer and the creations can link a
 * result to its source; set null when the source is deleted (the result stays the user's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_mask')
    .addColumn('task_id', 'uuid', (col) => col.primaryKey().references('task.id').onDelete('cascade'))
    .addColumn('png', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('image')
    .addColumn('source_image_id', 'bigint', (col) => col.references('image.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('image_source_image_id')
    .on('image')
    .column('source_image_id')
    .where(sql<boolean>`source_image_id is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('image_source_image_id').ifExists().execute();
  await db.schema.alterTable('image').dropColumn('source_image_id').execute();
  await db.schema.dropTable('task_mask').ifExists().execute();
}
