import { eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { processorCustomers, processorErasures, savedCards } from '../../db/schema/payments.ts';

export async function deleteCardsOf(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  await tx.delete(savedCards).where(eq(savedCards.userId, userId));
  // The processor's copy is erased later, with retries, from the row this leaves behind (decision 082).
  await tx.execute(sql`
    insert into ${processorErasures} (processor, customer_ref)
    select processor, customer_ref from ${processorCustomers} where user_id = ${userId}
  `);
  await tx.delete(processorCustomers).where(eq(processorCustomers.userId, userId));
}

export interface DueErasure {
  id: number;
  processor: string;
  customerRef: string;
  attempts: number;
}

/** One due erasure, locked; another instance's pass skips it (SKIP LOCKED). */
export async function lockDueErasure(tx: DatabaseOrTransaction, now: Date): Promise<DueErasure | null> {
  const result = (await tx.execute(sql`
    select id, processor, customer_ref as "customerRef", attempts from ${processorErasures}
    where next_attempt_at <= ${now}
    order by next_attempt_at, id
    limit 1
    for update skip locked
  `)) as unknown as { rows: DueErasure[] };
  return result.rows[0] ?? null;
}

export async function deleteErasure(tx: DatabaseOrTransaction, id: number): Promise<void> {
  await tx.delete(processorErasures).where(eq(processorErasures.id, id));
}

export async function postponeErasure(
  tx: DatabaseOrTransaction,
  id: number,
  values: { attempts: number; nextAttemptAt: Date; lastError: string },
): Promise<void> {
  await tx.update(processorErasures).set(values).where(eq(processorErasures.id, id));
}
