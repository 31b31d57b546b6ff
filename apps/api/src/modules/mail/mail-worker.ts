import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { claimDueEmails, markEmailDelivered, recordEmailFailure } from './mail.repository.ts';
import type { MailTransport } from './mail-transport.ts';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** How often the outbox is polled for due rows (retries, e-mails enqueued by another instance). */
  intervalMs?: number;
  batchSize?: number;
  /** How long a claimed row stays out of other workers' reach; longer than the transport's timeouts. */
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

/**
 * Delivers the e-mail outbox from inside the API process. Passes never overlap within a process; across
 * processes the rows' leases keep two workers from sending the same e-mail.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  // Few rows per claim: the lease must outlast the slowest batch (a dead server costs ~60 s per message).
  const batchSize = options.batchSize ?? 4;
  const leaseSeconds = options.leaseSeconds ?? 300;
  let stopped = false;
  /** The tail of the chain of passes; never rejects. */
  let tail: Promise<void> = Promise.resolve();
  /** A pass queued behind the running one and not started yet: later requests join it. */
  let queued: Promise<void> | null = null;

  async function sendBatch(): Promise<number> {
    const batch = await claimDueEmails(db, batchSize, leaseSeconds);
    for (const email of batch) {
      let outcome: Awaited<ReturnType<MailTransport['deliver']>>;
      try {
        outcome = await transport.deliver(email);
      } catch (error) {
        const attempts = email.attempts + 1;
        const retryIn = retryDelaySeconds(attempts);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ emailId: email.id, attempts, retryIn, err: error }, `E-mail delivery failed: ${reason}`);
        await recordEmailFailure(db, email.id, reason, retryIn);
        continue;
      }
      await markEmailDelivered(db, email.id, outcome);
      log.debug({ emailId: email.id, outcome }, 'E-mail delivered');
    }
    return batch.length;
  }

  async function sendAllDue(): Promise<void> {
    // A full batch may mean more is due; failed rows move to the future, so this ends.
    while (!stopped && (await sendBatch()) === batchSize) {}
  }

  function requestPass(): Promise<void> {
    if (queued) return queued;
    const pass = tail.then(() => {
      queued = null;
      return sendAllDue();
    });
    queued = pass;
    tail = pass.catch((error: unknown) => {
      log.error({ err: error }, 'E-mail outbox pass failed');
    });
    return pass;
  }

  const timer = setInterval(() => {
    if (!queued) void requestPass().catch(() => {});
  }, options.intervalMs ?? 5000);
  // Polling alone never keeps the process alive; the server stops the worker on close.
  timer.unref();

  return {
    kick() {
      if (!stopped) void requestPass().catch(() => {});
    },
    drain() {
      return requestPass();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await tail;
    },
  };
}
