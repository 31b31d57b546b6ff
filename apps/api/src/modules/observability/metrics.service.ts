import type { Database } from '../../db/database.ts';
import { type JobBacklog, type OutboxName, readJobBacklogs } from '../../jobs/job-backlogs.ts';

export type { OutboxName };
export type OutboxBacklog = JobBacklog;

/** Each outbox's waiting rows and the oldest one's age, read when Prometheus scrapes (decisions 055, 058). */
export function readOutboxBacklogs(db: Database): Promise<Record<OutboxName, OutboxBacklog>> {
  return readJobBacklogs(db);
}
