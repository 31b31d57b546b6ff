import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import { refunds } from '../../db/schema/fulfilment.ts';

/**
 * The 'refunded' rule, in one place (issue 28): a refund counts as given back, or on its way, unless it
 * failed: pending and succeeded ones. Statements, the dashboard and the refund limits all read it from here.
 */
export const refundCounts: SQL = inArray(refunds.status, ['pending', 'succeeded']);

/** What was refunded of the store order in `storeOrderId` (a column of the outer query), as numeric text. */
export function refundedOfStoreOrder(storeOrderId: AnyColumn): SQL<string> {
  return sql<string>`coalesce((
    select sum(${refunds.amount}) from ${refunds} where ${refunds.storeOrderId} = ${storeOrderId} and ${refundCounts}
  ), 0)::text`;
}
