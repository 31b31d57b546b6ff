import { describe, expect, it } from 'vitest';
import { startDestination } from './start-destination.ts';

describe('startDestination', () => {
  it('keeps a saved store and opens its products from the home page', () => {
    expect(startDestination({ pathname: '/', savedStoreId: 2, storeIds: [1, 2, 3] })).toEqual({
      navigateTo: '/products',
    });
    expect(startDestination({ pathname: '/stores', savedStoreId: 2, storeIds: [1, 2] })).toEqual({
      navigateTo: null,
    });
  });

  it('sends the visitor to /stores when the city has several stores', () => {
    expect(startDestination({ pathname: '/', savedStoreId: null, storeIds: [1, 2] })).toEqual({
      storeId: null,
      navigateTo: '/stores',
    });
  });

  it('selects the only store and opens its products', () => {
    expect(startDestination({ pathname: '/products', savedStoreId: null, storeIds: [7] })).toEqual({
      storeId: 7,
      navigateTo: '/products',
    });
  });

  it('drops a saved store the city no longer has', () => {
    expect(startDestination({ pathname: '/', savedStoreId: 9, storeIds: [1, 2] })).toEqual({
      storeId: null,
      navigateTo: '/stores',
    });
  });

  it('leaves deep links alone', () => {
    expect(startDestination({ pathname: '/Super/products/3', savedStoreId: null, storeIds: [1, 2] })).toEqual(
      {
        storeId: null,
        navigateTo: null,
      },
    );
  });

  it('does nothing when the stores could not be loaded', () => {
    expect(startDestination({ pathname: '/', savedStoreId: 1, storeIds: null })).toEqual({
      navigateTo: null,
    });
  });
});
