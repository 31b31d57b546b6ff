import type { Category, CategoryProducts, Product } from '@mandado/shared/catalog.schemas';
import { SEARCH_PAGE_SIZE } from '@mandado/shared/validation-rules';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { requireServedCity } from '../locations/locations.service.ts';
import {
  type CategoryRow,
  findProduct,
  isApprovedStore,
  listCategoriesOfApprovedStore,
  listCategoriesOfApprovedStores,
  listProductsForCity,
  listProductsOfApprovedStore,
  type ProductRow,
  readCatalogRevision,
  searchProducts,
} from './catalog.repository.ts';
import { presentCategory, presentProduct } from './product.presenter.ts';
import { normalizeSearchText, searchTerms } from './search-terms.ts';

export async function getCategories(db: Database): Promise<Category[]> {
  return (await listCategoriesOfApprovedStores(db)).map(presentCategory);
}

export interface ProductsByCity {
  cityId: number;
  /** The catalog revision the lists were read at; it names the answer for HTTP caching (ETag). */
  revision: number;
  categories: CategoryProducts[];
}

/** Per app instance: each instance checks the shared revision, so several instances stay correct. */
export type ProductsByCityCache = Map<number, ProductsByCity>;

export function createProductsByCityCache(): ProductsByCityCache {
  return new Map();
}

/**
 * Spec §4 'Products per city': every category of the city's stores with its products, or flagged empty.
 * The whole city's catalog is the largest answer we give and changes rarely, so it is kept per city until
 * the catalog revision moves; a request then costs two small reads instead of the full lists.
 */
export async function getProductsByCategoryForCity(
  db: Database,
  cache: ProductsByCityCache,
  cityOrState: string,
): Promise<ProductsByCity> {
  const city = await requireServedCity(db, cityOrState);
  // Read before the lists: a write in between leaves this entry already stale (reloaded on the next
  // request), never newer-looking than its data.
  const revision = await readCatalogRevision(db);
  const cached = cache.get(city.id);
  if (cached?.revision === revision) return cached;

  const [categoryRows, productRows] = await Promise.all([
    listCategoriesOfApprovedStores(db, city.id),
    listProductsForCity(db, city.id),
  ]);
  const entry: ProductsByCity = {
    cityId: city.id,
    revision,
    categories: groupByCategory(categoryRows, productRows),
  };
  cache.set(city.id, entry);
  return entry;
}

export interface ProductsOfStore {
  storeId: number;
  /** As for a city: the catalog revision names the answer for HTTP caching (ETag). */
  revision: number;
  categories: CategoryProducts[];
}

/** Per app instance, like the city cache: a store page is opened far more often than the catalog changes. */
export type ProductsOfStoreCache = Map<number, ProductsOfStore>;

export function createProductsOfStoreCache(): ProductsOfStoreCache {
  return new Map();
}

/**
 * One store's categories with their products, in the city answer's shape (decision 017): a store page needs a
 * few dozen products, not the whole city's catalog. 404 when the store does not exist or is not approved.
 */
export async function getProductsOfStore(
  db: Database,
  cache: ProductsOfStoreCache,
  storeId: number,
): Promise<ProductsOfStore> {
  const revision = await readCatalogRevision(db);
  const cached = cache.get(storeId);
  if (cached?.revision === revision) return cached;

  const [categoryRows, productRows, approved] = await Promise.all([
    listCategoriesOfApprovedStore(db, storeId),
    listProductsOfApprovedStore(db, storeId),
    isApprovedStore(db, storeId),
  ]);
  if (!approved) throw notFound();
  const entry: ProductsOfStore = {
    storeId,
    revision,
    categories: groupByCategory(categoryRows, productRows),
  };
  cache.set(storeId, entry);
  return entry;
}

/** Spec §4: each category with its products, flagged empty when it has none. */
function groupByCategory(categoryRows: CategoryRow[], productRows: ProductRow[]): CategoryProducts[] {
  const productsByCategory = new Map<number, Product[]>();
  for (const row of productRows) {
    const list = productsByCategory.get(row.categoryId) ?? [];
    list.push(presentProduct(row));
    productsByCategory.set(row.categoryId, list);
  }
  return categoryRows.map((category) => {
    const products = productsByCategory.get(category.id) ?? [];
    return {
      category: category.id,
      name: category.name,
      store_id: category.storeId,
      products,
      notProducts: products.length === 0,
    };
  });
}

export async function getProduct(db: Database, id: number): Promise<Product> {
  const row = await findProduct(db, id);
  if (!row) throw notFound();
  return presentProduct(row);
}

/**
 * One page of a search (SEARCH_PAGE_SIZE results; the dropdown shows the first). One row more than the page
 * is read to tell whether another page follows, without counting every match.
 */
export async function searchProductsInCity(
  db: Database,
  cityOrState: string,
  text: string,
  page = 1,
): Promise<{ results: Product[]; page: number; has_next: boolean }> {
  const city = await requireServedCity(db, cityOrState);
  const terms = searchTerms(text);
  if (terms.length === 0) return { results: [], page, has_next: false };
  const rows = await searchProducts(
    db,
    { cityId: city.id, terms: terms.join(' '), normalizedText: normalizeSearchText(text) },
    SEARCH_PAGE_SIZE + 1,
    (page - 1) * SEARCH_PAGE_SIZE,
  );
  return {
    results: rows.slice(0, SEARCH_PAGE_SIZE).map(presentProduct),
    page,
    has_next: rows.length > SEARCH_PAGE_SIZE,
  };
}
