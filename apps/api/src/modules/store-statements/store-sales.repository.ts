import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';

/** Montevideo's day of a store order (UTC−3 all year, as statements.ts counts). */
const localDay = sql<string>`to_char((${storeOrders.createdAt} at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;
const paid = inArray(orderGroups.paymentStatus, ['paid', 'refunded']);
const supplied = sql`coalesce(${orderLines.availableQuantity}, ${orderLines.quantity})`;
const inOtherCurrency = sql`${orderLines.currency} <> 'UYU'`;
/** A line's supplied share of its dollars (a short line was charged for what it holds, refunds aside). */
const suppliedUsd = sql`${orderLines.totalUsd} * ${supplied} / ${orderLines.quantity}`;

/**
 * What the lines supplied are worth in pesos, in three sums (issue 31, as statements count): goods sold in
 * pesos at their own price; goods sold in another currency at the peso rate of the payment that bought them;
 * and, for orders paid before that rate was kept (no peso_rate), their dollars, which the caller converts at
 * today's rate rather than leaving them out.
 */
const pesoSums = {
  pesos: sql<string>`coalesce(sum(${orderLines.unitPrice} * ${supplied}) filter (where ${orderLines.currency} = 'UYU'), 0)::numeric(14, 2)::text`,
  otherAtPaymentRate: sql<string>`coalesce(sum(${suppliedUsd} * ${orderGroups.pesoRate}) filter (where ${inOtherCurrency} and ${orderGroups.pesoRate} is not null), 0)::numeric(14, 2)::text`,
  otherUsdUnrated: sql<string>`coalesce(sum(${suppliedUsd}) filter (where ${inOtherCurrency} and ${orderGroups.pesoRate} is null), 0)::numeric(14, 2)::text`,
};

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

/** What was supplied of those orders (rejected ones aside), per day, in pesos, with the short lines. */
export async function salesLinesPerDay(db: Database, storeId: number, from: Date) {
  return db
    .select({
      day: localDay,
      ...pesoSums,
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
    .groupBy(localDay);
}

/** The best-selling products by units supplied (name as sold), with what they sold for in pesos. */
export async function salesTopProducts(db: Database, storeId: number, from: Date, limit: number) {
  const units = sql<number>`sum(${supplied})::int`;
  return db
    .select({ name: orderLines.name, units, ...pesoSums })
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
    .groupBy(orderLines.name)
    .orderBy(desc(units), orderLines.name)
    .limit(limit);
}
