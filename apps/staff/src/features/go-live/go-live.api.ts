import type { GoLiveChecklist } from '@mandado/shared/go-live';
import type { PayoutAccountInput, PayoutAccountView } from '@mandado/shared/payout-account.schemas';
import { apiGet, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';
import { goLiveKey } from '../../lib/go-live-key.ts';

/** Issue 31: the go-live checklist (/comercio and /admin) and the store's payout account (owners). */

function merchantPath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}`;
}

export function goLiveQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: goLiveKey(storeId),
    queryFn: ({ signal }) => apiGet<GoLiveChecklist>(`${merchantPath(storeId)}/go-live/`, signal),
    staleTime: 0,
  });
}

export function adminGoLiveQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: ['admin', 'stores', 'go-live', storeId] as const,
    queryFn: ({ signal }) => apiGet<GoLiveChecklist>(`/admin/stores/${segment(storeId)}/go-live/`, signal),
    staleTime: 0,
  });
}

export function payoutAccountKey(storeId: number) {
  return ['payout-account', storeId] as const;
}

export function payoutAccountQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: payoutAccountKey(storeId),
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ account: PayoutAccountView | null }>(
          `${merchantPath(storeId)}/payout-account/`,
          signal,
        )
      ).account,
    staleTime: 0,
  });
}

export function savePayoutAccount(storeId: number, input: PayoutAccountInput): Promise<PayoutAccountView> {
  return apiPut<PayoutAccountView>(`${merchantPath(storeId)}/payout-account/`, input);
}
