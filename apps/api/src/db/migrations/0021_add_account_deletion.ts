import { sql, type Kysely } from 'kysely';

/**
 * `app_user.deleted_at` (docs/product/accounts.md#deleting-an-account): a deleted account stays as an
 * anonymised row, so that its ledger entries and orders keep their owner for the accounts (the law asks
 * for them) while everything personal is gone. Its username stays taken for a grace period, then the
 * maintenance sweep frees it (`deleted_<id>`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('deleted_at', 'timestamptz').execute();
  await db.schema
    .createIndex('app_user_deleted')
    .on('app_user')
    .column('deleted_at')
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('app_user_deleted').execute();
  await db.schema.alterTable('app_user').dropColumn('deleted_at').execute();
}
