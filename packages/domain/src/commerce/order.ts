/**
 * Orders (spec §3 "payment statuses": SUCCESS, PENDING, FAILURE, PROCESSED). The spec names the statuses
 * without their meaning; read as a buyer would see them in their purchase history:
 * - PENDING: created, waiting for the payment;
 * - SUCCESS: paid, and what it bought was granted;
 * - FAILURE: declined, failed or expired: nothing was taken, nothing granted;
 * - PROCESSED: paid, then refunded or charged back: the grant was taken back (as far as balances allowed).
 */
export const ORDER_STATUS = {
  pending: 'PENDING',
  success: 'SUCCESS',
  failure: 'FAILURE',
  processed: 'PROCESSED',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/**
 * What a provider's notification says happened, once its adapter has verified and read it: the
 * provider-neutral payment events the order service applies.
 */
export type PaymentEventKind = 'paid' | 'renewed' | 'failed' | 'refunded' | 'charged_back' | 'cancelled';

/** The statuses an event may move an order from, and to. Anything else is a replay or out of order. */
export function nextOrderStatus(current: OrderStatus, event: PaymentEventKind): OrderStatus | null {
  switch (event) {
    case 'paid':
      // A late "paid" after a failure still pays: the money was taken (an expired crypto invoice paid late).
      return current === 'PENDING' || current === 'FAILURE' ? 'SUCCESS' : null;
    case 'failed':
      return current === 'PENDING' ? 'FAILURE' : null;
    case 'refunded':
    case 'charged_back':
      return current === 'SUCCESS' ? 'PROCESSED' : null;
    case 'renewed':
    case 'cancelled':
      // A renewal extends a subscription whose first order succeeded; a cancellation stops renewals. Neither
      // changes the first order's status.
      return null;
  }
}
