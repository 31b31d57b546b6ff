import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orderGroups } from '../../db/schema/orders.ts';

/** How a group is being paid: which processor, and the payment's reference there once known. */
export async function findGroupPayment(
  db: Database,
  groupId: number,
): Promise<{ processor: string; processorRef: string | null } | null> {
  const [row] = await db
    .select({ processor: orderGroups.processor, processorRef: orderGroups.processorRef })
    .from(orderGroups)
    .where(eq(orderGroups.id, groupId));
  return row ?? null;
}
