import type { City } from '@mandado/shared/catalog.schemas';
import { pageCityQueryKey } from '@mandado/shared/web-page-data';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The city the server rendered this page for, from the visitor's city cookie (decision 084, `/stores` with
 * several served cities), or null. Embedded with the page's data: the browser reads it while hydrating, when
 * the stored city is not read yet (zustand's server snapshot has none), so both render the same city.
 */
export function usePageCity(): City | null {
  return useQueryClient().getQueryData<City>(pageCityQueryKey()) ?? null;
}
