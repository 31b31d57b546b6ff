import type {
  AdminStoreDetail,
  AdminStoreList,
  AdminStoreMemberInput,
  AdminStoreStatus,
} from '@mandado/shared/admin-stores.schemas';
import type { storeApplicationListSchema } from '@mandado/shared/store-application.schemas';
import { apiDelete, apiGet, apiPost, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';

/** The back office's stores (issue 19): /v1/admin/store-applications/ and /v1/admin/stores/. */

export type StoreApplication = z.infer<typeof storeApplicationListSchema>['results'][number];

export const ADMIN_STORES_KEY = ['admin', 'stores'] as const;

export function applicationsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_STORES_KEY, 'applications', 'pending'] as const,
    queryFn: ({ signal }) =>
      apiGet<{ results: StoreApplication[] }>('/admin/store-applications/?status=pending', signal),
    staleTime: 0,
  });
}

export function storesQueryOptions(filter: { q: string; status: AdminStoreStatus | '' }) {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  const query = params.toString();
  return queryOptions({
    queryKey: [...ADMIN_STORES_KEY, 'list', filter.q, filter.status] as const,
    queryFn: ({ signal }) => apiGet<AdminStoreList>(`/admin/stores/${query ? `?${query}` : ''}`, signal),
    staleTime: 0,
  });
}

export function storeKey(storeId: number) {
  return [...ADMIN_STORES_KEY, 'detail', storeId] as const;
}

export function storeQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: storeKey(storeId),
    queryFn: ({ signal }) => apiGet<AdminStoreDetail>(`/admin/stores/${segment(storeId)}/`, signal),
    staleTime: 0,
  });
}

export function approveApplication(id: number): Promise<{ store_id: number }> {
  return apiPost(`/admin/store-applications/${segment(id)}/approve/`, {});
}

export function rejectApplication(id: number, reason: string): Promise<unknown> {
  return apiPost(`/admin/store-applications/${segment(id)}/reject/`, { reason });
}

const storePath = (storeId: number) => `/admin/stores/${segment(storeId)}`;

export function suspendStore(storeId: number, reason: string): Promise<AdminStoreDetail> {
  return apiPost(`${storePath(storeId)}/suspend/`, { reason });
}

export function reopenStore(storeId: number): Promise<AdminStoreDetail> {
  return apiPost(`${storePath(storeId)}/reopen/`, {});
}

export function setCommission(storeId: number, commissionRate: number): Promise<AdminStoreDetail> {
  return apiPut(`${storePath(storeId)}/commission/`, { commission_rate: commissionRate });
}

export function addMember(storeId: number, input: AdminStoreMemberInput): Promise<AdminStoreDetail> {
  return apiPost(`${storePath(storeId)}/members/`, input);
}

export function removeMember(storeId: number, userId: number): Promise<AdminStoreDetail> {
  return apiDelete(`${storePath(storeId)}/members/${segment(userId)}/`);
}
