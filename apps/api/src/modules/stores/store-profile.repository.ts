import type { WeeklyHours } from '@mandado/shared/store-hours';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { cities, stores } from '../../db/schema/catalog.ts';

export interface StoreProfileRow {
  id: number;
  name: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  latitude: string;
  longitude: string;
  logo: string;
  openingHours: WeeklyHours | null;
}

const profileColumns = {
  id: stores.id,
  name: stores.name,
  phone: stores.phone,
  addressLine1: stores.addressLine1,
  addressLine2: stores.addressLine2,
  city: cities.name,
  latitude: stores.latitude,
  longitude: stores.longitude,
  logo: stores.logo,
  openingHours: stores.openingHours,
};

/** A store's profile, or null when there is no such store; `lock` holds the row for the caller's change. */
export async function findStoreProfile(
  db: DatabaseOrTransaction,
  storeId: number,
  options: { lock?: boolean } = {},
): Promise<StoreProfileRow | null> {
  const query = db
    .select(profileColumns)
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .where(eq(stores.id, storeId));
  const [row] = options.lock ? await query.for('update', { of: stores }) : await query;
  return row ?? null;
}

/**
 * Whether another store has this name, or one that makes the same page address: the shop's slug is the name
 * without whitespace (storeSlug), so "El Puerto" and "ElPuerto" would share a page. Case is ignored too.
 */
export async function storeNameTakenByAnother(
  db: DatabaseOrTransaction,
  storeId: number,
  name: string,
): Promise<boolean> {
  const slugOf = (value: unknown) => sql`lower(regexp_replace(${value}, '[[:space:]]+', '', 'g'))`;
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(ne(stores.id, storeId), sql`${slugOf(stores.name)} = ${slugOf(name)}`))
    .limit(1);
  return row !== undefined;
}

export interface StoreProfileValues {
  name: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  latitude: string;
  longitude: string;
}

// Every write touches `stores`, whose statement trigger moves the catalog revision (decisions 006, 037): the
// shop's cached lists and ETags change with the next request.
export async function updateStoreProfile(
  db: DatabaseOrTransaction,
  storeId: number,
  values: StoreProfileValues,
): Promise<void> {
  await db
    .update(stores)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(stores.id, storeId));
}

export async function updateStoreLogo(
  db: DatabaseOrTransaction,
  storeId: number,
  logo: string,
): Promise<void> {
  await db.update(stores).set({ logo, modifiedAt: sql`now()` }).where(eq(stores.id, storeId));
}

export async function updateStoreHours(
  db: DatabaseOrTransaction,
  storeId: number,
  hours: WeeklyHours | null,
): Promise<void> {
  await db.update(stores).set({ openingHours: hours, modifiedAt: sql`now()` }).where(eq(stores.id, storeId));
}
