import { describe, expect, it } from 'vitest';
import { discountPercent, effectivePrice, isDiscounted } from './product-price.ts';

describe('product price', () => {
  it('uses the merchant price when discounted', () => {
    const product = { price: '100.00', merchant_discounted_price: '85.00', discount: true };
    expect(isDiscounted(product)).toBe(true);
    expect(effectivePrice(product)).toBe('85.00');
    expect(discountPercent(product)).toBe(15);
  });

  it('ignores a merchant price without the discount flag', () => {
    const product = { price: '100.00', merchant_discounted_price: '85.00', discount: false };
    expect(effectivePrice(product)).toBe('100.00');
    expect(discountPercent(product)).toBeNull();
  });

  it('treats a flag without a merchant price as no discount', () => {
    const product = { price: '100.00', merchant_discounted_price: null, discount: true };
    expect(isDiscounted(product)).toBe(false);
    expect(effectivePrice(product)).toBe('100.00');
  });
});
