import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { cartLines } from '../../db/schema/cart.ts';
import { cities } from '../../db/schema/catalog.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';

export interface GroupSummaryRow {
  id: number;
  number: string;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  total: string;
  beneficiaryName: string;
}

export interface GroupStoreRow {
  groupId: number;
  storeName: string;
  status: string;
}

/**
 * The orders 'Mis Compras' lists: every placed order, i.e. all but card and PayPal attempts that never went
 * through (still awaiting payment, or cancelled by a decline before anything was paid). A transfer that
 * expired unpaid was placed and stays, cancelled.
 */
const placedOrder = sql`not (${orderGroups.status} = 'awaiting_payment' or (${orderGroups.status} = 'cancelled' and ${orderGroups.paymentMethod} in ('card', 'paypal') and ${orderGroups.paidAt} is null))`;

/** The remitter's placed orders, newest first: one query. */
export async function listRemitterGroups(
  db: Database,
  remitterId: number,
  limit: number,
): Promise<GroupSummaryRow[]> {
  return db
    .select({
      id: orderGroups.id,
      number: orderGroups.number,
      createdAt: orderGroups.createdAt,
      status: orderGroups.status,
      paymentStatus: orderGroups.paymentStatus,
      total: orderGroups.total,
      beneficiaryName: sql<string>`trim(concat_ws(' ', ${orderGroups.beneficiary}->>'firstName', ${orderGroups.beneficiary}->>'lastName'))`,
    })
    .from(orderGroups)
    .where(and(eq(orderGroups.remitterId, remitterId), placedOrder))
    .orderBy(desc(orderGroups.createdAt), desc(orderGroups.id))
    .limit(limit);
}

/** The store orders of these groups (store name and status), in each group's order: one query. */
export async function listStoresOfGroups(
  db: Database,
  groupIds: readonly number[],
): Promise<GroupStoreRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: storeOrders.groupId, storeName: storeOrders.storeName, status: storeOrders.status })
    .from(storeOrders)
    .where(inArray(storeOrders.groupId, [...groupIds]))
    .orderBy(asc(storeOrders.groupId), asc(storeOrders.id));
}

/** One of the remitter's placed orders by its number, with its delivery city; another's reads as missing. */
export async function findOwnGroup(
  db: Database,
  remitterId: number,
  number: string,
): Promise<{ id: number; cityId: number; cityName: string } | undefined> {
  const [row] = await db
    .select({ id: orderGroups.id, cityId: orderGroups.cityId, cityName: cities.name })
    .from(orderGroups)
    .innerJoin(cities, eq(cities.id, orderGroups.cityId))
    .where(and(eq(orderGroups.number, number), eq(orderGroups.remitterId, remitterId), placedOrder));
  return row;
}

/** The lines of a group as sold (product id, snapshot name, quantity), stores and lines in order: one query. */
export async function listGroupLines(
  db: Database,
  groupId: number,
): Promise<Array<{ productId: number | null; name: string; quantity: number }>> {
  return db
    .select({ productId: orderLines.productId, name: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(storeOrders, eq(storeOrders.id, orderLines.storeOrderId))
    .where(eq(storeOrders.groupId, groupId))
    .orderBy(asc(storeOrders.id), asc(orderLines.position), asc(orderLines.id));
}

/** The quantities already in the cart, by product (inside the transaction holding the cart's lock). */
export async function readCartQuantities(
  tx: DatabaseOrTransaction,
  userId: number,
): Promise<Map<number, number>> {
  const rows = await tx
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
  return new Map(rows.map((row) => [row.productId, row.quantity]));
}
