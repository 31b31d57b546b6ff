import type { StoreKind } from '@mandado/shared/store-kinds';
import { describe, expect, it } from 'vitest';
import {
  filterStoresByKind,
  formatDistance,
  mergeNearStores,
  presentKinds,
  sortStores,
} from './filter-stores.ts';

function store(name: string, category: StoreKind, sortIndex: number) {
  return { name, category, sort_index: sortIndex };
}

const stores = [
  store('Farmacia Sur', 'pharmacy', 2),
  store('Super Centro', 'store', 1),
  store('Carnes Don José', 'meat_shop', 1),
  store('Farmacia Norte', 'pharmacy', 2),
];

describe('stores', () => {
  it('sorts by sort index, then by name', () => {
    expect(sortStores(stores).map((s) => s.name)).toEqual([
      'Carnes Don José',
      'Super Centro',
      'Farmacia Norte',
      'Farmacia Sur',
    ]);
  });

  it('filters by kind, and keeps everything for "Todas"', () => {
    expect(filterStoresByKind(stores, 'pharmacy')).toHaveLength(2);
    expect(filterStoresByKind(stores, 'toy_store')).toEqual([]);
    expect(filterStoresByKind(stores, null)).toHaveLength(4);
  });

  it('lists the kinds present in the spec order', () => {
    expect(presentKinds(stores)).toEqual([
      { kind: 'store', count: 1 },
      { kind: 'pharmacy', count: 2 },
      { kind: 'meat_shop', count: 1 },
    ]);
  });
});

describe('formatDistance', () => {
  it('uses km with a decimal comma', () => {
    expect(formatDistance(2.345)).toBe('2,3 km');
    expect(formatDistance(12)).toBe('12,0 km');
  });

  it('uses metres under one km', () => {
    expect(formatDistance(0.456)).toBe('460 m');
    expect(formatDistance(0)).toBe('10 m');
  });

  it('merges nearby stores by name and puts the nearest first (spec §4 Stores)', () => {
    const merged = mergeNearStores(stores, [
      { name: 'farmacia sur ', distance_km: 0.8 },
      { name: 'Super Centro', distance_km: 2.5 },
      { name: 'Otra ciudad', distance_km: 0.1 },
    ]);
    expect(merged).toHaveLength(4);
    expect(sortStores(merged).map((s) => [s.name, s.distance_km])).toEqual([
      ['Farmacia Sur', 0.8],
      ['Super Centro', 2.5],
      ['Carnes Don José', undefined],
      ['Farmacia Norte', undefined],
    ]);
  });

  it('keeps the curated order when no store is near', () => {
    expect(sortStores(mergeNearStores(stores, [])).map((s) => s.name)).toEqual(
      sortStores(stores).map((s) => s.name),
    );
  });
});
