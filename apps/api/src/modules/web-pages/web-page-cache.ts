import type { City, Store } from '@mandado/shared/catalog.schemas';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import {
  catalogRevisionOf,
  getCatalogRevision,
  getProductsOfStore,
  type ProductsOfStore,
  type ProductsOfStoreCache,
} from '../catalog/catalog.service.ts';
import { getServedCities } from '../locations/locations.service.ts';
import { findStoreBySlug, getStoresForCity } from '../stores/stores.service.ts';

type StorePageRow = NonNullable<Awaited<ReturnType<typeof findStoreBySlug>>>;

/**
 * What a store or product page's head reads besides the store's catalog (decision 087): the store its slug
 * names, the served cities and the only city's stores. They depend on the stores, their cities and the
 * cities, whose every write moves the catalog's global revision (decision 037), and a city's stores on the
 * time too (a store's pause or closure, in its availability). So they are kept per app instance while the
 * revision stays, a city's stores at most until the minute turns (the bound the page's markup already has,
 * decision 079). Each page request reads the revision (with the store's catalog keys, one query): another
 * instance's write is seen at the next request, as with the catalog caches; nothing lives only here.
 */
export interface CatalogView {
  /** The approved store a page's slug names (findStoreBySlug), or null. */
  storeBySlug(slug: string): Promise<StorePageRow | null>;
  servedCities(): Promise<City[]>;
  /** A served city's approved stores, with their availability as of this minute. */
  cityStores(state: string): Promise<Store[]>;
}

interface Entries {
  revision: number;
  storesBySlug: Map<string, Promise<StorePageRow | null>>;
  cities: Promise<City[]> | undefined;
  cityStores: Map<string, { minute: number; stores: Promise<Store[]> }>;
}

/**
 * Slugs remembered per revision: the found stores only (a miss is not kept, so made-up slugs cannot grow it),
 * and at most this many, about the stores a city has.
 */
const MAX_SLUGS = 1000;

/**
 * Per database handle, that is per app (tests build many): the handle is what every caller already passes,
 * so the page functions keep their signatures.
 */
const entriesByDatabase = new WeakMap<Database, Entries>();

/** Kept as a promise, so concurrent requests await one read; a failed read is forgotten at once. */
function remember<T>(read: Promise<T>, forget: () => void): Promise<T> {
  read.catch(forget);
  return read;
}

/** The view of the catalog at `revision`, read by the caller: what was cached at another revision is dropped. */
function catalogViewAt(db: Database, revision: number, now: () => number): CatalogView {
  let entries = entriesByDatabase.get(db);
  if (entries?.revision !== revision) {
    entries = { revision, storesBySlug: new Map(), cities: undefined, cityStores: new Map() };
    entriesByDatabase.set(db, entries);
  }
  const current = entries;
  return {
    storeBySlug(slug) {
      const cached = current.storesBySlug.get(slug);
      if (cached) return cached;
      const forget = () => current.storesBySlug.delete(slug);
      const read = remember(
        findStoreBySlug(db, slug).then((store) => {
          if (!store) forget();
          return store;
        }),
        forget,
      );
      if (current.storesBySlug.size >= MAX_SLUGS) current.storesBySlug.clear();
      current.storesBySlug.set(slug, read);
      return read;
    },
    servedCities() {
      current.cities ??= remember(getServedCities(db), () => {
        current.cities = undefined;
      });
      return current.cities;
    },
    cityStores(state) {
      const minute = Math.floor(now() / 60_000);
      const cached = current.cityStores.get(state);
      if (cached && cached.minute === minute) return cached.stores;
      const stores = remember(getStoresForCity(db, state), () => current.cityStores.delete(state));
      current.cityStores.set(state, { minute, stores });
      return stores;
    },
  };
}

/** The view of the catalog at its current revision: one single-row query, then whatever is cached for it. */
export async function catalogAtRevision(db: Database, now: () => number = Date.now): Promise<CatalogView> {
  return catalogViewAt(db, await getCatalogRevision(db), now);
}

export interface StoreOfPage {
  view: CatalogView;
  store: StorePageRow | null;
  /** The store's categories and products; null when there is no such approved store. */
  catalog: ProductsOfStore | null;
}

function orNullWhenNotFound<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  });
}

/**
 * The store a page's slug names, with its catalog, in one query when nothing changed: the store the slug
 * named at the last revision seen, whose catalog keys (read on every request, decision 037) carry the global
 * revision they were read at. When that is still the revision the slug was resolved at, no store was renamed,
 * approved or closed since, and the answer stands; otherwise the slug is resolved again at the new revision.
 */
export async function storeOfPage(
  db: Database,
  cache: ProductsOfStoreCache,
  slug: string,
  now: () => number = Date.now,
): Promise<StoreOfPage> {
  const entries = entriesByDatabase.get(db);
  const known = entries ? await entries.storesBySlug.get(slug)?.catch(() => null) : undefined;
  if (entries && known) {
    const catalog = await orNullWhenNotFound(getProductsOfStore(db, cache, known.id));
    if (catalog && catalogRevisionOf(catalog.keys) === entries.revision) {
      return { view: catalogViewAt(db, entries.revision, now), store: known, catalog };
    }
  }
  const view = await catalogAtRevision(db, now);
  const store = slug === '' ? null : await view.storeBySlug(slug);
  const catalog = store ? await orNullWhenNotFound(getProductsOfStore(db, cache, store.id)) : null;
  return { view, store, catalog };
}
