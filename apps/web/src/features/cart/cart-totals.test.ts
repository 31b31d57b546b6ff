import type { Product } from '@mandado/shared/catalog.schemas';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../state/cart/cart-machine.ts';
import { aProduct } from '../../testing/factories.ts';
import { cartTotals } from './cart-totals.ts';

function product(id: number, storeId: number, price: string, overrides: Partial<Product> = {}): Product {
  return aProduct({ id, store_id: storeId, price, stock: 99, ...overrides });
}

const rates = { USD: '1', UYU: '40.00' };

function totals(items: CartItem[], displayCode = 'UYU', threshold: string | null = '80.00') {
  const decimals = displayCode === 'CLP' ? 0 : 2;
  return cartTotals({
    items,
    deliveryCityId: 36,
    storeCityId: (storeId) => (storeId === 1 ? 36 : 37),
    freeShippingThreshold: threshold,
    rates,
    display: { code: displayCode, decimals },
  });
}

describe('cart totals', () => {
  it('sums the lines in the display currency, with the discounted price when discounted', () => {
    const result = totals([
      { product: product(1, 1, '100.00'), count: 2 },
      { product: product(2, 1, '300.00', { discount: true, merchant_discounted_price: '250.00' }), count: 1 },
    ]);
    expect(result.units).toBe(3);
    expect(result.subtotal).toBe(45000);
  });

  it('charges 2.99 per store in the city and 4.99 outside it, below the threshold (danger)', () => {
    const result = totals([
      { product: product(1, 1, '40.00'), count: 1 },
      { product: product(2, 2, '40.00'), count: 1 },
    ]);
    expect(result.stores.map((store) => [store.storeId, store.subtotal, store.shipping])).toEqual([
      [1, 4000, 299 * 40],
      [2, 4000, 499 * 40],
    ]);
    expect(result.shipping).toBe((299 + 499) * 40);
    expect(result.total).toBe(8000 + (299 + 499) * 40);
    // 2 USD of 80: 2 %.
    expect(result.progress).toEqual({ percent: 2, state: 'danger' });
    expect(result.missing).toBe(78 * 100 * 40);
  });

  it('is free and complete (success) at the threshold or above, capped at 100 %', () => {
    const at = totals([{ product: product(1, 1, '3200.00'), count: 1 }]);
    expect(at.progress).toEqual({ percent: 100, state: 'success' });
    expect(at.shipping).toBe(0);
    expect(at.missing).toBe(0);
    const above = totals([{ product: product(1, 1, '3200.00'), count: 3 }]);
    expect(above.progress).toEqual({ percent: 100, state: 'success' });
  });

  it('converts to another display currency', () => {
    const result = totals([{ product: product(1, 1, '400.00'), count: 1 }], 'USD');
    expect(result.subtotal).toBe(1000);
    expect(result.shipping).toBe(299);
  });

  it('leaves shipping and the bar unknown until the settings load, and sums unknown without a rate', () => {
    const noSettings = totals([{ product: product(1, 1, '40.00'), count: 1 }], 'UYU', null);
    expect(noSettings.progress).toBeNull();
    expect(noSettings.shipping).toBeNull();
    expect(noSettings.subtotal).toBe(4000);
    const noRate = totals([{ product: product(1, 1, '40.00', { currency: 'XXX' }), count: 1 }]);
    expect(noRate.subtotal).toBeNull();
  });
});
