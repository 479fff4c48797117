import { sql, type Kysely } from 'kysely';

/**
 * Referrals (docs/product/commerce.md#referrals).
 *
 * `app_user.referred_at`: when the account named its referrer (at sign-up, or later in the settings), or
 * null. The referrer's gain is only for a first purchase made after it: a purchase made before the account
 * named anyone was not brought by the referral. Accounts referred before this migration count from their
 * sign-up, which is when they named their referrer (only sign-up could set it).
 *
 * `app_user_referrer_id`: the referrer's list of referred accounts, newest first.
 *
 * The gains themselves are ledger entries (referral_gain, referrer_gain and its reversal): no column says
 * "paid", the entries and their idempotency keys do. `ledger_entry_referrer_gain` finds the gain an order
 * earned when the order is refunded, without reading the whole ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('referred_at', 'timestamptz').execute();
  await sql`update app_user set referred_at = created_at where referrer_id is not null`.execute(db);
  await db.schema
    .createIndex('app_user_referrer_id')
    .on('app_user')
    .columns(['referrer_id', 'referred_at'])
    .where(sql<boolean>`referrer_id is not null`)
    .execute();
  await db.schema
    .createIndex('ledger_entry_referrer_gain')
    .on('ledger_entry')
    .column('ref_id')
    .where(sql<boolean>`reason in ('referrer_gain', 'referrer_gain_reversal')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entry_referrer_gain').ifExists().execute();
  await db.schema.dropIndex('app_user_referrer_id').ifExists().execute();
  await db.schema.alterTable('app_user').dropColumn('referred_at').execute();
}
