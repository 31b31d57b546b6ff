import type { CourierAttemptInput, CourierStoreOrder } from '@mandado/shared/courier.schemas';
import { apiGet, apiPost, apiPostBody, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/**
 * The courier's link (issue 17): no account, the token in the path is the credential. Every POST answers the
 * store order as it now is, which replaces the cached one.
 */
export function courierQueryKey(token: string) {
  return ['courier', token] as const;
}

export function courierQueryOptions(token: string) {
  return queryOptions({
    queryKey: courierQueryKey(token),
    queryFn: ({ signal }) => apiGet<CourierStoreOrder>(`/courier/${segment(token)}/`, signal),
    // A 404 (unknown or expired link) or a lock is the answer, not a hiccup: asking again changes nothing.
    retry: false,
    staleTime: 10_000,
  });
}

export function markPickedUp(token: string): Promise<CourierStoreOrder> {
  return apiPost<CourierStoreOrder>(`/courier/${segment(token)}/picked-up/`, {});
}

export function recordAttempt(token: string, input: CourierAttemptInput): Promise<CourierStoreOrder> {
  return apiPost<CourierStoreOrder>(`/courier/${segment(token)}/attempts/`, input);
}

/** The raw image as the body, its type in Content-Type; answers the stored photo's id. */
export async function uploadProofPhoto(token: string, photo: Blob): Promise<string> {
  const answer = await apiPostBody<{ photo_id: string }>(`/courier/${segment(token)}/photos/`, photo);
  return answer.photo_id;
}

export function markDelivered(
  token: string,
  input: { recipient_name: string; code: string; photo_id: string | null },
): Promise<CourierStoreOrder> {
  return apiPost<CourierStoreOrder>(`/courier/${segment(token)}/delivered/`, input);
}

/** 'Llegué' (issue 29): the courier is at the door; the family sees it on the tracking page. */
export function markArrived(token: string): Promise<CourierStoreOrder> {
  return apiPost<CourierStoreOrder>(`/courier/${segment(token)}/arrived/`, {});
}
