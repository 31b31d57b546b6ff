import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { type JobKind, sweepJob } from '../../jobs/job-runner.ts';
import { type RetryPolicy, retryDelaySeconds } from '../../jobs/retry-delay.ts';
import type { CardProcessor } from '../../payment-processor.ts';
import { deleteCardsOf, deleteErasure, lockDueErasure, postponeErasure } from './cards-erasure.repository.ts';

/**
 * Account deletion (issue 32): the saved cards' tokens and the processor customer links go, and each link
 * leaves a row asking the processor to delete its own copy (a Stripe Customer keeps the e-mail and the name),
 * which the erasure job below does with retries (decision 082).
 */
export function forgetCards(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  return deleteCardsOf(tx, userId);
}

/** A processor down for a day is retried for days: an erasure owed is never dropped. */
const ERASURE_RETRY: RetryPolicy = { firstSeconds: 60, maxSeconds: 6 * 60 * 60, jitter: 0.2 };
/** Rows one pass handles at most; the next pass (a minute later) takes the rest. */
const ERASURES_PER_PASS = 20;

/** What a failure is called in the row: the error's class or the processor's status, never its message. */
function failureKind(error: unknown): string {
  if (error instanceof Error) return error.name.slice(0, 60);
  return 'unknown';
}

/**
 * One pass: each due erasure, under its row lock, is deleted at the processor and then here; a failure moves
 * it to later with back-off. A row of a processor this instance does not run (configuration changed) waits:
 * the processor that holds the copy is the only one that can delete it.
 */
export async function runProcessorErasures(
  db: Database,
  card: CardProcessor,
  now: () => Date = () => new Date(),
  stopping: () => boolean = () => false,
): Promise<number> {
  let done = 0;
  for (let handled = 0; handled < ERASURES_PER_PASS && !stopping(); handled++) {
    const outcome = await db.transaction(async (tx) => {
      const row = await lockDueErasure(tx, now());
      if (!row) return 'none' as const;
      try {
        if (row.processor !== card.name) throw Object.assign(new Error(), { name: 'ProcessorNotConfigured' });
        await card.forgetCustomer(row.customerRef);
      } catch (error) {
        const attempts = row.attempts + 1;
        await postponeErasure(tx, row.id, {
          attempts,
          nextAttemptAt: new Date(now().getTime() + retryDelaySeconds(ERASURE_RETRY, attempts) * 1000),
          lastError: failureKind(error),
        });
        return 'postponed' as const;
      }
      await deleteErasure(tx, row.id);
      return 'erased' as const;
    });
    if (outcome === 'none') break;
    if (outcome === 'erased') done++;
  }
  return done;
}

export function processorErasureJob(options: {
  db: Database;
  card: CardProcessor;
  log: FastifyBaseLogger;
}): JobKind {
  return sweepJob({
    name: 'processor-erasure',
    intervalMs: 60_000,
    firstPassMs: 30_000,
    failureMessage: 'processor erasure pass failed',
    sweep: async (stopping) => {
      const erased = await runProcessorErasures(options.db, options.card, () => new Date(), stopping);
      if (erased > 0) options.log.info({ erased }, "deleted accounts' processor customers erased");
    },
  });
}
