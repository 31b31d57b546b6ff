import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { runOutboxPasses } from '../../outbox-passes.ts';
import type { WebhookAddressPolicy } from './webhook-address.ts';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-sender.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  listSigningEndpoints,
  recordDeliveryAnswer,
  releaseDeliveryLeases,
} from './webhooks.repository.ts';

export interface WebhookWorkerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Which addresses may be called: loopback only in development and tests (see WebhookAddressPolicy). */
  policy: WebhookAddressPolicy;
  /** How often due rows are looked for (retries, events written by another instance or without a kick). */
  intervalMs?: number;
  batchSize?: number;
  /** POSTs in flight at once. */
  concurrency?: number;
  /** Longer than the POST's timeout, so a row in flight is never claimed twice. */
  leaseSeconds?: number;
  timeoutMs?: number;
  /** 0..1 → the jitter of a retry's delay; tests pin it. */
  random?: () => number;
}

export interface WebhookWorker {
  /** Sends what is due now rather than at the next poll: call it after a commit wrote deliveries. */
  kick(): void;
  /** Sends everything due now and resolves when done (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** Deliveries are retried until this long after they were written, then failed. */
export const WEBHOOK_GIVE_UP_HOURS = 24;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;

/**
 * Exponential back-off after the n-th failed POST: 30 s, 1 min, 2 min, … capped at one hour, each ±20 % so
 * that a partner back from an outage is not hit by every delivery in the same second.
 */
export function webhookRetryDelaySeconds(failedAttempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 20);
  const base = Math.min(FIRST_RETRY_SECONDS * 2 ** exponent, MAX_RETRY_SECONDS);
  return Math.max(1, Math.round(base * (0.8 + 0.4 * random())));
}

/**
 * Delivers the webhook outbox from inside the API process, like the mail worker (decision 008): passes never
 * overlap within a process, and the rows' leases keep two instances from posting the same delivery at once.
 * Every POST leaves a webhook_attempts row. The secrets are read per batch and never logged.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log, policy } = options;
  const batchSize = options.batchSize ?? 50;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const leaseSeconds = options.leaseSeconds ?? Math.ceil(timeoutMs / 1000) * 3;
  const random = options.random ?? Math.random;

  async function sendBatch(stopping: () => boolean): Promise<number> {
    const batch = await claimDueDeliveries(db, batchSize, leaseSeconds);
    if (batch.length === 0) return 0;
    const endpoints = new Map(
      (await listSigningEndpoints(db, [...new Set(batch.map((delivery) => delivery.endpointId))])).map(
        (endpoint) => [endpoint.id, endpoint],
      ),
    );
    async function send(delivery: ClaimedDelivery): Promise<void> {
      const endpoint = endpoints.get(delivery.endpointId);
      const answer = endpoint
        ? await postWebhook(
            {
              url: endpoint.url,
              body: delivery.body,
              eventId: delivery.eventId,
              secrets: endpoint.secrets,
              timestamp: Math.floor(Date.now() / 1000),
            },
            policy,
            timeoutMs,
          )
        : { statusCode: null, error: 'endpoint removed', durationMs: 0 };
      const delivered = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
      const attempts = delivery.attempts + 1;
      const retryInSeconds = webhookRetryDelaySeconds(attempts, random);
      if (!delivered) {
        log.warn(
          { deliveryId: delivery.id, endpointId: delivery.endpointId, attempts, retryInSeconds },
          `Webhook delivery failed: ${answer.statusCode ?? answer.error}`,
        );
      }
      await recordDeliveryAnswer(db, {
        deliveryId: delivery.id,
        statusCode: answer.statusCode,
        error: answer.error,
        durationMs: answer.durationMs,
        delivered,
        retryInSeconds,
        giveUpHours: WEBHOOK_GIVE_UP_HOURS,
      });
    }
    const queue = [...batch];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (
          let delivery = stopping() ? undefined : queue.shift();
          delivery;
          delivery = stopping() ? undefined : queue.shift()
        ) {
          await send(delivery).catch((error: unknown) => {
            // The database failed recording it: the lease runs out and the row is tried again.
            log.error({ deliveryId: delivery.id, err: error }, 'Webhook attempt not recorded');
          });
        }
      }),
    );
    // Left unsent because the worker is stopping: another instance sends them now (issue 27).
    await releaseDeliveryLeases(
      db,
      queue.map((delivery) => delivery.id),
    );
    return batch.length;
  }

  return runOutboxPasses({
    sendBatch,
    batchSize,
    intervalMs: options.intervalMs ?? 5000,
    log,
    failureMessage: 'Webhook outbox pass failed',
  });
}
