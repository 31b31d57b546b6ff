import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';

export interface TrackedGroupRow {
  id: number;
  number: string;
  status: string;
  delivery: string;
  deliveryFrom: string;
  deliveryTo: string;
  /** The remitter's words for the family (decision 065): written for this page. */
  giftMessage: string | null;
  beneficiaryFirstName: string;
  senderFirstName: string;
}

export interface TrackedLineRow {
  storeOrderId: number;
  name: string;
  quantity: number;
  image: string | null;
  /** Issue 17: how many the store had (null: as ordered), and the substitute's name, units and picture only. */
  availableQuantity: number | null;
  substituteName: string | null;
  substituteQuantity: number | null;
  substituteImage: string | null;
}

export interface TrackedStoreOrderRow {
  id: number;
  number: string;
  storeName: string;
  storeAddress: string;
  status: string;
  items: number;
  products: number;
  /** The 4 digits for the handover; the presenter shows them only while one is ahead. */
  deliveryCode: string;
  /** When it was handed over (issue 29: the family's 48 hours to answer count from here). */
  deliveredAt: Date | null;
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
}

/**
 * The group behind a tracking link, with only what the family member may see: no amounts, no address, no
 * remitter. One query on the token's unique index.
 */
export async function findGroupByTrackingToken(
  db: Database,
  token: string,
): Promise<TrackedGroupRow | undefined> {
  const [row] = await db
    .select({
      id: orderGroups.id,
      number: orderGroups.number,
      status: orderGroups.status,
      delivery: orderGroups.delivery,
      deliveryFrom: orderGroups.deliveryFrom,
      deliveryTo: orderGroups.deliveryTo,
      giftMessage: orderGroups.giftMessage,
      beneficiaryFirstName: sql<string>`coalesce(${orderGroups.beneficiary}->>'firstName', '')`,
      // The sender's first name only (issue 16); the join is on the primary key, so still one row.
      senderFirstName: sql<string>`coalesce(${users.firstName}, '')`,
    })
    .from(orderGroups)
    .leftJoin(users, eq(users.id, orderGroups.remitterId))
    .where(eq(orderGroups.trackingToken, token));
  return row;
}

/** The group's store orders with their number of units: one query. */
export async function listTrackedStoreOrders(db: Database, groupId: number): Promise<TrackedStoreOrderRow[]> {
  return db
    .select({
      id: storeOrders.id,
      number: storeOrders.number,
      storeName: storeOrders.storeName,
      storeAddress: storeOrders.storeAddress,
      status: storeOrders.status,
      // Written out with aliases: drizzle leaves columns unqualified in a one-table select, and an unqualified
      // id inside the subquery would name the line's own column.
      items: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.store_order_id = store_orders.id)`,
      products: sql<number>`(select count(*)::int from order_lines ol where ol.store_order_id = store_orders.id)`,
      deliveryCode: storeOrders.deliveryCode,
      deliveredAt: storeOrders.deliveredAt,
      windowStartsAt: storeOrders.windowStartsAt,
      windowEndsAt: storeOrders.windowEndsAt,
    })
    .from(storeOrders)
    .where(eq(storeOrders.groupId, groupId))
    .orderBy(asc(storeOrders.id));
}

/**
 * The products of these store orders, in the order they were placed: names, quantities, pictures; no prices.
 * The substitute's jsonb is read key by key so its prices never leave the database for this page.
 */
export async function listTrackedLines(
  db: Database,
  storeOrderIds: readonly number[],
): Promise<TrackedLineRow[]> {
  if (storeOrderIds.length === 0) return [];
  return db
    .select({
      storeOrderId: orderLines.storeOrderId,
      name: orderLines.name,
      quantity: orderLines.quantity,
      image: orderLines.image,
      availableQuantity: orderLines.availableQuantity,
      substituteName: sql<string | null>`${orderLines.substitute}->>'name'`,
      substituteQuantity: sql<number | null>`(${orderLines.substitute}->>'quantity')::int`,
      substituteImage: sql<string | null>`${orderLines.substitute}->>'image'`,
    })
    .from(orderLines)
    .where(inArray(orderLines.storeOrderId, [...storeOrderIds]))
    .orderBy(asc(orderLines.storeOrderId), asc(orderLines.position), asc(orderLines.id));
}
