import type { PushSubscriptionInput } from '@mandado/shared/store-inbox.schemas';
import { type PushPayload, STORE_INBOX_MESSAGES } from '@mandado/shared/store-inbox.schemas';
import type { Actor } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { normalizePushEndpoint, type PushEndpointPolicy } from './push-endpoint.ts';
import {
  deletePushSubscriptionOf,
  hasShopperSubscription,
  insertPushMessages,
  listShopperSubscriptionIds,
  upsertPushSubscription,
} from './store-inbox.repository.ts';

/**
 * Web Push to the shopper (issue 29 item 1, decision 073): the remitter's own browsers, subscribed from the
 * shop's quiet opt-in ('Avisarme en este teléfono'), hear about their orders — a substitute to decide,
 * delivered, a delivery attempt that failed. Same tables, worker and retries as the stores' pushes (this
 * module is their one writer); the subscriptions are marked 'shopper' so a store member's shop browser never
 * gets the stores' new-order pushes, nor their staff browser the family's.
 */

/** Keeps the signed-in shopper's browser subscription; another user's endpoint stays theirs (409). */
export async function subscribeShopperToPush(
  db: Database,
  actor: Actor,
  input: PushSubscriptionInput,
  policy: PushEndpointPolicy,
): Promise<void> {
  const endpoint = normalizePushEndpoint(input.endpoint, policy);
  if (!endpoint) throw new HttpError(400, { endpoint: [STORE_INBOX_MESSAGES.pushEndpoint] });
  const kept = await upsertPushSubscription(db, {
    userId: actor.userId,
    endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    audience: 'shopper',
  });
  if (!kept) throw new HttpError(409, { detail: STORE_INBOX_MESSAGES.pushEndpointTaken });
}

/** Forgets the shopper's own subscription with that endpoint (someone else's is left alone). */
export async function unsubscribeShopperFromPush(
  db: Database,
  actor: Actor,
  endpoint: string,
): Promise<void> {
  const stored = normalizePushEndpoint(endpoint, { allowLocalEndpoints: true }) ?? endpoint;
  await deletePushSubscriptionOf(db, actor.userId, stored, 'shopper');
}

/** Whether this browser (its endpoint) already gets the shopper's pushes. */
export async function shopperPushSubscribed(db: Database, actor: Actor, endpoint: string): Promise<boolean> {
  const stored = normalizePushEndpoint(endpoint, { allowLocalEndpoints: true }) ?? endpoint;
  return hasShopperSubscription(db, actor.userId, stored);
}

/**
 * One push to each of the shopper's subscribed browsers, written to the outbox in the caller's transaction
 * (the worker sends it with retries; a 404/410 from the push service removes the subscription). Nothing when
 * they never opted in: the e-mail and WhatsApp/SMS still reach them. Answers how many were written.
 */
export async function pushToShopper(
  tx: DatabaseOrTransaction,
  userId: number,
  payload: PushPayload,
): Promise<number> {
  const ids = await listShopperSubscriptionIds(tx, userId);
  await insertPushMessages(
    tx,
    ids.map((subscriptionId) => ({ subscriptionId, payload })),
  );
  return ids.length;
}

/** 'Entregado': who received it; tapping opens the order page (`url`) with its proof. */
export function deliveredPush(
  row: { number: string; storeName: string },
  recipientName: string,
  url: string,
): PushPayload {
  return {
    title: `Pedido ${row.number} entregado`,
    body: `${row.storeName}: lo recibió ${recipientName}.`,
    url,
  };
}

/** 'No pude entregar': why, and that the order page (`url`) says what happens next. */
export function attemptFailedPush(
  row: { number: string; storeName: string },
  reason: string,
  url: string,
): PushPayload {
  return {
    title: `No pudimos entregar el pedido ${row.number}`,
    body: `${row.storeName}: ${reason}. Mira en tu pedido qué sigue.`,
    url,
  };
}
