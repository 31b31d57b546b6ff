import type { DatabaseHandle } from '../../db/database.ts';
import type { Readiness } from './readiness.ts';

/** A database that does not answer `select 1` within this is as good as down for a probe. */
export const READY_DATABASE_TIMEOUT_MS = 2000;

/**
 * The reasons this process should receive no traffic, as stable codes for operators and probes (issue 27);
 * none means ready: the database answers, every migration is applied, the role's workers run, not draining.
 */
export async function readinessProblems(database: DatabaseHandle, readiness: Readiness): Promise<string[]> {
  const problems: string[] = [];
  if (readiness.draining) problems.push('draining');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([database.ping(), timeout]);
    const pending = await Promise.race([database.pendingMigrations(), timeout]);
    if (pending > 0) problems.push('migrations-pending');
  } catch {
    problems.push('database-unavailable');
  } finally {
    clearTimeout(timer);
  }
  problems.push(...readiness.workerProblems());
  return problems;
}
