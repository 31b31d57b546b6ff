import type { ReturnStatus } from '@mandado/shared/return-status';
import type {
  AdminReturns,
  CourierReturn,
  ReturnRequest,
  StoreReturns,
} from '@mandado/shared/returns-schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/**
 * Returns in the staff app (issue 32): the store's list and its decisions, the back office's list and its
 * overrule, and the courier's reverse pickup link. Types only from the shared schemas: no zod in these pages.
 */

function storeReturnsPath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}/returns/`;
}

export function storeReturnsKey(storeId: number) {
  return ['returns', 'store', storeId] as const;
}

export function storeReturnsQueryOptions(storeId: number, status?: ReturnStatus) {
  return queryOptions({
    queryKey: [...storeReturnsKey(storeId), status ?? 'all'],
    queryFn: async ({ signal }) =>
      (await apiGet<StoreReturns>(`${storeReturnsPath(storeId)}${status ? `?status=${status}` : ''}`, signal))
        .items,
    staleTime: 15_000,
  });
}

/** The returns waiting for the store's answer: the nav's count, asked again every minute. */
export function pendingReturnsQueryOptions(storeId: number) {
  return queryOptions({
    ...storeReturnsQueryOptions(storeId, 'requested'),
    refetchInterval: 60_000,
    select: (items: ReturnRequest[]) => items.length,
  });
}

export function decideReturn(
  storeId: number,
  returnId: number,
  decision: { accept: true } | { accept: false; reason: string },
): Promise<ReturnRequest> {
  return apiPost<ReturnRequest>(`${storeReturnsPath(storeId)}${segment(returnId)}/decision/`, decision);
}

/** 'Recibí la devolución': the refund goes out in the same transaction. */
export function confirmReturnReceived(storeId: number, returnId: number): Promise<ReturnRequest> {
  return apiPost<ReturnRequest>(`${storeReturnsPath(storeId)}${segment(returnId)}/received/`, {});
}

export interface AdminReturnFilters {
  status?: ReturnStatus | undefined;
  storeId?: number | undefined;
  page: number;
}

export function adminReturnsKey() {
  return ['returns', 'admin'] as const;
}

export function adminReturnsQueryOptions(filters: AdminReturnFilters) {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.storeId) query.set('storeId', String(filters.storeId));
  query.set('page', String(filters.page));
  return queryOptions({
    queryKey: [...adminReturnsKey(), filters.status ?? '', filters.storeId ?? 0, filters.page],
    queryFn: ({ signal }) => apiGet<AdminReturns>(`/admin/returns/?${query.toString()}`, signal),
    staleTime: 15_000,
  });
}

/** 'Aceptar igualmente': an operator overrules a store's refusal, with a reason (audited). */
export function overruleReturn(returnId: number, reason: string): Promise<ReturnRequest> {
  return apiPost<ReturnRequest>(`/admin/returns/${segment(returnId)}/overrule/`, { reason });
}

export function courierReturnKey(token: string) {
  return ['courier-return', token] as const;
}

export function courierReturnQueryOptions(token: string) {
  return queryOptions({
    queryKey: courierReturnKey(token),
    queryFn: ({ signal }) => apiGet<CourierReturn>(`/courier-returns/${segment(token)}/`, signal),
    // A 404 (unknown link) or a lock is the answer, not a hiccup.
    retry: false,
    staleTime: 10_000,
  });
}

/** 'Retirado' with the family's code; the page asks for the link again afterwards. */
export function markReturnPickedUp(token: string, code: string): Promise<unknown> {
  return apiPost<unknown>(`/courier-returns/${segment(token)}/picked-up/`, { code });
}
