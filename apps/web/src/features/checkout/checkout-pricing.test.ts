import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { describe, expect, it } from 'vitest';
import { aCartItem, aProduct } from '../../testing/factories.ts';
import { displayCheckout, displayOrder } from './checkout-display.ts';
import { priceCheckout, pricingCoupon } from './checkout-pricing.ts';
import { offeredMethods } from './payment-step.tsx';
import {
  creditToUse,
  expectedLines,
  placeOrderBody,
  placeOrderFingerprint,
  purchaseLines,
  whatsappShareUrl,
} from './place-order-body.ts';

const RATES = { UYU: '40', USD: '1' } as const;
const MONTEVIDEO = 36;

/** Store 1 is in Montevideo, store 2 elsewhere. */
const storeCityId = (storeId: number) => (storeId === 1 ? MONTEVIDEO : 99);

function price(overrides: Partial<Parameters<typeof priceCheckout>[0]> = {}) {
  return priceCheckout({
    items: [
      aCartItem(aProduct({ id: 1, store_id: 1, price: '400.00', currency: 'UYU' }), 2), // US$ 20
      aCartItem(aProduct({ id: 2, store_id: 2, price: '5.00', currency: 'USD' }), 1), // US$ 5
    ],
    rates: RATES,
    deliveryCityId: MONTEVIDEO,
    storeCityId,
    delivery: 'standard',
    freeShippingThreshold: '80.00',
    coupon: null,
    credit: 0,
    ...overrides,
  });
}

describe('priceCheckout', () => {
  it('prices one block per store: 2.99 inside the delivery city, 4.99 outside', () => {
    const pricing = price();
    expect(
      pricing?.stores.map((store) => [store.storeId, store.priced.subtotal, store.priced.shipping]),
    ).toEqual([
      [1, 2000, 299],
      [2, 500, 499],
    ]);
    expect(pricing?.totals.total).toBe(2000 + 500 + 299 + 499);
  });

  it('charges no shipping for pick-up, nor above the free-shipping threshold', () => {
    expect(price({ delivery: 'pickup' })?.totals.shipping).toBe(0);
    expect(price({ freeShippingThreshold: '25.00' })?.totals.shipping).toBe(0);
  });

  it('takes the coupon off the goods, then the credit, never below zero', () => {
    const coupon = {
      code: 'HOLA',
      type: 'discount_percentage',
      value: '10.00',
      minimum_purchase: '0.00',
      valid_until: null,
    } as const;
    const pricing = price({ coupon, credit: 100 });
    expect(pricing?.totals.discount).toBe(250);
    expect(pricing?.totals.credit).toBe(100);
    expect(pricing?.totals.total).toBe(2500 - 250 + 798 - 100);
    expect(price({ credit: 1_000_000 })?.totals.total).toBe(0);
  });

  it('waits for a missing rate instead of guessing', () => {
    expect(price({ rates: { USD: '1' } })).toBeNull();
  });
});

describe('pricingCoupon', () => {
  it('reads a percentage as hundredths of a percent and an amount as minor units', () => {
    expect(
      pricingCoupon({
        code: 'A',
        type: 'discount_percentage',
        value: '12.50',
        minimum_purchase: '30.00',
        valid_until: null,
      }),
    ).toEqual({ type: 'discount_percentage', value: 1250, minimumPurchase: 3000 });
    expect(
      pricingCoupon({
        code: 'B',
        type: 'discount_amount',
        value: '5.00',
        minimum_purchase: '0.00',
        valid_until: null,
      }),
    ).toEqual({ type: 'discount_amount', value: 500, minimumPurchase: 0 });
    expect(pricingCoupon(null)).toBeNull();
  });
});

describe('creditToUse', () => {
  it('is what was typed, at most the balance; anything unreadable is 0', () => {
    expect(creditToUse('3.50', '10.00')).toBe(350);
    expect(creditToUse('3,5', '10.00')).toBe(350);
    expect(creditToUse('25', '10.00')).toBe(1000);
    expect(creditToUse('-2', '10.00')).toBe(0);
    expect(creditToUse('abc', '10.00')).toBe(0);
    expect(creditToUse('', '10.00')).toBe(0);
  });
});

describe('the order request', () => {
  const items = [
    aCartItem(aProduct({ id: 7, price: '100.00', merchant_discounted_price: '80.00', discount: true }), 3),
    aCartItem(aProduct({ id: 8, price: '50.00' }), 1),
  ];

  it('sends the unit price the shopper saw (the discounted one) and only real per-line overrides', () => {
    expect(expectedLines(items, { '7': 'refund', '8': 'call' }, 'call')).toEqual([
      { product_id: 7, quantity: 3, unit_price: '80.00', substitution: 'refund' },
      { product_id: 8, quantity: 1, unit_price: '50.00', substitution: null },
    ]);
  });

  it('sends the total shown and the credit applied; the same inputs give the same fingerprint', () => {
    const pricing = price({ credit: 200 });
    if (!pricing) throw new Error('priced');
    const input = {
      items,
      beneficiaryId: '00000000-0000-4000-8000-000000000001',
      delivery: 'standard',
      substitution: 'similar',
      lineSubstitutions: {},
      coupon: null,
      pricing,
      payment: { method: 'bank_transfer' },
      country: 'CO',
      displayCurrency: 'COP',
    } as const;
    const body = placeOrderBody(input);
    expect(body.expected_total).toBe('30.98');
    expect(body.credit).toBe('2.00');
    expect(placeOrderFingerprint(placeOrderBody(input))).toBe(placeOrderFingerprint(body));
    expect(placeOrderFingerprint(placeOrderBody({ ...input, delivery: 'pickup' }))).not.toBe(
      placeOrderFingerprint(body),
    );
  });
});

describe('offeredMethods', () => {
  const options = {
    processor: 'sandbox',
    stripe_publishable_key: null,
    paypal: false,
    manual_payment_countries: ['CO', 'CL', 'PE'],
    shopper_country: null,
    delivery_window: { from: '2026-11-23', to: '2026-11-24' },
    manual_payment_days: 3,
  } as const;

  it('offers transfers and deposits only in the listed countries, PayPal only when configured', () => {
    expect(
      offeredMethods({ ...options, manual_payment_countries: [...options.manual_payment_countries] }, 'CO'),
    ).toEqual(['card', 'bank_transfer', 'cash_deposit']);
    expect(offeredMethods({ ...options, manual_payment_countries: ['CO'] }, 'UY')).toEqual(['card']);
    expect(offeredMethods({ ...options, manual_payment_countries: [], paypal: true }, 'US')).toEqual([
      'card',
      'paypal',
    ]);
  });
});

describe('after the order', () => {
  it('the purchase event carries the §3 order lines {id, name, quantity, item_price}', () => {
    const line = (productId: number | null, name: string) => ({
      product_id: productId,
      name,
      image: null,
      quantity: 2,
      unit_price: '79.50',
      currency: 'UYU',
      total: '3.96',
      discount: '0.00',
      substitution: 'similar' as const,
    });
    const order = {
      stores: [{ lines: [line(5, 'Yerba')] }, { lines: [line(6, 'Café'), line(null, 'Borrado')] }],
    } as unknown as OrderGroup;
    expect(purchaseLines(order)).toEqual([
      { id: 5, name: 'Yerba', quantity: 2, item_price: 79.5 },
      { id: 6, name: 'Café', quantity: 2, item_price: 79.5 },
    ]);
  });

  it('shares the tracking link on WhatsApp with an encoded Spanish text', () => {
    const url = whatsappShareUrl('https://mandado.uy/seguimiento/abc_-1', 'MV-10234');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    const text = decodeURIComponent(url.slice('https://wa.me/?text='.length));
    expect(text).toContain('https://mandado.uy/seguimiento/abc_-1');
    expect(text).toContain('MV-10234');
  });
});

describe('displayCheckout', () => {
  // The review's cart: three peso lines from two stores, a 10 % coupon and some credit, at a rate that does
  // not divide evenly (the shown parts used to miss the shown total by a cent, and 279 became 279,04).
  const rates = { UYU: '39.4725', USD: '1' };
  const display = { code: 'UYU', symbol: '$U', decimals: 2, rates, ready: true };
  const pricing = priceCheckout({
    items: [
      aCartItem(aProduct({ id: 1, store_id: 1, price: '279.00', currency: 'UYU' }), 1),
      aCartItem(aProduct({ id: 2, store_id: 1, price: '149.00', currency: 'UYU' }), 1),
      aCartItem(aProduct({ id: 3, store_id: 2, price: '489.00', currency: 'UYU' }), 1),
    ],
    rates,
    deliveryCityId: MONTEVIDEO,
    storeCityId,
    delivery: 'standard',
    freeShippingThreshold: '80.00',
    coupon: {
      code: 'HOLA',
      type: 'discount_percentage',
      value: '10.00',
      minimum_purchase: '0.00',
      valid_until: null,
    },
    credit: 37,
  });

  it('shows peso lines as the catalog does and parts that add up to the shown total', () => {
    if (!pricing) throw new Error('priced');
    const shown = displayCheckout(pricing, display);
    expect(shown.stores.flatMap((store) => store.lines.map((line) => line.total))).toEqual([
      27900, 14900, 48900,
    ]);
    expect(shown.stores[0]?.lines[0]?.unitText).toBe('$U 279,00');
    for (const store of shown.stores) {
      expect(store.subtotal).toBe(store.lines.reduce((sum, line) => sum + line.total, 0));
      expect(store.total).toBe(store.subtotal + store.shipping - store.discount - store.credit);
    }
    expect(shown.discount).toBeGreaterThan(0);
    expect(shown.credit).toBeGreaterThan(0);
    expect(shown.subtotal).toBe(91700);
    expect(shown.total).toBe(shown.subtotal + shown.shipping - shown.discount - shown.credit);
    expect(shown.total).toBe(shown.stores.reduce((sum, store) => sum + store.total, 0));
  });

  it('shows USD amounts as charged when the display currency is USD', () => {
    if (!pricing) throw new Error('priced');
    const shown = displayCheckout(pricing, { code: 'USD', symbol: 'US$', decimals: 2, rates, ready: true });
    expect(shown.total).toBe(pricing.totals.total);
  });
});

describe('displayOrder', () => {
  it('shows each store block with its coupon share and credit adding up, and the order as their sum', () => {
    const line = (unitPrice: string, total: string) => ({
      product_id: 1,
      name: 'Yerba',
      image: null,
      quantity: 1,
      unit_price: unitPrice,
      currency: 'UYU',
      total,
      discount: '0.00',
      substitution: 'similar' as const,
    });
    const store = (lines: ReturnType<typeof line>[], parts: Record<string, string>) => ({ lines, ...parts });
    const order = {
      stores: [
        store([line('279.00', '7.07'), line('149.00', '3.77')], {
          subtotal: '10.84',
          discount: '1.08',
          shipping: '2.99',
          credit: '0.20',
          total: '12.55',
        }),
        store([line('489.00', '12.39')], {
          subtotal: '12.39',
          discount: '1.24',
          shipping: '4.99',
          credit: '0.17',
          total: '15.97',
        }),
      ],
    } as unknown as OrderGroup;
    const shown = displayOrder(order, {
      code: 'UYU',
      symbol: '$U',
      decimals: 2,
      rates: { UYU: '39.4725' },
      ready: true,
    });
    expect(shown.stores.map((entry) => entry.lines)).toEqual([[27900, 14900], [48900]]);
    for (const entry of shown.stores) {
      expect(entry.discount).toBeGreaterThan(0);
      expect(entry.total).toBe(entry.subtotal + entry.shipping - entry.discount - entry.credit);
    }
    expect(shown.total).toBe(shown.stores.reduce((sum, entry) => sum + entry.total, 0));
    expect(shown.total).toBe(shown.subtotal + shown.shipping - shown.discount - shown.credit);
  });
});
