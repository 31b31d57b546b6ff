import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { storeOrders } from '../../db/schema/orders.ts';
import { storeOrderPastRetention } from './retention-due.sql.ts';

/**
 * Takes the proof of delivery (the photo's key and the name the courier typed) off up to `limit` store orders
 * handed over before `cutoff` and answers, per row, the photo's media key or null, in one statement. Rows are claimed `for update skip locked`: sweeps on several instances share
 * the work. The caller deletes the files in the same transaction, so a storage failure puts the keys back.
 */
export async function clearExpiredProofKeys(
  tx: DatabaseOrTransaction,
  cutoff: Date,
  limit: number,
): Promise<Array<string | null>> {
  const result: unknown = await tx.execute(sql`
    with due as (
      select s.id, s.proof_media_key as key from ${storeOrders} s
      where (s.proof_media_key is not null or s.received_by is not null)
        and ${storeOrderPastRetention('s', cutoff)}
      order by s.id
      limit ${limit}
      for update of s skip locked
    )
    update ${storeOrders} set proof_media_key = null, received_by = null
    from due where ${storeOrders}.id = due.id
    returning due.key
  `);
  return (result as { rows: Array<{ key: string | null }> }).rows.map((row) => row.key);
}
