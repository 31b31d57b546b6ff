import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cities, stores } from '../../db/schema/catalog.ts';
import { storeMembers } from '../../db/schema/staff.ts';

export interface AdminStoreRow {
  id: number;
  name: string;
  status: string;
  city: string;
  memberCount: number;
  createdAt: Date;
}

/** Every store, whatever its status, pending ones first (they wait for a decision), then by name. */
export async function listAllStores(db: Database): Promise<AdminStoreRow[]> {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      status: stores.status,
      city: cities.name,
      memberCount: sql<number>`(select count(*) from ${storeMembers} where ${storeMembers.storeId} = ${stores.id})::int`,
      createdAt: stores.createdAt,
    })
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .orderBy(sql`${stores.status} <> 'pending'`, asc(stores.name), asc(stores.id));
}
