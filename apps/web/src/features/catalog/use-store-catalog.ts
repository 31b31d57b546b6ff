import type { Category } from '@mandado/shared/catalog.schemas';
import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions, storeCatalogQueryOptions } from './catalog.api.ts';

/** One store's categories with their products, from the per-store call (decision 017). */
export function useStoreCatalog(storeId: number | undefined) {
  const catalog = useQuery({ ...storeCatalogQueryOptions(storeId ?? 0), enabled: storeId !== undefined });
  return { ...catalog, sections: catalog.data };
}

/** The store's categories for the navigation; they load at app start, before the catalog. */
export function useStoreCategories(storeId: number | undefined): Category[] | undefined {
  const categories = useQuery(categoriesQueryOptions());
  return categories.data?.filter((category) => category.store_id === storeId);
}
