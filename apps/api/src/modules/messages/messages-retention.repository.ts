import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { messageOutbox } from '../../db/schema/messages.ts';
import { storeOrders } from '../../db/schema/orders.ts';
import { groupPastRetention, storeOrderPastRetention } from '../order-status/retention-due.sql.ts';

/**
 * Deletes up to `limit` WhatsApp/SMS rows about store orders past retention, and those about the whole group
 * (no store order named) once the group is past it, in one statement; answers how many went.
 */
export async function deleteExpiredMessages(
  tx: DatabaseOrTransaction,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const result: unknown = await tx.execute(sql`
    delete from ${messageOutbox}
    where id in (
      select m.id from ${messageOutbox} m
      where exists (
          select 1 from ${storeOrders} s
          where s.id = m.store_order_id and ${storeOrderPastRetention('s', cutoff)}
        )
        or ${groupPastRetention(sql`m.group_id`, cutoff)}
      order by m.id
      limit ${limit}
      for update of m skip locked
    )
    returning id
  `);
  return (result as { rows: unknown[] }).rows.length;
}
