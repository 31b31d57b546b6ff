import type { StoreWindow } from '@mandado/shared/store-windows';
import { inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { storeDeliveryWindows } from '../../db/schema/delivery-windows.ts';

/** The windows the stores saved, by store id; a store that never saved any is absent. */
export async function findSavedWindows(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
): Promise<Map<number, StoreWindow[]>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({ storeId: storeDeliveryWindows.storeId, windows: storeDeliveryWindows.windows })
    .from(storeDeliveryWindows)
    .where(inArray(storeDeliveryWindows.storeId, [...storeIds]));
  return new Map(rows.map((row) => [row.storeId, row.windows]));
}

export async function upsertWindows(
  db: DatabaseOrTransaction,
  storeId: number,
  windows: StoreWindow[],
): Promise<void> {
  await db
    .insert(storeDeliveryWindows)
    .values({ storeId, windows })
    .onConflictDoUpdate({
      target: storeDeliveryWindows.storeId,
      set: { windows, updatedAt: sql`now()` },
    });
}
