import type { City } from '@mandado/shared/catalog.schemas';
import { isStoreKind, type StoreKind } from '@mandado/shared/store-kinds';
import { Link, useSearchParams } from 'react-router';
import { CompassIcon } from '../../components/icons.tsx';
import { StoreDirectory } from '../../features/stores/store-directory.tsx';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { useAppStore } from '../../state/app-store.ts';
import { RequireCity } from './require-city.tsx';

const KIND_PARAM = 'tipo';

function StoreSelection({ city }: { city: City }) {
  const stores = useCityStores(city);
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
          <h1 className="page-heading__title">Elegí una tienda</h1>
        </div>
        <Link to="/allstoresNear" className="button button--secondary button--small">
          <CompassIcon size={18} />
          Tiendas cerca de mí
        </Link>
      </div>
      <StoreDirectory
        stores={stores.data}
        isLoading={stores.isLoading}
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

/** Spec §2 /stores: the store selection of the delivery city. */
export function StoresPage() {
  return <RequireCity>{(city) => <StoreSelection city={city} />}</RequireCity>;
}
