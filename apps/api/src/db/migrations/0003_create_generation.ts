import { sql, type Kysely } from 'kysely';

/**
 * Generation: worker agents, the task queue (a PostgreSQL table leased with FOR UPDATE SKIP LOCKED) and
 * the images tasks produce. Balances move in the same transaction as the task insert (ledger_entry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('worker')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('token_hash', 'bytea', (col) => col.notNull().unique())
    .addColumn('engine', 'text')
    .addColumn('capabilities', 'jsonb')
    .addColumn('disabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('jobs_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('jobs_failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('busy_ms', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('image')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('uuid', 'uuid', (col) => col.notNull().unique())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('style_id', 'integer')
    .addColumn('gen_type', 'text', (col) => col.notNull())
    .addColumn('render', 'text')
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('quality', 'text', (col) => col.notNull())
    .addColumn('seed', 'bigint', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('neg_prompt', 'text', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('gen_data', 'jsonb', (col) => col.notNull())
    .addColumn('signature', 'text')
    .addColumn('is_private', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('watermarked', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('upscaled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('blurhash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('image_user_created').on('image').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('image_user_signature').on('image').columns(['user_id', 'signature']).execute();

  await db.schema
    .createTable('task')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) =>
      col.notNull().check(sql`type in ('txt2img', 'upscale', 'style_convert', 'inpaint')`),
    )
    .addColumn('state', 'smallint', (col) => col.notNull())
    .addColumn('lane', 'text', (col) => col.notNull().check(sql`lane in ('fast', 'normal', 'eco')`))
    // Queue order: enqueued_at shifted by the lane (fast earlier, eco later), so a lane never starves another.
    .addColumn('queue_key', 'timestamptz', (col) => col.notNull())
    .addColumn('settings', 'jsonb', (col) => col.notNull())
    .addColumn('job', 'jsonb', (col) => col.notNull())
    // Copied out of the job so that a worker is only offered what it can run.
    .addColumn('checkpoint', 'text', (col) => col.notNull())
    .addColumn('pixels', 'integer', (col) => col.notNull())
    .addColumn('signature', 'text')
    .addColumn('cost', 'integer', (col) => col.notNull())
    .addColumn('paid_with', 'text', (col) => col.check(sql`paid_with in ('generation_token', 'daily_token')`))
    .addColumn('refunded', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(3))
    .addColumn('worker_id', 'bigint', (col) => col.references('worker.id').onDelete('set null'))
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('progress_step', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('progress_max', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('preview', 'bytea')
    .addColumn('error', 'text')
    .addColumn('source_image_id', 'bigint', (col) => col.references('image.id').onDelete('set null'))
    .addColumn('image_id', 'bigint', (col) => col.references('image.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index task_queue on task (queue_key) where state = 0`.execute(db);
  await sql`create index task_leased on task (lease_expires_at) where lease_expires_at is not null`.execute(
    db,
  );
  await db.schema.createIndex('task_user_created').on('task').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['task', 'image', 'worker']) await db.schema.dropTable(table).ifExists().execute();
}
