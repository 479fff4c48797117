import type { Kysely } from 'kysely';

/**
 * How a flagged payment was reviewed (docs/product/moderation-console.md#flagged-payments): an admin marks
 * an order whose `review` is set, or a notification no order matched, as reviewed with a written note. The
 * flag itself (`payment_order.review`, the notification's outcome) stays as the record of what happened;
 * `review_resolved_at` says a person looked at it. Nothing here moves a balance: a grant an admin decides
 * on goes through the ledger (the account's balance adjustment).
 *
 * A charged-back account's flag (`app_user.review_reason`) is cleared when reviewed; the audit log keeps
 * the reason, so it needs no column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payment_order', 'payment_notification']) {
    await db.schema
      .alterTable(table)
      .addColumn('review_resolved_at', 'timestamptz')
      .addColumn('review_resolved_by', 'bigint', (col) => col.references('app_user.id').onDelete('set null'))
      .addColumn('review_note', 'text')
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payment_order', 'payment_notification']) {
    await db.schema
      .alterTable(table)
      .dropColumn('review_note')
      .dropColumn('review_resolved_by')
      .dropColumn('review_resolved_at')
      .execute();
  }
}
