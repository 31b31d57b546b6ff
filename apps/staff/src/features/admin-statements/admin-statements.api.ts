import type {
  AdminStatementWeek,
  AdminStoreStatement,
  ShippingStatement,
} from '@mandado/shared/admin-payments.schemas';
import type { AdminStoreList } from '@mandado/shared/admin-stores.schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The operators' statements (issue 19): /v1/admin/statements/… */

export const ADMIN_STATEMENTS_KEY = ['admin-statements'] as const;

/** The statements' query: the week (a Monday, or '' for the last that ended) and one store or all (null). */
function statementsQuery(week: string, storeId: number | null): string {
  const search = new URLSearchParams();
  if (week) search.set('week', week);
  if (storeId !== null) search.set('store_id', String(storeId));
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** `week`: a Monday (YYYY-MM-DD), or '' for the last week that ended; `storeId`: one store (issue 31). */
export function adminStatementWeekQueryOptions(week: string, storeId: number | null = null) {
  return queryOptions({
    queryKey: [...ADMIN_STATEMENTS_KEY, week, storeId] as const,
    queryFn: ({ signal }) =>
      apiGet<AdminStatementWeek>(`/admin/statements/${statementsQuery(week, storeId)}`, signal),
    staleTime: 30_000,
  });
}

/** Every store by name, for the statements' store filter. */
export function statementStoresQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'stores', 'names'] as const,
    queryFn: async ({ signal }) =>
      (await apiGet<AdminStoreList>('/admin/stores/', signal)).results
        .map((store) => ({ id: store.id, name: store.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'es')),
    staleTime: 5 * 60_000,
  });
}

export function markStoreStatementPaid(
  storeId: number,
  week: string,
  reference: string,
): Promise<AdminStoreStatement> {
  return apiPost(`/admin/statements/stores/${segment(storeId)}/${segment(week)}/paid/`, { reference });
}

export function markShippingStatementPaid(week: string, reference: string): Promise<ShippingStatement> {
  return apiPost(`/admin/statements/shipping/${segment(week)}/paid/`, { reference });
}

/**
 * The week's CSV, or one store's detail, for a plain link (a GET carries the session cookie and needs no
 * CSRF token).
 */
export function adminStatementsCsvUrl(week: string, storeId: number | null = null): string {
  return `/v1/admin/statements/export.csv${statementsQuery(week, storeId)}`;
}
