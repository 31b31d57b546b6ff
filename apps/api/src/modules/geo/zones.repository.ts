import { asc, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deliveryZones } from '../../db/schema/back-office.ts';

export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;

/**
 * What identifies the stored zone set: an upload replaces every row, so the newest id (with the count, for an
 * emptied table) changes with each upload. '0:0' when there are none (the gazetteer's apply).
 */
export async function readZonesRevision(db: DatabaseOrTransaction): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      newest: sql<number>`coalesce(max(${deliveryZones.id}), 0)::int`,
    })
    .from(deliveryZones);
  return `${row?.count ?? 0}:${row?.newest ?? 0}`;
}

export async function listDeliveryZones(db: DatabaseOrTransaction): Promise<DeliveryZoneRow[]> {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.id));
}

/** The uploaded set replaces the stored one, in the operator's transaction. */
export async function replaceDeliveryZones(
  tx: DatabaseOrTransaction,
  zones: readonly { kind: string; name: string; note: string; polygon: [number, number][] }[],
): Promise<void> {
  // Serialises two uploads (and the revision readers see either set whole).
  await tx.execute(sql`lock table ${deliveryZones} in exclusive mode`);
  await tx.delete(deliveryZones);
  if (zones.length > 0) await tx.insert(deliveryZones).values([...zones]);
}
