import type { DashboardRange } from '@mandado/shared/admin-dashboard';
import type { Dashboard } from '@mandado/shared/admin-dashboard.schemas';
import { apiGet } from '@mandado/web-kit/api-client.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** `GET /v1/admin/dashboard/?range=…` (issue 19). */
export function dashboardQueryOptions(range: DashboardRange) {
  return queryOptions({
    queryKey: ['admin', 'dashboard', range] as const,
    queryFn: ({ signal }) => apiGet<Dashboard>(`/admin/dashboard/?range=${range}`, signal),
    // Figures of the day move with every order: a minute is fresh enough for a glance.
    staleTime: 60_000,
    // Switching the range keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
