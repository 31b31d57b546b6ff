import type { City } from '@mandado/shared/catalog.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { CATALOG_QUERY_KEYS, storeCatalogQueryOptions } from '../../features/catalog/catalog.api.ts';
import { decideCityChoice, destinationAfterCityChange } from '../../features/locations/city-choice.ts';
import { cityStoresQueryOptions } from '../../features/stores/stores.api.ts';
import { useAppStore } from '../../state/app-store.ts';

/** Spec §4 "City change → From the selector" and "On accept". */
export function useChooseCity() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** One store → select it and open its products; otherwise the store list. */
  const openCity = useCallback(
    async (city: City) => {
      try {
        const stores = await queryClient.fetchQuery(cityStoresQueryOptions(city.state));
        const destination = destinationAfterCityChange(stores.map((store) => store.id));
        if (destination.storeId !== null) {
          void queryClient.prefetchQuery(storeCatalogQueryOptions(destination.storeId));
          useAppStore.getState().setStoreId(destination.storeId);
          navigate(destination.to);
          return;
        }
      } catch {
        // The store page shows the failure and can retry; nothing else to do here.
      }
      navigate('/stores');
    },
    [navigate, queryClient],
  );

  const choose = useCallback(
    (city: City) => {
      const { city: current, storeId, setCity, setPendingCity, cart } = useAppStore.getState();
      const decision = decideCityChoice(current, city, storeId, cart.items.length > 0);
      if (decision.kind === 'set') {
        setCity(city);
        navigate(decision.to);
      } else if (decision.kind === 'go') {
        navigate(decision.to);
      } else if (decision.kind === 'confirm') {
        setPendingCity(city);
      }
    },
    [navigate],
  );

  const accept = useCallback(() => {
    const { pendingCity, setCity, setStoreId, setLocation, setPendingCity, cartDispatch } =
      useAppStore.getState();
    if (!pendingCity) return;
    setPendingCity(null);
    setCity(pendingCity);
    // Empties the cart; a logged-in user's server cart is emptied and gets the new city (cart machine).
    cartDispatch({ type: 'change-city', city: pendingCity });
    setStoreId(null);
    setLocation(null);
    for (const queryKey of CATALOG_QUERY_KEYS) queryClient.removeQueries({ queryKey: [...queryKey] });
    void openCity(pendingCity);
  }, [openCity, queryClient]);

  const cancel = useCallback(() => useAppStore.getState().setPendingCity(null), []);

  return { choose, accept, cancel };
}
