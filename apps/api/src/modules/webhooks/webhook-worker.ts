import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { JobBacklog } from '../../jobs/job-backlog.sql.ts';
import { type JobKind, type OutboxHandler, outboxJob, startJob } from '../../jobs/job-runner.ts';
import { type RetryPolicy, retryDelaySeconds } from '../../jobs/retry-delay.ts';
import type { WebhookAddressPolicy } from './webhook-address.ts';
import { WEBHOOK_ERROR_TEXTS } from './webhook-error-text.ts';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-sender.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  listSigningEndpoints,
  recordDeliveryAnswer,
  releaseDeliveryLeases,
  type SigningEndpoint,
  selectDeliveryBacklog,
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
/**
 * Exponential back-off after the n-th failed POST: 30 s, 1 min, 2 min, … capped at one hour, each ±20 % so
 * that a partner back from an outage is not hit by every delivery in the same second.
 */
export const WEBHOOK_RETRY: RetryPolicy = { firstSeconds: 30, maxSeconds: 3600, jitter: 0.2 };

/** The webhooks kind's delays (jobs/retry-delay.ts), by failed attempts. */
export function webhookRetryDelaySeconds(failedAttempts: number, random: () => number = Math.random): number {
  return retryDelaySeconds(WEBHOOK_RETRY, failedAttempts, random);
}

export function webhookJob(options: WebhookWorkerOptions): JobKind {
  const { db, log, policy } = options;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const leaseSeconds = options.leaseSeconds ?? Math.ceil(timeoutMs / 1000) * 3;
  const random = options.random ?? Math.random;

  async function send(delivery: ClaimedDelivery, endpoints: Map<number, SigningEndpoint>): Promise<void> {
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
      : { statusCode: null, error: WEBHOOK_ERROR_TEXTS.endpointRemoved, cause: null, durationMs: 0 };
    const delivered = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const attempts = delivery.attempts + 1;
    const retryInSeconds = webhookRetryDelaySeconds(attempts, random);
    if (!delivered) {
      log.warn(
        {
          deliveryId: delivery.id,
          endpointId: delivery.endpointId,
          attempts,
          retryInSeconds,
          cause: answer.cause ?? null,
        },
        `Webhook delivery failed: ${answer.statusCode ?? answer.cause ?? answer.error}`,
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

  const handler: OutboxHandler<ClaimedDelivery, Map<number, SigningEndpoint>, void> = {
    name: 'webhooks',
    batchSize: options.batchSize ?? 50,
    concurrency: options.concurrency ?? 4,
    claim: (limit) => claimDueDeliveries(db, limit, leaseSeconds),
    // The secrets are read per batch and never logged.
    prepare: async (batch) =>
      new Map(
        (await listSigningEndpoints(db, [...new Set(batch.map((delivery) => delivery.endpointId))])).map(
          (endpoint) => [endpoint.id, endpoint],
        ),
      ),
    handle: (delivery, endpoints) =>
      send(delivery, endpoints).catch((error: unknown) => {
        // The database failed recording it: the lease runs out and the row is tried again.
        log.error({ deliveryId: delivery.id, err: error }, 'Webhook attempt not recorded');
      }),
    // Left unsent because the worker is stopping: another instance sends them now (issue 27).
    release: (deliveries) =>
      releaseDeliveryLeases(
        db,
        deliveries.map((delivery) => delivery.id),
      ),
  };
  return outboxJob(handler, {
    intervalMs: options.intervalMs ?? 5000,
    failureMessage: 'Webhook outbox pass failed',
  });
}

/** The deliveries waiting, for /metrics (jobs/job-backlogs.ts). */
export function webhookBacklog(db: Database): Promise<JobBacklog> {
  return selectDeliveryBacklog(db);
}

/**
 * Delivers the webhook outbox from inside the API process, like the mail worker (decision 008): passes never
 * overlap within a process, and the rows' leases keep two instances from posting the same delivery at once.
 * Every POST leaves a webhook_attempts row.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  return startJob(webhookJob(options), options.log);
}
