import { sql } from 'drizzle-orm';
import { categories, products, stores } from '../../db/schema/catalog.ts';

// The product row every module that shows products selects (the catalog, the cart, "bought together"): a
// column set, like stores/store-availability.sql.ts, not a query. Queries stay in each module's repository.

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  price: string;
  merchantDiscountedPrice: string | null;
  discount: boolean;
  currency: string;
  images: string[];
  storeId: number;
  storeName: string;
  categoryId: number;
  categoryName: string;
  popularity: number;
  stock: number;
}

/**
 * The units a shopper can buy: none while the owner has the product switched off (issue 18). So a cart line
 * of an inactive product reads as out of stock, which the cart and checkout already explain and refuse (the
 * 409 path), with no rule of their own.
 */
export const unitsForSale =
  sql<number>`(case when ${products.active} then ${products.stock} else 0 end)`.mapWith(Number);

/** The columns of a catalog product (with its store's name and its category); the cart selects them too. */
export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  merchantDiscountedPrice: products.merchantDiscountedPrice,
  discount: products.discount,
  currency: products.currency,
  images: products.images,
  storeId: products.storeId,
  storeName: stores.name,
  categoryId: products.categoryId,
  categoryName: categories.name,
  popularity: products.popularity,
  stock: unitsForSale,
};
