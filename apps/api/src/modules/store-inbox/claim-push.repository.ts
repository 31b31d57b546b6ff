import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { pushSubscriptions } from '../../db/schema/fulfilment.ts';
import { storeMembers } from '../../db/schema/staff.ts';

/** The Web Push subscriptions of a store's members (every device of each), oldest first. */
export async function listStorePushSubscriptionIds(
  tx: DatabaseOrTransaction,
  storeId: number,
): Promise<number[]> {
  const rows = await tx
    .select({ id: pushSubscriptions.id })
    .from(storeMembers)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, storeMembers.userId))
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(pushSubscriptions.id);
  return rows.map((row) => row.id);
}
