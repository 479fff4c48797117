import { sql, type Kysely } from 'kysely';

/**
 * The guest trial (DECISIONS.md "Guests and the client"; features/guest):
 * - `guest_session`: one browser's trial, by the hash of its cookie's random token (like `session`). Its
 *   task and image belong to an owner account created for it (`user_id`: an inactive `app_user` row that
 *   nobody can sign in to), so that every existing privacy rule — a private image is its owner's only —
 *   covers it without any query learning a new kind of owner. Expires 24 h after creation.
 * - `guest_trial_use`: one row per trial image. The unique (session, day) and (address, day) indexes
 *   are the one-image-a-UTC-day limits themselves, so two parallel calls cannot both pass them.
 * - `guest_address_strike`: child-safety refusals of guests by address key: the accounts' strikes
 *   escalate per account, and a guest has no account that lasts, so its address carries them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('guest_session')
    .addColumn('token_hash', 'bytea', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('guest_session_user').on('guest_session').column('user_id').execute();
  await db.schema.createIndex('guest_session_expires').on('guest_session').column('expires_at').execute();

  await db.schema
    .createTable('guest_trial_use')
    .addColumn('task_id', 'uuid', (col) => col.primaryKey())
    .addColumn('session_hash', 'bytea', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('guest_trial_use_session_day')
    .unique()
    .on('guest_trial_use')
    .columns(['session_hash', 'day'])
    .execute();
  await db.schema
    .createIndex('guest_trial_use_address_day')
    .unique()
    .on('guest_trial_use')
    .columns(['address', 'day'])
    .execute();
  await db.schema.createIndex('guest_trial_use_created').on('guest_trial_use').column('created_at').execute();

  await db.schema
    .createTable('guest_address_strike')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('guest_address_strike_address')
    .on('guest_address_strike')
    .columns(['address', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('guest_address_strike').ifExists().execute();
  await db.schema.dropTable('guest_trial_use').ifExists().execute();
  await db.schema.dropTable('guest_session').ifExists().execute();
}
