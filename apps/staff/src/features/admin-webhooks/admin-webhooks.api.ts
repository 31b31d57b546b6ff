import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointList,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from '@mandado/shared/admin-webhooks.schemas';
import { apiGet, apiPost, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

/** The webhooks screen's calls (issue 19): /v1/admin/webhooks/ and /v1/admin/webhook-deliveries/. */

export const WEBHOOKS_KEY = ['admin', 'webhooks'] as const;

export function webhookEndpointsQueryOptions() {
  return queryOptions({
    queryKey: WEBHOOKS_KEY,
    queryFn: ({ signal }) => apiGet<WebhookEndpointList>('/admin/webhooks/', signal),
    staleTime: 0,
  });
}

export function webhookDeliveriesQueryOptions(endpointId: number) {
  return infiniteQueryOptions({
    queryKey: [...WEBHOOKS_KEY, endpointId, 'deliveries'] as const,
    queryFn: ({ pageParam, signal }) =>
      apiGet<WebhookDeliveryPage>(
        `/admin/webhooks/${segment(endpointId)}/deliveries/${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

/** 201 with the secret, shown once; 400 `{ url: [...] }` or `{ events: [...] }`. */
export function createWebhookEndpoint(input: WebhookEndpointInput): Promise<WebhookEndpointWithSecret> {
  return apiPost<WebhookEndpointWithSecret>('/admin/webhooks/', input);
}

export function updateWebhookEndpoint(id: number, input: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
  return apiPut<WebhookEndpoint>(`/admin/webhooks/${segment(id)}/`, input);
}

/** The new secret, shown once; the previous one keeps signing for 24 hours. */
export function rotateWebhookSecret(id: number): Promise<WebhookEndpointWithSecret> {
  return apiPost<WebhookEndpointWithSecret>(`/admin/webhooks/${segment(id)}/rotate-secret/`, undefined);
}

export function replayWebhookDelivery(id: number): Promise<WebhookDelivery> {
  return apiPost<WebhookDelivery>(`/admin/webhook-deliveries/${segment(id)}/replay/`, undefined);
}
