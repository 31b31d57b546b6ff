import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/back-office.ts';
import { type JobBacklog, selectBacklog } from '../../jobs/job-backlog.sql.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

export interface EndpointWithCounts extends WebhookEndpointRow {
  pendingCount: number;
  failedCount: number;
}

/** How long the previous secret keeps signing after a rotation. */
const PREVIOUS_SECRET_HOURS = 24;

const countsColumns = {
  pendingCount: sql<number>`(select count(*)::int from ${webhookDeliveries} d
    where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'pending')`,
  failedCount: sql<number>`(select count(*)::int from ${webhookDeliveries} d
    where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'failed')`,
};

export async function insertEndpoint(
  tx: DatabaseOrTransaction,
  row: { url: string; events: string[]; secret: string; createdBy: number },
): Promise<WebhookEndpointRow> {
  const [inserted] = await tx.insert(webhookEndpoints).values(row).returning();
  if (!inserted) throw new Error('webhook endpoint not stored');
  return inserted;
}

/** Every endpoint, newest first, with its pending and failed deliveries counted: one query. */
export async function listEndpoints(db: DatabaseOrTransaction): Promise<EndpointWithCounts[]> {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
      createdBy: webhookEndpoints.createdBy,
      createdAt: webhookEndpoints.createdAt,
      disabledAt: webhookEndpoints.disabledAt,
      ...countsColumns,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.id));
  return rows.map((row) => ({
    ...row,
    pendingCount: Number(row.pendingCount),
    failedCount: Number(row.failedCount),
  }));
}

export async function findEndpointWithCounts(
  db: DatabaseOrTransaction,
  id: number,
): Promise<EndpointWithCounts | undefined> {
  const [row] = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
      createdBy: webhookEndpoints.createdBy,
      createdAt: webhookEndpoints.createdAt,
      disabledAt: webhookEndpoints.disabledAt,
      ...countsColumns,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row && { ...row, pendingCount: Number(row.pendingCount), failedCount: Number(row.failedCount) };
}

/** The endpoint, locked for the rest of the transaction (an operator changing it). */
export async function lockEndpoint(
  tx: DatabaseOrTransaction,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  return row;
}

export async function updateEndpoint(
  tx: DatabaseOrTransaction,
  id: number,
  patch: { url?: string; events?: string[]; disabled?: boolean },
): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({
      ...(patch.url === undefined ? {} : { url: patch.url }),
      ...(patch.events === undefined ? {} : { events: patch.events }),
      ...(patch.disabled === undefined
        ? {}
        : { disabledAt: patch.disabled ? sql`coalesce(${webhookEndpoints.disabledAt}, now())` : null }),
    })
    .where(eq(webhookEndpoints.id, id));
}

/** The new secret signs from now on; the current one becomes the previous and signs for 24 hours more. */
export async function rotateEndpointSecret(
  tx: DatabaseOrTransaction,
  id: number,
  secret: string,
): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretUntil: sql`now() + ${PREVIOUS_SECRET_HOURS}::integer * interval '1 hour'`,
      secret,
    })
    .where(eq(webhookEndpoints.id, id));
}

/** The enabled endpoints subscribed to `eventType`. */
export async function listSubscribedEndpointIds(
  tx: DatabaseOrTransaction,
  eventType: string,
): Promise<number[]> {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
      ),
    )
    .orderBy(asc(webhookEndpoints.id));
  return rows.map((row) => row.id);
}

export async function insertDeliveries(
  tx: DatabaseOrTransaction,
  rows: Array<{ endpointId: number; eventId: string; eventType: string; body: string }>,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
  return inserted.map((row) => row.id);
}

/** One page of an endpoint's deliveries, newest first, from before the cursor (an id): `limit` + 1 rows. */
export async function listDeliveryPage(
  db: DatabaseOrTransaction,
  endpointId: number,
  beforeId: number | null,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        beforeId === null ? undefined : lt(webhookDeliveries.id, beforeId),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit + 1);
}

/** The attempts of these deliveries, oldest first: one query. */
export async function listAttemptsOf(
  db: DatabaseOrTransaction,
  deliveryIds: readonly number[],
): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, [...deliveryIds]))
    .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id));
}

export async function findDelivery(
  db: DatabaseOrTransaction,
  id: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  eventId: string;
  body: string;
  attempts: number;
}

/**
 * Gives back rows this worker claimed and never started (it is stopping: SIGTERM, issue 27), so another
 * instance sends them at its next poll instead of when the lease runs out.
 */
export async function releaseDeliveryLeases(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ lockedUntil: null })
    .where(and(inArray(webhookDeliveries.id, [...ids]), eq(webhookDeliveries.status, 'pending')));
}

/**
 * Leases up to `limit` due deliveries of enabled endpoints for `leaseSeconds` (the mail worker's claim):
 * `for update skip locked` lets several instances claim at once without taking each other's rows, and the
 * lease keeps a row away from them while its POST is in flight. A paused endpoint's rows wait.
 */
export async function claimDueDeliveries(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, sql`now()`),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, sql`now()`)),
        isNull(webhookEndpoints.disabledAt),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const rows = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: sql`now() + ${leaseSeconds}::integer * interval '1 second'` })
    .where(inArray(webhookDeliveries.id, due))
    .returning({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
    });
  return rows.sort((a, b) => a.id - b.id);
}

export interface SigningEndpoint {
  id: number;
  url: string;
  /** Newest first: the current secret, then the previous one while it still signs. */
  secrets: string[];
}

/** Where and with which secrets the claimed deliveries go, one query for the batch. */
export async function listSigningEndpoints(
  db: DatabaseOrTransaction,
  ids: readonly number[],
): Promise<SigningEndpoint[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: sql<
        string | null
      >`case when ${webhookEndpoints.previousSecretUntil} > now() then ${webhookEndpoints.previousSecret} end`,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...ids]));
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    secrets: row.previousSecret ? [row.secret, row.previousSecret] : [row.secret],
  }));
}

/**
 * One POST's outcome, with its attempts row, in one transaction: a 2xx delivers the row; anything else makes
 * it due again after `retryInSeconds`, or failed when that would be past `giveUpHours` after it was created.
 * The status guard leaves a row another worker settled meanwhile alone.
 */
export async function recordDeliveryAnswer(
  db: Database,
  entry: {
    deliveryId: number;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    delivered: boolean;
    retryInSeconds: number;
    giveUpHours: number;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: entry.deliveryId,
      statusCode: entry.statusCode,
      error: entry.error,
      durationMs: entry.durationMs,
    });
    const next = sql`now() + ${entry.retryInSeconds}::integer * interval '1 second'`;
    await tx
      .update(webhookDeliveries)
      .set(
        entry.delivered
          ? {
              status: 'delivered',
              attempts: sql`${webhookDeliveries.attempts} + 1`,
              deliveredAt: sql`now()`,
              lastStatusCode: entry.statusCode,
              lastError: null,
              lockedUntil: null,
            }
          : {
              status: sql`case when ${next} > ${webhookDeliveries.createdAt} + ${entry.giveUpHours}::integer * interval '1 hour'
                then 'failed' else 'pending' end`,
              attempts: sql`${webhookDeliveries.attempts} + 1`,
              nextAttemptAt: next,
              lastStatusCode: entry.statusCode,
              lastError: entry.error,
              lockedUntil: null,
            },
      )
      .where(and(eq(webhookDeliveries.id, entry.deliveryId), eq(webhookDeliveries.status, 'pending')));
  });
}

/** Webhook deliveries waiting to be posted, for /metrics. */
export function selectDeliveryBacklog(db: Database): Promise<JobBacklog> {
  return selectBacklog(
    db,
    webhookDeliveries,
    webhookDeliveries.createdAt,
    eq(webhookDeliveries.status, 'pending'),
  );
}
