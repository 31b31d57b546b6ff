import type { AdminOrderDetail, AdminOrderList } from '@mandado/shared/admin-orders.schemas';
import type { StoreOrderStatus } from '@mandado/shared/order-status';
import type { OperatorRefundInput, Refund } from '@mandado/shared/refund.schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type OrderFilters, orderFiltersQuery } from './admin-orders-text.ts';

/** The back office's orders (issue 19): /v1/admin/orders/… and the store-order actions it uses. */

export function orderListQueryOptions(filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'orders', filters] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = orderFiltersQuery(filters);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiGet<AdminOrderList>(`/admin/orders/${query ? `?${query}` : ''}`, signal);
    },
    initialPageParam: '',
    getNextPageParam: (last: AdminOrderList) => last.next_cursor ?? undefined,
    staleTime: 0,
    // A bad filter (400) stays bad: asking again would only repeat it.
    retry: false,
  });
}

/** The CSV of the same filters, for a plain link (a GET carries the session cookie and needs no CSRF). */
export function orderCsvUrl(filters: OrderFilters): string {
  const query = orderFiltersQuery(filters).toString();
  return `/v1/admin/orders/export.csv${query ? `?${query}` : ''}`;
}

export function orderDetailQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['admin', 'order', number] as const,
    queryFn: ({ signal }) => apiGet<AdminOrderDetail>(`/admin/orders/${segment(number)}/`, signal),
    staleTime: 0,
  });
}

const orderPath = (number: string) => `/admin/orders/${segment(number)}`;
const storeOrderPath = (number: string) => `/admin/store-orders/${segment(number)}`;

export function addNote(number: string, body: string, storeOrderNumber: string | null) {
  return apiPost<AdminOrderDetail>(`${orderPath(number)}/notes/`, {
    body,
    ...(storeOrderNumber ? { store_order_number: storeOrderNumber } : {}),
  });
}

export function cancelOrder(number: string, reason: string) {
  return apiPost<AdminOrderDetail>(`${orderPath(number)}/cancel/`, { reason });
}

export function resendEmail(number: string, emailId: number) {
  return apiPost<AdminOrderDetail>(`${orderPath(number)}/emails/${segment(emailId)}/resend/`, {});
}

export function changeStatus(
  storeOrderNumber: string,
  move: { from: StoreOrderStatus; to: StoreOrderStatus; reason: string },
) {
  return apiPost<unknown>(`${storeOrderPath(storeOrderNumber)}/status/`, move);
}

export function refundStoreOrder(storeOrderNumber: string, input: OperatorRefundInput) {
  return apiPost<Refund>(`${storeOrderPath(storeOrderNumber)}/refunds/`, input);
}

export function reopenCourierLink(storeOrderNumber: string) {
  return apiPost<unknown>(`${storeOrderPath(storeOrderNumber)}/courier-link/reopen/`, undefined);
}
