/**
 * The VAPID public key as PushManager.subscribe wants it (the staff app's and the shop's opt-ins): the server hands it over in URL-safe base64
 * (RFC 7515 §2, no padding), the browser takes the raw bytes.
 */
export function vapidKeyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const padded = base64Url.trim().replace(/-/g, '+').replace(/_/g, '/');
  const base64 = padded + '='.repeat((4 - (padded.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The subscription's keys in the body the server stores: { endpoint, keys: { p256dh, auth } }. */
export function subscriptionBody(subscription: PushSubscriptionJSON): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} | null {
  const endpoint = subscription.endpoint;
  const p256dh = subscription.keys?.p256dh;
  const auth = subscription.keys?.auth;
  if (!endpoint || !p256dh || !auth) return null;
  return { endpoint, keys: { p256dh, auth } };
}
