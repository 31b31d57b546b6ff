import type { Category, CategoryProducts, Product } from '@mandado/shared/catalog.schemas';
import { productQueryKey, storeCatalogQueryKey } from '@mandado/shared/web-page-data';
import { apiGet, segment } from '@mandado/web-kit/api-client.ts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';

/**
 * One store's categories with their products (decision 017): a store page downloads and parses its own few
 * dozen products, not the whole city's catalog. Kept under ['catalog'] so a city change drops it.
 */
export function storeCatalogQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: storeCatalogQueryKey(storeId),
    queryFn: ({ signal }) => apiGet<CategoryProducts[]>(`/stores/${segment(storeId)}/products/`, signal),
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) =>
      apiGet<{ results: Category[] }>('/categories/', signal).then((body) => body.results),
  });
}

/** The `id` of /:store/productDetails?id= as a product id, or null when it cannot be one. */
export function productIdParam(raw: string | null): number | null {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => apiGet<Product>(`/products/${segment(id)}`, signal),
  });
}

export function frequentlyBoughtQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['product', id, 'together'],
    queryFn: ({ signal }) => apiGet<Product[]>(`/orders/frequently_bought_together/${segment(id)}`, signal),
  });
}

/** A product already in a loaded store catalog, so the detail opens without waiting. */
export function findCachedProduct(queryClient: QueryClient, id: number): Product | undefined {
  for (const [, entries] of queryClient.getQueriesData<CategoryProducts[]>({ queryKey: ['catalog'] })) {
    for (const entry of entries ?? []) {
      const product = entry.products.find((item) => item.id === id);
      if (product) return product;
    }
  }
  return undefined;
}

/** Query keys a city change must drop (spec §4: the product and category caches). */
export const CATALOG_QUERY_KEYS = [['catalog'], ['categories'], ['product'], ['search']] as const;
