import { sql, type Kysely } from 'kysely';

/**
 * Payments (docs/product/commerce.md): the orders this server creates and the providers' notifications.
 *
 * `payment_order`: one purchase of one product (a pack or a plan's month) by one user, at a price fixed when
 * it was created (cents, USD or EUR). Its status (PENDING, SUCCESS, FAILURE, PROCESSED: @mirage/domain
 * ORDER_STATUS) moves only through a verified notification, in the transaction that grants or takes back
 * what it bought through the ledger. `provider_ref` is the provider's payment or subscription id (renewals
 * of a subscription find their first order by it). `review` says why an order needs a person's look (an
 * amount that does not match, a reversal that balances could not cover); nothing is granted on a mismatch.
 *
 * `payment_notification`: every verified notification, once per (provider, event id): a replay finds its
 * row and changes nothing. `outcome` says what it did (applied, ignored, flagged, unmatched).
 *
 * `app_user.review_reason`: an account flagged for a person's review (a chargeback).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_order')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency in ('usd', 'eur')`))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING', 'SUCCESS', 'FAILURE', 'PROCESSED')`),
    )
    .addColumn('provider_ref', 'text')
    .addColumn('review', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await sql`create index payment_order_by_user on payment_order (user_id, created_at desc)`.execute(db);
  await sql`
    create index payment_order_by_ref on payment_order (provider, provider_ref) where provider_ref is not null
  `.execute(db);

  await db.schema
    .createTable('payment_notification')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid', (col) => col.references('payment_order.id').onDelete('set null'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_notification_once', ['provider', 'event_id'])
    .execute();

  await db.schema.alterTable('app_user').addColumn('review_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('review_reason').execute();
  await db.schema.dropTable('payment_notification').ifExists().execute();
  await db.schema.dropTable('payment_order').ifExists().execute();
}
