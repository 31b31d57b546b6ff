import type { City } from '@mandado/shared/catalog.schemas';
import { isSameCity } from './same-city.ts';

/** What choosing a city in the selector leads to (spec §4 "City change → From the selector"). */
export type CityChoice =
  /** The first city: set it and go to the store list. */
  | { kind: 'set'; to: '/stores' }
  | { kind: 'go'; to: '/products' | '/stores' }
  /** Ask first; with items in the cart the question warns that the cart will be emptied. */
  | { kind: 'confirm'; warnCart: boolean }
  | { kind: 'ignore' };

export function decideCityChoice(
  current: City | null,
  chosen: City | null,
  storeId: number | null,
  cartHasItems: boolean,
): CityChoice {
  // An empty value is ignored.
  if (!chosen?.name) return { kind: 'ignore' };
  // With no current city, the city is set and the shopper goes to the store list.
  if (!current) return { kind: 'set', to: '/stores' };
  // The same city: back to the chosen store's products, else to the store list.
  if (isSameCity(current, chosen)) return { kind: 'go', to: storeId !== null ? '/products' : '/stores' };
  // A different city asks first, warning that the cart will be emptied when it has items.
  return { kind: 'confirm', warnCart: cartHasItems };
}

/** Spec §4 City change → On accept: a city with exactly one store opens its products; otherwise the store list. */
export function destinationAfterCityChange(
  storeIds: readonly number[] | null,
): { storeId: number; to: '/products' } | { storeId: null; to: '/stores' } {
  const only = storeIds?.length === 1 ? storeIds[0] : undefined;
  return only === undefined ? { storeId: null, to: '/stores' } : { storeId: only, to: '/products' };
}
