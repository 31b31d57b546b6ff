import { type SQL, sql } from 'drizzle-orm';
import { storeOrders } from '../../db/schema/orders.ts';

/**
 * When the delivery data of an order is due for erasure (issue 32, decision 072), shared by the modules that
 * each erase their own part: the store order's proof photo (order-status), its WhatsApp/SMS (messages) and the
 * recipient's phones on the group's snapshot (orders).
 *
 * A store order is past retention once it was handed over (delivered, then fulfilled) before the cutoff. The
 * time is `delivered_at`, set by every move to delivered or fulfilled (decision 074); rows an operator moved by
 * hand before that have it empty, and then the row's last change stands in (the move to delivered, or a later
 * one, never earlier).
 */
const HANDED_OVER = sql.raw(`('delivered', 'fulfilled')`);

/** `alias` names a store_orders row in the enclosing query. */
export function storeOrderPastRetention(alias: 's', cutoff: Date): SQL {
  const at = cutoff.toISOString();
  const a = sql.raw(alias);
  return sql`(${a}.status in ${HANDED_OVER} and coalesce(${a}.delivered_at, ${a}.updated_at) < ${at}::timestamptz)`;
}

/**
 * A group whose recipient data may go: at least one of its store orders was handed over, and every one is
 * over (handed over or rejected) since before the cutoff; a sibling still on its way keeps the phones.
 */
export function groupPastRetention(groupId: SQL, cutoff: Date): SQL {
  const at = cutoff.toISOString();
  return sql`(exists (
      select 1 from ${storeOrders} d where d.group_id = ${groupId} and d.status in ${HANDED_OVER}
    ) and not exists (
      select 1 from ${storeOrders} o where o.group_id = ${groupId}
        and not (o.status in ('delivered', 'fulfilled', 'rejected')
          and coalesce(o.delivered_at, o.updated_at) < ${at}::timestamptz)
    ))`;
}
