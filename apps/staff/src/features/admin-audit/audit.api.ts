import type { AuditPage } from '@mandado/shared/admin-audit.schemas';
import { apiGet } from '@mandado/web-kit/api-client.ts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditFilters } from './audit-text.ts';

/** `GET /v1/admin/audit/` with the screen's filters, page after page (issue 19). */
export function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'audit', filters] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(filters);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiGet<AuditPage>(`/admin/audit/${query ? `?${query}` : ''}`, signal);
    },
    initialPageParam: '',
    getNextPageParam: (last: AuditPage) => last.next_cursor ?? undefined,
    staleTime: 0,
    // A bad filter (400) stays bad: asking again would only repeat it.
    retry: false,
  });
}
