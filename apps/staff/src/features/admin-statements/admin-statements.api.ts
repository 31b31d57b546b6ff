import type {
  AdminStatementWeek,
  AdminStoreStatement,
  ShippingStatement,
} from '@mandado/shared/admin-payments.schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The operators' statements (issue 19): /v1/admin/statements/… */

export const ADMIN_STATEMENTS_KEY = ['admin-statements'] as const;

/** `week`: a Monday (YYYY-MM-DD), or '' for the last week that ended. */
export function adminStatementWeekQueryOptions(week: string) {
  return queryOptions({
    queryKey: [...ADMIN_STATEMENTS_KEY, week] as const,
    queryFn: ({ signal }) =>
      apiGet<AdminStatementWeek>(`/admin/statements/${week ? `?week=${segment(week)}` : ''}`, signal),
    staleTime: 30_000,
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

/** The week's CSV, for a plain link (a GET carries the session cookie and needs no CSRF token). */
export function adminStatementsCsvUrl(week: string): string {
  return `/v1/admin/statements/export.csv?week=${segment(week)}`;
}
