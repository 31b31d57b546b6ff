import type { MerchantProduct } from '@mandado/shared/merchant-catalog.schemas';
import { describe, expect, it } from 'vitest';
import { loadedProducts, type ProductPages, patchProductInPages } from './catalog-cache.ts';

function product(id: number, stock: number): MerchantProduct {
  return {
    id,
    name: `Producto ${id}`,
    description: '',
    category_id: 1,
    category: 'Almacén',
    price: '10.00',
    discounted_price: null,
    currency: 'UYU',
    stock,
    active: true,
    images: [],
    returnable: true,
    vat_rate: null,
  };
}

const DATA: ProductPages = {
  pages: [
    { results: [product(1, 5), product(2, 0)], next_cursor: 'x', currency: 'UYU' },
    { results: [product(3, 9)], next_cursor: null, currency: 'UYU' },
  ],
  pageParams: [null, 'x'],
};

describe('patchProductInPages', () => {
  it('changes one product and keeps every other object as it was', () => {
    const next = patchProductInPages(DATA, 3, (item) => ({ ...item, stock: 10 }));
    expect(loadedProducts(next).map((item) => item.stock)).toEqual([5, 0, 10]);
    expect(next?.pages[0]).toBe(DATA.pages[0]);
    expect(next?.pageParams).toBe(DATA.pageParams);
  });

  it('leaves the data alone when the product is not loaded, or nothing is', () => {
    expect(patchProductInPages(DATA, 99, (item) => ({ ...item, stock: 1 }))).toBe(DATA);
    expect(patchProductInPages(undefined, 1, (item) => item)).toBeUndefined();
  });
});
