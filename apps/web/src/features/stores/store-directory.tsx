import type { NearStore, Store } from '@mandado/shared/catalog.schemas';
import { STORE_KIND_LABELS, STORE_KINDS, type StoreKind } from '@mandado/shared/store-kinds';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { StoreIcon } from '@mandado/web-kit/icons.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { useMemo } from 'react';
import { filterStoresByKind, presentKinds, sortStores } from './filter-stores.ts';
import { StoreGrid } from './store-grid.tsx';
import { StoreKindFilter } from './store-kind-filter.tsx';
import './stores.css';

interface StoreDirectoryProps {
  stores: (Store | NearStore)[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  kind: StoreKind | null;
  /** Links (a route per kind) or toggle buttons. */
  hrefFor?: (kind: StoreKind | null) => string;
  onKindChange?: (kind: StoreKind | null) => void;
  selectedId: number | null;
  onSelect: (store: Store) => void;
  /** Nearby stores keep the server's nearest-first order and filter on the server. */
  nearby?: boolean;
}

function countText(count: number): string {
  return count === 1 ? '1 tienda' : `${count} tiendas`;
}

/** The store list with its kind filter (spec §2 store selection, /allstores and /allstoresNear). */
export function StoreDirectory({
  stores,
  isLoading,
  error,
  onRetry,
  kind,
  hrefFor,
  onKindChange,
  selectedId,
  onSelect,
  nearby = false,
}: StoreDirectoryProps) {
  const ordered = useMemo(() => (nearby ? (stores ?? []) : sortStores(stores ?? [])), [stores, nearby]);
  const visible = nearby ? ordered : filterStoresByKind(ordered, kind);
  const kinds = nearby ? STORE_KINDS.map((item) => ({ kind: item })) : presentKinds(ordered);

  if (error) return <QueryError message={error.message} onRetry={onRetry} />;

  return (
    <div className="store-directory">
      <StoreKindFilter
        kinds={kinds}
        total={nearby ? undefined : ordered.length}
        active={kind}
        hrefFor={hrefFor}
        onChange={onKindChange}
      />
      <p className="store-directory__count" role="status">
        {isLoading ? '' : countText(visible.length)}
      </p>
      <StoreGrid
        stores={visible}
        isLoading={isLoading}
        selectedId={selectedId}
        onSelect={onSelect}
        label={kind ? STORE_KIND_LABELS[kind] : 'Todas las tiendas'}
      />
      {!isLoading && visible.length === 0 ? (
        <EmptyState icon={<StoreIcon size={32} />} title="No hay tiendas de este tipo por ahora.">
          Prueba con otro tipo de tienda.
        </EmptyState>
      ) : null}
    </div>
  );
}
