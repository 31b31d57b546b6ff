import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { refunds } from '../../db/schema/fulfilment.ts';
import { orderGroups, orderLines } from '../../db/schema/orders.ts';
import { refundCounts } from '../refunds/refund-counts.sql.ts';

/**
 * Issue 31: what a delivered store order is worth in pesos without a round trip through dollars, for its
 * statement line. Goods sold in pesos count at their own price (unit price × quantity: '$U 238,00', never the
 * dollars converted back, '$U 237,69'); lines in another currency are left as their dollars for the caller to
 * convert at the payment's rate. Refunds that kept their pesos (an order shown in pesos) count those; the
 * others are left as dollars. Correlated subqueries on order_lines_store_order_idx and refunds_store_order_idx.
 */
export function statementPesoColumns(storeOrderId: AnyColumn): {
  goodsPesos: SQL<string>;
  goodsOtherUsd: SQL<string>;
  refundsPesos: SQL<string>;
  refundsOtherUsd: SQL<string>;
} {
  const keptPesos: SQL = and(
    sql`${refunds.displayAmount} is not null`,
    eq(orderGroups.displayCurrency, 'UYU'),
  ) as SQL;
  return {
    goodsPesos: sql<string>`(select coalesce(sum(${orderLines.unitPrice} * ${orderLines.quantity}) filter (where ${orderLines.currency} = 'UYU'), 0)::numeric(12, 2)::text
      from ${orderLines} where ${orderLines.storeOrderId} = ${storeOrderId})`,
    goodsOtherUsd: sql<string>`(select coalesce(sum(${orderLines.totalUsd}) filter (where ${orderLines.currency} <> 'UYU'), 0)::numeric(12, 2)::text
      from ${orderLines} where ${orderLines.storeOrderId} = ${storeOrderId})`,
    refundsPesos: sql<string>`(select coalesce(sum(${refunds.displayAmount}) filter (where ${keptPesos}), 0)::numeric(12, 2)::text
      from ${refunds} join ${orderGroups} on ${orderGroups.id} = ${refunds.groupId}
      where ${refunds.storeOrderId} = ${storeOrderId} and ${refundCounts})`,
    refundsOtherUsd: sql<string>`(select coalesce(sum(${refunds.amount}) filter (where not (${keptPesos})), 0)::numeric(12, 2)::text
      from ${refunds} join ${orderGroups} on ${orderGroups.id} = ${refunds.groupId}
      where ${refunds.storeOrderId} = ${storeOrderId} and ${refundCounts})`,
  };
}
