import { parseMoney } from '@mandado/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { announceRefundSettled } from '../../flows/refund.flow.ts';
import type { JobBacklog } from '../../jobs/job-backlog.sql.ts';
import { type JobKind, type OutboxHandler, runOutboxPass, startJob } from '../../jobs/job-runner.ts';
import { givesUp, type RetryPolicy, retryDelaySeconds } from '../../jobs/retry-delay.ts';
import type { Payments } from '../../payment-processor.ts';
import { refundsProcessed } from '../observability/metrics.ts';
import {
  type ClaimedRefund,
  claimDueRefunds,
  findRefundNotice,
  markRefundSucceeded,
  recordRefundFailure,
  releaseRefundLeases,
  selectRefundBacklog,
} from './refunds.repository.ts';

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
/** Back-off after the n-th failed attempt: 1 min, 2 min, 4 min, … capped at 6 h; failed after the eighth. */
export const REFUND_RETRY: RetryPolicy = {
  firstSeconds: 60,
  maxSeconds: 6 * 3600,
  jitter: 0,
  maxAttempts: MAX_REFUND_ATTEMPTS,
};
const REFUND_BATCH_SIZE = 20;
const REFUND_LEASE_SECONDS = 120;

/** The refunds kind's delays (jobs/retry-delay.ts), by failed attempts. */
export function refundRetryDelaySeconds(failedAttempts: number): number {
  return retryDelaySeconds(REFUND_RETRY, failedAttempts);
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
 * The refunds kind: claims due card and PayPal refunds, calls the processor for each, and marks each succeeded
 * (with the remitter's e-mail, in one transaction) or records the failure. `onSucceeded` counts the ones that
 * settled; the mail worker is woken after a batch that enqueued e-mails.
 */
function refundHandler(
  deps: RefundWorkerDeps,
  onSucceeded: () => void,
): OutboxHandler<ClaimedRefund, undefined, boolean> {
  const { db, log } = deps;
  const leaseSeconds = deps.leaseSeconds ?? REFUND_LEASE_SECONDS;
  return {
    name: 'refunds',
    batchSize: deps.batchSize ?? REFUND_BATCH_SIZE,
    claim: (limit) => claimDueRefunds(db, limit, leaseSeconds),
    prepare: async () => undefined,
    async handle(refund) {
      try {
        await refundAtProcessor(deps.payments, db, refund);
      } catch (error) {
        const attempts = refund.attempts + 1;
        const giveUp = givesUp(REFUND_RETRY, attempts);
        const retryInSeconds = refundRetryDelaySeconds(attempts);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn(
          { refundId: refund.id, attempts, retryInSeconds, giveUp, err: error },
          `Refund failed: ${reason}`,
        );
        await recordRefundFailure(db, refund.id, { error: reason, retryInSeconds, giveUp });
        refundsProcessed.inc({ destination: 'original_payment', outcome: giveUp ? 'given_up' : 'failed' });
        return false;
      }
      const settled = await db.transaction(async (tx) => {
        if (!(await markRefundSucceeded(tx, refund.id))) return false;
        const notice = await findRefundNotice(tx, refund.id);
        if (notice) {
          await announceRefundSettled(tx, notice, deps.publicUrl);
        }
        return true;
      });
      // Counted here, after the commit: the transaction has resolved.
      if (settled) {
        onSucceeded();
        refundsProcessed.inc({ destination: 'original_payment', outcome: 'succeeded' });
      }
      return settled;
    },
    // Left for another instance's next poll rather than for the lease to run out.
    release: (rest) =>
      releaseRefundLeases(
        db,
        rest.map((refund) => refund.id),
      ),
  };
}

/** One pass of the refunds kind until nothing is due (tests, the worker); answers how many succeeded. */
export async function runDueRefunds(deps: RefundWorkerDeps): Promise<number> {
  let succeeded = 0;
  try {
    await runOutboxPass(
      refundHandler(deps, () => {
        succeeded += 1;
      }),
      deps.stopping ?? (() => false),
    );
  } finally {
    if (succeeded > 0) deps.kickMailWorker();
  }
  return succeeded;
}

/** The processor refunds waiting, for /metrics (jobs/job-backlogs.ts). */
export function refundBacklog(db: Database): Promise<JobBacklog> {
  return selectRefundBacklog(db);
}

export function refundJob(options: RefundWorkerOptions): JobKind {
  return {
    name: 'refunds',
    intervalMs: options.intervalMs ?? 30_000,
    failureMessage: 'Refund pass failed',
    pass: (stopping) => runDueRefunds({ ...options, stopping }).then(() => undefined),
  };
}

/**
 * Runs the refunds inside the API process every `intervalMs` and whenever kicked (jobs/job-runner.ts): passes
 * never overlap within a process; a kick during a pass queues one more, so a refund committed meanwhile is
 * not left for the next poll.
 */
export function startRefundWorker(options: RefundWorkerOptions): RefundWorker {
  return startJob(refundJob(options), options.log);
}
