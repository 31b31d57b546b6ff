import type { NearStore, Store } from '@mandado/shared/catalog.schemas';
import { DEFAULT_SUBSTITUTION_WAIT_MINUTES } from '@mandado/shared/substitution-texts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { requireServedCity } from '../locations/locations.service.ts';
import { presentStore } from './store.presenter.ts';
import {
  findApprovedStoreBySlug,
  findApprovedStoreRowBySlug,
  findStoreAvailability,
  findStoreIdByExactName,
  findStorePreparation,
  findStoreSnapshots,
  findStoreSubstitutionWait,
  insertStoreFromApplication,
  listApprovedStoresForCity,
  listApprovedStoresNear,
  listAutoAcceptingStoreIds,
  type NewStoreFromApplication,
  type StoreAvailabilityRow,
  type StorePageRow,
  type StorePreparationRow,
  type StoreSnapshotRow,
  storeExists,
  updateCommissionRate,
  updateStoreAvailability,
  updateStorePreparation,
  updateStoreStatus,
  updateStoreSubstitutionWait,
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

/**
 * The approved store a shared link names by its slug, in the store list's shape, for a visitor who has no city
 * yet (issue 30 item 5); 404 when no approved store has it.
 */
export async function getStoreBySlug(db: Database, slug: string): Promise<Store> {
  const row = await findApprovedStoreRowBySlug(db, slug);
  if (!row) throw notFound();
  return presentStore(row);
}

/** The approved store a page's `:store` segment names, or null (a store page's head tags, decision 066). */
export async function findStoreBySlug(db: Database, slug: string): Promise<StorePageRow | null> {
  if (slug === '') return null;
  return (await findApprovedStoreBySlug(db, slug)) ?? null;
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

/** A store's auto-accept and preparation time (issue 31), or null when there is no such store. */
export function readStorePreparation(db: DatabaseOrTransaction, storeId: number) {
  return findStorePreparation(db, storeId);
}

/**
 * The store's wait for a remitter's answer to a proposed substitute and the hours it counts within (issue 29,
 * decision 073); the default wait and no hours for a store that is gone.
 */
export async function readStoreSubstitutionWait(db: DatabaseOrTransaction, storeId: number) {
  return (
    (await findStoreSubstitutionWait(db, storeId)) ?? {
      waitMinutes: DEFAULT_SUBSTITUTION_WAIT_MINUTES,
      hours: null,
    }
  );
}

/** Sets it (the merchant module checks who may, and audits it). */
export function writeStoreSubstitutionWait(
  db: DatabaseOrTransaction,
  storeId: number,
  waitMinutes: number,
): Promise<void> {
  return updateStoreSubstitutionWait(db, storeId, waitMinutes);
}

/** Sets them (the merchant module checks who may, and audits it). */
export function writeStorePreparation(
  db: DatabaseOrTransaction,
  storeId: number,
  values: StorePreparationRow,
): Promise<void> {
  return updateStorePreparation(db, storeId, values);
}

/** Of these stores, those that accept their paid orders by themselves (the payment flows ask). */
export async function autoAcceptingStores(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
): Promise<ReadonlySet<number>> {
  return new Set(await listAutoAcceptingStoreIds(db, storeIds));
}

/** An operator suspends or reopens a store, in the admin's transaction (`tx`, the store row already locked). */
export async function setStoreStatus(
  tx: DatabaseOrTransaction,
  storeId: number,
  values: { status: 'approved' | 'suspended'; statusReason: string },
): Promise<void> {
  await updateStoreStatus(tx, storeId, values);
}

/** An operator's new commission rate for the store, in the admin's transaction (`tx`). */
export async function setStoreCommissionRate(
  tx: DatabaseOrTransaction,
  storeId: number,
  commissionRate: string,
): Promise<void> {
  await updateCommissionRate(tx, storeId, commissionRate);
}

/** An approved application's store and its delivery city, in the approval's transaction (`tx`). */
export async function createStoreFromApplication(
  tx: DatabaseOrTransaction,
  application: NewStoreFromApplication,
  commissionRate: string,
): Promise<number> {
  return insertStoreFromApplication(tx, application, commissionRate);
}
