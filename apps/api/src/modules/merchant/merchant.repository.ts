import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cities, stores } from '../../db/schema/catalog.ts';
import { storeMembers } from '../../db/schema/staff.ts';

export interface MemberStoreRow {
  id: number;
  name: string;
  status: string;
  city: string;
  memberRole: string;
}

const memberStoreColumns = {
  id: stores.id,
  name: stores.name,
  status: stores.status,
  city: cities.name,
  memberRole: storeMembers.role,
};

/** The stores a user is a member of, by name. */
export async function listMemberStores(db: Database, userId: number): Promise<MemberStoreRow[]> {
  return db
    .select(memberStoreColumns)
    .from(storeMembers)
    .innerJoin(stores, eq(stores.id, storeMembers.storeId))
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .where(eq(storeMembers.userId, userId))
    .orderBy(asc(stores.name), asc(stores.id));
}

/** One store of a user's, or null when they are not a member of it (or it does not exist). */
export async function findMemberStore(
  db: Database,
  userId: number,
  storeId: number,
): Promise<MemberStoreRow | null> {
  const [row] = await db
    .select(memberStoreColumns)
    .from(storeMembers)
    .innerJoin(stores, eq(stores.id, storeMembers.storeId))
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .where(and(eq(storeMembers.userId, userId), eq(storeMembers.storeId, storeId)));
  return row ?? null;
}
