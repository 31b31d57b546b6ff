import { PUSH_ENDPOINT_MAX_BYTES } from '@mandado/shared/store-inbox.schemas';
import { isLoopbackHost } from '../../config.ts';

export interface PushEndpointPolicy {
  /** Whether http://localhost… endpoints (a local push service) are accepted: never in production. */
  allowLocalEndpoints: boolean;
}

/**
 * The hosts of the browsers' push services (Chrome/Edge via FCM, Firefox, Windows, Safari). The worker
 * POSTs to whatever endpoint a member registered, so anything else would let a member make our server
 * call an address of their choosing (SSRF).
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const PUSH_SERVICE_DOMAINS = ['.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];

function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain));
}

/**
 * The endpoint as we store and call it (`URL.href`: ASCII, punycode and percent-encoded), or null when it
 * is not a push service's: https on a known push service's host with no credentials nor other port, or
 * plain http to this machine outside production (a local push service in development and tests).
 */
export function normalizePushEndpoint(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  const local = url.protocol === 'http:' && policy.allowLocalEndpoints && isLoopbackHost(url.hostname);
  const pushService = url.protocol === 'https:' && url.port === '' && isPushServiceHost(url.hostname);
  if (!local && !pushService) return null;
  if (Buffer.byteLength(url.href) > PUSH_ENDPOINT_MAX_BYTES) return null;
  return url.href;
}
