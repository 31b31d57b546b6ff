import type { Product } from '@mandado/shared/catalog.schemas';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../testing/factories.ts';
import { parseProductSort, sortProducts, usdMinor } from './sort-products.ts';

const rates = { USD: '1', UYU: '40.00' };

/** A product with a fixed id, so the expected orders below can name them. */
function product(id: number, overrides: Partial<Product>): Product {
  return aProduct({ id, ...overrides });
}

// 400 UYU = 10 USD; 3 USD; 200 UYU discounted to 120 UYU = 3 USD; 80 UYU = 2 USD.
const expensiveUyu = product(1, { price: '400.00', popularity: 5 });
const cheapUsd = product(2, { price: '3.00', currency: 'USD', popularity: 50 });
const discounted = product(3, {
  price: '200.00',
  merchant_discounted_price: '120.00',
  discount: true,
  popularity: 1,
});
const cheapest = product(4, { price: '80.00', popularity: 20 });
const all = [expensiveUyu, cheapUsd, discounted, cheapest];

function ids(list: Product[]): number[] {
  return list.map((item) => item.id);
}

describe('sortProducts', () => {
  it('orders Popular by popularity, highest first', () => {
    expect(ids(sortProducts(all, 'popular', rates))).toEqual([2, 4, 1, 3]);
  });

  it('compares prices across currencies in USD minor units, using the discounted price', () => {
    expect(usdMinor(discounted, rates)).toBe(300);
    // 3 and 2 tie at 3 USD: the more popular one first.
    expect(ids(sortProducts(all, 'menor-precio', rates))).toEqual([4, 2, 3, 1]);
    expect(ids(sortProducts(all, 'mayor-precio', rates))).toEqual([1, 2, 3, 4]);
  });

  it('puts offers first, biggest saving first, then the rest by popularity', () => {
    const small = product(5, {
      price: '100.00',
      merchant_discounted_price: '95.00',
      discount: true,
      popularity: 99,
    });
    expect(ids(sortProducts([...all, small], 'ofertas', rates))).toEqual([3, 5, 2, 4, 1]);
  });

  it('puts a product without a rate last', () => {
    const unpriced = product(6, { currency: 'GBP', price: '1.00' });
    expect(ids(sortProducts([unpriced, cheapest], 'menor-precio', rates))).toEqual([4, 6]);
    expect(ids(sortProducts([unpriced, cheapest], 'mayor-precio', rates))).toEqual([4, 6]);
  });

  it('does not mutate its input', () => {
    const input = [...all];
    sortProducts(input, 'mayor-precio', rates);
    expect(input).toEqual(all);
  });
});

describe('parseProductSort', () => {
  it('falls back to Popular for unknown values', () => {
    expect(parseProductSort('ofertas')).toBe('ofertas');
    expect(parseProductSort('barato')).toBe('popular');
    expect(parseProductSort(null)).toBe('popular');
  });
});
