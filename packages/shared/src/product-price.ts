import type { Product } from './catalog.schemas.ts';
import { parseMoney } from './money.ts';

type PricedProduct = Pick<Product, 'price' | 'merchant_discounted_price' | 'discount'>;

/** Spec §3: a discounted product is sold at merchant_discounted_price; `price` becomes the old price. */
export function isDiscounted(product: PricedProduct): boolean {
  return product.discount && product.merchant_discounted_price !== null;
}

/** The decimal price the shopper pays. */
export function effectivePrice(product: PricedProduct): string {
  return isDiscounted(product) && product.merchant_discounted_price !== null
    ? product.merchant_discounted_price
    : product.price;
}

/** Whole-percent saving for the badge, or null when there is none. */
export function discountPercent(product: PricedProduct): number | null {
  if (!isDiscounted(product)) return null;
  const full = parseMoney(product.price);
  const paid = parseMoney(effectivePrice(product));
  if (full <= 0 || paid >= full) return null;
  return Math.max(1, Math.round(((full - paid) * 100) / full));
}
