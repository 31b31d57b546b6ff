import type { StoreOrderStatus, TransitionActor } from '@mandado/shared/order-status';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  type BeneficiarySnapshot,
  type LineSubstitute,
  orderGroups,
  orderLines,
  storeOrderHistory,
  storeOrders,
} from '../../db/schema/orders.ts';
import { visibleToStore } from './visible-to-store.sql.ts';

/** A store order with what its group says about it (number, payment, beneficiary), for staff answers. */
export interface StaffStoreOrderRow {
  id: number;
  number: string;
  storeId: number;
  storeName: string;
  storeAddress: string;
  status: string;
  subtotal: string;
  discount: string;
  shipping: string;
  credit: string;
  total: string;
  createdAt: Date;
  groupId: number;
  groupNumber: string;
  groupStatus: string;
  paymentStatus: string;
  substitution: string;
  beneficiary: BeneficiarySnapshot;
  pickupName: string | null;
  pickupPhone: string | null;
  delivery: string;
  deliveryFrom: string;
  deliveryTo: string;
  /** The delivery window (decision 065); null on a pick-up or an order placed before windows. */
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
  giftMessage: string | null;
  seenAt: Date | null;
  /** The courier link's token, once 'Listo para entregar' made it (issue 17). */
  courierToken: string | null;
  /** When it was handed over (issue 29: the family's answer is offered from then). */
  deliveredAt: Date | null;
}

/** The store order a status change is about, with its remitter for the e-mail. */
export interface StatusTargetRow extends StaffStoreOrderRow {
  remitterId: number;
  remitterEmail: string;
  remitterFirstName: string;
}

export interface OrderLineRow {
  id: number;
  storeOrderId: number;
  productId: number | null;
  name: string;
  image: string | null;
  quantity: number;
  unitPrice: string;
  currency: string;
  totalUsd: string;
  discount: string;
  substitution: string;
  availableQuantity: number | null;
  substitute: LineSubstitute | null;
}

export interface HistoryRow {
  storeOrderId: number;
  fromStatus: string | null;
  toStatus: string;
  actorRole: string;
  actorUserId: number | null;
  reason: string;
  createdAt: Date;
}

const staffColumns = {
  id: storeOrders.id,
  number: storeOrders.number,
  storeId: storeOrders.storeId,
  storeName: storeOrders.storeName,
  storeAddress: storeOrders.storeAddress,
  status: storeOrders.status,
  subtotal: storeOrders.subtotal,
  discount: storeOrders.discount,
  shipping: storeOrders.shipping,
  credit: storeOrders.credit,
  total: storeOrders.total,
  createdAt: storeOrders.createdAt,
  groupId: orderGroups.id,
  groupNumber: orderGroups.number,
  groupStatus: orderGroups.status,
  paymentStatus: orderGroups.paymentStatus,
  substitution: orderGroups.substitution,
  beneficiary: orderGroups.beneficiary,
  pickupName: orderGroups.pickupName,
  pickupPhone: orderGroups.pickupPhone,
  delivery: orderGroups.delivery,
  deliveryFrom: orderGroups.deliveryFrom,
  deliveryTo: orderGroups.deliveryTo,
  windowStartsAt: storeOrders.windowStartsAt,
  windowEndsAt: storeOrders.windowEndsAt,
  giftMessage: orderGroups.giftMessage,
  seenAt: storeOrders.seenAt,
  courierToken: storeOrders.courierToken,
  deliveredAt: storeOrders.deliveredAt,
};

/**
 * One page of a store's inbox (issue 17): its orders of confirmed, paid groups (a transfer still waiting is
 * no order to prepare) in the given statuses, newest first: one query.
 */
export async function listStoreOrderPage(
  db: Database,
  storeId: number,
  page: { statuses: readonly StoreOrderStatus[]; limit: number; offset: number },
): Promise<StaffStoreOrderRow[]> {
  if (page.statuses.length === 0) return [];
  return (
    db
      .select(staffColumns)
      .from(storeOrders)
      .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
      .where(
        and(
          eq(storeOrders.storeId, storeId),
          inArray(storeOrders.status, [...page.statuses]),
          eq(orderGroups.status, 'confirmed'),
          ne(orderGroups.paymentStatus, 'pending'),
        ),
      )
      // The window due first on top (decision 065); orders without one (pick-ups, older ones) after, newest first.
      .orderBy(
        sql`${storeOrders.windowStartsAt} asc nulls last`,
        desc(storeOrders.createdAt),
        desc(storeOrders.id),
      )
      .limit(page.limit)
      .offset(page.offset)
  );
}

/** A store order of a confirmed group by its number (MV-10234-1), with the remitter to tell: one query. */
export async function findStatusTarget(
  db: DatabaseOrTransaction,
  number: string,
): Promise<StatusTargetRow | undefined> {
  const [row] = await db
    .select({
      ...staffColumns,
      remitterId: users.id,
      remitterEmail: users.email,
      remitterFirstName: users.firstName,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(and(eq(storeOrders.number, number), eq(orderGroups.status, 'confirmed')));
  return row;
}

/** The lines of these store orders, in each order's own order: one query. */
export async function listLinesOf(db: Database, storeOrderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (storeOrderIds.length === 0) return [];
  return db
    .select({
      id: orderLines.id,
      storeOrderId: orderLines.storeOrderId,
      productId: orderLines.productId,
      name: orderLines.name,
      image: orderLines.image,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      currency: orderLines.currency,
      totalUsd: orderLines.totalUsd,
      discount: orderLines.discount,
      substitution: orderLines.substitution,
      availableQuantity: orderLines.availableQuantity,
      substitute: orderLines.substitute,
    })
    .from(orderLines)
    .where(inArray(orderLines.storeOrderId, [...storeOrderIds]))
    .orderBy(asc(orderLines.storeOrderId), asc(orderLines.position), asc(orderLines.id));
}

/** The status histories of these store orders, oldest change first: one query. */
export async function listHistoryOf(
  db: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<HistoryRow[]> {
  if (storeOrderIds.length === 0) return [];
  return db
    .select({
      storeOrderId: storeOrderHistory.storeOrderId,
      fromStatus: storeOrderHistory.fromStatus,
      toStatus: storeOrderHistory.toStatus,
      actorRole: storeOrderHistory.actorRole,
      actorUserId: storeOrderHistory.actorUserId,
      reason: storeOrderHistory.reason,
      createdAt: storeOrderHistory.createdAt,
    })
    .from(storeOrderHistory)
    .where(inArray(storeOrderHistory.storeOrderId, [...storeOrderIds]))
    .orderBy(asc(storeOrderHistory.createdAt), asc(storeOrderHistory.id));
}

/**
 * The compare-and-set that enforces the table under concurrency: the row moves only if it still has the
 * status the actor saw. False when someone else moved it first (nothing is written).
 */
export async function compareAndSetStatus(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  from: StoreOrderStatus,
  to: StoreOrderStatus,
): Promise<boolean> {
  const rows = await tx
    .update(storeOrders)
    .set({
      status: to,
      updatedAt: sql`now()`,
      // Every hand-over stamps the delivery, whoever moves it (an operator's move by hand has no proof): the
      // family's 48 h receipt window, the return window and the retention sweep count from it. The courier's
      // recordDelivery stamps it again in the same transaction; a later move to fulfilled keeps the first.
      ...(to === 'delivered' || to === 'fulfilled'
        ? { deliveredAt: sql`coalesce(${storeOrders.deliveredAt}, now())` }
        : {}),
    })
    .where(and(eq(storeOrders.id, storeOrderId), eq(storeOrders.status, from)))
    .returning({ id: storeOrders.id });
  return rows.length === 1;
}

export async function insertHistory(
  tx: DatabaseOrTransaction,
  entry: {
    storeOrderId: number;
    fromStatus: StoreOrderStatus | null;
    toStatus: StoreOrderStatus;
    actorRole: TransitionActor;
    actorUserId: number | null;
    reason: string;
  },
): Promise<void> {
  await tx.insert(storeOrderHistory).values(entry);
}

/** Whether every store order of the group is rejected (a whole order rejected, decision 026). */
export async function allStoreOrdersRejected(tx: DatabaseOrTransaction, groupId: number): Promise<boolean> {
  const [row] = await tx
    .select({ open: sql<number>`count(*) filter (where ${storeOrders.status} <> 'rejected')::int` })
    .from(storeOrders)
    .where(eq(storeOrders.groupId, groupId));
  return row?.open === 0;
}

/**
 * Locks the store order's group for the rest of the transaction: two staff changes to store orders of one
 * group (two stores rejecting at once) take turns, so the second sees the first's result ("is the whole
 * order rejected now?") instead of both missing it.
 */
export async function lockGroup(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  await tx.select({ id: orderGroups.id }).from(orderGroups).where(eq(orderGroups.id, groupId)).for('update');
}

/** The credit still carried by the group's store orders that are not rejected. */
export async function openStoreOrderCredit(tx: DatabaseOrTransaction, groupId: number): Promise<string> {
  const [row] = await tx
    .select({
      credit: sql<string>`coalesce(sum(${storeOrders.credit}) filter (where ${storeOrders.status} <> 'rejected'), 0)::numeric(12,2)::text`,
    })
    .from(storeOrders)
    .where(eq(storeOrders.groupId, groupId));
  return row?.credit ?? '0.00';
}

// The courier link's facts on the store order (decision 057: courier asks order-status to write them).

/** Sets the courier token unless the store order already has one; answers the one it keeps. */
export async function setCourierToken(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  token: string,
): Promise<string | undefined> {
  const [row] = await tx
    .update(storeOrders)
    .set({
      courierToken: sql`coalesce(${storeOrders.courierToken}, ${token})`,
      courierLinkCreatedAt: sql`coalesce(${storeOrders.courierLinkCreatedAt}, now())`,
    })
    .where(eq(storeOrders.id, storeOrderId))
    .returning({ token: storeOrders.courierToken });
  return row?.token ?? undefined;
}

/**
 * Counts one wrong code, locking the link when it reaches `max`, in one statement (the row is already
 * locked by the caller). Answers the failures so far and whether the link is now locked.
 */
export async function recordCodeFailure(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  max: number,
): Promise<{ failures: number; locked: boolean }> {
  const [row] = await tx
    .update(storeOrders)
    .set({
      codeFailures: sql`${storeOrders.codeFailures} + 1`,
      courierLockedAt: sql`case when ${storeOrders.codeFailures} + 1 >= ${max} then coalesce(${storeOrders.courierLockedAt}, now()) else ${storeOrders.courierLockedAt} end`,
    })
    .where(eq(storeOrders.id, storeOrderId))
    .returning({ failures: storeOrders.codeFailures, lockedAt: storeOrders.courierLockedAt });
  return { failures: row?.failures ?? max, locked: row?.lockedAt != null };
}

/** The proof of a delivery, stamped with the database's clock; the failures start again from zero. */
export async function recordDelivery(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  proof: { receivedBy: string; proofMediaKey: string | null },
): Promise<Date> {
  const [row] = await tx
    .update(storeOrders)
    .set({
      deliveredAt: sql`now()`,
      receivedBy: proof.receivedBy,
      proofMediaKey: proof.proofMediaKey,
      codeFailures: 0,
    })
    .where(eq(storeOrders.id, storeOrderId))
    .returning({ deliveredAt: storeOrders.deliveredAt });
  if (!row?.deliveredAt) throw new Error('store order vanished while recording its delivery');
  return row.deliveredAt;
}

/** An operator's reopening: no failures, no lock. */
export async function clearCodeLock(tx: DatabaseOrTransaction, storeOrderId: number): Promise<void> {
  await tx
    .update(storeOrders)
    .set({ codeFailures: 0, courierLockedAt: null })
    .where(eq(storeOrders.id, storeOrderId));
}

// The store inbox's writes (decision 057: store-inbox asks order-status to write them).

/** Marks the store order opened, once: true when this call marked it (a second opening changes nothing). */
export async function markStoreOrderSeen(
  db: DatabaseOrTransaction,
  storeId: number,
  number: string,
): Promise<'marked' | 'already' | 'missing'> {
  const marked = await db
    .update(storeOrders)
    .set({ seenAt: sql`now()` })
    .where(
      and(
        eq(storeOrders.storeId, storeId),
        eq(storeOrders.number, number),
        isNull(storeOrders.seenAt),
        sql`exists (select 1 from ${orderGroups} where ${orderGroups.id} = ${storeOrders.groupId}
          and ${orderGroups.status} = 'confirmed' and ${orderGroups.paymentStatus} <> 'pending')`,
      ),
    )
    .returning({ id: storeOrders.id });
  if (marked.length > 0) return 'marked';
  const [found] = await db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(and(eq(storeOrders.storeId, storeId), eq(storeOrders.number, number), visibleToStore));
  return found ? 'already' : 'missing';
}

/** A change the inbox must see (its ETag reads updated_at), with a history row saying who and what. */
export async function recordStoreOrderChange(
  tx: DatabaseOrTransaction,
  entry: { storeOrderId: number; status: string; actorUserId: number; reason: string },
): Promise<void> {
  await tx.update(storeOrders).set({ updatedAt: sql`now()` }).where(eq(storeOrders.id, entry.storeOrderId));
  await tx.insert(storeOrderHistory).values({
    storeOrderId: entry.storeOrderId,
    fromStatus: entry.status,
    toStatus: entry.status,
    actorRole: 'merchant',
    actorUserId: entry.actorUserId,
    reason: entry.reason,
  });
}

/**
 * The family's answer after delivery (issue 29) as a note on the store order (from = to), moving updated_at
 * so the store's inbox, whose ETag is read off it, shows the answer on its next poll.
 */
export async function insertReceiptNote(
  tx: DatabaseOrTransaction,
  entry: { storeOrderId: number; status: string; reason: string },
): Promise<void> {
  await tx.update(storeOrders).set({ updatedAt: sql`now()` }).where(eq(storeOrders.id, entry.storeOrderId));
  await tx.insert(storeOrderHistory).values({
    storeOrderId: entry.storeOrderId,
    fromStatus: entry.status,
    toStatus: entry.status,
    actorRole: 'system',
    actorUserId: null,
    reason: entry.reason,
  });
}

// Placing and paying (decision 057: the orders module asks order-status to write them).

/** The group's store orders in one statement; answers each one's id by its store. */
export async function insertStoreOrders(
  tx: DatabaseOrTransaction,
  values: Array<typeof storeOrders.$inferInsert>,
): Promise<Map<number, number>> {
  if (values.length === 0) return new Map();
  const rows = await tx
    .insert(storeOrders)
    .values(values)
    .returning({ id: storeOrders.id, storeId: storeOrders.storeId });
  return new Map(rows.map((row) => [row.storeId, row.id]));
}

export async function insertHistoryRows(
  tx: DatabaseOrTransaction,
  rows: Array<typeof storeOrderHistory.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await tx.insert(storeOrderHistory).values(rows);
}

/**
 * Moves the group's store orders in one of `from` to `to`; answers which moved (for their history) and the
 * credit each carried (a release refunds only the credit of the store orders it rejects).
 */
export async function moveStoreOrders(
  tx: DatabaseOrTransaction,
  groupId: number,
  from: readonly string[],
  to: string,
): Promise<Array<{ id: number; from: string; credit: string }>> {
  const moved = await tx.execute(sql`
    update ${storeOrders} so set status = ${to}, updated_at = now()
    from ${storeOrders} before
    where before.id = so.id and so.group_id = ${groupId} and so.status in (${sql.join(
      from.map((status) => sql`${status}`),
      sql`, `,
    )})
    returning so.id, before.status as from_status, so.credit::text as credit
  `);
  const rows = (moved as unknown as { rows: Array<{ id: number; from_status: string; credit: string }> })
    .rows;
  return rows.map((row) => ({ id: Number(row.id), from: row.from_status, credit: row.credit }));
}

/**
 * Issue 31: marks the approved store orders whose group was paid before `paidBefore` and that were not
 * alerted yet, and answers their ids (each is alerted once; a concurrent sweep marks none twice).
 */
export async function markUnacceptedStoreOrders(
  tx: DatabaseOrTransaction,
  paidBefore: Date,
): Promise<number[]> {
  const marked = await tx.execute(sql`
    update ${storeOrders} so set unaccepted_alerted_at = now()
    from ${orderGroups} g
    where g.id = so.group_id and so.status = 'approved' and so.unaccepted_alerted_at is null
      and g.payment_status = 'paid' and g.paid_at < ${paidBefore.toISOString()}
    returning so.id
  `);
  return (marked as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
}

/** These store orders' stores and their group's payment status (issue 31: auto-accept after a payment). */
export async function findStoreOrderStores(
  tx: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<Array<{ id: number; storeId: number; status: string; paymentStatus: string }>> {
  if (storeOrderIds.length === 0) return [];
  return tx
    .select({
      id: storeOrders.id,
      storeId: storeOrders.storeId,
      status: storeOrders.status,
      paymentStatus: orderGroups.paymentStatus,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(inArray(storeOrders.id, [...storeOrderIds]));
}

// A store order's lines: written when placed, and when its store says what it could supply.

export async function insertOrderLines(
  tx: DatabaseOrTransaction,
  lines: Array<typeof orderLines.$inferInsert>,
): Promise<void> {
  if (lines.length > 0) await tx.insert(orderLines).values(lines);
}

/** Records what the store could supply, once: false when the line was already marked. */
export async function recordLineAvailability(
  tx: DatabaseOrTransaction,
  lineId: number,
  availableQuantity: number,
  substitute: LineSubstitute | null,
): Promise<boolean> {
  const rows = await tx
    .update(orderLines)
    .set({ availableQuantity, substitute })
    .where(and(eq(orderLines.id, lineId), isNull(orderLines.availableQuantity)))
    .returning({ id: orderLines.id });
  return rows.length === 1;
}
