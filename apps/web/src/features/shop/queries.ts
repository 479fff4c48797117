import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPayments, fetchShop } from './api.ts';
import { pendingPollDelay } from './outcome.ts';

export const SHOP_KEY = ['shop'] as const;
/** The purchase history's queries (its pages, and the orders read back after a checkout). */
export const PAYMENTS_KEY = ['payments'] as const;

/** The history's page size, and how far back an order returned from a checkout is looked for. */
export const HISTORY_PAGE_SIZE = 10;

/** The catalogue: it changes with a release, so it is kept for the visit. */
export function useShop() {
  return useQuery({ queryKey: SHOP_KEY, queryFn: ({ signal }) => fetchShop(signal), staleTime: Infinity });
}

/** One page of the purchase history (newest first); the previous page stays on screen while the next loads. */
export function usePayments(page: number, enabled = true) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'page', page],
    queryFn: ({ signal }) => fetchPayments(page, HISTORY_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const orderKey = (orderId: string | null) => [...PAYMENTS_KEY, 'order', orderId] as const;

/**
 * One of the buyer's orders, read from the newest page of the history (an order just made is on it); null
 * when it is not there. With `poll`, a pending order is read again, 1 s later then backing off
 * (outcome.ts), until it settles or the shop stops waiting. `readings`: how many answers have come.
 */
export function useOrder(orderId: string | null, poll = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: orderKey(orderId),
    queryFn: async ({ signal }) => {
      const answer = await fetchPayments(0, HISTORY_PAGE_SIZE, signal);
      return answer.items.find((item) => item.id === orderId) ?? null;
    },
    enabled: orderId !== null,
    refetchInterval: (current) =>
      poll && current.state.data?.status === 'PENDING'
        ? pendingPollDelay(current.state.dataUpdateCount)
        : false,
  });
  // Read so that each answer renders again (the result's properties are tracked), even an unchanged one.
  const answeredAt = query.dataUpdatedAt;
  const readings = answeredAt > 0 ? (queryClient.getQueryState(orderKey(orderId))?.dataUpdateCount ?? 0) : 0;
  return { query, readings };
}
