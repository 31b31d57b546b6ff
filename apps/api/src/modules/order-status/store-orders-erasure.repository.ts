import { inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { storeOrders } from '../../db/schema/orders.ts';

/** Who received each store order (a name the courier typed) is forgotten; the proof photo stays for now. */
export async function clearReceivedBy(tx: DatabaseOrTransaction, groupIds: number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await tx.update(storeOrders).set({ receivedBy: null }).where(inArray(storeOrders.groupId, groupIds));
}
