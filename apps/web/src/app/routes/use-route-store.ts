import type { City, Store } from '@mandado/shared/catalog.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { storeBySlugQueryOptions } from '../../features/stores/stores.api.ts';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { afterYield } from '../../lib/after-yield.ts';
import { useAppStore } from '../../state/app-store.ts';

/** How the route's store is being looked up: the page's spinner, error and retry. */
export interface StoreLookup {
  isLoading: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The store a products route is about: the `:store` segment (name without whitespace) when present, else the
 * selected store. Opening a store's link selects it, so the choice is remembered (spec §3 `store`).
 * Without a city (a shared link with several served cities, issue 30 item 5) the segment's store is looked up
 * by slug; once a city is chosen the city's list decides, the slug's answer filling in while it loads so the
 * page does not blink back to its skeleton.
 */
export function useRouteStore(city: City | null) {
  const { store: slug } = useParams();
  const storeId = useAppStore((state) => state.storeId);
  const setStoreId = useAppStore((state) => state.setStoreId);
  const stores = useCityStores(city);
  const bySlug = useQuery({
    ...storeBySlugQueryOptions(slug ?? ''),
    enabled: slug !== undefined && city === null,
  });
  const fromCity: Store | undefined =
    slug === undefined
      ? stores.data?.find((item) => item.id === storeId)
      : stores.data?.find((item) => item.slug === slug);
  const store = stores.data || slug === undefined ? fromCity : bySlug.data;
  // A slug no approved store has is the page's 404, not a failure to retry.
  const slugMissing = bySlug.error instanceof ApiError && bySlug.error.status === 404;
  const lookup: StoreLookup =
    city !== null && !(stores.isLoading && store)
      ? stores
      : {
          isLoading: slug !== undefined && store === undefined && bySlug.isLoading,
          error: store === undefined && !slugMissing ? bySlug.error : null,
          refetch: () => bySlug.refetch(),
        };

  useEffect(() => {
    // In a task of its own: on a hydrated store page this effect runs in the hydration's last task, and a
    // zustand update re-renders its readers synchronously there (decision 086).
    if (store && store.id !== storeId) afterYield(() => setStoreId(store.id));
  }, [store, storeId, setStoreId]);

  return { store, bySlug: slug !== undefined, stores: lookup };
}
