import type {
  MerchantAvailability,
  MerchantAvailabilityInput,
} from '@mandado/shared/store-availability.schemas';
import { apiGet, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The store's pause and scheduled closure (issue 18): /v1/merchant/stores/:id/availability/. */

function availabilityPath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}/availability/`;
}

export function availabilityKey(storeId: number) {
  return ['availability', storeId] as const;
}

export function availabilityQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: availabilityKey(storeId),
    queryFn: ({ signal }) => apiGet<MerchantAvailability>(availabilityPath(storeId), signal),
    staleTime: 0,
    // The server says the state at the time it answers: while paused or closed, ask again now and then so
    // the page shows 'Recibiendo pedidos' once the pause ends by itself.
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'open' ? 60_000 : false),
  });
}

/** Replaces both the pause and the closure (null clears each): send back the one not being changed. */
export function saveAvailability(
  storeId: number,
  input: MerchantAvailabilityInput,
): Promise<MerchantAvailability> {
  return apiPut<MerchantAvailability>(availabilityPath(storeId), input);
}
