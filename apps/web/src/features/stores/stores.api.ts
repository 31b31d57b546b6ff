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
