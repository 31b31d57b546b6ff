import { windowKey } from '@mandado/shared/store-windows';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { orderGroups, storeOrders } from '../../db/schema/orders.ts';

/**
 * The delivery windows of store orders (decision 065): the lock a window's capacity is counted under, the
 * count, and the columns. A window is one store and one start, so the lock's two keys are the store's id and
 * the start in minutes since 1970 (it fits an int4 until the year 6053).
 */
export async function lockWindow(tx: DatabaseOrTransaction, storeId: number, startsAt: Date): Promise<void> {
  const minutes = Math.floor(startsAt.getTime() / 60_000);
  await tx.execute(sql`select pg_advisory_xact_lock(${storeId}::int, ${minutes}::int)`);
}

/**
 * Store orders holding the window: every one placed for it but rejected or in a cancelled (expired) group.
 * `except` leaves one store order out (the one being moved into the window).
 */
export async function countWindowBookings(
  tx: DatabaseOrTransaction,
  storeId: number,
  startsAt: Date,
  except: number | null = null,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(
      and(
        eq(storeOrders.storeId, storeId),
        eq(storeOrders.windowStartsAt, startsAt),
        ne(storeOrders.status, 'rejected'),
        ne(orderGroups.status, 'cancelled'),
        except === null ? undefined : ne(storeOrders.id, except),
      ),
    );
  return row?.count ?? 0;
}

/** How many store orders hold each of a store's windows (the checkout's 'Completo'), by start ISO. */
export async function countBookingsByStart(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
  from: Date,
): Promise<Map<string, number>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({
      storeId: storeOrders.storeId,
      startsAt: storeOrders.windowStartsAt,
      count: sql<number>`count(*)::int`,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(
      and(
        inArray(storeOrders.storeId, [...storeIds]),
        sql`${storeOrders.windowStartsAt} >= ${from.toISOString()}`,
        ne(storeOrders.status, 'rejected'),
        ne(orderGroups.status, 'cancelled'),
      ),
    )
    .groupBy(storeOrders.storeId, storeOrders.windowStartsAt);
  return new Map(
    rows.flatMap((row) =>
      row.startsAt ? [[windowKey(row.storeId, new Date(row.startsAt)), row.count] as const] : [],
    ),
  );
}

export async function setStoreOrderWindow(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  window: { startsAt: Date; endsAt: Date; cutoffAt: Date },
): Promise<void> {
  await tx
    .update(storeOrders)
    .set({ windowStartsAt: window.startsAt, windowEndsAt: window.endsAt, windowCutoffAt: window.cutoffAt })
    .where(eq(storeOrders.id, storeOrderId));
}

/** The group's store orders with a window, for the re-check at payment. */
export async function findGroupWindows(tx: DatabaseOrTransaction, groupId: number) {
  return tx
    .select({
      id: storeOrders.id,
      storeId: storeOrders.storeId,
      windowStartsAt: storeOrders.windowStartsAt,
      windowCutoffAt: storeOrders.windowCutoffAt,
    })
    .from(storeOrders)
    .where(and(eq(storeOrders.groupId, groupId), ne(storeOrders.status, 'rejected')));
}
