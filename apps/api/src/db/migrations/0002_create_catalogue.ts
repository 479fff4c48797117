import { sql, type Kysely } from 'kysely';

/**
 * The generation catalogue (docs/product/generation.md#catalogue): graphic styles, boosters (modifiers) in
 * categories, prompt presets with per-user favourites, and moderation rules. The rows come from
 * `db/seed/catalogue-data.ts` through `seedCatalogue` (run at boot after the migrations), not from this
 * migration: the data changes more often than the schema.
 *
 * Styles, categories and boosters have fixed ids chosen in the seed data, because images, tasks and the
 * client's selected-styles cookie refer to them: the same style must have the same id on every server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('graphic_style')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    // The style's slug; the web shows its name from the i18n key `style.<lib>`.
    .addColumn('lib', 'text', (col) => col.notNull().unique())
    .addColumn('render', 'text', (col) => col.notNull().check(sql`render in ('hentai', 'realistic')`))
    .addColumn('is_free', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_new', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('txt2img', 'boolean', (col) => col.notNull().defaultTo(true))
    // A disabled style is hidden from the list and refused with `style_disabled`.
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    // The engine checkpoint file the style needs (WorkerJob.checkpoint).
    .addColumn('pipeline', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('default_steps', 'integer', (col) => col.notNull().check(sql`default_steps between 1 and 150`))
    .addColumn('default_sampler', 'text', (col) => col.notNull())
    .addColumn('default_scheduler', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('booster_category')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('lib', 'text', (col) => col.notNull().unique())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('booster')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('booster_category.id'))
    .addColumn('lib', 'text', (col) => col.notNull().unique())
    .addColumn('render', 'text', (col) => col.notNull().check(sql`render in ('hentai', 'realistic', 'both')`))
    // Tags suggested beside the slot when the booster is chosen.
    .addColumn('tags', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('is_new', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    // The engine's LoRA file (WorkerJob.loras[].name).
    .addColumn('lora', 'text', (col) => col.notNull())
    // LoRA strength at a slot weight of 100 %; a slot at w % applies lora_weight * w / 100.
    .addColumn('lora_weight', 'real', (col) => col.notNull().check(sql`lora_weight > 0 and lora_weight <= 2`))
    // The slot weight (0-100 %) the panel proposes when the booster is added.
    .addColumn('default_weight', 'smallint', (col) =>
      col.notNull().check(sql`default_weight between 0 and 100`),
    )
    // Styles (by lib) this booster cannot be combined with (docs/product/generation.md#catalogue: the style
    // is refused, a modal lists them).
    .addColumn('incompatible_style_libs', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('booster_category_id').on('booster').column('category_id').execute();

  await db.schema
    .createTable('preset')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    // Category path, split on '/' by the client into the preset tree (e.g. "Scenery/Coast").
    .addColumn('path', 'text', (col) => col.notNull().check(sql`path <> ''`))
    // The preset's title as shown in the tree.
    .addColumn('lib', 'text', (col) => col.notNull())
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('neg_prompt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('preset_path_lib', ['path', 'lib'])
    .execute();

  await db.schema
    .createTable('preset_favorite')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('preset_id', 'integer', (col) => col.notNull().references('preset.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('preset_favorite_pk', ['user_id', 'preset_id'])
    .execute();

  await db.schema
    .createTable('moderation_rule')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    // A stable name for the rule, so that seeding updates it in place.
    .addColumn('lib', 'text', (col) => col.notNull().unique())
    .addColumn('words', sql`text[]`, (col) => col.notNull().check(sql`cardinality(words) > 0`))
    .addColumn('suggestions', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    // docs/product/moderation.md#two-layers: Forbidden 0, Suggestion 1.
    .addColumn('type', 'smallint', (col) => col.notNull().check(sql`type in (0, 1)`))
    .addColumn('applies_to', 'text', (col) =>
      col.notNull().check(sql`applies_to in ('positive', 'negative', 'all')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'moderation_rule',
    'preset_favorite',
    'preset',
    'booster',
    'booster_category',
    'graphic_style',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
