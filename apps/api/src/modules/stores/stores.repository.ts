import type { WeeklyHours } from '@mandado/shared/store-hours';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { cities, departments, storeCities, stores } from '../../db/schema/catalog.ts';
import { approvedStoreDeliversTo } from './store-availability.sql.ts';

export interface StoreRow {
  id: number;
  name: string;
  kind: string;
  status: string;
  logo: string;
  addressLine1: string;
  addressLine2: string;
  zipCode: string;
  rif: string;
  merchantId: number | null;
  sortIndex: number;
  latitude: string;
  longitude: string;
  city: string;
  cityId: number;
  state: string;
  cities: string[];
  createdAt: Date;
  modifiedAt: Date;
  pausedUntil: Date | null;
  closedFrom: Date | null;
  closedTo: Date | null;
  closureNote: string;
  openingHours: WeeklyHours | null;
  preparationMinutes: number | null;
}

// The delivery cities come from a correlated subquery so a list of any length is still one query.
const deliveryCities = sql<string[]>`coalesce((
  select array_agg(dc.name order by dc.name)
  from ${storeCities} sc join ${cities} dc on dc.id = sc.city_id
  where sc.store_id = ${stores.id}
), '{}')`;

const storeColumns = {
  id: stores.id,
  name: stores.name,
  kind: stores.kind,
  status: stores.status,
  logo: stores.logo,
  addressLine1: stores.addressLine1,
  addressLine2: stores.addressLine2,
  zipCode: stores.zipCode,
  rif: stores.rif,
  merchantId: stores.merchantId,
  sortIndex: stores.sortIndex,
  latitude: stores.latitude,
  longitude: stores.longitude,
  city: cities.name,
  cityId: stores.cityId,
  state: departments.name,
  cities: deliveryCities,
  createdAt: stores.createdAt,
  modifiedAt: stores.modifiedAt,
  pausedUntil: stores.pausedUntil,
  closedFrom: stores.closedFrom,
  closedTo: stores.closedTo,
  closureNote: stores.closureNote,
  openingHours: stores.openingHours,
  preparationMinutes: stores.preparationMinutes,
};

function approvedStores(db: Database) {
  return db
    .select(storeColumns)
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .innerJoin(departments, eq(departments.id, cities.departmentId));
}

/** Approved stores that deliver to a city, in their sort order. */
export async function listApprovedStoresForCity(db: Database, cityId: number): Promise<StoreRow[]> {
  return approvedStores(db)
    .where(approvedStoreDeliversTo(cityId))
    .orderBy(asc(stores.sortIndex), asc(stores.name));
}

/** Great-circle distance in km from a point (haversine); coordinates are not money, floats are fine. */
function distanceKm(latitude: number, longitude: number) {
  return sql<number>`round((2 * 6371 * asin(sqrt(
    power(sin(radians(${stores.latitude}::float8 - ${latitude}::float8) / 2), 2) +
    cos(radians(${latitude}::float8)) * cos(radians(${stores.latitude}::float8)) *
    power(sin(radians(${stores.longitude}::float8 - ${longitude}::float8) / 2), 2)
  )))::numeric, 2)::float8`;
}

export async function listApprovedStoresNear(
  db: Database,
  point: { latitude: number; longitude: number; kind?: string | undefined },
  limit: number,
): Promise<Array<StoreRow & { distanceKm: number }>> {
  const distance = distanceKm(point.latitude, point.longitude);
  return db
    .select({ ...storeColumns, distanceKm: distance })
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(and(eq(stores.status, 'approved'), point.kind ? eq(stores.kind, point.kind) : undefined))
    .orderBy(distance, asc(stores.id))
    .limit(limit);
}

/**
 * The approved store a shared link's `:store` segment names, in full (the store list's shape), whatever city
 * it delivers to: with several served cities a visitor without a city still sees the store's page (issue 30
 * item 5) and is asked the city at the first add to cart.
 */
export async function findApprovedStoreRowBySlug(db: Database, slug: string): Promise<StoreRow | undefined> {
  const [row] = await approvedStores(db)
    .where(
      and(
        eq(stores.status, 'approved'),
        sql`regexp_replace(${stores.name}, '[[:space:]]+', '', 'g') = ${slug}`,
      ),
    )
    .limit(1);
  return row;
}

/** What a store page's head says of its store (decision 066). */
export interface StorePageRow {
  id: number;
  name: string;
  logo: string;
  addressLine1: string;
  city: string;
}

/**
 * The approved store with this slug (its name without whitespace, as `storeSlug` in the shared package makes
 * it; PostgreSQL's [[:space:]] covers the spaces a store name holds), with its city's name: a store page's
 * head and its 404 (issue 16, decision 066). Only these columns: it runs on every full load of a store page,
 * and the store list's delivery-cities subquery would cost it more than the rest of the page.
 */
export async function findApprovedStoreBySlug(db: Database, slug: string): Promise<StorePageRow | undefined> {
  const [row] = await db
    .select({
      id: stores.id,
      name: stores.name,
      logo: stores.logo,
      addressLine1: stores.addressLine1,
      city: cities.name,
    })
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .where(
      and(
        eq(stores.status, 'approved'),
        sql`regexp_replace(${stores.name}, '[[:space:]]+', '', 'g') = ${slug}`,
      ),
    )
    .limit(1);
  return row;
}

export interface StoreSnapshotRow extends StoreAvailabilityRow {
  id: number;
  name: string;
  address: string;
  /** The store's commission in percent now: the order freezes it (issue 18). */
  commissionRate: string;
  /** Its hours per weekday (decision 047): the delivery window counts from the next opening. */
  hours: WeeklyHours | null;
}

/** Name and one-line address of each store, as an order snapshots them, and its pause and closure. */
export async function findStoreSnapshots(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
): Promise<StoreSnapshotRow[]> {
  if (storeIds.length === 0) return [];
  return db
    .select({
      id: stores.id,
      name: stores.name,
      address: sql<string>`trim(both ' ' from ${stores.addressLine1} || ' ' || coalesce(${stores.addressLine2}, ''))`,
      commissionRate: stores.commissionRate,
      hours: stores.openingHours,
      ...availabilityColumns,
    })
    .from(stores)
    .where(inArray(stores.id, [...storeIds]));
}

export interface StoreAvailabilityRow {
  pausedUntil: Date | null;
  closedFrom: Date | null;
  closedTo: Date | null;
  closureNote: string;
}

const availabilityColumns = {
  pausedUntil: stores.pausedUntil,
  closedFrom: stores.closedFrom,
  closedTo: stores.closedTo,
  closureNote: stores.closureNote,
};

/** A store's name with its owner's pause and closure (issue 18), or null when there is no such store. */
export async function findStoreAvailability(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<(StoreAvailabilityRow & { name: string }) | null> {
  const [row] = await db
    .select({ name: stores.name, ...availabilityColumns })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ?? null;
}

export async function updateStoreAvailability(
  db: DatabaseOrTransaction,
  storeId: number,
  values: StoreAvailabilityRow,
): Promise<void> {
  await db.update(stores).set(values).where(eq(stores.id, storeId));
}

export interface StorePreparationRow {
  autoAccept: boolean;
  preparationMinutes: number | null;
}

/** A store's auto-accept and preparation time (issue 31), or null when there is no such store. */
export async function findStorePreparation(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<StorePreparationRow | null> {
  const [row] = await db
    .select({ autoAccept: stores.autoAccept, preparationMinutes: stores.preparationMinutes })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ?? null;
}

/** Sets the store's wait for substitute answers (decision 073). */
export async function updateStoreSubstitutionWait(
  db: DatabaseOrTransaction,
  storeId: number,
  waitMinutes: number,
): Promise<void> {
  await db.update(stores).set({ substitutionWaitMinutes: waitMinutes }).where(eq(stores.id, storeId));
}

/** A store's wait for substitute answers and the hours it counts within (decision 073). */
export async function findStoreSubstitutionWait(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<{ waitMinutes: number; hours: WeeklyHours | null } | null> {
  const [row] = await db
    .select({ waitMinutes: stores.substitutionWaitMinutes, hours: stores.openingHours })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ?? null;
}

export async function updateStorePreparation(
  db: DatabaseOrTransaction,
  storeId: number,
  values: StorePreparationRow,
): Promise<void> {
  await db.update(stores).set(values).where(eq(stores.id, storeId));
}

/** Of these stores, the ones whose owner turned auto-accept on. */
export async function listAutoAcceptingStoreIds(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
): Promise<number[]> {
  if (storeIds.length === 0) return [];
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(inArray(stores.id, [...storeIds]), eq(stores.autoAccept, true)));
  return rows.map((row) => row.id);
}

export async function storeExists(db: Database, storeId: number): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  return row !== undefined;
}

export async function findStoreIdByExactName(db: Database, name: string): Promise<number | null> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.name, name)).limit(1);
  return row?.id ?? null;
}

/**
 * Writes the store's status: `stores`' statement trigger moves the catalog revision (decisions 006, 037), so
 * every cached list and the in-memory search index drop a suspended store (or take a reopened one back).
 */
export async function updateStoreStatus(
  tx: DatabaseOrTransaction,
  storeId: number,
  values: { status: 'approved' | 'suspended'; statusReason: string },
): Promise<void> {
  await tx
    .update(stores)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(stores.id, storeId));
}

/** The commission new orders freeze; orders already placed keep theirs (store_orders.commission_rate). */
export async function updateCommissionRate(
  tx: DatabaseOrTransaction,
  storeId: number,
  commissionRate: string,
): Promise<void> {
  await tx.update(stores).set({ commissionRate, modifiedAt: sql`now()` }).where(eq(stores.id, storeId));
}

/** What an approved store application gives its new store. */
export interface NewStoreFromApplication {
  storeName: string;
  kind: typeof stores.$inferInsert.kind;
  addressLine1: string;
  rut: string;
  latitude: typeof stores.$inferInsert.latitude;
  longitude: typeof stores.$inferInsert.longitude;
  cityId: number;
}

/** The new store, not shown to shoppers until operators approve it (status pending), delivering to its city. */
export async function insertStoreFromApplication(
  tx: DatabaseOrTransaction,
  application: NewStoreFromApplication,
  /** The default_commission_rate setting (issue 19); operators change it per store afterwards. */
  commissionRate: string,
): Promise<number> {
  const [row] = await tx
    .insert(stores)
    .values({
      name: application.storeName,
      kind: application.kind,
      status: 'pending',
      logo: '',
      addressLine1: application.addressLine1,
      zipCode: '',
      rif: application.rut,
      latitude: application.latitude,
      longitude: application.longitude,
      cityId: application.cityId,
      commissionRate,
    })
    .returning({ id: stores.id });
  if (!row) throw new Error('store not stored');
  await tx.insert(storeCities).values({ storeId: row.id, cityId: application.cityId });
  return row.id;
}
