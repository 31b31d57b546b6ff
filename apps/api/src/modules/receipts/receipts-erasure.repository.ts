import { inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { storeOrders } from '../../db/schema/orders.ts';
import { storeOrderReceipts } from '../../db/schema/receipts.ts';

/** The family's free-text notes on the receipts of these groups' store orders are emptied. */
export async function clearReceiptNotes(tx: DatabaseOrTransaction, groupIds: number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await tx
    .update(storeOrderReceipts)
    .set({ note: '' })
    .where(
      inArray(
        storeOrderReceipts.storeOrderId,
        tx.select({ id: storeOrders.id }).from(storeOrders).where(inArray(storeOrders.groupId, groupIds)),
      ),
    );
}
