import type { StoreSales } from '@mandado/shared/store-sales.schemas';
import { apiGet, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The owner's sales (issue 31): /v1/merchant/stores/:id/sales/. */
export function salesQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: ['sales', storeId] as const,
    queryFn: ({ signal }) => apiGet<StoreSales>(`/merchant/stores/${segment(storeId)}/sales/`, signal),
    staleTime: 60_000,
  });
}
