import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@mandado/shared/admin-webhooks.schemas';
import type { EndpointWithCounts, WebhookAttemptRow, WebhookDeliveryRow } from './webhooks.repository.ts';

function eventsOf(stored: readonly string[]): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((event) => stored.includes(event));
}

/** An endpoint without its secrets: those are shown once, by the answer that made them. */
export function presentEndpoint(row: EndpointWithCounts, now: Date = new Date()): WebhookEndpoint {
  const until = row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil : null;
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row.events),
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
    previous_secret_until: until ? until.toISOString() : null,
    pending_count: row.pendingCount,
    failed_count: row.failedCount,
  };
}

function statusOf(stored: string): WebhookDeliveryStatus {
  return (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(stored)
    ? (stored as WebhookDeliveryStatus)
    : 'pending';
}

function eventTypeOf(stored: string): WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(stored) ? (stored as WebhookEvent) : 'order.paid';
}

export function presentDelivery(
  row: WebhookDeliveryRow,
  attempts: readonly WebhookAttemptRow[],
): WebhookDelivery {
  const status = statusOf(row.status);
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: eventTypeOf(row.eventType),
    status,
    attempt_count: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    attempts: attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })),
  };
}
