import type { Product } from '@mandado/shared/catalog.schemas';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { findProduct, listProductsOfSameCategory } from '../catalog/catalog.repository.ts';
import { presentProduct } from '../catalog/product.presenter.ts';

const FREQUENTLY_BOUGHT_TOGETHER_LIMIT = 6;

/**
 * Products of the same store to suggest beside a product. Until orders exist there are no order lines to
 * learn from, so the most popular products of its category stand in.
 */
export async function getFrequentlyBoughtTogether(db: Database, productId: number): Promise<Product[]> {
  const product = await findProduct(db, productId);
  if (!product) throw notFound();
  const rows = await listProductsOfSameCategory(db, product, FREQUENTLY_BOUGHT_TOGETHER_LIMIT);
  return rows.map(presentProduct);
}
