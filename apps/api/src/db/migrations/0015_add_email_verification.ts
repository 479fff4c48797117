import { sql, type Kysely } from 'kysely';

/**
 * Email verification (docs/product/accounts.md#email-verification).
 *
 * `app_user.email_verified_at`: when the account's address was shown to be its owner's, or null. Accounts
 * that exist when this runs stay unverified: nothing ever checked their addresses, and the settings page
 * offers them a new link. Accounts created through OAuth are written verified from then on, because the
 * provider checked the address (only a provider-verified address creates an account; oauth-login.ts).
 *
 * `email_verification`: the links mailed, like `password_reset`: only the SHA-256 of the token is stored,
 * so a database leak holds no working link; each works once (`used_at`) until `expires_at` (48 hours),
 * and only for the address it was mailed to (`email`), so that a link to an old address cannot verify a
 * new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('email_verified_at', 'timestamptz').execute();

  await db.schema
    .createTable('email_verification')
    .addColumn('token_hash', 'bytea', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('email_verification_user_id')
    .on('email_verification')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verification').ifExists().execute();
  await db.schema.alterTable('app_user').dropColumn('email_verified_at').execute();
}
