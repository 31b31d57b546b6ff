import type { NewReturn, ReturnPhoto, ReturnRequest, ReturnsOverview } from '@mandado/shared/returns-schemas';
import { apiGet, apiPost, apiPostBody, segment } from '@mandado/web-kit/api-client.ts';
import { shrinkPhoto } from '@mandado/web-kit/photo-shrink.ts';
import { queryOptions } from '@tanstack/react-query';

/**
 * Who asks for a return (issue 32): the signed-in remitter from 'Mis Compras' (the order number, keyed by the
 * account like every order query) or the family from the tracking link (its token, no account). Both sides
 * read and send the same shapes; only the path differs. Types only from the shared schemas: no zod here.
 */
export type ReturnsScope =
  | { kind: 'remitter'; userId: string; orderNumber: string }
  | { kind: 'family'; token: string };

function basePath(scope: ReturnsScope): string {
  return scope.kind === 'remitter'
    ? `/orders/${segment(scope.orderNumber)}/returns/`
    : `/tracking/${segment(scope.token)}/returns/`;
}

export function returnsQueryKey(scope: ReturnsScope) {
  return scope.kind === 'remitter'
    ? (['orders', scope.userId, 'returns', scope.orderNumber] as const)
    : (['tracking', scope.token, 'returns'] as const);
}

export function returnsQueryOptions(scope: ReturnsScope) {
  return queryOptions({
    queryKey: returnsQueryKey(scope),
    queryFn: ({ signal }) => apiGet<ReturnsOverview>(basePath(scope), signal),
    // The store and the courier move a return while the requester watches: a page opened again asks again.
    staleTime: 15_000,
  });
}

/**
 * The optional photo goes first, as the raw image (checked by content on the server), made small on the phone
 * first (web-kit photo-shrink.ts); answers its id.
 */
export async function uploadReturnPhoto(scope: ReturnsScope, photo: Blob): Promise<string> {
  return (await apiPostBody<ReturnPhoto>(`${basePath(scope)}photos/`, await shrinkPhoto(photo))).photoId;
}

export function sendReturn(scope: ReturnsScope, input: NewReturn): Promise<ReturnRequest> {
  return apiPost<ReturnRequest>(basePath(scope), input);
}

/** Only the remitter cancels, and only while the store has not answered. */
export function cancelReturn(orderNumber: string, returnId: number): Promise<ReturnRequest> {
  return apiPost<ReturnRequest>(`/orders/${segment(orderNumber)}/returns/${segment(returnId)}/cancel/`, {});
}
