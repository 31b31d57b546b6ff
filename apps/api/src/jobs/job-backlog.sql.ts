import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';

/** What an outbox kind has waiting, for /metrics (decision 055). */
export interface JobBacklog {
  pending: number;
  /** Seconds since the oldest pending row was written; 0 when none is pending. */
  oldestAgeSeconds: number;
}

/**
 * The backlog query every outbox's repository runs on its own table: how many rows match `pending` and how
 * old the oldest is (the `(status, next_attempt_at)` indexes serve it).
 */
export async function selectBacklog(
  db: Database,
  table: PgTable,
  createdAt: AnyPgColumn,
  pending: SQL | undefined,
): Promise<JobBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${createdAt})), 0)::float8`,
    })
    .from(table)
    .where(pending);
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}
