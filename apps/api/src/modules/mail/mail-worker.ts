import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { runOutboxPasses } from '../../outbox-passes.ts';
import {
  type ClaimedEmail,
  claimDueEmails,
  markEmailsDelivered,
  recordEmailFailure,
  releaseEmailLeases,
  renewEmailLeases,
} from './mail.repository.ts';
import type { MailTransport } from './mail-transport.ts';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** How often the outbox is polled for due rows (retries, e-mails enqueued by another instance). */
  intervalMs?: number;
  batchSize?: number;
  /** Messages in flight at once: the SMTP pool's connections (decision 036). */
  concurrency?: number;
  /**
   * How long a claimed row stays out of other workers' reach. Short, so a crashed instance's rows go out
   * within a minute; renewed every third of it while the batch is still sending.
   */
  leaseSeconds?: number;
}

export interface MailWorker {
  /** Sends what is due soon, rather than at the next poll: call it after enqueueing. */
  kick(): void;
  /** Sends everything due now and resolves when done (tests); rejects if the database fails. */
  drain(): Promise<void>;
  /** Stops polling and waits for the pass in progress. The transport stays open: its creator closes it. */
  stop(): Promise<void>;
}

const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;

/** Exponential backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at one hour, forever. */
export function retryDelaySeconds(failedAttempts: number): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 20);
  return Math.min(FIRST_RETRY_SECONDS * 2 ** exponent, MAX_RETRY_SECONDS);
}

/** The defaults: with the transport's pool of 8 connections, about 1,000 messages in under 30 s locally. */
export const MAIL_BATCH_SIZE = 100;
export const MAIL_CONCURRENCY = 8;
export const MAIL_LEASE_SECONDS = 45;

/**
 * Delivers the e-mail outbox from inside the API process. Passes never overlap within a process; across
 * processes the rows' leases keep two workers from sending the same e-mail. A pass claims a batch at once and
 * sends it over several pooled SMTP connections; delivered rows are marked in one statement per batch.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  const concurrency = Math.max(1, options.concurrency ?? MAIL_CONCURRENCY);
  const leaseSeconds = options.leaseSeconds ?? MAIL_LEASE_SECONDS;

  async function sendBatch(stopping: () => boolean): Promise<number> {
    const batch = await claimDueEmails(db, batchSize, leaseSeconds);
    if (batch.length === 0) return 0;
    const unfinished = new Set(batch.map((email) => email.id));
    // While the batch sends, its leases are renewed: a dead SMTP server costs up to ~60 s per message.
    const renewal = setInterval(
      () => {
        renewEmailLeases(db, [...unfinished], leaseSeconds).catch((error: unknown) => {
          log.warn({ err: error }, 'E-mail lease renewal failed');
        });
      },
      Math.max(1000, (leaseSeconds * 1000) / 3),
    );
    const delivered: Record<'sent' | 'captured', number[]> = { sent: [], captured: [] };
    const queue = [...batch];
    async function sendNext(email: ClaimedEmail): Promise<void> {
      try {
        const outcome = await transport.deliver(email);
        delivered[outcome].push(email.id);
        log.debug({ emailId: email.id, outcome }, 'E-mail delivered');
      } catch (error) {
        const attempts = email.attempts + 1;
        const retryIn = retryDelaySeconds(attempts);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ emailId: email.id, attempts, retryIn, err: error }, `E-mail delivery failed: ${reason}`);
        await recordEmailFailure(db, email.id, reason, retryIn);
      } finally {
        unfinished.delete(email.id);
      }
    }
    try {
      // Settled, not Promise.all: every lane has ended before the rows left in `unfinished` are given back.
      const lanes = await Promise.allSettled(
        Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
          for (let email = queue.shift(); email && !stopping(); email = queue.shift()) await sendNext(email);
        }),
      );
      const failed = lanes.find((lane) => lane.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      clearInterval(renewal);
      await markEmailsDelivered(db, delivered.sent, 'sent');
      await markEmailsDelivered(db, delivered.captured, 'captured');
      // Left unsent because the worker is stopping: another instance sends them now (issue 27).
      await releaseEmailLeases(db, [...unfinished]);
    }
    return batch.length;
  }

  return runOutboxPasses({
    sendBatch,
    batchSize,
    intervalMs: options.intervalMs ?? 5000,
    log,
    failureMessage: 'E-mail outbox pass failed',
  });
}
