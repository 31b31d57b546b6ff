import type { Database } from '../../db/database.ts';
import { type OutboxBacklog, type OutboxName, selectOutboxBacklogs } from './outbox-backlog.repository.ts';

export type { OutboxBacklog, OutboxName };

/** Each outbox's waiting rows and the oldest one's age, read when Prometheus scrapes (decision 055). */
export function readOutboxBacklogs(db: Database): Promise<Record<OutboxName, OutboxBacklog>> {
  return selectOutboxBacklogs(db);
}
