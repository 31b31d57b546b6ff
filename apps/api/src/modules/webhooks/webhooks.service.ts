import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_WEBHOOKS_MESSAGES,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@mandado/shared/admin-webhooks.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type WebhookAddressPolicy, type WebhookUrlProblem, webhookUrlProblem } from './webhook-address.ts';
import { presentDelivery, presentEndpoint } from './webhooks.presenter.ts';
import {
  findDelivery,
  findEndpointWithCounts,
  insertDeliveries,
  insertEndpoint,
  listAttemptsOf,
  listDeliveryPage,
  listEndpoints,
  listSubscribedEndpointIds,
  lockEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from './webhooks.repository.ts';

/** What an event carries in `data`: small, business facts only (see enqueueWebhookEvents). */
export type WebhookEventData = Record<string, unknown>;

/**
 * The outbox (issue 19): one webhook_deliveries row per enabled endpoint subscribed to `type`, per event,
 * written in the caller's transaction so the deliveries exist exactly when the change they announce
 * committed. Each event's body is the exact JSON `{"id","type","created","data"}` stored as text: the
 * worker signs and sends those bytes, and a replay sends them again with the same event id.
 *
 * `data` may be a function: it runs only when some endpoint is subscribed, so a shop without partners pays
 * one small query per change. What goes in `data` is deliberately small: order and store order numbers,
 * statuses, totals as decimal strings and the currency; never the remitter's or beneficiary's names,
 * addresses, phones or e-mails (a partner needs the facts of the sale, not the people).
 */
export async function enqueueWebhookEvents(
  tx: DatabaseOrTransaction,
  type: WebhookEvent,
  data: readonly WebhookEventData[] | (() => Promise<readonly WebhookEventData[]>),
): Promise<number> {
  const endpointIds = await listSubscribedEndpointIds(tx, type);
  if (endpointIds.length === 0) return 0;
  const events = typeof data === 'function' ? await data() : data;
  const created = Math.floor(Date.now() / 1000);
  const rows = events.flatMap((eventData) => {
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, type, created, data: eventData });
    return endpointIds.map((endpointId) => ({ endpointId, eventId, eventType: type, body }));
  });
  return (await insertDeliveries(tx, rows)).length;
}

/** One event: see enqueueWebhookEvents. */
export async function enqueueWebhookEvent(
  tx: DatabaseOrTransaction,
  type: WebhookEvent,
  data: WebhookEventData | (() => Promise<WebhookEventData | null>),
): Promise<number> {
  return enqueueWebhookEvents(
    tx,
    type,
    typeof data === 'function'
      ? async () => {
          const built = await data();
          return built ? [built] : [];
        }
      : [data],
  );
}

export interface WebhookAdminDeps {
  policy: WebhookAddressPolicy;
  /** Wakes the webhook worker after a replay, so it leaves now rather than at the next poll. */
  kickWebhookWorker: () => void;
}

/** A signing secret: 32 random bytes, with Stripe's prefix so a leaked one is recognisable for what it is. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

const URL_PROBLEM_MESSAGES: Record<WebhookUrlProblem, string> = {
  invalid: ADMIN_WEBHOOKS_MESSAGES.urlInvalid,
  credentials: ADMIN_WEBHOOKS_MESSAGES.urlCredentials,
  not_https: ADMIN_WEBHOOKS_MESSAGES.urlNotHttps,
  not_public: ADMIN_WEBHOOKS_MESSAGES.urlNotPublic,
};

/** The URL as stored (URL.href: punycode, normalised), or a 400 on `url` saying what is wrong. */
function acceptedUrl(raw: string, policy: WebhookAddressPolicy): string {
  const problem = webhookUrlProblem(raw, policy);
  if (problem) throw new HttpError(400, { url: [URL_PROBLEM_MESSAGES[problem]] });
  return new URL(raw).href;
}

async function presentedEndpoint(db: DatabaseOrTransaction, id: number): Promise<WebhookEndpoint> {
  const row = await findEndpointWithCounts(db, id);
  if (!row) throw notFound();
  return presentEndpoint(row);
}

/** `GET /v1/admin/webhooks/` (admin:read): every endpoint, never a secret. One query. */
export async function listWebhookEndpoints(db: Database, actor: Actor | null): Promise<WebhookEndpoint[]> {
  requirePermission(actor, 'admin:read');
  const now = new Date();
  return (await listEndpoints(db)).map((row) => presentEndpoint(row, now));
}

/** `POST /v1/admin/webhooks/` (admin:manage): the endpoint and its secret, shown this once. */
export async function createWebhookEndpoint(
  db: Database,
  actor: Actor | null,
  input: { url: string; events: WebhookEvent[] },
  deps: Pick<WebhookAdminDeps, 'policy'>,
): Promise<WebhookEndpointWithSecret> {
  const operator = requirePermission(actor, 'admin:manage');
  const url = acceptedUrl(input.url, deps.policy);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const row = await insertEndpoint(tx, { url, events: input.events, secret, createdBy: operator.userId });
    // Never the secret in the audit trail: who made which endpoint for what is enough.
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'webhook.created',
      subject: `webhook:${row.id}`,
      detail: { after: { url, events: input.events } },
    });
    return { ...(await presentedEndpoint(tx, row.id)), secret };
  });
}

/** `PUT /v1/admin/webhooks/:id/` (admin:manage): the URL, the events, paused or not. */
export async function updateWebhookEndpoint(
  db: Database,
  actor: Actor | null,
  id: number,
  input: { url?: string | undefined; events?: WebhookEvent[] | undefined; disabled?: boolean | undefined },
  deps: Pick<WebhookAdminDeps, 'policy'>,
): Promise<WebhookEndpoint> {
  const operator = requirePermission(actor, 'admin:manage');
  if (input.url === undefined && input.events === undefined && input.disabled === undefined) {
    throw new HttpError(400, { detail: ADMIN_WEBHOOKS_MESSAGES.nothingToChange });
  }
  const url = input.url === undefined ? undefined : acceptedUrl(input.url, deps.policy);
  return db.transaction(async (tx) => {
    const before = await lockEndpoint(tx, id);
    if (!before) throw notFound();
    const patch = {
      ...(url === undefined ? {} : { url }),
      ...(input.events === undefined ? {} : { events: input.events }),
      ...(input.disabled === undefined ? {} : { disabled: input.disabled }),
    };
    await updateEndpoint(tx, id, patch);
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'webhook.updated',
      subject: `webhook:${id}`,
      detail: {
        before: { url: before.url, events: before.events, disabled: before.disabledAt !== null },
        after: patch,
      },
    });
    return presentedEndpoint(tx, id);
  });
}

/**
 * `POST /v1/admin/webhooks/:id/rotate-secret/` (admin:manage): a new secret, shown this once. The previous
 * one keeps signing for 24 hours (deliveries carry both signatures), so the partner switches at leisure.
 */
export async function rotateWebhookSecret(
  db: Database,
  actor: Actor | null,
  id: number,
): Promise<WebhookEndpointWithSecret> {
  const operator = requirePermission(actor, 'admin:manage');
  const secret = newSecret();
  return db.transaction(async (tx) => {
    if (!(await lockEndpoint(tx, id))) throw notFound();
    await rotateEndpointSecret(tx, id, secret);
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'webhook.secret_rotated',
      subject: `webhook:${id}`,
    });
    return { ...(await presentedEndpoint(tx, id)), secret };
  });
}

/** Deliveries per page of the operator's list. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;

/**
 * `GET /v1/admin/webhooks/:id/deliveries/` (admin:read): newest first with their attempts, by cursor; three
 * queries whatever the page's size.
 */
export async function listWebhookDeliveries(
  db: Database,
  actor: Actor | null,
  endpointId: number,
  cursor: string | undefined,
): Promise<WebhookDeliveryPage> {
  requirePermission(actor, 'admin:read');
  if (!(await findEndpointWithCounts(db, endpointId))) throw notFound();
  const rows = await listDeliveryPage(
    db,
    endpointId,
    cursor === undefined ? null : Number(cursor),
    WEBHOOK_DELIVERY_PAGE_SIZE,
  );
  const page = rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE);
  const attempts = await listAttemptsOf(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    results: page.map((row) =>
      presentDelivery(
        row,
        attempts.filter((attempt) => attempt.deliveryId === row.id),
      ),
    ),
    next_cursor: rows.length > WEBHOOK_DELIVERY_PAGE_SIZE && last ? String(last.id) : null,
  };
}

/**
 * `POST /v1/admin/webhook-deliveries/:id/replay/` (admin:manage): the same event (id and body) once more, as
 * a new delivery due now; the original keeps its history. The partner dedupes on the event id.
 */
export async function replayWebhookDelivery(
  db: Database,
  actor: Actor | null,
  deliveryId: number,
  deps: Pick<WebhookAdminDeps, 'kickWebhookWorker'>,
): Promise<WebhookDelivery> {
  const operator = requirePermission(actor, 'admin:manage');
  const replayed = await db.transaction(async (tx) => {
    const original = await findDelivery(tx, deliveryId);
    if (!original) throw notFound();
    const [id] = await insertDeliveries(tx, [
      {
        endpointId: original.endpointId,
        eventId: original.eventId,
        eventType: original.eventType,
        body: original.body,
      },
    ]);
    if (id === undefined) throw new Error('replayed delivery not stored');
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'webhook.delivery_replayed',
      subject: `webhook:${original.endpointId}`,
      detail: { delivery_id: original.id, replay_id: id, event_id: original.eventId },
    });
    const row = await findDelivery(tx, id);
    if (!row) throw new Error('replayed delivery vanished');
    return row;
  });
  deps.kickWebhookWorker();
  return presentDelivery(replayed, []);
}
