import {
  ADMIN_WEBHOOKS_MESSAGES as TEXT,
  type WebhookEndpoint,
} from '@mandado/shared/admin-webhooks.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { MESSAGES } from '@mandado/shared/messages';
import { hasPermission } from '@mandado/shared/permissions';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useOperator } from '../../lib/use-operator.ts';
import { updateWebhookEndpoint, WEBHOOKS_KEY, webhookEndpointsQueryOptions } from './admin-webhooks.api.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { NewEndpointDialog, RotateSecretDialog } from './webhook-dialogs.tsx';
import './admin-webhooks.css';

/**
 * `/admin/webhooks` (issue 19): partners' endpoints, each with its events, its state and its deliveries;
 * administración registers, pauses and resumes them, rotates a secret (shown once) and replays a delivery.
 * Other groups only read.
 */
export function AdminWebhooks() {
  const canManage = hasPermission(useOperator(), 'admin:manage');
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const list = useQuery(webhookEndpointsQueryOptions());

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  }

  async function toggle(endpoint: WebhookEndpoint) {
    try {
      await updateWebhookEndpoint(endpoint.id, { disabled: !endpoint.disabled });
      notify({ kind: 'success', title: endpoint.disabled ? TEXT.enabledDone : TEXT.disabledDone });
      await refresh();
    } catch (failure) {
      notify({ kind: 'error', title: failureText(failure) ?? MESSAGES.serverError });
    }
  }

  const endpoints = list.data?.results ?? [];
  return (
    <div className="admin-webhooks">
      <header className="admin-webhooks__head">
        <h1 className="staff-title">{TEXT.title}</h1>
        {canManage ? (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            {TEXT.newEndpoint}
          </button>
        ) : null}
      </header>
      <p className="admin-webhooks__intro">{TEXT.intro}</p>
      {list.isPending ? (
        <Spinner label="Cargando los webhooks" />
      ) : list.isError ? (
        <QueryError message={TEXT.loadFailed} onRetry={() => void list.refetch()} />
      ) : endpoints.length === 0 ? (
        <EmptyState title={TEXT.noEndpoints} />
      ) : (
        <ul className="admin-webhooks__list">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard
                endpoint={endpoint}
                canManage={canManage}
                onToggle={() => void toggle(endpoint)}
                onRotate={() => setRotating(endpoint)}
              />
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <NewEndpointDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            notify({ kind: 'success', title: TEXT.created });
            void refresh();
          }}
        />
      ) : null}
      {rotating ? (
        <RotateSecretDialog
          endpoint={rotating}
          onClose={() => setRotating(null)}
          onRotated={() => {
            notify({ kind: 'success', title: TEXT.rotated });
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}

function EndpointCard({
  endpoint,
  canManage,
  onToggle,
  onRotate,
}: {
  endpoint: WebhookEndpoint;
  canManage: boolean;
  onToggle: () => void;
  onRotate: () => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  return (
    <article className="webhook-card" aria-labelledby={`${ids}-url`}>
      <p className="webhook-card__head">
        <strong id={`${ids}-url`} className="webhook-card__url">
          {endpoint.url}
        </strong>
        <span className={`webhook-chip webhook-chip--${endpoint.disabled ? 'paused' : 'active'}`}>
          {endpoint.disabled ? TEXT.disabled : TEXT.enabled}
        </span>
      </p>
      <dl className="webhook-card__facts">
        <div>
          <dt>{TEXT.events}</dt>
          <dd>{endpoint.events.map((event) => TEXT.eventLabels[event]).join(' · ')}</dd>
        </div>
        {endpoint.pending_count > 0 || endpoint.failed_count > 0 ? (
          <div>
            <dt>{TEXT.deliveries}</dt>
            <dd>
              {endpoint.pending_count} {endpoint.pending_count === 1 ? 'pendiente' : 'pendientes'},{' '}
              {endpoint.failed_count} {endpoint.failed_count === 1 ? 'fallida' : 'fallidas'}
            </dd>
          </div>
        ) : null}
      </dl>
      {endpoint.previous_secret_until ? (
        <p className="webhook-card__note">
          {TEXT.previousSecretUntil(dateTimeText(endpoint.previous_secret_until))}
        </p>
      ) : null}
      <div className="webhook-card__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={`${ids}-deliveries`}
          onClick={() => setOpen(!open)}
        >
          {open ? TEXT.hideDeliveries : TEXT.deliveries}
        </button>
        {canManage ? (
          <>
            <button type="button" className="button button--secondary" onClick={onRotate}>
              {TEXT.rotate}
            </button>
            <button type="button" className="button button--ghost" onClick={onToggle}>
              {endpoint.disabled ? TEXT.enable : TEXT.disable}
            </button>
          </>
        ) : null}
      </div>
      <div id={`${ids}-deliveries`}>
        {open ? <WebhookDeliveries endpointId={endpoint.id} canManage={canManage} /> : null}
      </div>
    </article>
  );
}
