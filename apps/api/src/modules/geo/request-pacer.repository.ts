import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { pacedRequestSlots } from '../../db/schema/rate-limits.ts';

/**
 * Takes the next free slot of `origin` for every instance at once, by the database's clock (decision 036):
 * one statement moves the shared schedule on by `intervalMs` and answers how long the caller waits for its
 * slot, or null (nothing taken) when that wait would be longer than `maxWaitMs`.
 */
export async function takePacedSlot(
  db: Database,
  origin: string,
  intervalMs: number,
  maxWaitMs: number,
): Promise<number | null> {
  const interval = sql`${intervalMs}::int * interval '1 millisecond'`;
  const start = sql`greatest(${pacedRequestSlots.nextSlotAt}, now())`;
  const result: unknown = await db.execute(sql`
    insert into ${pacedRequestSlots} (origin, next_slot_at) values (${origin}, now() + ${interval})
    on conflict (origin) do update set next_slot_at = ${start} + ${interval}
      where ${start} - now() <= ${maxWaitMs}::int * interval '1 millisecond'
    returning greatest(0, extract(epoch from (next_slot_at - ${interval} - now())) * 1000)::float as wait_ms
  `);
  const [row] = (result as { rows: Array<{ wait_ms: number }> }).rows;
  return row ? Number(row.wait_ms) : null;
}
