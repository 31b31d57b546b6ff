import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { deliveryAttempts } from '../../db/schema/fulfilment.ts';
import {
  type BeneficiarySnapshot,
  orderGroups,
  orderLines,
  storeOrderHistory,
  storeOrders,
} from '../../db/schema/orders.ts';

/** A store order as the courier link, the counter and the proof photo need it, with its group's facts. */
export interface HandOverRow {
  id: number;
  number: string;
  storeId: number;
  storeName: string;
  storeAddress: string;
  status: string;
  groupId: number;
  groupNumber: string;
  paymentStatus: string;
  delivery: string;
  beneficiary: BeneficiarySnapshot;
  deliveryFrom: string;
  deliveryTo: string;
  /** The delivery window (decision 065), or null (a pick-up, an older order). */
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
  deliveryCode: string;
  courierToken: string | null;
  codeFailures: number;
  courierLockedAt: Date | null;
  deliveredAt: Date | null;
  /** When the status last changed: its latest history row, else the row's updated_at. */
  statusChangedAt: Date;
  receivedBy: string | null;
  proofMediaKey: string | null;
  remitterId: number;
  remitterEmail: string;
  remitterFirstName: string;
}

export interface AttemptRow {
  storeOrderId: number;
  reason: string;
  note: string;
  createdAt: Date;
}

/** What the payer views need per store order: the code, and the proof once delivered. */
export interface DeliveryFactRow {
  id: number;
  deliveryCode: string;
  deliveredAt: Date | null;
  receivedBy: string | null;
  proofMediaKey: string | null;
}

const handOverColumns = {
  id: storeOrders.id,
  number: storeOrders.number,
  storeId: storeOrders.storeId,
  storeName: storeOrders.storeName,
  storeAddress: storeOrders.storeAddress,
  status: storeOrders.status,
  groupId: orderGroups.id,
  groupNumber: orderGroups.number,
  paymentStatus: orderGroups.paymentStatus,
  delivery: orderGroups.delivery,
  beneficiary: orderGroups.beneficiary,
  deliveryFrom: orderGroups.deliveryFrom,
  deliveryTo: orderGroups.deliveryTo,
  windowStartsAt: storeOrders.windowStartsAt,
  windowEndsAt: storeOrders.windowEndsAt,
  deliveryCode: storeOrders.deliveryCode,
  courierToken: storeOrders.courierToken,
  codeFailures: storeOrders.codeFailures,
  courierLockedAt: storeOrders.courierLockedAt,
  deliveredAt: storeOrders.deliveredAt,
  statusChangedAt: sql<Date>`coalesce(
    (select max(${storeOrderHistory.createdAt}) from ${storeOrderHistory}
      where ${storeOrderHistory.storeOrderId} = ${storeOrders.id}),
    ${storeOrders.updatedAt})`.mapWith(storeOrders.updatedAt),
  receivedBy: storeOrders.receivedBy,
  proofMediaKey: storeOrders.proofMediaKey,
  remitterId: users.id,
  remitterEmail: users.email,
  remitterFirstName: users.firstName,
};

/**
 * One store order of a confirmed group (a group still waiting for its card, or cancelled, is no order to
 * hand over), optionally locking its row until the transaction ends: guesses of the code and moves on one
 * order then take turns. Only the store order's row is locked, never the group's, so this never waits in
 * the opposite order from the staff's status change (group, then store order).
 */
async function findHandOver(
  db: DatabaseOrTransaction,
  where: SQL | undefined,
  lock: boolean,
): Promise<HandOverRow | undefined> {
  const query = db
    .select(handOverColumns)
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(and(where, eq(orderGroups.status, 'confirmed')));
  const [row] = lock ? await query.for('update', { of: storeOrders }) : await query;
  return row;
}

export function findByCourierToken(
  db: DatabaseOrTransaction,
  token: string,
  lock = false,
): Promise<HandOverRow | undefined> {
  return findHandOver(db, eq(storeOrders.courierToken, token), lock);
}

export function findByNumber(
  db: DatabaseOrTransaction,
  number: string,
  lock = false,
): Promise<HandOverRow | undefined> {
  return findHandOver(db, eq(storeOrders.number, number), lock);
}

/** The store order `storeOrderNumber` of the remitter's group `groupNumber`, or nothing. */
export function findOfRemitter(
  db: DatabaseOrTransaction,
  remitterId: number,
  groupNumber: string,
  storeOrderNumber: string,
): Promise<HandOverRow | undefined> {
  return findHandOver(
    db,
    and(
      eq(orderGroups.remitterId, remitterId),
      eq(orderGroups.number, groupNumber),
      eq(storeOrders.number, storeOrderNumber),
    ),
    false,
  );
}

/** How many lines and units are handed over: what the store could supply, plus any substitutes. */
export async function countPackages(
  db: DatabaseOrTransaction,
  storeOrderId: number,
): Promise<{ lines: number; units: number }> {
  const handed = sql`coalesce(${orderLines.availableQuantity}, ${orderLines.quantity}) + coalesce((${orderLines.substitute} ->> 'quantity')::int, 0)`;
  const [row] = await db
    .select({
      lines: sql<number>`(count(*) filter (where ${handed} > 0))::int`,
      units: sql<number>`coalesce(sum(${handed}), 0)::int`,
    })
    .from(orderLines)
    .where(eq(orderLines.storeOrderId, storeOrderId));
  return { lines: row?.lines ?? 0, units: row?.units ?? 0 };
}

/**
 * What the courier ticks off at pick-up (issue 29): each line's units handed over (what the store had) and a
 * substitute as its own item, in the order's order; lines with nothing handed over are left out. One query.
 */
export async function listPickupItems(
  db: DatabaseOrTransaction,
  storeOrderId: number,
): Promise<Array<{ name: string; quantity: number }>> {
  const rows = await db
    .select({
      name: orderLines.name,
      quantity: sql<number>`coalesce(${orderLines.availableQuantity}, ${orderLines.quantity})`,
      substituteName: sql<string | null>`${orderLines.substitute} ->> 'name'`,
      substituteQuantity: sql<number | null>`(${orderLines.substitute} ->> 'quantity')::int`,
    })
    .from(orderLines)
    .where(eq(orderLines.storeOrderId, storeOrderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  return rows.flatMap((row) => [
    ...(row.quantity > 0 ? [{ name: row.name, quantity: row.quantity }] : []),
    ...(row.substituteName && (row.substituteQuantity ?? 0) > 0
      ? [{ name: row.substituteName, quantity: row.substituteQuantity ?? 0 }]
      : []),
  ]);
}

/** The failed attempts of these store orders, oldest first: one query. */
export async function listAttemptsOf(
  db: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<AttemptRow[]> {
  if (storeOrderIds.length === 0) return [];
  return db
    .select({
      storeOrderId: deliveryAttempts.storeOrderId,
      reason: deliveryAttempts.reason,
      note: deliveryAttempts.note,
      createdAt: deliveryAttempts.createdAt,
    })
    .from(deliveryAttempts)
    .where(inArray(deliveryAttempts.storeOrderId, [...storeOrderIds]))
    .orderBy(asc(deliveryAttempts.storeOrderId), asc(deliveryAttempts.createdAt), asc(deliveryAttempts.id));
}

/** Records a failed attempt; answers how many the store order has now. */
export async function insertAttempt(
  tx: DatabaseOrTransaction,
  attempt: {
    storeOrderId: number;
    reason: string;
    note: string;
    actorRole: 'courier' | 'merchant' | 'operator';
    actorUserId: number | null;
  },
): Promise<number> {
  await tx.insert(deliveryAttempts).values(attempt);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.storeOrderId, attempt.storeOrderId));
  return row?.count ?? 0;
}

/** The code and the proof of these store orders: one query. */
export async function listDeliveryFactRows(
  db: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<DeliveryFactRow[]> {
  if (storeOrderIds.length === 0) return [];
  return db
    .select({
      id: storeOrders.id,
      deliveryCode: storeOrders.deliveryCode,
      deliveredAt: storeOrders.deliveredAt,
      receivedBy: storeOrders.receivedBy,
      proofMediaKey: storeOrders.proofMediaKey,
    })
    .from(storeOrders)
    .where(inArray(storeOrders.id, [...storeOrderIds]));
}
