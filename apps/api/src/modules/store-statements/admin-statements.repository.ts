import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { shippingStatementPayments } from '../../db/schema/back-office.ts';
import { stores } from '../../db/schema/catalog.ts';
import { orderGroups, storeOrders } from '../../db/schema/orders.ts';
import { storeStatementPayments } from '../../db/schema/staff.ts';
import { refundedOfStoreOrder } from '../refunds/refund-counts.sql.ts';
import { statementPesoColumns } from './statement-pesos.sql.ts';
import type { DeliveredStoreOrderRow } from './store-statements.repository.ts';

/** The operators' statements (issue 19): every store's week at once, and the week's shipping. */

export interface WeekStoreOrderRow extends DeliveredStoreOrderRow {
  storeId: number;
  storeName: string;
}

/** Every store order delivered in [from, to) (one store's with `storeId`), by store then oldest first: one query. */
export async function listDeliveredInWeek(
  db: DatabaseOrTransaction,
  from: Date,
  to: Date,
  storeId?: number,
): Promise<WeekStoreOrderRow[]> {
  const rows = await db
    .select({
      storeId: storeOrders.storeId,
      storeName: stores.name,
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
    .innerJoin(stores, eq(stores.id, storeOrders.storeId))
    .where(
      and(
        storeId === undefined ? undefined : eq(storeOrders.storeId, storeId),
        eq(storeOrders.status, 'delivered'),
        gte(storeOrders.deliveredAt, from),
        lt(storeOrders.deliveredAt, to),
      ),
    )
    .orderBy(asc(stores.name), asc(storeOrders.storeId), asc(storeOrders.deliveredAt), asc(storeOrders.id));
  return rows.map((row) => ({ ...row, deliveredAt: row.deliveredAt ?? from }));
}

export interface WeekStorePaymentRow {
  storeId: number;
  storeName: string;
  reference: string;
  amount: string;
  paidAt: Date;
}

export async function listStorePaymentsOfWeek(
  db: DatabaseOrTransaction,
  weekStart: string,
): Promise<WeekStorePaymentRow[]> {
  return db
    .select({
      storeId: storeStatementPayments.storeId,
      storeName: stores.name,
      reference: storeStatementPayments.reference,
      amount: storeStatementPayments.amount,
      paidAt: storeStatementPayments.paidAt,
    })
    .from(storeStatementPayments)
    .innerJoin(stores, eq(stores.id, storeStatementPayments.storeId))
    .where(eq(storeStatementPayments.weekStart, weekStart));
}

export async function findShippingPayment(db: DatabaseOrTransaction, weekStart: string) {
  const [row] = await db
    .select()
    .from(shippingStatementPayments)
    .where(eq(shippingStatementPayments.weekStart, weekStart));
  return row;
}

/** False when the week was paid already (its primary key): a statement is paid once. */
export async function insertStorePayment(
  tx: DatabaseOrTransaction,
  values: {
    storeId: number;
    weekStart: string;
    reference: string;
    amount: string;
    paidBy: number;
    paidAt: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(storeStatementPayments)
    .values(values)
    .onConflictDoNothing()
    .returning({ storeId: storeStatementPayments.storeId });
  return inserted.length > 0;
}

export async function insertShippingPayment(
  tx: DatabaseOrTransaction,
  values: { weekStart: string; reference: string; amount: string; paidBy: number; paidAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(shippingStatementPayments)
    .values(values)
    .onConflictDoNothing()
    .returning({ weekStart: shippingStatementPayments.weekStart });
  return inserted.length > 0;
}
