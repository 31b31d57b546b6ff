import { eq, inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { orderGroups, storeOrders } from '../../db/schema/orders.ts';

export interface StoreOrderEventRow {
  id: number;
  number: string;
  groupNumber: string;
  storeId: number;
  storeName: string;
  total: string;
  currency: string;
}

/** What a status change's webhook says about these store orders: one query. */
export async function listStoreOrderEventRows(
  tx: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<StoreOrderEventRow[]> {
  if (storeOrderIds.length === 0) return [];
  return tx
    .select({
      id: storeOrders.id,
      number: storeOrders.number,
      groupNumber: orderGroups.number,
      storeId: storeOrders.storeId,
      storeName: storeOrders.storeName,
      total: storeOrders.total,
      currency: orderGroups.currency,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(inArray(storeOrders.id, [...storeOrderIds]));
}
