import { sql, type Kysely } from 'kysely';

/**
 * Reseller serial keys (docs/product/commerce.md#serial-keys).
 *
 * `serial_key_batch`: what an operator minted for one reseller at once (`npm run keys -- mint`): every key
 * of a batch is worth the same tickets and Pro days. Revoking a batch stops its unredeemed keys.
 *
 * `serial_key`: one key, stored only as the SHA-256 of its canonical form (a leaked table redeems nothing;
 * 75 random bits make a dictionary pointless), with its last four characters so that support can find a
 * key a customer quotes. `redeemed_by`/`redeemed_at` are set once, under a row lock, in the transaction
 * that credits the key through the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('serial_key_batch')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('reseller', 'text', (col) => col.notNull())
    .addColumn('tickets', 'integer', (col) => col.notNull().check(sql`tickets >= 0`))
    .addColumn('pro_days', 'integer', (col) => col.notNull().check(sql`pro_days >= 0`))
    .addColumn('key_count', 'integer', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('serial_key')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('batch_id', 'integer', (col) =>
      col.notNull().references('serial_key_batch.id').onDelete('cascade'),
    )
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('suffix', 'text', (col) => col.notNull())
    .addColumn('redeemed_by', 'bigint', (col) => col.references('app_user.id').onDelete('set null'))
    .addColumn('redeemed_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index serial_key_by_batch on serial_key (batch_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('serial_key').execute();
  await db.schema.dropTable('serial_key_batch').execute();
}
