import { isStoreKind } from '@mandado/shared/store-kinds';
import { CompassIcon } from '@mandado/web-kit/icons.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { StoreDirectory } from '../../features/stores/store-directory.tsx';
import { nearStoresQueryOptions } from '../../features/stores/stores.api.ts';
import {
  GEOLOCATION_UNAVAILABLE_TEXT,
  useCurrentPosition,
} from '../../features/stores/use-current-position.ts';
import { useAppStore } from '../../state/app-store.ts';
import { NotFoundContent } from './not-found.page.tsx';
import { RequireCity } from './require-city.tsx';

function NearStores() {
  const { category } = useParams();
  const kind = category && isStoreKind(category) ? category : null;
  // The saved delivery address comes first; the browser is asked only without one (issue 9).
  const stored = useAppStore((state) => state.location);
  const position = useCurrentPosition(stored === null);
  const point = stored ?? position.point;
  const status = stored ? 'ready' : position.status;
  const stores = useQuery(nearStoresQueryOptions(point, kind));
  const storeId = useAppStore((state) => state.storeId);
  const setStoreId = useAppStore((state) => state.setStoreId);
  if (category !== undefined && kind === null) return <NotFoundContent />;

  return (
    <div className="container page-section">
      <div className="page-heading">
        <div>
          <p className="eyebrow">Según tu ubicación</p>
          <h1 className="page-heading__title">Tiendas cerca de mí</h1>
        </div>
      </div>
      {status === 'unavailable' ? (
        <p className="notice notice--warn" role="alert">
          {GEOLOCATION_UNAVAILABLE_TEXT}
        </p>
      ) : null}
      {status === 'loading' ? (
        <p className="notice">
          <Spinner size="small" /> Buscando tu ubicación…
        </p>
      ) : null}
      {status === 'failed' ? (
        <div className="notice">
          <p>Necesitamos permiso para usar tu ubicación y mostrarte las tiendas más cercanas.</p>
          <button type="button" className="button button--secondary button--small" onClick={position.retry}>
            <CompassIcon size={18} />
            Usar mi ubicación
          </button>
        </div>
      ) : null}
      {stored ? <p className="notice">Cerca de {stored.label}</p> : null}
      {status === 'ready' ? (
        <StoreDirectory
          stores={stores.data}
          isLoading={stores.isLoading}
          error={stores.error}
          onRetry={() => void stores.refetch()}
          kind={kind}
          hrefFor={(next) => (next ? `/allstoresNear/${next}` : '/allstoresNear')}
          selectedId={storeId}
          onSelect={(store) => setStoreId(store.id)}
          nearby
        />
      ) : null}
    </div>
  );
}

/** Spec §2 /allstoresNear/:category?: stores nearest to the saved address or the browser's position, with their distance. */
export function NearStoresPage() {
  return <RequireCity>{() => <NearStores />}</RequireCity>;
}
