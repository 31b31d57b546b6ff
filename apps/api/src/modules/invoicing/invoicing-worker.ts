import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { JobBacklog } from '../../jobs/job-backlog.sql.ts';
import { type JobKind, type OutboxHandler, runOutboxPass } from '../../jobs/job-runner.ts';
import { givesUp, type RetryPolicy, retryDelaySeconds } from '../../jobs/retry-delay.ts';
import { CfeRejectedError } from './cfe-provider.ts';
import {
  type ClaimedDocument,
  claimDueDocuments,
  enqueueMissingDocuments,
  recordDocumentFailure,
  releaseDocumentLeases,
  releaseHeldDocuments,
  selectDocumentBacklog,
} from './invoicing.repository.ts';
import { holdsMandadoDocuments, type InvoicingSettings, issueDocument } from './invoicing.service.ts';

/**
 * The invoicing kind (issue 32, decision 071): each pass first writes a pending document for every cause that
 * lacks one (paid store orders, succeeded refunds, paid weekly statements), then issues due ones through the
 * provider, one lease per row. A provider that cannot be reached is retried with back-off; a refused document
 * is failed at once and waits for an operator.
 */

export interface InvoicingDeps extends InvoicingSettings {
  db: Database;
  log: FastifyBaseLogger;
  batchSize?: number;
}

/** 1 min, 2 min, 4 min … capped at 6 h; failed after 10 attempts (about a day and a half). */
export const INVOICING_RETRY: RetryPolicy = {
  firstSeconds: 60,
  maxSeconds: 6 * 3600,
  jitter: 0.1,
  maxAttempts: 10,
};
const BATCH_SIZE = 20;
const LEASE_SECONDS = 120;

function invoicingHandler(deps: InvoicingDeps): OutboxHandler<ClaimedDocument, undefined, boolean> {
  const { db, log } = deps;
  return {
    name: 'invoicing',
    batchSize: deps.batchSize ?? BATCH_SIZE,
    claim: (limit) => claimDueDocuments(db, limit, LEASE_SECONDS),
    prepare: async () => undefined,
    async handle(doc) {
      try {
        await issueDocument(db, doc, deps);
        return true;
      } catch (error) {
        const attempts = doc.attempts + 1;
        const giveUp = error instanceof CfeRejectedError || givesUp(INVOICING_RETRY, attempts);
        const retryInSeconds = retryDelaySeconds(INVOICING_RETRY, attempts);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn(
          { documentId: doc.id, source: doc.sourceKey, attempts, giveUp, err: error },
          `CFE not issued: ${reason}`,
        );
        await recordDocumentFailure(db, doc.id, { error: reason, retryInSeconds, giveUp });
        return false;
      }
    },
    release: (rest) =>
      releaseDocumentLeases(
        db,
        rest.map((doc) => doc.id),
      ),
  };
}

/** One pass: documents for new causes, then every due one issued (tests call it; the job runs it). */
export async function runInvoicingPass(
  deps: InvoicingDeps,
  stopping: () => boolean = () => false,
): Promise<void> {
  // Decision 078: once Mandado's RUT is configured, what was held waiting for it goes out.
  if (!holdsMandadoDocuments(deps)) await releaseHeldDocuments(deps.db);
  await enqueueMissingDocuments(deps.db);
  await runOutboxPass(invoicingHandler(deps), stopping);
}

/** The invoicing kind for startJobs: every minute, new causes are found by the pass itself (no kick needed). */
export function invoicingJob(deps: InvoicingDeps, intervalMs = 60_000): JobKind {
  return {
    name: 'invoicing',
    intervalMs,
    firstPassMs: 5_000,
    failureMessage: 'Invoicing pass failed',
    pass: (stopping) => runInvoicingPass(deps, stopping),
  };
}

export function invoicingBacklog(db: Database): Promise<JobBacklog> {
  return selectDocumentBacklog(db);
}
