import type { Database } from '../../db/database.ts';
import { applyDueSubstitutionsFlow, type SubstitutionDeps } from '../../flows/substitution.flow.ts';
import { type JobKind, sweepJob } from '../../jobs/job-runner.ts';

/**
 * The wait time (issue 29, decision 062): every `intervalMs`, the questions nobody answered in time get the
 * preference recorded at checkout. Nothing is kept in memory: each pass reads what is due, and the
 * compare-and-set on the question keeps a late remitter's answer, or another instance, from applying twice.
 */
export function substitutionWaitJob(
  options: Omit<SubstitutionDeps, 'now'> & { db: Database; intervalMs?: number },
): JobKind {
  const { db, intervalMs, ...deps } = options;
  return sweepJob({
    name: 'substitution-wait',
    intervalMs: intervalMs ?? 30_000,
    failureMessage: 'substitution wait-time pass failed',
    sweep: async () => {
      await applyDueSubstitutionsFlow(db, new Date(), deps);
    },
  });
}
