import type { Category, CategoryProducts, Product } from '@mandado/shared/catalog.schemas';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { requireServedCity } from '../locations/locations.service.ts';
import {
  findProduct,
  listCategoriesOfApprovedStores,
  listProductsForCity,
  searchProducts,
} from './catalog.repository.ts';
import { presentCategory, presentProduct } from './product.presenter.ts';
import { normalizeSearchText, searchTerms } from './search-terms.ts';

const SEARCH_RESULTS_LIMIT = 20;

export async function getCategories(db: Database): Promise<Category[]> {
  return (await listCategoriesOfApprovedStores(db)).map(presentCategory);
}

/** Spec §4 'Products per city': every category of the city's stores with its products, or flagged empty. */
export async function getProductsByCategoryForCity(
  db: Database,
  cityOrState: string,
): Promise<CategoryProducts[]> {
  const city = await requireServedCity(db, cityOrState);
  const [categoryRows, productRows] = await Promise.all([
    listCategoriesOfApprovedStores(db, city.id),
    listProductsForCity(db, city.id),
  ]);
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

export async function searchProductsInCity(
  db: Database,
  cityOrState: string,
  text: string,
): Promise<Product[]> {
  const city = await requireServedCity(db, cityOrState);
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  const rows = await searchProducts(
    db,
    { cityId: city.id, terms: terms.join(' '), normalizedText: normalizeSearchText(text) },
    SEARCH_RESULTS_LIMIT,
  );
  return rows.map(presentProduct);
}
