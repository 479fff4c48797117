/**
 * What the shop says when the buyer comes back from a checkout (/tickets?order={id}, with `cancelled=1` from
 * a provider's cancel link): the order's status in the purchase history, read as the buyer expects.
 */
import { ORDER_STATUS } from '@mirage/domain';
import { describeProduct } from './products.ts';

export type OrderOutcome =
  | { kind: 'tickets'; tickets: number }
  | { kind: 'plan'; plan: 'basic' | 'pro' }
  | { kind: 'pending' }
  | { kind: 'stillPending' }
  | { kind: 'declined' }
  | { kind: 'cancelled' }
  | { kind: 'refunded' }
  | { kind: 'notFound' };

export interface OrderSeen {
  product: string;
  status: string;
}

/**
 * The outcome of an order: granted (tickets, or a plan), still waiting (while the history is polled: `polling`),
 * declined, cancelled at the checkout, refunded, or not among the buyer's orders.
 */
export function orderOutcome(
  order: OrderSeen | null | undefined,
  options: { cancelled: boolean; polling: boolean },
): OrderOutcome {
  if (!order) return { kind: 'notFound' };
  switch (order.status) {
    case ORDER_STATUS.success: {
      const product = describeProduct(order.product);
      if (product?.kind === 'plan') return { kind: 'plan', plan: product.plan };
      return { kind: 'tickets', tickets: product?.kind === 'pack' ? product.tickets + product.bonus : 0 };
    }
    case ORDER_STATUS.failure:
      return options.cancelled ? { kind: 'cancelled' } : { kind: 'declined' };
    case ORDER_STATUS.processed:
      return { kind: 'refunded' };
    default:
      // Pending: a buyer who cancelled at the provider will never be confirmed; others wait for its notification.
      if (options.cancelled) return { kind: 'cancelled' };
      return options.polling ? { kind: 'pending' } : { kind: 'stillPending' };
  }
}

/** How many times a pending order is read again before the shop stops waiting. */
export const PENDING_POLLS = 6;

/**
 * The wait before the next reading of a pending order, after `readings` readings: 1 s, doubling, at most
 * 15 s; false once PENDING_POLLS more readings have been made (about 45 s in all).
 */
export function pendingPollDelay(readings: number): number | false {
  const attempt = Math.max(0, readings - 1);
  if (attempt >= PENDING_POLLS) return false;
  return Math.min(1000 * 2 ** attempt, 15_000);
}
