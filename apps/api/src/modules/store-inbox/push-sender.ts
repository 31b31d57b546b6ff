import type { PushPayload } from '@mandado/shared/store-inbox.schemas';
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

/** How long a push service keeps an undelivered message: a new order an hour later is old news. */
export const PUSH_TTL_SECONDS = 3600;
const PUSH_TIMEOUT_MS = 15_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: delivered, gone for good (404, 410), or worth another try. */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string };

/**
 * Sends one Web Push message (RFC 8030/8291): web-push encrypts the payload for the subscription's keys
 * (aes128gcm) and signs the VAPID header; the request itself goes out with fetch, which also reaches a
 * local push service over plain http in development and tests (web-push's own sender speaks https only).
 */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  keys: VapidKeys,
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets the length from the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
  }
  // The body is the peer's words: let the connection go and keep only the status and a short reason phrase.
  await response.body?.cancel().catch(() => {});
  if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
  if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
  const reason = response.statusText.replace(/[^\x20-\x7e]/g, '').slice(0, 40);
  return { kind: 'retry', error: `push service answered ${response.status}${reason ? ` ${reason}` : ''}` };
}
