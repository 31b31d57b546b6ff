import type { NearStore, Store } from '@mandado/shared/catalog.schemas';
import type { StoreKind } from '@mandado/shared/store-kinds';
import { apiGet, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

export function cityStoresQueryOptions(state: string) {
  return queryOptions({
    queryKey: ['stores', state],
    queryFn: ({ signal }) => apiGet<Store[]>(`/stores/city/${segment(state)}`, signal),
  });
}

/**
 * A store by its shared link's slug, whatever city it delivers to (issue 30 item 5): with several served
 * cities a visitor without one still sees the store, and is asked the city at the first add to cart.
 */
export function storeBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['store-by-slug', slug],
    queryFn: ({ signal }) => apiGet<Store>(`/stores/slug/${segment(slug)}`, signal),
    staleTime: 5 * 60_000,
  });
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export function nearStoresQueryOptions(point: Coordinates | null, kind: StoreKind | null) {
  return queryOptions({
    queryKey: ['stores-near', point?.latitude, point?.longitude, kind],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        latitud: String(point?.latitude),
        longitud: String(point?.longitude),
      });
      if (kind) params.set('category', kind);
      return apiGet<NearStore[]>(`/stores/near/?${params}`, signal);
    },
    enabled: point !== null,
  });
}
