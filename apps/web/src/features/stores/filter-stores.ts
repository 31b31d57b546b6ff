import { STORE_KINDS, type StoreKind } from '@mandado/shared/store-kinds';

interface Kinded {
  category: StoreKind;
  sort_index: number;
  name: string;
  /** Present when the store is near the saved location (merged from the nearby stores). */
  distance_km?: number;
}

/** Stores with a distance first, nearest first; the others keep their place after them. */
function byDistance(a: Kinded, b: Kinded): number {
  const left = a.distance_km ?? Number.POSITIVE_INFINITY;
  const right = b.distance_km ?? Number.POSITIVE_INFINITY;
  return left === right ? 0 : left - right;
}

/** The store list: the nearest first when a location is known, then the shop's curated order (sort index, name). */
export function sortStores<T extends Kinded>(stores: readonly T[]): T[] {
  return [...stores].sort(
    (a, b) => byDistance(a, b) || a.sort_index - b.sort_index || a.name.localeCompare(b.name, 'es'),
  );
}

function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase('es');
}

/**
 * Spec §4 Stores: the stores near the saved location are merged into the city's list by matching name; a
 * matched store carries its distance. Nearby stores of other cities are not added (they do not deliver here).
 */
export function mergeNearStores<T extends { name: string }, N extends { name: string; distance_km: number }>(
  stores: readonly T[],
  near: readonly N[],
): (T & { distance_km?: number })[] {
  const distances = new Map<string, number>();
  for (const store of near) {
    const key = nameKey(store.name);
    const known = distances.get(key);
    if (known === undefined || store.distance_km < known) distances.set(key, store.distance_km);
  }
  return stores.map((store) => {
    const distance = distances.get(nameKey(store.name));
    return distance === undefined ? store : { ...store, distance_km: distance };
  });
}

/** Stores of one kind, or all of them for `null` ('Todas'). */
export function filterStoresByKind<T extends Kinded>(stores: readonly T[], kind: StoreKind | null): T[] {
  return kind === null ? [...stores] : stores.filter((store) => store.category === kind);
}

/** The kinds that have at least one store, in the spec's order, with their counts. */
export function presentKinds(stores: readonly Kinded[]): { kind: StoreKind; count: number }[] {
  return STORE_KINDS.map((kind) => ({
    kind,
    count: stores.filter((store) => store.category === kind).length,
  })).filter((entry) => entry.count > 0);
}

/** "1,2 km" — one decimal with a comma, as the rest of the shop formats numbers. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${(Math.round(km * 10) / 10).toFixed(1).replace('.', ',')} km`;
}
