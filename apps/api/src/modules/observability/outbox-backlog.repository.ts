import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { webhookDeliveries } from '../../db/schema/back-office.ts';
import { pushOutbox, refunds } from '../../db/schema/fulfilment.ts';
import { emailOutbox } from '../../db/schema/mail.ts';

export interface OutboxBacklog {
  pending: number;
  /** Seconds since the oldest pending row was written; 0 when none is pending. */
  oldestAgeSeconds: number;
}

export type OutboxName = 'mail' | 'push' | 'webhooks' | 'refunds';

async function backlogOf(
  db: Database,
  table: PgTable,
  createdAt: AnyPgColumn,
  pending: SQL | undefined,
): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${createdAt})), 0)::float8`,
    })
    .from(table)
    .where(pending);
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}

/**
 * Rows waiting in each outbox, one query per outbox (the `(status, next_attempt_at)` indexes serve them). The
 * refunds' outbox is the card and PayPal ones the worker sends; a bank refund waits for an operator instead.
 */
export async function selectOutboxBacklogs(db: Database): Promise<Record<OutboxName, OutboxBacklog>> {
  return {
    mail: await backlogOf(db, emailOutbox, emailOutbox.createdAt, eq(emailOutbox.status, 'pending')),
    push: await backlogOf(db, pushOutbox, pushOutbox.createdAt, eq(pushOutbox.status, 'pending')),
    webhooks: await backlogOf(
      db,
      webhookDeliveries,
      webhookDeliveries.createdAt,
      eq(webhookDeliveries.status, 'pending'),
    ),
    refunds: await backlogOf(
      db,
      refunds,
      refunds.createdAt,
      and(eq(refunds.status, 'pending'), eq(refunds.destination, 'original_payment')),
    ),
  };
}
