import {
  ADMIN_WEBHOOKS_MESSAGES as TEXT,
  type WebhookDelivery,
  webhookStatusText,
} from '@mandado/shared/admin-webhooks.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { MESSAGES } from '@mandado/shared/messages';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { replayWebhookDelivery, WEBHOOKS_KEY, webhookDeliveriesQueryOptions } from './admin-webhooks.api.ts';

/**
 * The answer of the last try: its HTTP code with what it means, else why it got none, as the API wrote it in
 * plain Spanish (a timeout, a refused connection, a certificate).
 */
export function lastAnswerText(delivery: Pick<WebhookDelivery, 'last_status_code' | 'last_error'>): string {
  if (delivery.last_status_code !== null) {
    return `HTTP ${delivery.last_status_code}: ${webhookStatusText(delivery.last_status_code)}`;
  }
  if (delivery.last_error) return `${TEXT.noAnswer}: ${delivery.last_error}`;
  return '—';
}

/** An endpoint's deliveries, newest first, with 'Reenviar' for administración. */
export function WebhookDeliveries({ endpointId, canManage }: { endpointId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(webhookDeliveriesQueryOptions(endpointId));
  const [replaying, setReplaying] = useState<number | null>(null);

  async function replay(delivery: WebhookDelivery) {
    setReplaying(delivery.id);
    try {
      await replayWebhookDelivery(delivery.id);
      notify({ kind: 'success', title: TEXT.replayed });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    } catch (failure) {
      notify({ kind: 'error', title: failureText(failure) ?? MESSAGES.serverError });
    } finally {
      setReplaying(null);
    }
  }

  if (list.isPending) return <Spinner label="Cargando las entregas" />;
  if (list.isError) return <QueryError message={TEXT.loadFailed} onRetry={() => void list.refetch()} />;
  const deliveries = list.data.pages.flatMap((page) => page.results);
  if (deliveries.length === 0) return <p className="webhook-deliveries__empty">{TEXT.noDeliveries}</p>;
  return (
    <div className="webhook-deliveries">
      <h2 className="webhook-deliveries__title">{TEXT.deliveries}</h2>
      <ul className="webhook-deliveries__list">
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="webhook-delivery">
            <p className="webhook-delivery__head">
              <span className="webhook-delivery__event">{TEXT.eventLabels[delivery.event_type]}</span>
              <span className={`webhook-chip webhook-chip--${delivery.status}`}>
                {TEXT.statusLabels[delivery.status]}
              </span>
            </p>
            <dl className="webhook-card__facts">
              <div>
                <dt>{TEXT.time}</dt>
                <dd>{dateTimeText(delivery.created_at)}</dd>
              </div>
              <div>
                <dt>{TEXT.attempts}</dt>
                <dd>{delivery.attempt_count}</dd>
              </div>
              <div>
                <dt>{TEXT.lastCode}</dt>
                <dd>{lastAnswerText(delivery)}</dd>
              </div>
            </dl>
            {canManage ? (
              <button
                type="button"
                className="button button--secondary webhook-delivery__replay"
                disabled={replaying === delivery.id}
                onClick={() => void replay(delivery)}
              >
                {TEXT.replay}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary webhook-deliveries__more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {TEXT.moreDeliveries}
        </button>
      ) : null}
    </div>
  );
}
