import { sql, type Kysely } from 'kysely';

/**
 * Energy rollover bookkeeping (the last UTC day the daily energy was reset) and the child-safety strike
 * log: every refused attempt is recorded per user for moderators, with machine-readable reasons only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('energy_reset_at', 'timestamptz').execute();
  await db.schema
    .createTable('moderation_strike')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('reasons', sql`text[]`, (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('moderation_strike_user')
    .on('moderation_strike')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_strike').ifExists().execute();
  await db.schema.alterTable('app_user').dropColumn('energy_reset_at').execute();
}
