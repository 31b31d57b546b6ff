import type { OrderGroup, StoreOrder } from '@mandado/shared/checkout.schemas';
import { currencySymbol, moneyText } from '@mandado/shared/money-text';
import { describe, expect, it } from 'vitest';
import type { DisplayCurrency } from '../display-money.ts';
import { orderFigures } from './order-figures.ts';

const RATES = { USD: '1', UYU: '40.15' };
const PESOS: DisplayCurrency = { code: 'UYU', symbol: '$U', decimals: 2, rates: RATES, ready: true };
const DOLLARS: DisplayCurrency = { code: 'USD', symbol: '$', decimals: 2, rates: RATES, ready: true };

function line(
  name: string,
  quantity: number,
  unit: string,
  currency: string,
  total: string,
  discount = '0.00',
) {
  return {
    product_id: 1,
    name,
    image: null,
    quantity,
    unit_price: unit,
    currency,
    total,
    discount,
    substitution: 'similar' as const,
  };
}

function store(
  name: string,
  lines: StoreOrder['lines'],
  money: { subtotal: string; discount: string; shipping: string; credit: string; total: string },
): StoreOrder {
  return {
    number: `MV-1-${name}`,
    store: { id: 1, name, address: 'Calle 1' },
    status: 'pending',
    status_label: 'Pendiente',
    window_text: null,
    ...money,
    lines,
    history: [],
  };
}

/** The review's order: yerba 279 UYU (US$ 6,95) and a 2,99 shipping, coupon share 0,69 and credit 0,50. */
const ORDER = {
  number: 'MV-1',
  coupon: 'HOLA10',
  subtotal: '10.66',
  discount: '1.06',
  shipping: '5.98',
  credit: '0.50',
  total: '15.08',
  stores: [
    store('El Puerto', [line('Yerba', 1, '279.00', 'UYU', '6.95', '0.69')], {
      subtotal: '6.95',
      discount: '0.69',
      shipping: '2.99',
      credit: '0.50',
      total: '8.75',
    }),
    store('Rambla', [line('Paracetamol', 1, '3.71', 'USD', '3.71', '0.37')], {
      subtotal: '3.71',
      discount: '0.37',
      shipping: '2.99',
      credit: '0.00',
      total: '6.33',
    }),
  ],
} as unknown as OrderGroup;

describe('orderFigures', () => {
  it('uses the rate the order was paid at when the page is in that currency, and says so (issue 31)', () => {
    const paid = { ...ORDER, display_currency: 'UYU', display_rate: '40.00000000' } as OrderGroup;
    const today = { ...PESOS, rates: { USD: '1', UYU: '42' } };
    const figures = orderFigures(paid, today);
    // The peso line is its own price; the dollar shipping is at 40 (the payment's), not at today's 42.
    expect(figures.stores[0]?.lines[0]?.total).toBe(27900);
    expect(figures.stores[0]?.shipping).toBe(11960);
    expect(figures.paymentRateText).toBe('1 US$ = 40,00 $U');
    // An older order without its rate, or a page in another currency, stays at today's rate.
    expect(orderFigures(ORDER, today).stores[0]?.shipping).toBe(12558);
    expect(orderFigures(ORDER, today).paymentRateText).toBeUndefined();
  });

  it('shows a peso product at its own price (never converted back from its dollar amount)', () => {
    const figures = orderFigures(ORDER, PESOS);
    expect(figures.stores[0]?.lines[0]).toEqual({ unitText: '$U 279,00', total: 27900 });
    expect(figures.stores[0]?.subtotal).toBe(27900);
    // One currency per order: a dollar product's unit is shown in pesos too, as its line total is.
    expect(figures.stores[1]?.lines[0]?.unitText).toBe('$U 148,96');
  });

  it('adds up what it shows: each store, then the summary, with the exact dollar charge quoted', () => {
    const figures = orderFigures(ORDER, PESOS);
    for (const shown of figures.stores) {
      expect(shown.total).toBe(shown.subtotal - shown.discount + shown.shipping - shown.credit);
      expect(shown.subtotal).toBe(shown.lines.reduce((sum, item) => sum + item.total, 0));
    }
    const stores = figures.stores;
    expect(figures.total).toBe(stores.reduce((sum, item) => sum + item.total, 0));
    expect(figures.total).toBe(figures.subtotal - figures.discount + figures.shipping - figures.credit);
    // The store's coupon share is its own line (0,69 × 40,15 = 27,70), not hidden in its total.
    expect(stores[0]?.discount).toBe(2770);
    expect(figures.chargeText).toBe('US$ 15,08');
    expect(figures.converted).toBe(true);
    expect(moneyText(figures.total, figures.currency)).toMatch(/^\$U /);
  });

  it('in dollars uses the charged amounts as they are', () => {
    const figures = orderFigures(ORDER, DOLLARS);
    expect(currencySymbol(figures.currency)).toBe('US$');
    expect(figures.converted).toBe(false);
    expect(figures.stores.map((shown) => shown.total)).toEqual([875, 633]);
    expect(figures.total).toBe(1508);
    // One currency per order: the line's unit is its dollar price (the charged line ÷ its quantity).
    expect(figures.stores[0]?.lines[0]).toEqual({ unitText: 'US$ 6,95', total: 695 });
  });

  it('falls back to dollars when a rate is missing', () => {
    const figures = orderFigures(ORDER, {
      code: 'EUR',
      symbol: '€',
      decimals: 2,
      rates: { USD: '1' },
      ready: true,
    });
    expect(currencySymbol(figures.currency)).toBe('US$');
    expect(figures.total).toBe(1508);
  });

  it('makes a line the shown unit price × quantity, in one currency (2 × $U 61,83 = $U 123,66)', () => {
    const order = {
      ...ORDER,
      stores: [
        store('Rambla', [line('Curitas', 2, '1.54', 'USD', '3.08')], {
          subtotal: '3.08',
          discount: '0.00',
          shipping: '0.00',
          credit: '0.00',
          total: '3.08',
        }),
      ],
    } as unknown as OrderGroup;
    const figures = orderFigures(order, PESOS);
    expect(figures.stores[0]?.lines[0]).toEqual({ unitText: '$U 61,83', total: 12366 });
    expect(orderFigures(order, DOLLARS).stores[0]?.lines[0]).toEqual({ unitText: 'US$ 1,54', total: 308 });
  });
});
