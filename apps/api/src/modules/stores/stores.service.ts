import type { NearStore, Store } from '@mandado/shared/catalog.schemas';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { requireServedCity } from '../locations/locations.service.ts';
import { presentStore } from './store.presenter.ts';
import {
  approvedStoreSlugExists,
  findStoreAvailability,
  findStoreIdByExactName,
  findStoreSnapshots,
  listApprovedStoresForCity,
  listApprovedStoresNear,
  type StoreAvailabilityRow,
  type StoreSnapshotRow,
  storeExists,
  updateStoreAvailability,
} from './stores.repository.ts';

const NEAR_STORES_LIMIT = 50;

export async function getStoresForCity(db: Database, cityOrState: string): Promise<Store[]> {
  const city = await requireServedCity(db, cityOrState);
  return (await listApprovedStoresForCity(db, city.id)).map((row) => presentStore(row));
}

export async function getStoresNear(
  db: Database,
  point: { latitude: number; longitude: number; kind?: string | undefined },
): Promise<NearStore[]> {
  const rows = await listApprovedStoresNear(db, point, NEAR_STORES_LIMIT);
  return rows.map((row) => ({ ...presentStore(row), distance_km: row.distanceKm }));
}

/** Whether a store page's `:store` segment names an approved store (the web app's 404 status, issue 16). */
export async function isKnownStoreSlug(db: Database, slug: string): Promise<boolean> {
  if (slug === '') return false;
  return approvedStoreSlugExists(db, slug);
}

/**
 * What an order keeps of its stores (name, one-line address), read in the placing transaction, with each
 * store's pause and closure (issue 18: the delivery window counts from a reopening).
 */
export async function storeSnapshots(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
): Promise<StoreSnapshotRow[]> {
  return findStoreSnapshots(db, storeIds);
}

/** Whether a store with this id exists, whatever its status (store membership commands). */
export async function isExistingStore(db: Database, storeId: number): Promise<boolean> {
  return storeExists(db, storeId);
}

/** A store's id by its exact name (the demo seed names its stores), or null. */
export async function findStoreIdByName(db: Database, name: string): Promise<number | null> {
  return findStoreIdByExactName(db, name);
}

/** A store's name, pause and closure (issue 18), or null when there is no such store. */
export function readStoreAvailability(db: DatabaseOrTransaction, storeId: number) {
  return findStoreAvailability(db, storeId);
}

/** Sets a store's pause and closure (the merchant module checks who may, and audits it). */
export function writeStoreAvailability(
  db: DatabaseOrTransaction,
  storeId: number,
  values: StoreAvailabilityRow,
): Promise<void> {
  return updateStoreAvailability(db, storeId, values);
}
