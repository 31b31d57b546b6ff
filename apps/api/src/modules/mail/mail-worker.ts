import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { JobBacklog } from '../../jobs/job-backlog.sql.ts';
import { type JobKind, type OutboxHandler, outboxJob, startJob } from '../../jobs/job-runner.ts';
import { retryDelaySeconds as jobRetryDelaySeconds, type RetryPolicy } from '../../jobs/retry-delay.ts';
import {
  type ClaimedEmail,
  claimDueEmails,
  markEmailsDelivered,
  recordEmailFailure,
  releaseEmailLeases,
  renewEmailLeases,
  selectEmailBacklog,
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

/** Exponential backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at one hour, forever. */
export const MAIL_RETRY: RetryPolicy = { firstSeconds: 30, maxSeconds: 3600, jitter: 0 };

/** The mail kind's delays (jobs/retry-delay.ts), by failed attempts. */
export function retryDelaySeconds(failedAttempts: number): number {
  return jobRetryDelaySeconds(MAIL_RETRY, failedAttempts);
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
export function mailJob(options: MailWorkerOptions): JobKind {
  const { db, transport, log } = options;
  const leaseSeconds = options.leaseSeconds ?? MAIL_LEASE_SECONDS;
  type Delivered = 'sent' | 'captured' | 'failed';
  const handler: OutboxHandler<ClaimedEmail, undefined, Delivered> = {
    name: 'mail',
    batchSize: options.batchSize ?? MAIL_BATCH_SIZE,
    concurrency: options.concurrency ?? MAIL_CONCURRENCY,
    claim: (limit) => claimDueEmails(db, limit, leaseSeconds),
    prepare: async () => undefined,
    async handle(email) {
      try {
        const outcome = await transport.deliver(email);
        log.debug({ emailId: email.id, outcome }, 'E-mail delivered');
        return outcome;
      } catch (error) {
        const attempts = email.attempts + 1;
        const retryIn = retryDelaySeconds(attempts);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ emailId: email.id, attempts, retryIn, err: error }, `E-mail delivery failed: ${reason}`);
        await recordEmailFailure(db, email.id, reason, retryIn);
        return 'failed';
      }
    },
    // Delivered rows are marked in one statement per batch and outcome.
    async finish(handled) {
      for (const outcome of ['sent', 'captured'] as const) {
        const ids = handled.filter((entry) => entry.outcome === outcome).map((entry) => entry.row.id);
        await markEmailsDelivered(db, ids, outcome);
      }
    },
    release: (emails) =>
      releaseEmailLeases(
        db,
        emails.map((email) => email.id),
      ),
    // While the batch sends, its leases are renewed: a dead SMTP server costs up to ~60 s per message.
    renew: {
      everyMs: Math.max(1000, (leaseSeconds * 1000) / 3),
      leases: (emails) =>
        renewEmailLeases(
          db,
          emails.map((email) => email.id),
          leaseSeconds,
        ).catch((error: unknown) => {
          log.warn({ err: error }, 'E-mail lease renewal failed');
        }),
    },
  };
  return outboxJob(handler, {
    intervalMs: options.intervalMs ?? 5000,
    failureMessage: 'E-mail outbox pass failed',
  });
}

/** The e-mails waiting, for /metrics (jobs/job-backlogs.ts). */
export function mailBacklog(db: Database): Promise<JobBacklog> {
  return selectEmailBacklog(db);
}

/** The mail kind on its own (tests; the server starts it with the other kinds, jobs/jobs.ts). */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  return startJob(mailJob(options), options.log);
}
