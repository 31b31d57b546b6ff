import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';
import { storeStatementPayments } from '../../db/schema/staff.ts';
import { refundedOfStoreOrder } from '../refunds/refund-counts.sql.ts';
import { statementPesoColumns } from './statement-pesos.sql.ts';

export interface DeliveredStoreOrderRow {
  number: string;
  deliveredAt: Date;
  subtotal: string;
  shipping: string;
  commissionRate: string;
  currency: string;
  /** Every refund decided for it that has not failed (a failed one is retried or redone, not owed twice). */
  refunded: string;
  /** Issue 31: $U per 1 US$ when its order was paid; null for an order placed before it was kept. */
  pesoRate: string | null;
  /** Issue 31 (statement-pesos.sql.ts): goods and refunds in pesos as kept, and what is left in dollars. */
  goodsPesos: string;
  goodsOtherUsd: string;
  refundsPesos: string;
  refundsOtherUsd: string;
}

/** The store's orders delivered in [from, to), oldest first, with what was refunded of each: one query. */
export async function listDeliveredStoreOrders(
  db: Database,
  storeId: number,
  from: Date,
  to: Date,
): Promise<DeliveredStoreOrderRow[]> {
  const rows = await db
    .select({
      number: storeOrders.number,
      deliveredAt: storeOrders.deliveredAt,
      subtotal: storeOrders.subtotal,
      shipping: storeOrders.shipping,
      commissionRate: storeOrders.commissionRate,
      currency: orderGroups.currency,
      pesoRate: orderGroups.pesoRate,
      refunded: refundedOfStoreOrder(storeOrders.id),
      ...statementPesoColumns(storeOrders.id),
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(
      and(
        eq(storeOrders.storeId, storeId),
        eq(storeOrders.status, 'delivered'),
        gte(storeOrders.deliveredAt, from),
        lt(storeOrders.deliveredAt, to),
      ),
    )
    .orderBy(asc(storeOrders.deliveredAt), asc(storeOrders.id));
  return rows.map((row) => ({ ...row, deliveredAt: row.deliveredAt ?? from }));
}

export async function listStatementPayments(db: Database, storeId: number) {
  return db
    .select({
      weekStart: storeStatementPayments.weekStart,
      reference: storeStatementPayments.reference,
      paidAt: storeStatementPayments.paidAt,
    })
    .from(storeStatementPayments)
    .where(eq(storeStatementPayments.storeId, storeId))
    .orderBy(desc(storeStatementPayments.weekStart));
}

export interface EarningsRow {
  status: string;
  paymentStatus: string;
  commissionRate: string;
  name: string;
  quantity: number;
  availableQuantity: number | null;
  unitPrice: string;
  currency: string;
  totalUsd: string;
  substituteUsd: string | null;
}

/**
 * One store order's lines with its frozen commission (issue 31): one query by store_orders_number_key and
 * order_lines_store_order_idx; none when the number is another store's.
 */
export async function listEarningsRows(
  db: Database,
  storeId: number,
  number: string,
): Promise<EarningsRow[]> {
  return db
    .select({
      status: storeOrders.status,
      paymentStatus: orderGroups.paymentStatus,
      commissionRate: storeOrders.commissionRate,
      name: orderLines.name,
      quantity: orderLines.quantity,
      availableQuantity: orderLines.availableQuantity,
      unitPrice: orderLines.unitPrice,
      currency: orderLines.currency,
      totalUsd: orderLines.totalUsd,
      substituteUsd: sql<string | null>`${orderLines.substitute} ->> 'totalUsd'`,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(orderLines, eq(orderLines.storeOrderId, storeOrders.id))
    .where(and(eq(storeOrders.number, number), eq(storeOrders.storeId, storeId)))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}
