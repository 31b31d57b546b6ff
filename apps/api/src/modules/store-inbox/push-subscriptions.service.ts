import type { PushSubscriptionInput } from '@mandado/shared/store-inbox.schemas';
import { STORE_INBOX_MESSAGES } from '@mandado/shared/store-inbox.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import { isLoopbackHost } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { deletePushSubscriptionOf, upsertPushSubscription } from './store-inbox.repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushEndpointPolicy {
  /** Whether http://localhost… endpoints (a local push service) are accepted: never in production. */
  allowLocalEndpoints: boolean;
}

/**
 * A push service's address: https, or plain http to this machine only outside production (a local push
 * service in development and tests). Anything else (another scheme, credentials in the URL) is refused.
 */
function checkEndpoint(endpoint: string, policy: PushEndpointPolicy): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new HttpError(400, { endpoint: [STORE_INBOX_MESSAGES.pushEndpoint] });
  }
  const local = url.protocol === 'http:' && policy.allowLocalEndpoints && isLoopbackHost(url.hostname);
  if ((url.protocol !== 'https:' && !local) || url.username !== '' || url.password !== '') {
    throw new HttpError(400, { endpoint: [STORE_INBOX_MESSAGES.pushEndpoint] });
  }
}

/** The key a browser subscribes with (the members' area only: the route's plugin checked membership). */
export async function getPushPublicKey(actor: Actor | null, keys: () => Promise<VapidKeys>): Promise<string> {
  requirePermission(actor, 'store:read');
  return (await keys()).publicKey;
}

/** Keeps the member's browser subscription (the same endpoint again replaces its keys and owner). */
export async function subscribeToPush(
  db: Database,
  actor: Actor | null,
  input: PushSubscriptionInput,
  policy: PushEndpointPolicy,
): Promise<void> {
  const member = requirePermission(actor, 'store:read');
  checkEndpoint(input.endpoint, policy);
  await upsertPushSubscription(db, {
    userId: member.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
}

/** Forgets the member's own subscription with that endpoint (someone else's is left alone). */
export async function unsubscribeFromPush(
  db: Database,
  actor: Actor | null,
  endpoint: string,
): Promise<void> {
  const member = requirePermission(actor, 'store:read');
  await deletePushSubscriptionOf(db, member.userId, endpoint);
}
