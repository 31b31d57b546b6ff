import { parseMoney } from '@mandado/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Payments } from '../../payment-processor.ts';
import { reportError } from '../observability/error-reporting.ts';
import { refundsProcessed } from '../observability/metrics.ts';
import { inSpan } from '../observability/tracing.ts';
import { enqueueRefundSucceededEvent } from './refund-webhook-events.ts';
import {
  type ClaimedRefund,
  claimDueRefunds,
  findRefundNotice,
  markRefundSucceeded,
  recordRefundFailure,
  releaseRefundLeases,
} from './refunds.repository.ts';
import { enqueueRefundEmail } from './refunds.service.ts';

/**
 * The refund worker (issue 17, decision 040): gives card and PayPal refunds back through the processor that
 * took the money. Each refund is claimed with a lease (the mail worker's claim), so several API instances
 * never both call the processor for it, and the processor's idempotency key `refund-<id>` makes a call
 * repeated after a crash refund once. A failed call is retried with back-off; after MAX_REFUND_ATTEMPTS the
 * refund is failed and waits for operators.
 */

export interface RefundWorkerDeps {
  db: Database;
  payments: Payments;
  log: FastifyBaseLogger;
  /** Base of the order link in the e-mails. */
  publicUrl: string;
  /** Wakes the mail worker after a refund's e-mail was enqueued. */
  kickMailWorker: () => void;
  batchSize?: number;
  /** How long a claimed refund stays out of other workers' reach: longer than a processor call may take. */
  leaseSeconds?: number;
  /** True once the worker is stopping: the pass starts no more refunds and gives back the rest (issue 27). */
  stopping?: () => boolean;
}

export interface RefundWorkerOptions extends RefundWorkerDeps {
  /** How often due refunds are looked for (retries, refunds decided by another instance). */
  intervalMs?: number;
}

export interface RefundWorker {
  /** Refunds what is due soon, rather than at the next poll: call it after a refund's commit. */
  kick(): void;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

export const MAX_REFUND_ATTEMPTS = 8;
const FIRST_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 6 * 3600;
const REFUND_BATCH_SIZE = 20;
const REFUND_LEASE_SECONDS = 120;

/** Back-off after the n-th failed attempt: 1 min, 2 min, 4 min, … capped at 6 h. */
export function refundRetryDelaySeconds(failedAttempts: number): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 20);
  return Math.min(FIRST_RETRY_SECONDS * 2 ** exponent, MAX_RETRY_SECONDS);
}

/** Calls the processor that took the group's money; throws when it refuses or cannot be reached. */
async function refundAtProcessor(payments: Payments, db: Database, refund: ClaimedRefund): Promise<void> {
  const amountMinor = parseMoney(refund.amount);
  const idempotencyKey = `refund-${refund.id}`;
  if (!refund.processorRef) throw new Error('the group has no payment reference to refund');
  if (refund.processor === 'paypal') {
    if (!payments.paypal) throw new Error('PayPal is not configured on this server');
    await payments.paypal.refund({ idempotencyKey, processorRef: refund.processorRef, amountMinor });
    return;
  }
  if (refund.processor !== payments.card.name) {
    throw new Error(`the group was paid through ${refund.processor}, not ${payments.card.name}`);
  }
  await payments.card.refund(db, refund.processorRef, amountMinor, idempotencyKey);
}

/**
 * One pass: claims due card and PayPal refunds, calls the processor for each, and marks each succeeded (with
 * the remitter's e-mail, in one transaction) or records the failure. Answers how many succeeded.
 */
export async function runDueRefunds(deps: RefundWorkerDeps): Promise<number> {
  const { db, log } = deps;
  const batchSize = deps.batchSize ?? REFUND_BATCH_SIZE;
  let succeeded = 0;
  let stoppedEarly = false;
  for (;;) {
    const batch = await claimDueRefunds(db, batchSize, deps.leaseSeconds ?? REFUND_LEASE_SECONDS);
    for (const [index, refund] of batch.entries()) {
      if (deps.stopping?.()) {
        // Left for another instance's next poll rather than for the lease to run out.
        await releaseRefundLeases(
          db,
          batch.slice(index).map((rest) => rest.id),
        );
        stoppedEarly = true;
        break;
      }
      try {
        await refundAtProcessor(deps.payments, db, refund);
      } catch (error) {
        const attempts = refund.attempts + 1;
        const giveUp = attempts >= MAX_REFUND_ATTEMPTS;
        const retryInSeconds = refundRetryDelaySeconds(attempts);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn(
          { refundId: refund.id, attempts, retryInSeconds, giveUp, err: error },
          `Refund failed: ${reason}`,
        );
        await recordRefundFailure(db, refund.id, { error: reason, retryInSeconds, giveUp });
        refundsProcessed.inc({ outcome: giveUp ? 'given_up' : 'failed' });
        continue;
      }
      const settled = await db.transaction(async (tx) => {
        if (!(await markRefundSucceeded(tx, refund.id))) return false;
        const notice = await findRefundNotice(tx, refund.id);
        if (notice) {
          await enqueueRefundEmail(tx, notice, deps.publicUrl);
          await enqueueRefundSucceededEvent(tx, notice);
        }
        return true;
      });
      if (settled) {
        succeeded += 1;
        refundsProcessed.inc({ outcome: 'succeeded' });
      }
    }
    // A full batch may mean more is due; failed rows move to the future, so this ends.
    if (stoppedEarly || batch.length < batchSize) break;
  }
  if (succeeded > 0) deps.kickMailWorker();
  return succeeded;
}

/**
 * Runs the refunds inside the API process every `intervalMs` and whenever kicked. Passes never overlap
 * within a process; a kick during a pass queues one more pass, so a refund committed meanwhile is not
 * left for the next poll.
 */
export function startRefundWorker(options: RefundWorkerOptions): RefundWorker {
  let stopped = false;
  let tail: Promise<void> = Promise.resolve();
  let queued = false;

  function requestPass(): void {
    if (stopped || queued) return;
    queued = true;
    tail = tail.then(async () => {
      queued = false;
      if (stopped) return;
      try {
        // A span per pass, like the other outboxes' jobs (decision 055); processor calls are its children.
        await inSpan('outbox refunds', { 'mandado.outbox': 'refunds' }, () =>
          runDueRefunds({ ...options, stopping: () => stopped }),
        );
      } catch (error) {
        options.log.error({ err: error }, 'Refund pass failed');
        reportError(error, { worker: 'Refund pass failed' });
      }
    });
  }

  const timer = setInterval(requestPass, options.intervalMs ?? 30_000);
  // Polling alone never keeps the process alive; the server stops the worker on close.
  timer.unref();
  return {
    kick: requestPass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await tail;
    },
  };
}
