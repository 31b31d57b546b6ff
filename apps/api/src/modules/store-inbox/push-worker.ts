import { pushPayloadSchema } from '@mandado/shared/store-inbox.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { runOutboxPasses } from '../../outbox-passes.ts';
import { normalizePushEndpoint, type PushEndpointPolicy } from './push-endpoint.ts';
import { type PushOutcome, sendPush } from './push-sender.ts';
import {
  claimDuePushes,
  deletePushSubscription,
  markPushSent,
  recordPushFailure,
  releasePushLeases,
} from './store-inbox.repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushWorkerOptions {
  db: Database;
  /** Which endpoints may be called: the app's `allowLocalPushEndpoints` (never local ones in production). */
  endpoints: PushEndpointPolicy;
  keys: () => Promise<VapidKeys>;
  log: FastifyBaseLogger;
  /** How often the outbox is polled (retries, messages written by another instance). */
  intervalMs?: number;
  batchSize?: number;
  leaseSeconds?: number;
}

export interface PushWorker {
  /** Sends what is due now rather than at the next poll: call it after a transaction wrote push rows. */
  kick(): void;
  /** Sends everything due now and resolves when done (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** Tries within the message's hour of life (TTL): 15 s, 30 s, 1 min, 2 min, 4 min, 8 min, then failed. */
export const PUSH_MAX_ATTEMPTS = 7;

export function pushRetryDelaySeconds(failedAttempts: number): number | null {
  if (failedAttempts >= PUSH_MAX_ATTEMPTS) return null;
  return 15 * 2 ** Math.max(failedAttempts - 1, 0);
}

/**
 * Delivers the push outbox from inside the API process, like the mail worker (decision 008): passes never
 * overlap within a process, and the rows' leases keep two instances from sending the same message. A
 * subscription the push service says is gone (404, 410) is deleted with its waiting messages.
 */
export function startPushWorker(options: PushWorkerOptions): PushWorker {
  const { db, log, endpoints: policy } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseSeconds = options.leaseSeconds ?? 60;

  async function sendBatch(stopping: () => boolean): Promise<number> {
    const batch = await claimDuePushes(db, batchSize, leaseSeconds);
    if (batch.length === 0) return 0;
    const keys = await options.keys();
    for (const [index, push] of batch.entries()) {
      if (stopping()) {
        // Left unsent because the worker is stopping: another instance sends them now (issue 27).
        await releasePushLeases(
          db,
          batch.slice(index).map((rest) => rest.id),
        );
        break;
      }
      const payload = pushPayloadSchema.safeParse(push.payload);
      const attempts = push.attempts + 1;
      try {
        // A row stored before the endpoint rules (or by hand) is no push service's: never called, dropped.
        if (!normalizePushEndpoint(push.endpoint, policy)) {
          log.warn({ subscriptionId: push.subscriptionId }, 'Push subscription endpoint not allowed');
          await deletePushSubscription(db, push.subscriptionId);
          continue;
        }
        const outcome: PushOutcome = payload.success
          ? await sendPush(push, payload.data, keys)
          : { kind: 'retry', error: 'unreadable payload' };
        if (outcome.kind === 'sent') await markPushSent(db, push.id);
        else if (outcome.kind === 'gone') {
          log.info({ subscriptionId: push.subscriptionId, status: outcome.status }, 'Push subscription gone');
          await deletePushSubscription(db, push.subscriptionId);
        } else {
          const retryIn = payload.success ? pushRetryDelaySeconds(attempts) : null;
          log.warn({ pushId: push.id, attempts, retryIn }, `Push delivery failed: ${outcome.error}`);
          await recordPushFailure(db, push.id, outcome.error, retryIn);
        }
      } catch (error) {
        // One message's throw (keys the encryption refuses, a database hiccup) is one failed attempt of that
        // message only: the rest of the batch still goes.
        const retryIn = pushRetryDelaySeconds(attempts);
        log.warn({ pushId: push.id, attempts, retryIn, err: error }, 'Push delivery threw');
        const reason = error instanceof Error ? error.message.slice(0, 200) : 'error';
        await recordPushFailure(db, push.id, `send failed: ${reason}`, retryIn).catch(
          (recordError: unknown) =>
            log.error({ pushId: push.id, err: recordError }, 'Push failure not recorded'),
        );
      }
    }
    return batch.length;
  }

  return runOutboxPasses({
    sendBatch,
    batchSize,
    intervalMs: options.intervalMs ?? 10_000,
    log,
    failureMessage: 'Push outbox pass failed',
  });
}
