import type { Product } from '@mandado/shared/catalog.schemas';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { findProductRow, listPopularOfSameCategory } from '../catalog/catalog.service.ts';
import { presentProduct } from '../catalog/product.presenter.ts';
import { listBoughtTogether } from './bought-together.repository.ts';

const FREQUENTLY_BOUGHT_TOGETHER_LIMIT = 6;

/**
 * Products to suggest beside a product (issue 10): first those most often in the same store order as it
 * (real, confirmed orders), then, while there are too few, the most popular products of its category. Both
 * lists are read every time so the call costs three queries whatever the order history holds.
 */
export async function getFrequentlyBoughtTogether(db: Database, productId: number): Promise<Product[]> {
  const product = await findProductRow(db, productId);
  if (!product) throw notFound();
  const [together, popular] = await Promise.all([
    listBoughtTogether(db, product.id, FREQUENTLY_BOUGHT_TOGETHER_LIMIT),
    listPopularOfSameCategory(db, product, FREQUENTLY_BOUGHT_TOGETHER_LIMIT),
  ]);
  const chosen = new Map(together.map((row) => [row.id, row]));
  for (const row of popular) {
    if (chosen.size >= FREQUENTLY_BOUGHT_TOGETHER_LIMIT) break;
    if (!chosen.has(row.id)) chosen.set(row.id, row);
  }
  return [...chosen.values()].map(presentProduct);
}
