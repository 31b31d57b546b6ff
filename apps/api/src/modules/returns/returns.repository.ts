import { and, asc, count, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { stores } from '../../db/schema/catalog.ts';
import { pushSubscriptions } from '../../db/schema/fulfilment.ts';
import { orderGroups, orderLines, storeOrderHistory, storeOrders } from '../../db/schema/orders.ts';
import { returnRequestHistory, returnRequestLines, returnRequests } from '../../db/schema/returns.ts';
import { storeMembers } from '../../db/schema/staff.ts';

/**
 * Returns (issue 32 item 1, decision 076): this module's tables and the reads it needs of orders and stores
 * (reads across modules are free; only this module writes return_requests and its two tables).
 */

/** A group as a return request needs it: found by its number (the remitter) or its tracking token (the family). */
export interface ReturnGroupRow {
  id: number;
  number: string;
  remitterId: number;
  paymentMethod: string;
  paymentStatus: string;
  trackingToken: string;
}

const GROUP_COLUMNS = {
  id: orderGroups.id,
  number: orderGroups.number,
  remitterId: orderGroups.remitterId,
  paymentMethod: orderGroups.paymentMethod,
  paymentStatus: orderGroups.paymentStatus,
  trackingToken: orderGroups.trackingToken,
};

export async function findGroupByNumber(
  db: DatabaseOrTransaction,
  number: string,
): Promise<ReturnGroupRow | undefined> {
  const [row] = await db.select(GROUP_COLUMNS).from(orderGroups).where(eq(orderGroups.number, number));
  return row;
}

export async function findGroupByTrackingToken(
  db: DatabaseOrTransaction,
  token: string,
): Promise<ReturnGroupRow | undefined> {
  const [row] = await db.select(GROUP_COLUMNS).from(orderGroups).where(eq(orderGroups.trackingToken, token));
  return row;
}

/** A store order of the group with when it was delivered (the courier's time, or the hand-made move's). */
export interface ReturnStoreOrderRow {
  id: number;
  number: string;
  storeId: number;
  storeName: string;
  status: string;
  deliveredAt: Date | null;
}

/** When the store order became delivered: the courier's proof time, or the history row of a move by hand. */
const deliveredAtSql = sql<Date | null>`coalesce(${storeOrders.deliveredAt}, (
  select min(h.created_at) from ${storeOrderHistory} h
  where h.store_order_id = ${storeOrders.id} and h.to_status = 'delivered'
))`;

const STORE_ORDER_COLUMNS = {
  id: storeOrders.id,
  number: storeOrders.number,
  storeId: storeOrders.storeId,
  storeName: storeOrders.storeName,
  status: storeOrders.status,
  deliveredAt: deliveredAtSql,
};

function asDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

export async function listStoreOrdersOfGroup(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<ReturnStoreOrderRow[]> {
  const rows = await db
    .select(STORE_ORDER_COLUMNS)
    .from(storeOrders)
    .where(eq(storeOrders.groupId, groupId))
    .orderBy(asc(storeOrders.id));
  return rows.map((row) => ({ ...row, deliveredAt: asDate(row.deliveredAt) }));
}

/**
 * The store order of the group by its number, its row locked: two requests for one store order take turns,
 * so the units already asked for are counted after the other one committed.
 */
export async function lockStoreOrderOfGroup(
  tx: DatabaseOrTransaction,
  groupId: number,
  number: string,
): Promise<ReturnStoreOrderRow | undefined> {
  const [row] = await tx
    .select(STORE_ORDER_COLUMNS)
    .from(storeOrders)
    .where(and(eq(storeOrders.groupId, groupId), eq(storeOrders.number, number)))
    .for('update', { of: storeOrders });
  return row ? { ...row, deliveredAt: asDate(row.deliveredAt) } : undefined;
}

export interface ReturnLineRow {
  id: number;
  storeOrderId: number;
  name: string;
  quantity: number;
  /** What the store supplied (null: all of it). */
  availableQuantity: number | null;
  returnable: boolean;
  totalUsd: string;
  discount: string;
}

export async function listLinesOfStoreOrders(
  db: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<ReturnLineRow[]> {
  if (storeOrderIds.length === 0) return [];
  return db
    .select({
      id: orderLines.id,
      storeOrderId: orderLines.storeOrderId,
      name: orderLines.name,
      quantity: orderLines.quantity,
      availableQuantity: orderLines.availableQuantity,
      returnable: orderLines.returnable,
      totalUsd: orderLines.totalUsd,
      discount: orderLines.discount,
    })
    .from(orderLines)
    .where(inArray(orderLines.storeOrderId, [...storeOrderIds]))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

/** Units of each line already in a return that was not refused nor cancelled (asked, on its way or back). */
export async function sumReturnedUnits(
  db: DatabaseOrTransaction,
  orderLineIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderLineIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderLineId: returnRequestLines.orderLineId,
      units: sql<number>`sum(${returnRequestLines.quantity})::int`,
    })
    .from(returnRequestLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.returnRequestId))
    .where(
      and(
        inArray(returnRequestLines.orderLineId, [...orderLineIds]),
        notInArray(returnRequests.status, ['refused', 'cancelled']),
      ),
    )
    .groupBy(returnRequestLines.orderLineId);
  return new Map(rows.map((row) => [row.orderLineId, Number(row.units)]));
}

export interface NewReturnValues {
  groupId: number;
  storeOrderId: number;
  storeId: number;
  requestedBy: 'remitter' | 'family';
  requesterUserId: number | null;
  reason: string;
  photoKey: string | null;
  refundTo: 'card' | 'credit';
  deadlineAt: Date;
}

export async function insertReturn(
  tx: DatabaseOrTransaction,
  values: NewReturnValues,
  lines: ReadonlyArray<{ orderLineId: number; quantity: number }>,
): Promise<number> {
  const [row] = await tx
    .insert(returnRequests)
    .values({ ...values, status: 'requested' })
    .returning({ id: returnRequests.id });
  if (!row) throw new Error('return request not stored');
  await tx.insert(returnRequestLines).values(lines.map((line) => ({ returnRequestId: row.id, ...line })));
  return row.id;
}

export async function insertReturnHistory(
  tx: DatabaseOrTransaction,
  values: {
    returnRequestId: number;
    fromStatus: string | null;
    toStatus: string;
    actorRole: string;
    actorUserId: number | null;
    reason?: string;
  },
): Promise<void> {
  await tx.insert(returnRequestHistory).values({ ...values, reason: values.reason ?? '' });
}

/** The return as every answer presents it: its store order, group and the requester's view of them. */
export interface ReturnRow {
  id: number;
  groupId: number;
  groupNumber: string;
  remitterId: number;
  paymentMethod: string;
  storeOrderId: number;
  storeOrderNumber: string;
  storeId: number;
  storeName: string;
  storeAddress: string;
  status: string;
  requestedBy: string;
  reason: string;
  photoKey: string | null;
  refundTo: string;
  refusalReason: string | null;
  overruleReason: string | null;
  deadlineAt: Date;
  courierToken: string | null;
  codeFailures: number;
  courierLockedAt: Date | null;
  refundedAmount: string | null;
  createdAt: Date;
  beneficiary: {
    firstName: string;
    lastName: string;
    addressLine1: string;
    cityName: string;
    mobile: string;
  };
  remitterEmail: string;
  remitterFirstName: string;
}

const RETURN_COLUMNS = {
  id: returnRequests.id,
  groupId: returnRequests.groupId,
  groupNumber: orderGroups.number,
  remitterId: orderGroups.remitterId,
  paymentMethod: orderGroups.paymentMethod,
  storeOrderId: returnRequests.storeOrderId,
  storeOrderNumber: storeOrders.number,
  storeId: returnRequests.storeId,
  storeName: storeOrders.storeName,
  storeAddress: storeOrders.storeAddress,
  status: returnRequests.status,
  requestedBy: returnRequests.requestedBy,
  reason: returnRequests.reason,
  photoKey: returnRequests.photoKey,
  refundTo: returnRequests.refundTo,
  refusalReason: returnRequests.refusalReason,
  overruleReason: returnRequests.overruleReason,
  deadlineAt: returnRequests.deadlineAt,
  courierToken: returnRequests.courierToken,
  codeFailures: returnRequests.codeFailures,
  courierLockedAt: returnRequests.courierLockedAt,
  refundedAmount: returnRequests.refundedAmount,
  createdAt: returnRequests.createdAt,
  beneficiary: orderGroups.beneficiary,
  remitterEmail: users.email,
  remitterFirstName: users.firstName,
};

function returnQuery(db: DatabaseOrTransaction) {
  return db
    .select(RETURN_COLUMNS)
    .from(returnRequests)
    .innerJoin(storeOrders, eq(storeOrders.id, returnRequests.storeOrderId))
    .innerJoin(orderGroups, eq(orderGroups.id, returnRequests.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId));
}

function asReturnRow(row: Awaited<ReturnType<typeof returnQuery>>[number]): ReturnRow {
  const beneficiary = row.beneficiary;
  return {
    ...row,
    beneficiary: {
      firstName: beneficiary.firstName,
      lastName: beneficiary.lastName,
      addressLine1: beneficiary.addressLine1,
      cityName: beneficiary.cityName,
      mobile: beneficiary.mobile,
    },
  };
}

export async function findReturn(db: DatabaseOrTransaction, id: number): Promise<ReturnRow | undefined> {
  const [row] = await returnQuery(db).where(eq(returnRequests.id, id));
  return row ? asReturnRow(row) : undefined;
}

/** The return's row locked for a status change (compare-and-set under the lock). */
export async function lockReturn(tx: DatabaseOrTransaction, id: number): Promise<ReturnRow | undefined> {
  const [row] = await returnQuery(tx).where(eq(returnRequests.id, id)).for('update', { of: returnRequests });
  return row ? asReturnRow(row) : undefined;
}

export async function lockReturnByCourierToken(
  tx: DatabaseOrTransaction,
  token: string,
): Promise<ReturnRow | undefined> {
  const [row] = await returnQuery(tx)
    .where(eq(returnRequests.courierToken, token))
    .for('update', { of: returnRequests });
  return row ? asReturnRow(row) : undefined;
}

export async function findReturnByCourierToken(
  db: DatabaseOrTransaction,
  token: string,
): Promise<ReturnRow | undefined> {
  const [row] = await returnQuery(db).where(eq(returnRequests.courierToken, token));
  return row ? asReturnRow(row) : undefined;
}

export async function listReturnsOfGroup(db: DatabaseOrTransaction, groupId: number): Promise<ReturnRow[]> {
  const rows = await returnQuery(db)
    .where(eq(returnRequests.groupId, groupId))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
  return rows.map(asReturnRow);
}

function listFilter(filter: { storeId?: number; status?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.storeId !== undefined) conditions.push(eq(returnRequests.storeId, filter.storeId));
  if (filter.status !== undefined) conditions.push(eq(returnRequests.status, filter.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first; a page of `limit` after `offset` (the back office), or the store's last `limit`. */
export async function listReturns(
  db: DatabaseOrTransaction,
  filter: { storeId?: number; status?: string },
  page: { limit: number; offset: number },
): Promise<ReturnRow[]> {
  const rows = await returnQuery(db)
    .where(listFilter(filter))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(asReturnRow);
}

export async function countReturns(
  db: DatabaseOrTransaction,
  filter: { storeId?: number; status?: string },
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(returnRequests).where(listFilter(filter));
  return Number(row?.total ?? 0);
}

export interface ReturnLineOfRequestRow {
  returnRequestId: number;
  orderLineId: number;
  name: string;
  quantity: number;
  lineQuantity: number;
  totalUsd: string;
  discount: string;
}

/** The lines of these returns, in one query. */
export async function listLinesOfReturns(
  db: DatabaseOrTransaction,
  returnIds: readonly number[],
): Promise<ReturnLineOfRequestRow[]> {
  if (returnIds.length === 0) return [];
  return db
    .select({
      returnRequestId: returnRequestLines.returnRequestId,
      orderLineId: returnRequestLines.orderLineId,
      name: orderLines.name,
      quantity: returnRequestLines.quantity,
      lineQuantity: orderLines.quantity,
      totalUsd: orderLines.totalUsd,
      discount: orderLines.discount,
    })
    .from(returnRequestLines)
    .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
    .where(inArray(returnRequestLines.returnRequestId, [...returnIds]))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

/** Compare-and-set of the status, with the changes that go with it; false when the status had moved. */
export async function moveReturn(
  tx: DatabaseOrTransaction,
  id: number,
  from: string,
  to: string,
  changes: Partial<{
    refusalReason: string;
    overruleReason: string;
    courierToken: string;
    pickedUpAt: Date;
    receivedAt: Date;
    refundedAmount: string;
  }> = {},
): Promise<boolean> {
  const rows = await tx
    .update(returnRequests)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, from)))
    .returning({ id: returnRequests.id });
  return rows.length > 0;
}

/** Counts a wrong pickup code; at `max` the courier link locks. */
export async function countPickupCodeFailure(
  tx: DatabaseOrTransaction,
  id: number,
  max: number,
): Promise<{ failures: number; locked: boolean }> {
  const [row] = await tx
    .update(returnRequests)
    .set({
      codeFailures: sql`${returnRequests.codeFailures} + 1`,
      courierLockedAt: sql`case when ${returnRequests.codeFailures} + 1 >= ${max} then now() else null end`,
    })
    .where(eq(returnRequests.id, id))
    .returning({ failures: returnRequests.codeFailures });
  const failures = row?.failures ?? max;
  return { failures, locked: failures >= max };
}

/** The store's members' e-mails and push subscriptions (a new return reaches them like a new order). */
export async function listStoreAudience(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<{ members: Array<{ email: string; firstName: string }>; subscriptionIds: number[] }> {
  const members = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(asc(users.id));
  const subscriptions = await db
    .select({ id: pushSubscriptions.id })
    .from(storeMembers)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, storeMembers.userId))
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(asc(pushSubscriptions.id));
  return { members, subscriptionIds: subscriptions.map((row) => row.id) };
}

/** The store's address as the courier reads it. */
export async function findStoreAddress(db: DatabaseOrTransaction, storeId: number): Promise<string> {
  const [row] = await db
    .select({ line1: stores.addressLine1, line2: stores.addressLine2 })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ? [row.line1, row.line2].filter(Boolean).join(', ') : '';
}

/** What the refunds of a received return gave back, USD. */
export async function setRefundedAmount(
  tx: DatabaseOrTransaction,
  id: number,
  amount: string,
): Promise<void> {
  await tx.update(returnRequests).set({ refundedAmount: amount }).where(eq(returnRequests.id, id));
}
