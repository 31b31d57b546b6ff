import { STORE_KINDS, type StoreKind } from '@mandado/shared/store-kinds';

interface Kinded {
  category: StoreKind;
  sort_index: number;
  name: string;
}

/** The store list in the order the shop curates (sort index, then name). */
export function sortStores<T extends Kinded>(stores: readonly T[]): T[] {
  return [...stores].sort((a, b) => a.sort_index - b.sort_index || a.name.localeCompare(b.name, 'es'));
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
