import type { NearStore, Store } from '@mandado/shared/catalog.schemas';
import { StoreCard, StoreCardSkeleton } from './store-card.tsx';

interface StoreGridProps {
  stores: (Store | NearStore)[] | undefined;
  isLoading: boolean;
  selectedId: number | null;
  onSelect: (store: Store) => void;
  label: string;
}

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'];

export function StoreGrid({ stores, isLoading, selectedId, onSelect, label }: StoreGridProps) {
  if (isLoading) {
    return (
      <div className="store-grid" aria-busy="true">
        {SKELETONS.map((key) => (
          <StoreCardSkeleton key={key} />
        ))}
      </div>
    );
  }
  return (
    <ul className="store-grid" aria-label={label}>
      {stores?.map((store, index) => (
        <li key={store.id}>
          <StoreCard
            store={store}
            selected={store.id === selectedId}
            distanceKm={'distance_km' in store ? store.distance_km : undefined}
            onSelect={onSelect}
            eagerLogo={index < 6}
          />
        </li>
      ))}
    </ul>
  );
}
