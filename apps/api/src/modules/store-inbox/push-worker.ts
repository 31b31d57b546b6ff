import { pushPayloadSchema } from '@mandado/shared/store-inbox.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { JobBacklog } from '../../jobs/job-backlog.sql.ts';
import { type JobKind, type OutboxHandler, outboxJob, startJob } from '../../jobs/job-runner.ts';
import { givesUp, type RetryPolicy, retryDelaySeconds } from '../../jobs/retry-delay.ts';
import { normalizePushEndpoint, type PushEndpointPolicy } from './push-endpoint.ts';
import { type PushOutcome, sendPush } from './push-sender.ts';
import {
  type ClaimedPush,
  claimDuePushes,
  deletePushSubscription,
  markPushSent,
  recordPushFailure,
  releasePushLeases,
  selectPushBacklog,
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

export const PUSH_RETRY: RetryPolicy = {
  firstSeconds: 15,
  maxSeconds: 8 * 60,
  jitter: 0,
  maxAttempts: PUSH_MAX_ATTEMPTS,
};

/** The push kind's delay (jobs/retry-delay.ts) after the n-th failure; null: no more tries. */
export function pushRetryDelaySeconds(failedAttempts: number): number | null {
  return givesUp(PUSH_RETRY, failedAttempts) ? null : retryDelaySeconds(PUSH_RETRY, failedAttempts);
}

/**
 * Delivers the push outbox from inside the API process, like the mail worker (decision 008): passes never
 * overlap within a process, and the rows' leases keep two instances from sending the same message. A
 * subscription the push service says is gone (404, 410) is deleted with its waiting messages.
 */
export function pushJob(options: PushWorkerOptions): JobKind {
  const { db, log, endpoints: policy } = options;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const handler: OutboxHandler<ClaimedPush, VapidKeys, void> = {
    name: 'push',
    batchSize: options.batchSize ?? 50,
    claim: (limit) => claimDuePushes(db, limit, leaseSeconds),
    prepare: () => options.keys(),
    async handle(push, keys) {
      const payload = pushPayloadSchema.safeParse(push.payload);
      const attempts = push.attempts + 1;
      try {
        // A row stored before the endpoint rules (or by hand) is no push service's: never called, dropped.
        if (!normalizePushEndpoint(push.endpoint, policy)) {
          log.warn({ subscriptionId: push.subscriptionId }, 'Push subscription endpoint not allowed');
          await deletePushSubscription(db, push.subscriptionId);
          return;
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
    },
    // Left unsent because the worker is stopping: another instance sends them now (issue 27).
    release: (pushes) =>
      releasePushLeases(
        db,
        pushes.map((push) => push.id),
      ),
  };
  return outboxJob(handler, {
    intervalMs: options.intervalMs ?? 10_000,
    failureMessage: 'Push outbox pass failed',
  });
}

/** The push messages waiting, for /metrics (jobs/job-backlogs.ts). */
export function pushBacklog(db: Database): Promise<JobBacklog> {
  return selectPushBacklog(db);
}

/** The push kind on its own (tests; the server starts it with the other kinds, jobs/jobs.ts). */
export function startPushWorker(options: PushWorkerOptions): PushWorker {
  return startJob(pushJob(options), options.log);
}
