import type { Product } from '@mandado/shared/catalog.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import type { QueryClient } from '@tanstack/react-query';
import { storeCatalogQueryOptions } from '../../features/catalog/catalog.api.ts';
import { readJson, STORAGE_KEYS } from '../../lib/storage.ts';
import {
  type CheckedVisitorCart,
  parseVisitorCart,
  recheckVisitorCart,
} from '../../state/cart/visitor-cart.ts';

/** Storage is read as anything; `parseVisitorCart` decides what of it is usable. */
function anyValue(_value: unknown): _value is unknown {
  return true;
}

/**
 * The visitor's saved cart (decision 032), checked against the catalog of now: each store's catalog is asked
 * once (the same cached query a store page uses). A store that is gone (404) loses its lines; one that could
 * not be asked (no connection) keeps them as saved: the checkout checks again anyway.
 */
export async function loadVisitorCart(
  queryClient: QueryClient,
  appCityId: number | null,
): Promise<CheckedVisitorCart> {
  const copy = parseVisitorCart(readJson(STORAGE_KEYS.visitorCart, anyValue));
  if (!copy || copy.items.length === 0 || copy.city_id !== appCityId) {
    return recheckVisitorCart(copy ?? { version: 1, city_id: null, items: [] }, appCityId, {
      products: new Map(),
    });
  }
  const products = new Map<number, Product>();
  const uncheckedStores = new Set<number>();
  const storeIds = [...new Set(copy.items.map((line) => line.product.store_id))];
  await Promise.all(
    storeIds.map(async (storeId) => {
      try {
        const categories = await queryClient.fetchQuery(storeCatalogQueryOptions(storeId));
        for (const category of categories) {
          for (const product of category.products) products.set(product.id, product);
        }
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) uncheckedStores.add(storeId);
      }
    }),
  );
  return recheckVisitorCart(copy, appCityId, { products, uncheckedStores });
}
