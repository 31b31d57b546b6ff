import type { City } from '@mandado/shared/catalog.schemas';
import { useQuery } from '@tanstack/react-query';
import { cityStoresQueryOptions } from './stores.api.ts';

/** The approved stores that deliver to the city (stores are looked up by the city's state). */
export function useCityStores(city: City | null) {
  return useQuery({ ...cityStoresQueryOptions(city?.state ?? ''), enabled: city !== null });
}
