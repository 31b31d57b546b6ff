import type { StoreWindowsInput, StoreWindowsView } from '@mandado/shared/store-windows.schemas';
import { apiGet, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The store's delivery windows (decision 065): /v1/merchant/stores/:id/delivery-windows/. */
export function deliveryWindowsKey(storeId: number) {
  return ['store-delivery-windows', storeId] as const;
}

export function deliveryWindowsQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: deliveryWindowsKey(storeId),
    queryFn: ({ signal }) =>
      apiGet<StoreWindowsView>(`/merchant/stores/${segment(storeId)}/delivery-windows/`, signal),
    staleTime: 0,
  });
}

export function saveDeliveryWindows(storeId: number, input: StoreWindowsInput): Promise<StoreWindowsView> {
  return apiPut<StoreWindowsView>(`/merchant/stores/${segment(storeId)}/delivery-windows/`, input);
}
