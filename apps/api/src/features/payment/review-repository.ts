import { PAYMENT_REVIEW_KINDS, type PaymentReviewKind } from '@mirage/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export { PAYMENT_REVIEW_KINDS, type PaymentReviewKind };

/** One payment waiting for a person's look (docs/product/moderation-console.md#flagged-payments). */
export interface PaymentReviewItem {
  kind: PaymentReviewKind;
  /** The order's uuid, the notification's id or the account's id, as text. */
  id: string;
  user_id: number | null;
  username: string | null;
  provider: string | null;
  product: string | null;
  currency: string | null;
  amount_cents: number | null;
  /** The order's status, or the unmatched notification's event kind. */
  status: string | null;
  /** Why it was flagged: the order's `review`, `unmatched`, or the account's `review_reason`. */
  reason: string;
  /** The provider's payment or event id, for looking it up on their side. */
  reference: string | null;
  created_at: Date;
  flagged_at: Date;
}

export type ResolveOutcome =
  | { outcome: 'not_found' }
  | { outcome: 'not_open' }
  | { outcome: 'resolved'; reason: string; userId: number | null };

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROW_ID = /^[1-9][0-9]{0,17}$/;

/**
 * The flagged payments: orders whose `review` is set (an amount that did not match, a reversal the balances
 * could not cover), notifications no order matched, and accounts flagged by a chargeback. Marking one
 * reviewed records who and why; it never moves a balance (a grant goes through the ledger separately).
 */
export function createPaymentReviewRepository(db: DB) {
  return {
    /** The open ones, newest flag first, offset-paged. */
    async listOpen(limit: number, offset: number): Promise<PaymentReviewItem[]> {
      const result = await sql<PaymentReviewItem>`
        select * from (
          select 'order' as kind, o.id::text as id, o.user_id, u.username, o.provider, o.product,
                 o.currency, o.amount_cents, o.status, o.review as reason, o.provider_ref as reference,
                 o.created_at, o.updated_at as flagged_at
            from payment_order o join app_user u on u.id = o.user_id
           where o.review is not null and o.review_resolved_at is null
          union all
          select 'notification', n.id::text, null::bigint, null::text, n.provider, null::text, null::text,
                 null::integer, n.kind, n.outcome, n.event_id, n.received_at, n.received_at
            from payment_notification n
           where n.outcome = 'unmatched' and n.review_resolved_at is null
          union all
          select 'account', u.id::text, u.id, u.username, null::text, null::text, null::text, null::integer,
                 null::text, u.review_reason, null::text, u.created_at,
                 coalesce((select max(p.updated_at) from payment_order p where p.user_id = u.id), u.created_at)
            from app_user u
           where u.review_reason is not null
        ) flagged
        order by flagged_at desc, kind, id desc
        limit ${limit} offset ${offset}
      `.execute(db);
      return result.rows.map((row) => ({
        ...row,
        user_id: row.user_id === null ? null : Number(row.user_id),
        amount_cents: row.amount_cents === null ? null : Number(row.amount_cents),
        created_at: new Date(row.created_at),
        flagged_at: new Date(row.flagged_at),
      }));
    },

    /**
     * Marks one flagged payment reviewed, in the caller's transaction (with its audit entry). The update
     * is conditional on the flag still being open, so of two admins at once exactly one resolves it.
     */
    async resolve(
      trx: DB,
      target: { kind: PaymentReviewKind; id: string },
      by: { userId: number; note: string; at: Date },
    ): Promise<ResolveOutcome> {
      const resolution = { review_resolved_at: by.at, review_resolved_by: by.userId, review_note: by.note };
      if (target.kind === 'order') {
        if (!ORDER_ID.test(target.id)) return { outcome: 'not_found' };
        const order = await trx
          .selectFrom('payment_order')
          .select(['review', 'review_resolved_at', 'user_id'])
          .where('id', '=', target.id)
          .forUpdate()
          .executeTakeFirst();
        if (!order) return { outcome: 'not_found' };
        if (order.review === null || order.review_resolved_at !== null) return { outcome: 'not_open' };
        await trx.updateTable('payment_order').set(resolution).where('id', '=', target.id).execute();
        return { outcome: 'resolved', reason: order.review, userId: order.user_id };
      }
      if (!ROW_ID.test(target.id)) return { outcome: 'not_found' };
      const id = Number(target.id);
      if (target.kind === 'notification') {
        const notification = await trx
          .selectFrom('payment_notification')
          .select(['outcome', 'review_resolved_at'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!notification) return { outcome: 'not_found' };
        if (notification.outcome !== 'unmatched' || notification.review_resolved_at !== null) {
          return { outcome: 'not_open' };
        }
        await trx.updateTable('payment_notification').set(resolution).where('id', '=', id).execute();
        return { outcome: 'resolved', reason: notification.outcome, userId: null };
      }
      const account = await trx
        .selectFrom('app_user')
        .select('review_reason')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!account) return { outcome: 'not_found' };
      if (account.review_reason === null) return { outcome: 'not_open' };
      await trx.updateTable('app_user').set({ review_reason: null }).where('id', '=', id).execute();
      return { outcome: 'resolved', reason: account.review_reason, userId: id };
    },
  };
}
export type PaymentReviewRepository = ReturnType<typeof createPaymentReviewRepository>;
