import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { cities, stores } from '../../db/schema/catalog.ts';
import { storeMembers } from '../../db/schema/staff.ts';

/** Every store fits one page today (a few hundred at most); the cap keeps a mistake from answering more. */
const STORE_LIST_LIMIT = 500;

const STORE_COLUMNS = {
  id: stores.id,
  name: stores.name,
  kind: stores.kind,
  status: stores.status,
  statusReason: stores.statusReason,
  city: cities.name,
  memberCount: sql<number>`(select count(*) from ${storeMembers} where ${storeMembers.storeId} = ${stores.id})::int`,
  commissionRate: stores.commissionRate,
  createdAt: stores.createdAt,
};

export interface StoreListRow {
  id: number;
  name: string;
  kind: string;
  status: string;
  statusReason: string;
  city: string;
  memberCount: number;
  commissionRate: string;
  createdAt: Date;
}

/** LIKE's wildcards typed by the operator match themselves. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The stores by name (or id) and status, pending ones first (they wait for a decision), then by name. One
 * query: the member count is a subquery correlated on the store's primary key.
 */
export async function listStores(
  db: Database,
  filter: { q: string | null; status: string | null },
): Promise<StoreListRow[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(stores.status, filter.status));
  if (filter.q) {
    const byName = ilike(stores.name, likePattern(filter.q));
    const byId = /^\d{1,9}$/.test(filter.q) ? eq(stores.id, Number(filter.q)) : undefined;
    const matches = byId ? or(byName, byId) : byName;
    if (matches) conditions.push(matches);
  }
  return db
    .select(STORE_COLUMNS)
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(sql`${stores.status} <> 'pending'`, asc(stores.name), asc(stores.id))
    .limit(STORE_LIST_LIMIT);
}

export interface StoreDetailRow extends StoreListRow {
  addressLine1: string;
  phone: string;
}

export async function findStore(db: DatabaseOrTransaction, storeId: number): Promise<StoreDetailRow | null> {
  const [row] = await db
    .select({ ...STORE_COLUMNS, addressLine1: stores.addressLine1, phone: stores.phone })
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .where(eq(stores.id, storeId));
  return row ?? null;
}

/** The store's status and commission, locked until the transaction ends (two operators act one at a time). */
export async function lockStore(
  tx: DatabaseOrTransaction,
  storeId: number,
): Promise<{ status: string; statusReason: string; commissionRate: string } | null> {
  const [row] = await tx
    .select({
      status: stores.status,
      statusReason: stores.statusReason,
      commissionRate: stores.commissionRate,
    })
    .from(stores)
    .where(eq(stores.id, storeId))
    .for('update');
  return row ?? null;
}

/** The account with this (normalised) e-mail, for adding it to a store. */
export async function findAccountIdByEmail(db: Database, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}
