import type { Product } from '@mandado/shared/catalog.schemas';
import { convertMinor, parseMoney, type Rates } from '@mandado/shared/money';
import { discountPercent, effectivePrice } from '@mandado/shared/product-price';

/** Spec §3: the product filter, default Popular. The URL carries the value (`?orden=`). */
export const PRODUCT_SORTS = [
  { value: 'popular', label: 'Popular' },
  { value: 'menor-precio', label: 'Menor precio' },
  { value: 'mayor-precio', label: 'Mayor precio' },
  { value: 'ofertas', label: 'Ofertas' },
] as const;

export type ProductSort = (typeof PRODUCT_SORTS)[number]['value'];

export const DEFAULT_PRODUCT_SORT: ProductSort = 'popular';

export function parseProductSort(value: string | null): ProductSort {
  return PRODUCT_SORTS.find((option) => option.value === value)?.value ?? DEFAULT_PRODUCT_SORT;
}

/** The price paid, in USD minor units, so UYU and USD products compare; null when a rate is missing. */
export function usdMinor(product: Product, rates: Rates): number | null {
  return convertMinor(parseMoney(effectivePrice(product)), product.currency, 'USD', rates);
}

function byPopularity(a: Product, b: Product): number {
  return b.popularity - a.popularity || a.name.localeCompare(b.name, 'es') || a.id - b.id;
}

function byPrice(direction: 1 | -1, rates: Rates) {
  const cache = new Map<number, number | null>();
  function price(product: Product): number | null {
    if (!cache.has(product.id)) cache.set(product.id, usdMinor(product, rates));
    return cache.get(product.id) ?? null;
  }
  return (a: Product, b: Product): number => {
    const pa = price(a);
    const pb = price(b);
    // A product we cannot price goes last in either direction.
    if (pa === null || pb === null) return pa === pb ? byPopularity(a, b) : pa === null ? 1 : -1;
    return (pa - pb) * direction || byPopularity(a, b);
  };
}

/** 'Ofertas' puts every discounted product first (biggest saving first), then the rest by popularity. */
function byOffer(a: Product, b: Product): number {
  const da = discountPercent(a) ?? 0;
  const db = discountPercent(b) ?? 0;
  return db - da || byPopularity(a, b);
}

export function sortProducts(products: readonly Product[], sort: ProductSort, rates: Rates): Product[] {
  const list = [...products];
  switch (sort) {
    case 'menor-precio':
      return list.sort(byPrice(1, rates));
    case 'mayor-precio':
      return list.sort(byPrice(-1, rates));
    case 'ofertas':
      return list.sort(byOffer);
    default:
      return list.sort(byPopularity);
  }
}
