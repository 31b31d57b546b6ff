import type { City, Store } from '@mandado/shared/catalog.schemas';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { useAppStore } from '../../state/app-store.ts';

/**
 * The store a products route is about: the `:store` segment (name without whitespace) when present, else the
 * selected store. Opening a store's link selects it, so the choice is remembered (spec §3 `store`).
 */
export function useRouteStore(city: City) {
  const { store: slug } = useParams();
  const storeId = useAppStore((state) => state.storeId);
  const setStoreId = useAppStore((state) => state.setStoreId);
  const stores = useCityStores(city);
  const store: Store | undefined =
    slug === undefined
      ? stores.data?.find((item) => item.id === storeId)
      : stores.data?.find((item) => item.slug === slug);

  useEffect(() => {
    if (store && store.id !== storeId) setStoreId(store.id);
  }, [store, storeId, setStoreId]);

  return { store, bySlug: slug !== undefined, stores };
}
