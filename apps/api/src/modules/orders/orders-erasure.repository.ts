import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { idempotencyKeys, orderGroups, storeOrders } from '../../db/schema/orders.ts';

/** The number of one group of the remitter's still in course (unpaid card, or a store order not finished). */
export async function findOpenGroupNumber(
  tx: DatabaseOrTransaction,
  remitterId: number,
  finishedStoreStatuses: readonly string[],
): Promise<string | null> {
  const [row] = await tx
    .selectDistinct({ number: orderGroups.number })
    .from(orderGroups)
    .leftJoin(storeOrders, eq(storeOrders.groupId, orderGroups.id))
    .where(
      and(
        eq(orderGroups.remitterId, remitterId),
        or(
          eq(orderGroups.status, 'awaiting_payment'),
          and(
            eq(orderGroups.status, 'confirmed'),
            notInArray(storeOrders.status, [...finishedStoreStatuses]),
          ),
        ),
      ),
    )
    .limit(1);
  return row?.number ?? null;
}

/** The remitter's groups' ids (for the store orders' own module to clear what it keeps). */
export async function listGroupIdsOf(tx: DatabaseOrTransaction, remitterId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: orderGroups.id })
    .from(orderGroups)
    .where(eq(orderGroups.remitterId, remitterId));
  return rows.map((row) => row.id);
}

/**
 * The recipient's copy on each order loses everything that names or reaches a person; the city stays (the
 * accounts and the statements group by it), and the shape stays, so every reader of old orders still works.
 */
export async function pseudonymiseGroupsOf(tx: DatabaseOrTransaction, remitterId: number): Promise<void> {
  await tx
    .update(orderGroups)
    .set({
      beneficiary: sql`jsonb_build_object(
        'firstName', 'Persona', 'lastName', 'eliminada', 'addressLine1', '',
        'cityId', ${orderGroups.beneficiary}->'cityId', 'cityName', ${orderGroups.beneficiary}->'cityName',
        'stateName', ${orderGroups.beneficiary}->'stateName', 'stateId', ${orderGroups.beneficiary}->'stateId',
        'mobile', '', 'landline', '', 'residency', ${orderGroups.beneficiary}->'residency',
        'latitude', '', 'longitude', '', 'email', '', 'deliveryNotes', '', 'meetingPoint', null)`,
      pickupName: null,
      pickupPhone: null,
      giftMessage: null,
    })
    .where(eq(orderGroups.remitterId, remitterId));
}

/** Stored answers to retried order placements carry the recipient; a deleted account retries nothing. */
export async function deleteIdempotencyKeysOf(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}
