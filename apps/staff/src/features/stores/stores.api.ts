import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { apiGet } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** GET /v1/merchant/stores/: the stores the logged-in member works for. */
export function merchantStoresQueryOptions() {
  return queryOptions({
    queryKey: ['merchant', 'stores'],
    queryFn: ({ signal }) => apiGet<{ results: MerchantStore[] }>('/merchant/stores/', signal),
    select: (answer) => answer.results,
  });
}
