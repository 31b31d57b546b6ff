import type { City } from '@mandado/shared/catalog.schemas';
import { isStoreKind } from '@mandado/shared/store-kinds';
import { CompassIcon } from '@mandado/web-kit/icons.tsx';
import { Link, useParams } from 'react-router';
import { StoreDirectory } from '../../features/stores/store-directory.tsx';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { useAppStore } from '../../state/app-store.ts';
import { NotFoundContent } from './not-found.page.tsx';
import { RequireCity } from './require-city.tsx';

function AllStores({ city }: { city: City }) {
  const { category } = useParams();
  const stores = useCityStores(city);
  const storeId = useAppStore((state) => state.storeId);
  const setStoreId = useAppStore((state) => state.setStoreId);
  if (category !== undefined && !isStoreKind(category)) return <NotFoundContent />;
  return (
    <div className="container page-section">
      <div className="page-heading">
        <div>
          <p className="eyebrow">Enviando a {city.name}</p>
          <h1 className="page-heading__title">Todas las tiendas</h1>
        </div>
        <Link
          to={category ? `/allstoresNear/${category}` : '/allstoresNear'}
          className="button button--secondary button--small"
        >
          <CompassIcon size={18} />
          Cerca de mí
        </Link>
      </div>
      <StoreDirectory
        stores={stores.data}
        isLoading={stores.isLoading}
        error={stores.error}
        onRetry={() => void stores.refetch()}
        kind={category ?? null}
        hrefFor={(kind) => (kind ? `/allstores/${kind}` : '/allstores')}
        selectedId={storeId}
        onSelect={(store) => setStoreId(store.id)}
      />
    </div>
  );
}

/** Spec §2 /allstores/:category?: every store of the city, optionally of one kind. */
export function AllStoresPage() {
  return <RequireCity>{(city) => <AllStores city={city} />}</RequireCity>;
}
