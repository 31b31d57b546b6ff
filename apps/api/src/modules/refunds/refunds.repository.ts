import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { refunds } from '../../db/schema/fulfilment.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';
import { type JobBacklog, selectBacklog } from '../../jobs/job-backlog.sql.ts';
import { refundCounts } from './refund-counts.sql.ts';

/** The refunds' SQL (decision 040): deciding, claiming for the worker, settling and listing. */

/** A store order a refund is decided for, with what its group says about the payment. */
export interface RefundTargetRow {
  storeOrderId: number;
  storeOrderNumber: string;
  total: string;
  groupId: number;
  paymentStatus: string;
  paymentMethod: string;
}

/**
 * The store order, locked for the rest of the transaction (its row only, not its group's or remitter's):
 * two decisions for one store order take turns, so the second sees the first's refund in the sum below.
 */
export async function lockRefundTarget(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
): Promise<RefundTargetRow | undefined> {
  const [row] = await tx
    .select({
      storeOrderId: storeOrders.id,
      storeOrderNumber: storeOrders.number,
      total: storeOrders.total,
      groupId: orderGroups.id,
      paymentStatus: orderGroups.paymentStatus,
      paymentMethod: orderGroups.paymentMethod,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(eq(storeOrders.id, storeOrderId))
    .for('update', { of: storeOrders });
  return row;
}

/** The confirmed store order with this number and who bought it (an operator never refunds their own). */
export async function findStoreOrderBuyer(
  db: DatabaseOrTransaction,
  number: string,
): Promise<{ id: number; remitterId: number } | null> {
  const [row] = await db
    .select({ id: storeOrders.id, remitterId: orderGroups.remitterId })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(and(eq(storeOrders.number, number), eq(orderGroups.status, 'confirmed')));
  return row ?? null;
}

/** What is already given back or on its way for the store order (pending and succeeded), USD decimal. */
export async function decidedRefundTotal(tx: DatabaseOrTransaction, storeOrderId: number): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::numeric(12, 2)::text` })
    .from(refunds)
    .where(and(eq(refunds.storeOrderId, storeOrderId), refundCounts));
  return row?.total ?? '0.00';
}

/** A line as its refunds see it (issue 27): what was paid for it and what was given back for it. */
export interface RefundLineRow {
  quantity: number;
  totalUsd: string;
  discount: string;
  /** Given back or on its way for the line (pending and succeeded), USD decimal. */
  refunded: string;
  /** Units of it given back by unit refunds that did not fail. */
  refundedUnits: number;
}

const lineRefundSums = {
  refunded: sql<string>`coalesce(sum(${refunds.amount}), 0)::numeric(12, 2)::text`,
  refundedUnits: sql<number>`coalesce(sum(${refunds.units}), 0)::int`,
};

/**
 * The line of the store order with its refunds so far; undefined when it is not one of the store order's.
 * Read under the store order's lock (lockRefundTarget), which every refund of its lines takes first, so
 * the sums cannot move before the decision commits; a second lock on the line itself would add nothing.
 */
export async function findRefundLine(
  tx: DatabaseOrTransaction,
  orderLineId: number,
  storeOrderId: number,
): Promise<RefundLineRow | undefined> {
  const [row] = await tx
    .select({
      quantity: orderLines.quantity,
      totalUsd: orderLines.totalUsd,
      discount: orderLines.discount,
      ...lineRefundSums,
    })
    .from(orderLines)
    .leftJoin(refunds, and(eq(refunds.orderLineId, orderLines.id), refundCounts))
    .where(and(eq(orderLines.id, orderLineId), eq(orderLines.storeOrderId, storeOrderId)))
    .groupBy(orderLines.id);
  return row;
}

/**
 * What a refund needs to be told in the currency the remitter paid in (issue 31): the group's display
 * currency and rate, the store order's parts and its lines' shown totals, and what its refunds so far
 * gave back as shown (`legacy` counts those without a shown amount, decided before it was kept). Read under
 * the store order's lock, like the caps.
 */
export interface RefundDisplayRow {
  currency: string;
  rate: string | null;
  shipping: string;
  discount: string;
  credit: string;
  /** Sum of the lines' shown totals; null when a line has none (placed before they were kept). */
  linesDisplayTotal: string | null;
  displayRefunded: string;
  legacy: number;
}

export interface RefundDisplayLineRow {
  displayTotal: string | null;
  discount: string;
  displayRefunded: string;
  legacy: number;
}

const displaySums = {
  displayRefunded: sql<string>`coalesce(sum(${refunds.displayAmount}), 0)::numeric(12, 2)::text`,
  legacy: sql<number>`count(${refunds.id}) filter (where ${refunds.displayAmount} is null)::int`,
};

export async function findRefundDisplay(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
): Promise<RefundDisplayRow | undefined> {
  const [row] = await tx
    .select({
      currency: orderGroups.displayCurrency,
      rate: orderGroups.displayRate,
      shipping: storeOrders.shipping,
      discount: storeOrders.discount,
      credit: storeOrders.credit,
      linesDisplayTotal: sql<string | null>`(
        select case when count(*) filter (where ${orderLines.displayTotal} is null) > 0 then null
          else coalesce(sum(${orderLines.displayTotal}), 0)::numeric(12, 2)::text end
        from ${orderLines} where ${orderLines.storeOrderId} = ${storeOrders.id}
      )`,
      ...displaySums,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .leftJoin(refunds, and(eq(refunds.storeOrderId, storeOrders.id), refundCounts))
    .where(eq(storeOrders.id, storeOrderId))
    .groupBy(storeOrders.id, orderGroups.id);
  return row;
}

export async function findRefundDisplayLine(
  tx: DatabaseOrTransaction,
  orderLineId: number,
): Promise<RefundDisplayLineRow | undefined> {
  const [row] = await tx
    .select({ displayTotal: orderLines.displayTotal, discount: orderLines.discount, ...displaySums })
    .from(orderLines)
    .leftJoin(refunds, and(eq(refunds.orderLineId, orderLines.id), refundCounts))
    .where(eq(orderLines.id, orderLineId))
    .groupBy(orderLines.id);
  return row;
}

/** Given back or on its way (pending and succeeded) per line of the group, in amount and units: one query. */
export async function sumLineRefundsOfGroup(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<Array<{ orderLineId: number; refunded: string; refundedUnits: number }>> {
  const rows = await db
    .select({ orderLineId: refunds.orderLineId, ...lineRefundSums })
    .from(refunds)
    .where(and(eq(refunds.groupId, groupId), isNotNull(refunds.orderLineId), refundCounts))
    .groupBy(refunds.orderLineId);
  return rows.flatMap((row) => (row.orderLineId === null ? [] : [{ ...row, orderLineId: row.orderLineId }]));
}

/** Whether the line belongs to the store order (a refund's line must be one of its own). */
export async function isLineOfStoreOrder(
  tx: DatabaseOrTransaction,
  orderLineId: number,
  storeOrderId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.id, orderLineId), eq(orderLines.storeOrderId, storeOrderId)));
  return row !== undefined;
}

export type NewRefundRow = typeof refunds.$inferInsert;

export async function insertRefund(tx: DatabaseOrTransaction, row: NewRefundRow): Promise<number> {
  const [inserted] = await tx.insert(refunds).values(row).returning({ id: refunds.id });
  if (!inserted) throw new Error('refund not stored');
  return inserted.id;
}

/** A refund with everything its e-mail and its presented form need: one query. */
export interface RefundNoticeRow {
  id: number;
  groupId: number;
  groupNumber: string;
  storeOrderNumber: string;
  storeName: string;
  lineName: string | null;
  amount: string;
  /** Issue 31: the refund as the remitter paid (the group's display currency at its rate); null for dollars. */
  displayAmount: string | null;
  displayCurrency: string;
  displayRate: string | null;
  reason: string;
  destination: string;
  status: string;
  reference: string | null;
  paymentMethod: string;
  paymentLabel: string | null;
  remitterId: number;
  remitterEmail: string;
  remitterFirstName: string;
  createdAt: Date;
  settledAt: Date | null;
}

const noticeColumns = {
  id: refunds.id,
  groupId: refunds.groupId,
  groupNumber: orderGroups.number,
  storeOrderNumber: storeOrders.number,
  storeName: storeOrders.storeName,
  lineName: orderLines.name,
  amount: refunds.amount,
  displayAmount: refunds.displayAmount,
  displayCurrency: orderGroups.displayCurrency,
  displayRate: orderGroups.displayRate,
  reason: refunds.reason,
  destination: refunds.destination,
  status: refunds.status,
  reference: refunds.reference,
  paymentMethod: orderGroups.paymentMethod,
  paymentLabel: orderGroups.paymentLabel,
  remitterId: users.id,
  remitterEmail: users.email,
  remitterFirstName: users.firstName,
  createdAt: refunds.createdAt,
  settledAt: refunds.settledAt,
};

function noticeQuery(db: DatabaseOrTransaction) {
  return db
    .select(noticeColumns)
    .from(refunds)
    .innerJoin(storeOrders, eq(storeOrders.id, refunds.storeOrderId))
    .innerJoin(orderGroups, eq(orderGroups.id, refunds.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .leftJoin(orderLines, eq(orderLines.id, refunds.orderLineId));
}

export async function findRefundNotice(
  db: DatabaseOrTransaction,
  refundId: number,
): Promise<RefundNoticeRow | undefined> {
  const [row] = await noticeQuery(db).where(eq(refunds.id, refundId));
  return row;
}

/** The refunds of these groups, oldest first: one query. */
export async function listRefundNotices(
  db: DatabaseOrTransaction,
  groupIds: readonly number[],
): Promise<RefundNoticeRow[]> {
  if (groupIds.length === 0) return [];
  return noticeQuery(db)
    .where(inArray(refunds.groupId, [...groupIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** Given back or on its way (pending and succeeded) per group, USD decimals: one query. */
export async function sumRefundsOfGroups(
  db: DatabaseOrTransaction,
  groupIds: readonly number[],
): Promise<Array<{ groupId: number; total: string }>> {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: refunds.groupId,
      total: sql<string>`sum(${refunds.amount})::numeric(12, 2)::text`,
    })
    .from(refunds)
    .where(and(inArray(refunds.groupId, [...groupIds]), refundCounts))
    .groupBy(refunds.groupId);
}

/** The refund, locked for the rest of the transaction (an operator recording it). */
export async function lockRefund(
  tx: DatabaseOrTransaction,
  refundId: number,
): Promise<{ id: number; destination: string; status: string } | undefined> {
  const [row] = await tx
    .select({ id: refunds.id, destination: refunds.destination, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.id, refundId))
    .for('update');
  return row;
}

/**
 * A pending refund becomes succeeded, once: the status guard makes a second worker (whose lease ran out
 * while the first was still waiting for the processor) change nothing. True when this call settled it.
 */
export async function markRefundSucceeded(
  tx: DatabaseOrTransaction,
  refundId: number,
  recorded: { reference: string; actorUserId: number } | null = null,
): Promise<boolean> {
  const rows = await tx
    .update(refunds)
    .set({
      status: 'succeeded',
      settledAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      ...(recorded
        ? { reference: recorded.reference, actorRole: 'operator', actorUserId: recorded.actorUserId }
        : { attempts: sql`${refunds.attempts} + 1` }),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return rows.length === 1;
}

/** A refund the worker holds: the amount and where the group's payment is. */
export interface ClaimedRefund {
  id: number;
  amount: string;
  attempts: number;
  processor: string;
  processorRef: string | null;
}

/**
 * Gives back rows this worker claimed and never started (it is stopping: SIGTERM, issue 27), so another
 * instance sends them at its next poll instead of when the lease runs out.
 */
export async function releaseRefundLeases(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(refunds)
    .set({ lockedUntil: null })
    .where(and(inArray(refunds.id, [...ids]), eq(refunds.status, 'pending')));
}

/**
 * Leases up to `limit` due processor refunds for `leaseSeconds` (the mail worker's claim): `skip locked`
 * lets several instances claim at once without taking each other's rows, and the lease keeps a row away
 * from them while its processor call is in flight. A worker that dies lets the lease run out.
 */
export async function claimDueRefunds(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedRefund[]> {
  const due = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.destination, 'original_payment'),
        lte(refunds.nextAttemptAt, sql`now()`),
        or(isNull(refunds.lockedUntil), lt(refunds.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(refunds.nextAttemptAt), asc(refunds.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(refunds)
    .set({ lockedUntil: sql`now() + ${leaseSeconds}::integer * interval '1 second'` })
    .where(inArray(refunds.id, due))
    .returning({
      id: refunds.id,
      groupId: refunds.groupId,
      amount: refunds.amount,
      attempts: refunds.attempts,
    });
  if (claimed.length === 0) return [];
  const groups = await db
    .select({ id: orderGroups.id, processor: orderGroups.processor, processorRef: orderGroups.processorRef })
    .from(orderGroups)
    .where(inArray(orderGroups.id, [...new Set(claimed.map((row) => row.groupId))]));
  const groupOf = new Map(groups.map((group) => [group.id, group]));
  return claimed
    .map((row) => ({
      id: row.id,
      amount: row.amount,
      attempts: row.attempts,
      processor: groupOf.get(row.groupId)?.processor ?? '',
      processorRef: groupOf.get(row.groupId)?.processorRef ?? null,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * A failed processor call: the refund waits `retryInSeconds`, or, after its last attempt, is failed for
 * operators to look at.
 */
export async function recordRefundFailure(
  db: Database,
  refundId: number,
  failure: { error: string; retryInSeconds: number; giveUp: boolean },
): Promise<void> {
  await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      lastError: failure.error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${failure.retryInSeconds}::integer * interval '1 second'`,
      lockedUntil: null,
      ...(failure.giveUp ? { status: 'failed' } : {}),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** The card and PayPal refunds the worker sends, for /metrics; a bank refund waits for an operator instead. */
export function selectRefundBacklog(db: Database): Promise<JobBacklog> {
  return selectBacklog(
    db,
    refunds,
    refunds.createdAt,
    and(eq(refunds.status, 'pending'), eq(refunds.destination, 'original_payment')),
  );
}
