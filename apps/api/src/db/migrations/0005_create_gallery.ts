import { sql, type Kysely } from 'kysely';

/**
 * The gallery: tags (from prompts, plus system tags for style, render and format), each image's tag ids
 * and random shuffle key, favourites, reports, per-user tag blacklists, saved prompts and their
 * subscriptions.
 *
 * Index design for search at a million images (BENCHMARKS.md, `npm run bench:gallery`):
 * - GIN on image.tag_ids answers "all of" (@>), "any of" (&&) and "none of" (NOT &&) tag filters;
 * - partial b-tree indexes over public images give both orders without sorting the match set: newest
 *   (id desc) and shuffle (shuffle_key, id), where a shuffle starts at a seed-chosen key and wraps round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tag')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('usage_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tag_kind_name', ['kind', 'name'])
    .execute();
  // Autocomplete: prefix matches (LIKE 'abc%') on prompt tags.
  await sql`create index tag_prefix on tag (name text_pattern_ops) where kind = 'prompt'`.execute(db);

  await db.schema
    .alterTable('image')
    .addColumn('tag_ids', sql`bigint[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('shuffle_key', 'integer', (col) =>
      col.notNull().defaultTo(sql`floor(random() * 2147483647)::integer`),
    )
    .addColumn('nsfw', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_sample', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`create index image_tag_ids on image using gin (tag_ids)`.execute(db);
  await sql`create index image_public_newest on image (id) where not is_private`.execute(db);
  await sql`create index image_public_shuffle on image (shuffle_key, id) where not is_private`.execute(db);
  await db.schema.createIndex('image_user_id').on('image').columns(['user_id', 'id']).execute();
  await sql`create index image_sample on image (id) where is_sample`.execute(db);

  await db.schema
    .createTable('favorite')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('image_id', 'bigint', (col) => col.notNull().references('image.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorite_pk', ['user_id', 'image_id'])
    .execute();
  await db.schema.createIndex('favorite_image').on('favorite').column('image_id').execute();

  await db.schema
    .createTable('image_report')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('image_id', 'bigint', (col) => col.notNull().references('image.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('image_report_once', ['user_id', 'image_id'])
    .execute();
  await db.schema.createIndex('image_report_image').on('image_report').column('image_id').execute();

  await db.schema
    .createTable('user_tag_ban')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('tag_id', 'bigint', (col) => col.notNull().references('tag.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_tag_ban_pk', ['user_id', 'tag_id'])
    .execute();

  await db.schema
    .createTable('saved_prompt')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('lib', 'text', (col) => col.notNull())
    .addColumn('pos_tags', sql`bigint[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('opt_tags', sql`bigint[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('neg_tags', sql`bigint[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('styles', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('is_public', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('subscriber_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('saved_prompt_user').on('saved_prompt').columns(['user_id', 'id']).execute();
  await sql`create index saved_prompt_public on saved_prompt (id) where is_public`.execute(db);

  await db.schema
    .createTable('prompt_subscription')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('prompt_id', 'bigint', (col) =>
      col.notNull().references('saved_prompt.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('prompt_subscription_pk', ['user_id', 'prompt_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['prompt_subscription', 'saved_prompt', 'user_tag_ban', 'image_report', 'favorite']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const index of [
    'image_tag_ids',
    'image_public_newest',
    'image_public_shuffle',
    'image_user_id',
    'image_sample',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema
    .alterTable('image')
    .dropColumn('tag_ids')
    .dropColumn('shuffle_key')
    .dropColumn('nsfw')
    .dropColumn('is_sample')
    .execute();
  await db.schema.dropTable('tag').ifExists().execute();
}
