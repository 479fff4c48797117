import { sql, type Kysely } from 'kysely';

/** Accounts, sessions, password resets, OAuth identities, abuse counters and the balance ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('pwd_hash', 'text')
    .addColumn('keep_updated', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('generation_token', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`generation_token >= 0`),
    )
    .addColumn('daily_token', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`daily_token >= 0`),
    )
    .addColumn('tag_setting_ack', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('lang', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('referral_code', 'text', (col) => col.notNull().unique())
    .addColumn('referrer_id', 'bigint', (col) => col.references('app_user.id').onDelete('set null'))
    .addColumn('pro_expire', 'timestamptz')
    .addColumn('daily_quest_completed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('plan', 'smallint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`plan between 0 and 2`),
    )
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames and emails are unique without regard to case ("Alice" and "alice" are the same person).
  await sql`create unique index app_user_username_lower on app_user (lower(username))`.execute(db);
  await sql`create unique index app_user_email_lower on app_user (lower(email))`.execute(db);

  await db.schema
    .createTable('session')
    .addColumn('token_hash', 'bytea', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('session_user_id').on('session').column('user_id').execute();

  await db.schema
    .createTable('password_reset')
    .addColumn('token_hash', 'bytea', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('password_reset_user_id').on('password_reset').column('user_id').execute();

  await db.schema
    .createTable('oauth_identity')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('oauth_identity_pk', ['provider', 'subject'])
    .execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_pk', ['key', 'window_start'])
    .execute();

  await db.schema
    .createTable('ledger_entry')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('balance', 'text', (col) =>
      col.notNull().check(sql`balance in ('generation_token', 'daily_token', 'reward_tokens')`),
    )
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_entry_user_id').on('ledger_entry').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ledger_entry',
    'rate_limit',
    'oauth_identity',
    'password_reset',
    'session',
    'app_user',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
