import type { Cart } from '@mandado/shared/cart.schemas';
import type { OrderGroup, OrderSummary, Tracking } from '@mandado/shared/checkout.schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions, useMutation } from '@tanstack/react-query';

/**
 * The remitter's orders (issue 10): types only from the shared schemas, so the pages do not bring zod along.
 * Keys carry the account id: a second account on the same device never sees the first one's orders.
 */
const ORDERS_KEY = ['orders'] as const;

/** Statuses move while the remitter watches: a page opened again asks again (no five-minute cache). */
const ORDER_STALE_MS = 15_000;

export function ordersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, userId, 'list'],
    queryFn: async ({ signal }) => (await apiGet<{ results: OrderSummary[] }>('/orders/', signal)).results,
    staleTime: ORDER_STALE_MS,
  });
}

export function orderQueryOptions(userId: string, number: string) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, userId, 'detail', number],
    queryFn: ({ signal }) => apiGet<OrderGroup>(`/orders/${segment(number)}/`, signal),
    staleTime: ORDER_STALE_MS,
  });
}

/** The family member's page: no account, no prices. */
export function trackingQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['tracking', token],
    queryFn: ({ signal }) => apiGet<Tracking>(`/tracking/${segment(token)}/`, signal),
    staleTime: ORDER_STALE_MS,
  });
}

export interface RepeatOrderResult {
  cart: Cart;
  unavailable: { name: string; reason: string }[];
}

/** `POST /v1/orders/:number/repeat/`: the server adds the order's products to the cart and answers the cart. */
export function useRepeatOrderRequest() {
  return useMutation({
    mutationFn: (number: string) => apiPost<RepeatOrderResult>(`/orders/${segment(number)}/repeat/`, {}),
  });
}
