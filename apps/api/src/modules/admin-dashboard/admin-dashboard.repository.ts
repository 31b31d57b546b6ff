import { MONTEVIDEO_OFFSET_MS } from '@mandado/shared/montevideo-time';
import { OPEN_STORE_ORDER_STATUSES } from '@mandado/shared/order-lateness';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { refunds } from '../../db/schema/fulfilment.ts';
import { orderGroups, storeOrders } from '../../db/schema/orders.ts';
import { refundCounts } from '../refunds/refund-counts.sql.ts';

/**
 * The dashboard's figures (issue 19): read-only aggregates over orders and refunds, grouped by Montevideo
 * day in the database so a 30-day range is a few rows, whatever the number of orders. Three queries a call.
 */

/** The Montevideo calendar day of a timestamp, on the fixed offset montevideo-time.ts explains. */
function montevideoDay(column: PgColumn) {
  return sql<string>`to_char((${column} at time zone 'UTC') + ${sql.raw(`interval '${MONTEVIDEO_OFFSET_MS / 1000} seconds'`)}, 'YYYY-MM-DD')`;
}

export interface OrderDayRow {
  day: string;
  orders: number;
  paidOrders: number;
  /** USD decimal text; null when none. */
  paidTotal: string | null;
  pendingOrders: number;
  pendingTotal: string | null;
}

const paid = sql`${orderGroups.paymentStatus} in ('paid', 'refunded')`;
// Waiting for its money: a transfer or deposit (confirmed, payment pending) or a card still being paid
// (awaiting_payment); a cancelled or expired one waits for nothing.
const pending = sql`${orderGroups.paymentStatus} = 'pending' and ${orderGroups.status} <> 'cancelled'`;

/** Order groups placed in [from, to), per Montevideo day. */
export async function orderFiguresByDay(
  db: DatabaseOrTransaction,
  from: Date,
  to: Date,
): Promise<OrderDayRow[]> {
  const day = montevideoDay(orderGroups.createdAt);
  return db
    .select({
      day,
      orders: count(),
      paidOrders: sql<number>`count(*) filter (where ${paid})`.mapWith(Number),
      paidTotal: sql<string | null>`(sum(${orderGroups.total}) filter (where ${paid}))::text`,
      pendingOrders: sql<number>`count(*) filter (where ${pending})`.mapWith(Number),
      pendingTotal: sql<string | null>`(sum(${orderGroups.total}) filter (where ${pending}))::text`,
    })
    .from(orderGroups)
    .where(and(gte(orderGroups.createdAt, from), lt(orderGroups.createdAt, to)))
    .groupBy(day);
}

export interface RefundDayRow {
  day: string;
  refunds: number;
  total: string | null;
}

/** Refunds decided in [from, to) that did not fail (a failed one is redone, not owed twice), per day. */
export async function refundFiguresByDay(
  db: DatabaseOrTransaction,
  from: Date,
  to: Date,
): Promise<RefundDayRow[]> {
  const day = montevideoDay(refunds.createdAt);
  return db
    .select({ day, refunds: count(), total: sql<string | null>`sum(${refunds.amount})::text` })
    .from(refunds)
    .where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to), refundCounts))
    .groupBy(day);
}

/** Store orders 'sin aceptar' now (issue 31): still approved after the unaccepted alert went out. */
export async function countUnacceptedStoreOrders(db: DatabaseOrTransaction): Promise<number> {
  const [row] = await db
    .select({ unaccepted: count() })
    .from(storeOrders)
    .where(and(eq(storeOrders.status, 'approved'), isNotNull(storeOrders.unacceptedAlertedAt)));
  return row?.unaccepted ?? 0;
}

/**
 * Store orders late now (order-lateness.ts): open and paid, and past their window's end, or (without a
 * window) their group paid before `paidBefore`, the bounds lateBounds gives for now.
 */
export async function countLateStoreOrders(
  db: DatabaseOrTransaction,
  bounds: { windowEndedBefore: Date; paidBefore: Date },
): Promise<number> {
  const [row] = await db
    .select({ late: count() })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(
      and(
        inArray(storeOrders.status, [...OPEN_STORE_ORDER_STATUSES]),
        isNotNull(orderGroups.paidAt),
        or(
          lt(storeOrders.windowEndsAt, bounds.windowEndedBefore),
          and(isNull(storeOrders.windowEndsAt), lt(orderGroups.paidAt, bounds.paidBefore)),
        ),
      ),
    );
  return row?.late ?? 0;
}
