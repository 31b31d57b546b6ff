import type { Category, CategoryProducts, City } from '@mandado/shared/catalog.schemas';
import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions, cityCatalogQueryOptions } from './catalog.api.ts';

function forStore(entries: CategoryProducts[] | undefined, storeId: number | undefined) {
  return entries?.filter((entry) => entry.store_id === storeId);
}

/** One store's categories with their products, cut from the city's catalog (cached per city). */
export function useStoreCatalog(city: City | null, storeId: number | undefined) {
  const catalog = useQuery({ ...cityCatalogQueryOptions(city?.name ?? ''), enabled: city !== null });
  return { ...catalog, sections: forStore(catalog.data, storeId) };
}

/** The store's categories for the navigation; they load at app start, before the catalog. */
export function useStoreCategories(storeId: number | undefined): Category[] | undefined {
  const categories = useQuery(categoriesQueryOptions());
  return categories.data?.filter((category) => category.store_id === storeId);
}
