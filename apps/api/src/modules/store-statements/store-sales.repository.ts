import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';

/** Montevideo's day of a store order (UTC−3 all year, as statements.ts counts). */
const localDay = sql<string>`to_char((${storeOrders.createdAt} at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;
const paid = inArray(orderGroups.paymentStatus, ['paid', 'refunded']);

/**
 * The store's paid store orders placed since `from`, per Montevideo day: how many, how many rejected (one
 * query on store_orders_store_created_idx).
 */
export async function salesOrdersPerDay(db: Database, storeId: number, from: Date) {
  return db
    .select({
      day: localDay,
      orders: sql<number>`count(*)::int`,
      rejected: sql<number>`(count(*) filter (where ${storeOrders.status} = 'rejected'))::int`,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(and(eq(storeOrders.storeId, storeId), gte(storeOrders.createdAt, from), paid))
    .groupBy(localDay);
}

/** What was supplied of those orders (rejected ones aside), per day and currency, with the short lines. */
export async function salesLinesPerDay(db: Database, storeId: number, from: Date) {
  return db
    .select({
      day: localDay,
      currency: orderLines.currency,
      amount: sql<string>`coalesce(sum(${orderLines.unitPrice} * coalesce(${orderLines.availableQuantity}, ${orderLines.quantity})), 0)::text`,
      lines: sql<number>`count(*)::int`,
      short: sql<number>`(count(*) filter (where ${orderLines.availableQuantity} is not null))::int`,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(orderLines, eq(orderLines.storeOrderId, storeOrders.id))
    .where(
      and(
        eq(storeOrders.storeId, storeId),
        gte(storeOrders.createdAt, from),
        paid,
        ne(storeOrders.status, 'rejected'),
      ),
    )
    .groupBy(localDay, orderLines.currency);
}

/** The best-selling products by units supplied (name as sold), with their amount per currency. */
export async function salesTopProducts(db: Database, storeId: number, from: Date, limit: number) {
  const units = sql<number>`sum(coalesce(${orderLines.availableQuantity}, ${orderLines.quantity}))::int`;
  return db
    .select({
      name: orderLines.name,
      currency: orderLines.currency,
      units,
      amount: sql<string>`sum(${orderLines.unitPrice} * coalesce(${orderLines.availableQuantity}, ${orderLines.quantity}))::text`,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(orderLines, eq(orderLines.storeOrderId, storeOrders.id))
    .where(
      and(
        eq(storeOrders.storeId, storeId),
        gte(storeOrders.createdAt, from),
        paid,
        ne(storeOrders.status, 'rejected'),
      ),
    )
    .groupBy(orderLines.name, orderLines.currency)
    .orderBy(desc(units), orderLines.name)
    .limit(limit);
}
