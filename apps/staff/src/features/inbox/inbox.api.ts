import type { CounterDeliverInput } from '@mandado/shared/courier.schemas';
import type { InboxTab } from '@mandado/shared/fulfilment';
import type { StoreOrderStatus } from '@mandado/shared/order-status';
import type {
  LineAvailabilityInput,
  PushSubscriptionInput,
  StoreInbox,
  SubstituteCandidate,
} from '@mandado/shared/store-inbox.schemas';
import type { SubstitutionProposalInput } from '@mandado/shared/substitution.schemas';
import { apiDelete, apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { conditionalGet, type Tagged } from './conditional-get.ts';

/** A store order as the inbox shows it (the shared schema's shape). */
export type StaffStoreOrder = StoreInbox['results'][number];

/** A new paid order must show within 10 s (issue 17): every 5 s, and a 304 costs almost nothing. */
export const INBOX_POLL_MS = 5000;

function storePath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}`;
}

function orderPath(storeId: number, number: string): string {
  return `${storePath(storeId)}/orders/${segment(number)}`;
}

export function inboxKey(storeId: number) {
  return ['inbox', storeId] as const;
}

export function inboxPageKey(storeId: number, tab: InboxTab, page: number) {
  return [...inboxKey(storeId), tab, page] as const;
}

/**
 * One tab's page, polled with its ETag. It keeps polling while the tab is in the background: a phone on the
 * counter must still ring when the shopkeeper is on another app's tab.
 */
export function inboxQueryOptions(queryClient: QueryClient, storeId: number, tab: InboxTab, page: number) {
  const queryKey = inboxPageKey(storeId, tab, page);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      conditionalGet<StoreInbox>(
        `/v1${storePath(storeId)}/orders/?tab=${segment(tab)}&page=${segment(page)}`,
        queryClient.getQueryData<Tagged<StoreInbox>>(queryKey),
        signal,
      ),
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

export function changeOrderStatus(
  storeId: number,
  number: string,
  input: { from: StoreOrderStatus; to: StoreOrderStatus; reason: string },
): Promise<StaffStoreOrder> {
  return apiPost<StaffStoreOrder>(`${orderPath(storeId, number)}/status/`, input);
}

export function markOrderSeen(storeId: number, number: string): Promise<unknown> {
  return apiPost<unknown>(`${orderPath(storeId, number)}/seen/`, {});
}

export function setLineAvailability(
  storeId: number,
  number: string,
  lineId: number,
  input: LineAvailabilityInput,
): Promise<StaffStoreOrder> {
  return apiPost<StaffStoreOrder>(
    `${orderPath(storeId, number)}/lines/${segment(lineId)}/availability/`,
    input,
  );
}

/** 'Preguntar a quien compró' (issue 29): the substitute becomes a question the remitter answers. */
export function proposeSubstitute(
  storeId: number,
  number: string,
  lineId: number,
  input: SubstitutionProposalInput,
): Promise<StaffStoreOrder> {
  return apiPost<StaffStoreOrder>(
    `${orderPath(storeId, number)}/lines/${segment(lineId)}/substitute-question/`,
    input,
  );
}

export function substitutesQueryOptions(storeId: number, number: string, lineId: number, search: string) {
  return queryOptions({
    queryKey: [...inboxKey(storeId), 'substitutes', number, lineId, search],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ results: SubstituteCandidate[] }>(
          `${orderPath(storeId, number)}/lines/${segment(lineId)}/substitutes/?q=${encodeURIComponent(search)}`,
          signal,
        )
      ).results,
    staleTime: 30_000,
  });
}

export function deliverAtCounter(
  storeId: number,
  number: string,
  input: CounterDeliverInput,
): Promise<StaffStoreOrder> {
  return apiPost<StaffStoreOrder>(`${orderPath(storeId, number)}/deliver/`, input);
}

export async function fetchPushKey(): Promise<string> {
  return (await apiGet<{ public_key: string }>('/merchant/push/key/')).public_key;
}

export function savePushSubscription(input: PushSubscriptionInput): Promise<unknown> {
  return apiPost<unknown>('/merchant/push/subscriptions/', input);
}

export function deletePushSubscription(endpoint: string): Promise<unknown> {
  return apiDelete<unknown>('/merchant/push/subscriptions/', { endpoint });
}
