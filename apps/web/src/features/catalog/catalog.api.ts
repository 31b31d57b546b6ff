import type { Category, CategoryProducts, Product } from '@mandado/shared/catalog.schemas';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiGet, segment } from '../../lib/api-client.ts';

/** The whole city's catalog in one call (≈330 products); store and category filtering happen here. */
export function cityCatalogQueryOptions(cityName: string) {
  return queryOptions({
    queryKey: ['catalog', cityName],
    queryFn: ({ signal }) =>
      apiGet<CategoryProducts[]>(`/by-categories/products/${segment(cityName)}`, signal),
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) =>
      apiGet<{ results: Category[] }>('/categories/', signal).then((body) => body.results),
  });
}

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['product', id],
    queryFn: ({ signal }) => apiGet<Product>(`/products/${segment(id)}`, signal),
  });
}

export function frequentlyBoughtQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['product', id, 'together'],
    queryFn: ({ signal }) => apiGet<Product[]>(`/orders/frequently_bought_together/${segment(id)}`, signal),
  });
}

/** A product already in a loaded city catalog, so the detail opens without waiting. */
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
