import type { City } from '@mandado/shared/catalog.schemas';
import { isSameCity } from './same-city.ts';

/** What choosing a city in the selector leads to (spec §4 "City change → From the selector"). */
export type CityChoice =
  | { kind: 'set-and-open' }
  | { kind: 'go'; to: '/products' | '/stores' }
  | { kind: 'confirm' }
  | { kind: 'ignore' };

export function decideCityChoice(
  current: City | null,
  chosen: City | null,
  storeId: number | null,
): CityChoice {
  // An empty value is ignored.
  if (!chosen?.name) return { kind: 'ignore' };
  // With no current city, the city is set and the shopper goes on.
  if (!current) return { kind: 'set-and-open' };
  // The same city: back to the chosen store's products, else to the store list.
  if (isSameCity(current, chosen)) return { kind: 'go', to: storeId !== null ? '/products' : '/stores' };
  // A different city asks first (the cart warning joins the question once the cart exists).
  return { kind: 'confirm' };
}
