import { describe, expect, it } from 'vitest';
import { freeShippingProgress, quoteShipping, type ShippingLine } from './shipping.ts';

const rates = { USD: '1', UYU: '40.15' };
const MONTEVIDEO = 1;
const CANELONES = 2;

function line(overrides: Partial<ShippingLine> = {}): ShippingLine {
  return {
    storeId: 1,
    storeCityId: MONTEVIDEO,
    unitPrice: '10.00',
    currency: 'USD',
    quantity: 1,
    ...overrides,
  };
}

function quote(lines: ShippingLine[], freeShippingThreshold = '80.00') {
  return quoteShipping({ lines, deliveryCityId: MONTEVIDEO, freeShippingThreshold, rates });
}

describe('quoteShipping', () => {
  it('charges 2.99 for a store in the delivery city, compared by id', () => {
    expect(quote([line()])).toEqual({
      stores: [{ storeId: 1, subtotalUsd: 1000, feeUsd: 299 }],
      subtotalUsd: 1000,
      shippingUsd: 299,
      totalUsd: 1299,
      freeShipping: false,
    });
  });

  it('charges 4.99 when the store city is unknown or no delivery city is set', () => {
    expect(quote([line({ storeCityId: null })])?.shippingUsd).toBe(499);
    expect(
      quoteShipping({ lines: [line()], deliveryCityId: null, freeShippingThreshold: '80.00', rates })
        ?.shippingUsd,
    ).toBe(499);
  });

  it('charges 4.99 for a store outside the delivery city', () => {
    expect(quote([line({ storeCityId: CANELONES })])?.stores).toEqual([
      { storeId: 1, subtotalUsd: 1000, feeUsd: 499 },
    ]);
  });

  it('charges each store once, whatever its number of lines, in the order stores first appear', () => {
    const result = quote([
      line({ storeId: 7, unitPrice: '5.50', quantity: 2 }),
      line({ storeId: 3, storeCityId: CANELONES, unitPrice: '1.25' }),
      line({ storeId: 7, unitPrice: '0.99', quantity: 3 }),
    ]);
    expect(result?.stores).toEqual([
      { storeId: 7, subtotalUsd: 1100 + 297, feeUsd: 299 },
      { storeId: 3, subtotalUsd: 125, feeUsd: 499 },
    ]);
    expect(result?.subtotalUsd).toBe(1522);
    expect(result?.shippingUsd).toBe(798);
    expect(result?.totalUsd).toBe(2320);
  });

  it('is free for every store at exactly the threshold, and not one cent below it', () => {
    const atThreshold = quote([
      line({ storeId: 1, unitPrice: '50.00' }),
      line({ storeId: 2, storeCityId: CANELONES, unitPrice: '30.00' }),
    ]);
    expect(atThreshold?.freeShipping).toBe(true);
    expect(atThreshold?.stores.map((store) => store.feeUsd)).toEqual([0, 0]);
    expect(atThreshold?.shippingUsd).toBe(0);
    expect(atThreshold?.totalUsd).toBe(8000);

    const oneCentBelow = quote([
      line({ storeId: 1, unitPrice: '50.00' }),
      line({ storeId: 2, storeCityId: CANELONES, unitPrice: '29.99' }),
    ]);
    expect(oneCentBelow?.freeShipping).toBe(false);
    expect(oneCentBelow?.shippingUsd).toBe(299 + 499);
  });

  it('converts UYU lines to USD with the stored rate before adding them to USD lines', () => {
    // 401.50 UYU at 40.15 per USD is 10.00 USD; twice that plus 60.00 USD reaches 80.00.
    const result = quote([
      line({ unitPrice: '401.50', currency: 'UYU', quantity: 2 }),
      line({ unitPrice: '60.00' }),
    ]);
    expect(result?.stores).toEqual([{ storeId: 1, subtotalUsd: 8000, feeUsd: 0 }]);
    expect(result?.freeShipping).toBe(true);
    // 802.60 UYU is 19.99 USD: one cent short.
    const below = quote([
      line({ unitPrice: '802.60', currency: 'UYU', quantity: 1 }),
      line({ unitPrice: '60.00' }),
    ]);
    expect(below?.subtotalUsd).toBe(7999);
    expect(below?.freeShipping).toBe(false);
  });

  it('prices a line as the converted unit price × quantity, as the shopper sees it (decision 034)', () => {
    // 401.30 UYU is 9.995 USD, shown as US$ 10,00; two of them are US$ 20,00 (converting 802.60 gave 19.99).
    const result = quote([line({ unitPrice: '401.30', currency: 'UYU', quantity: 2 })]);
    expect(result?.subtotalUsd).toBe(2000);
  });

  it('gives null when a line is in a currency without a stored rate', () => {
    expect(quote([line(), line({ storeId: 2, currency: 'ARS', unitPrice: '100.00' })])).toBeNull();
  });

  it('quotes an empty cart as nothing to pay and not free', () => {
    expect(quote([])).toEqual({
      stores: [],
      subtotalUsd: 0,
      shippingUsd: 0,
      totalUsd: 0,
      freeShipping: false,
    });
  });
});

describe('freeShippingProgress', () => {
  it('starts at 0% in danger', () => {
    expect(freeShippingProgress(0, '80.00')).toEqual({ percent: 0, state: 'danger' });
  });

  it('rounds a partial share down to a whole percent', () => {
    expect(freeShippingProgress(3999, '80.00')).toEqual({ percent: 49, state: 'danger' });
    expect(freeShippingProgress(4000, '80.00')).toEqual({ percent: 50, state: 'danger' });
  });

  it('stays in danger below 100% one cent short, and is success at exactly the threshold', () => {
    expect(freeShippingProgress(7999, '80.00')).toEqual({ percent: 99, state: 'danger' });
    expect(freeShippingProgress(8000, '80.00')).toEqual({ percent: 100, state: 'success' });
  });

  it('caps at 100% above the threshold', () => {
    expect(freeShippingProgress(25_000, '80.00')).toEqual({ percent: 100, state: 'success' });
  });

  it('is complete with a zero threshold', () => {
    expect(freeShippingProgress(0, '0.00')).toEqual({ percent: 100, state: 'success' });
  });
});
