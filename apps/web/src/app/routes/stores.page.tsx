import type { City } from '@mandado/shared/catalog.schemas';
import { isStoreKind, type StoreKind } from '@mandado/shared/store-kinds';
import { CompassIcon } from '@mandado/web-kit/icons.tsx';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { mergeNearStores } from '../../features/stores/filter-stores.ts';
import { StoreDirectory } from '../../features/stores/store-directory.tsx';
import { nearStoresQueryOptions } from '../../features/stores/stores.api.ts';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { useAppStore } from '../../state/app-store.ts';
import { RequireCityOrImplied } from './require-city.tsx';

const KIND_PARAM = 'tipo';

function StoreSelection({ city }: { city: City }) {
  const stores = useCityStores(city);
  // Spec §4: with a saved location the nearby stores are merged in by name, the nearest first.
  const location = useAppStore((state) => state.location);
  const near = useQuery(nearStoresQueryOptions(location, null));
  const merged = useMemo(
    () => (stores.data && near.data ? mergeNearStores(stores.data, near.data) : stores.data),
    [stores.data, near.data],
  );
  // A failed nearby call leaves the plain list; waiting for it avoids reordering cards under the shopper's finger.
  const waitingForNear = location !== null && near.isPending && !near.isError;
  const [params, setParams] = useSearchParams();
  const raw = params.get(KIND_PARAM);
  const kind = raw && isStoreKind(raw) ? raw : null;
  const storeId = useAppStore((state) => state.storeId);
  const setStoreId = useAppStore((state) => state.setStoreId);

  function changeKind(next: StoreKind | null) {
    setParams(next ? { [KIND_PARAM]: next } : {}, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="container page-section">
      <div className="page-heading">
        <div>
          <p className="eyebrow">Enviando a {city.name}</p>
          <h1 className="page-heading__title">Elige una tienda</h1>
        </div>
        <Link to="/allstoresNear" className="button button--secondary button--small">
          <CompassIcon size={18} />
          Tiendas cerca de mí
        </Link>
      </div>
      <StoreDirectory
        stores={merged}
        isLoading={stores.isLoading || waitingForNear}
        error={stores.error}
        onRetry={() => void stores.refetch()}
        kind={kind}
        onKindChange={changeKind}
        selectedId={storeId}
        onSelect={(store) => setStoreId(store.id)}
      />
    </div>
  );
}

/** Spec §2 /stores: the store selection of the delivery city (server-rendered, decision 084). */
export function StoresPage() {
  return <RequireCityOrImplied>{(city) => <StoreSelection city={city} />}</RequireCityOrImplied>;
}
