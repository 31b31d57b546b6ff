import { asc, eq, inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { messageOutbox } from '../../db/schema/messages.ts';
import { orderGroups, storeOrders } from '../../db/schema/orders.ts';

export async function deleteMessagesOfGroups(tx: DatabaseOrTransaction, groupIds: number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await tx.delete(messageOutbox).where(inArray(messageOutbox.groupId, groupIds));
}

export interface RemitterMessageRow {
  kind: string;
  audience: string;
  channel: string | null;
  status: string;
  createdAt: Date;
  storeOrderNumber: string | null;
}

/** The WhatsApp and SMS messages about a remitter's orders, oldest first (the data download). */
export function listMessagesOfRemitter(
  tx: DatabaseOrTransaction,
  remitterId: number,
): Promise<RemitterMessageRow[]> {
  return tx
    .select({
      kind: messageOutbox.kind,
      audience: messageOutbox.audience,
      channel: messageOutbox.channel,
      status: messageOutbox.status,
      createdAt: messageOutbox.createdAt,
      storeOrderNumber: storeOrders.number,
    })
    .from(messageOutbox)
    .innerJoin(orderGroups, eq(orderGroups.id, messageOutbox.groupId))
    .leftJoin(storeOrders, eq(storeOrders.id, messageOutbox.storeOrderId))
    .where(eq(orderGroups.remitterId, remitterId))
    .orderBy(asc(messageOutbox.createdAt), asc(messageOutbox.id))
    .limit(5000);
}
