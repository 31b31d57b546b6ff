import type { StaffStoreOrder } from '@mandado/shared/staff-order.schemas';
import { apiGet, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** One store order as its card in the inbox shows it (GET …/orders/:number/), for its picking ticket. */
export function pickingOrderQueryOptions(storeId: number, number: string) {
  return queryOptions({
    queryKey: ['picking', storeId, number] as const,
    queryFn: ({ signal }) =>
      apiGet<StaffStoreOrder>(`/merchant/stores/${segment(storeId)}/orders/${segment(number)}/`, signal),
  });
}
