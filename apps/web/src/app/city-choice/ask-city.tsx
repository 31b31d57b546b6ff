import type { City, Product } from '@mandado/shared/catalog.schemas';
import { storeSlug } from '@mandado/shared/store-kinds';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { storeBySlugQueryOptions } from '../../features/stores/stores.api.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useCityQuestionStore } from '../../state/city-question-store.ts';

// Its own chunk too: the store's delivery cities are read first, then the dialog's form.
const AskCityDialog = lazy(
  lazyWithReload(() =>
    import('../../features/locations/ask-city-dialog.tsx').then((module) => ({
      default: module.AskCityDialog,
    })),
  ),
);

export function AskCity({ product }: { product: Product }) {
  const close = useCityQuestionStore((state) => state.close);
  const setCity = useAppStore((state) => state.setCity);
  const dispatch = useAppStore((state) => state.cartDispatch);
  const setNotMyCityOpen = useAppStore((state) => state.setNotMyCityOpen);
  // The store's delivery cities, so only a city it sends to is offered; a failed lookup offers every city.
  const store = useQuery(storeBySlugQueryOptions(storeSlug(product.store_name)));

  function choose(city: City) {
    close();
    setCity(city);
    dispatch({ type: 'add', product });
  }

  return (
    <Suspense fallback={null}>
      <AskCityDialog
        productName={product.name}
        deliveryCities={store.data?.cities}
        deliveryPending={store.isPending}
        onChoose={choose}
        onNotMyCity={() => {
          close();
          setNotMyCityOpen(true);
        }}
        onClose={close}
      />
    </Suspense>
  );
}
