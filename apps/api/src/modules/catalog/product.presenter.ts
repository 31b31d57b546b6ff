import type { Category, Product } from '@mandado/shared/catalog.schemas';
import type { CategoryRow } from './catalog.repository.ts';
import type { ProductRow } from './product-columns.sql.ts';

/** The API shape of a product (spec §3); prices stay decimal strings as the database's numeric gives them. */
export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    merchant_discounted_price: row.merchantDiscountedPrice,
    discount: row.discount,
    currency: row.currency,
    images: row.images,
    store_id: row.storeId,
    store_name: row.storeName,
    category: row.categoryName,
    category_id: row.categoryId,
    popularity: row.popularity,
    stock: row.stock,
  };
}

export function presentCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, store_id: row.storeId };
}
