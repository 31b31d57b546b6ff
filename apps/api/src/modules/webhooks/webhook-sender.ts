import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  guardedLookup,
  isAllowedAddress,
  literalAddressOf,
  type WebhookAddressPolicy,
  WebhookAddressRefused,
} from './webhook-address.ts';
import { errorCodeOf, WEBHOOK_ERROR_TEXTS, webhookErrorText } from './webhook-error-text.ts';

/** How long a partner's server has to answer a delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The hex HMAC-SHA256 of "<t>.<body>" with the secret: what the partner recomputes (see the README). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The `Mandado-Signature` header: `t=<unix seconds>,v1=<hex>`, with one more `v1=` per secret that still
 * signs (the previous one for 24 hours after a rotation), as Stripe does: a partner accepts any of them.
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [
    `t=${timestamp}`,
    ...secrets.map((secret) => `v1=${webhookSignature(secret, timestamp, body)}`),
  ].join(',');
}

export interface WebhookPost {
  url: string;
  body: string;
  eventId: string;
  /** The secrets that sign it, newest first. */
  secrets: readonly string[];
  timestamp: number;
}

/**
 * What one POST got: the status code when the server answered, else the error in plain Spanish (what
 * operators read, issue 27) with Node's code for the log; and how long it took.
 */
export interface WebhookAnswer {
  statusCode: number | null;
  error: string | null;
  /** Node's error code ('ECONNREFUSED', 'CERT_HAS_EXPIRED'): logged, never shown. */
  cause?: string | null;
  durationMs: number;
}

/**
 * POSTs one signed delivery. Redirects are not followed (a 3xx is an answer like any other non-2xx, and a
 * redirect could point inside our network); the address is checked as connected (see guardedLookup); the
 * answer's body is never read: the connection closes once the status arrives. Never throws: every failure
 * is an answer with an error.
 */
export async function postWebhook(
  post: WebhookPost,
  policy: WebhookAddressPolicy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookAnswer> {
  const started = performance.now();
  const done = (
    statusCode: number | null,
    error: string | null,
    cause: string | null = null,
  ): WebhookAnswer => ({
    statusCode,
    error,
    cause,
    durationMs: Math.round(performance.now() - started),
  });
  const failed = (error: unknown) =>
    done(
      null,
      error instanceof WebhookAddressRefused
        ? WEBHOOK_ERROR_TEXTS.addressRefused(error.address)
        : webhookErrorText(error),
      errorCodeOf(error),
    );
  let url: URL;
  try {
    url = new URL(post.url);
  } catch (error) {
    return failed(error);
  }
  const literal = literalAddressOf(url);
  if (literal !== null && !isAllowedAddress(literal, policy)) {
    return failed(new WebhookAddressRefused(literal));
  }
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (!client) return failed({ code: 'ERR_INVALID_PROTOCOL' });
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(answer);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        // A fresh connection each time: no pooled socket outlives the check of the address it went to.
        agent: false,
        lookup: guardedLookup(policy),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(post.body),
          'user-agent': 'Mandado-Webhooks/1',
          'mandado-signature': signatureHeader(post.secrets, post.timestamp, post.body),
          'mandado-event-id': post.eventId,
        },
      },
      (response) => {
        // Only the status matters. The connection is closed at once rather than drained: the timeout ends
        // with the status, and a server streaming an endless body would otherwise hold the socket forever.
        response.on('error', () => {});
        finish(done(response.statusCode ?? null, null));
        request.destroy();
      },
    );
    // The whole exchange (connect, send, first byte of the answer) within the timeout.
    const deadline = setTimeout(() => {
      finish(done(null, WEBHOOK_ERROR_TEXTS.timeout(Math.max(1, Math.round(timeoutMs / 1000))), 'TIMEOUT'));
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => {
      finish(failed(error));
    });
    request.end(post.body);
  });
}
