import type { PushSubscriptionInput } from '@mandado/shared/store-inbox.schemas';
import { STORE_INBOX_MESSAGES } from '@mandado/shared/store-inbox.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { normalizePushEndpoint, type PushEndpointPolicy } from './push-endpoint.ts';
import { deletePushSubscriptionOf, upsertPushSubscription } from './store-inbox.repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** The key a browser subscribes with (the members' area only: the route's plugin checked membership). */
export async function getPushPublicKey(actor: Actor | null, keys: () => Promise<VapidKeys>): Promise<string> {
  requirePermission(actor, 'store:read');
  return (await keys()).publicKey;
}

/**
 * Keeps the member's browser subscription (the same endpoint again replaces its keys). An endpoint another
 * user registered stays theirs: 409, so nobody takes over someone else's notifications.
 */
export async function subscribeToPush(
  db: Database,
  actor: Actor | null,
  input: PushSubscriptionInput,
  policy: PushEndpointPolicy,
): Promise<void> {
  const member = requirePermission(actor, 'store:read');
  const endpoint = normalizePushEndpoint(input.endpoint, policy);
  if (!endpoint) throw new HttpError(400, { endpoint: [STORE_INBOX_MESSAGES.pushEndpoint] });
  const kept = await upsertPushSubscription(db, {
    userId: member.userId,
    endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
  if (!kept) throw new HttpError(409, { detail: STORE_INBOX_MESSAGES.pushEndpointTaken });
}

/** Forgets the member's own subscription with that endpoint (someone else's is left alone). */
export async function unsubscribeFromPush(
  db: Database,
  actor: Actor | null,
  endpoint: string,
): Promise<void> {
  const member = requirePermission(actor, 'store:read');
  // Stored as URL.href: the same spelling finds it.
  const stored = normalizePushEndpoint(endpoint, { allowLocalEndpoints: true }) ?? endpoint;
  await deletePushSubscriptionOf(db, member.userId, stored);
}
