import { describe, expect, it } from 'vitest';
import { aCartItem, aProduct } from '../../testing/factories.ts';
import { displayCheckout } from './checkout-display.ts';
import { priceCheckout, welcomeFor } from './checkout-pricing.ts';
import { placeOrderBody } from './place-order-body.ts';

const AMOUNTS = { inviteeReward: 500, inviterReward: 500, minimumPurchase: 5000 };
const WELCOME = { pending: true, amounts: AMOUNTS };
const USD_DISPLAY = { code: 'USD', symbol: 'US$', decimals: 2, rates: { USD: '1' }, ready: true } as const;

/** One store in the delivery city; `dollars` of goods in one USD line. */
function price(dollars: number, overrides: Partial<Parameters<typeof priceCheckout>[0]> = {}) {
  return priceCheckout({
    items: [aCartItem(aProduct({ id: 1, store_id: 1, price: '1.00', currency: 'USD' }), dollars)],
    rates: { USD: '1' },
    deliveryCityId: 36,
    storeCityId: () => 36,
    delivery: 'standard',
    freeShippingThreshold: '80.00',
    coupon: null,
    credit: 0,
    welcome: WELCOME,
    ...overrides,
  });
}

describe('welcomeFor', () => {
  it('gives the gift from exactly the minimum, and tells how much is missing below it', () => {
    const order = (goods: number) => ({ goodsAfterCoupon: goods, dueAfterCredit: goods + 299 });
    expect(welcomeFor(WELCOME, order(5000))).toEqual({ credit: 500, shortfall: 0 });
    expect(welcomeFor(WELCOME, order(4999))).toEqual({ credit: 0, shortfall: 1 });
    expect(welcomeFor(WELCOME, order(3800))).toEqual({ credit: 0, shortfall: 1200 });
  });

  it('says nothing when no gift waits', () => {
    const order = { goodsAfterCoupon: 9000, dueAfterCredit: 9000 };
    expect(welcomeFor(null, order)).toEqual({ credit: 0, shortfall: 0 });
    expect(welcomeFor({ ...WELCOME, pending: false }, order)).toEqual({ credit: 0, shortfall: 0 });
    expect(welcomeFor({ pending: true, amounts: { ...AMOUNTS, inviteeReward: 0 } }, order)).toEqual({
      credit: 0,
      shortfall: 0,
    });
  });
});

describe('priceCheckout with a welcome credit', () => {
  it('adds the gift to the chosen credit, as the server does, and keeps the two apart', () => {
    const pricing = price(50, { credit: 200 });
    // 50.00 of goods + 2.99 shipping − 2.00 chosen − 5.00 gift.
    expect(pricing?.totals.total).toBe(5000 + 299 - 200 - 500);
    expect(pricing?.welcomeCredit).toBe(500);
    expect(pricing?.balanceCredit).toBe(200);
    expect(pricing?.welcomeShortfall).toBe(0);
  });

  it('counts the goods after the coupon: a coupon that takes them below 50 leaves no gift', () => {
    const coupon = (value: string) =>
      ({
        code: 'HOLA',
        type: 'discount_amount',
        value,
        minimum_purchase: '0.00',
        valid_until: null,
      }) as const;
    expect(price(60, { coupon: coupon('10.00') })?.welcomeCredit).toBe(500);
    const below = price(50, { coupon: coupon('10.00') });
    expect(below?.welcomeCredit).toBe(0);
    expect(below?.welcomeShortfall).toBe(1000);
  });

  it('never gives more than is due after the chosen credit', () => {
    // 50.00 + 2.99 shipping − 50.00 chosen leaves 2.99: the gift covers that and no more.
    const pricing = price(50, { credit: 5000 });
    expect(pricing?.welcomeCredit).toBe(299);
    expect(pricing?.totals.total).toBe(0);
  });

  it('gives nothing below the minimum and says how far it is', () => {
    const pricing = price(49);
    expect(pricing?.welcomeCredit).toBe(0);
    expect(pricing?.totals.total).toBe(4900 + 299);
    expect(pricing?.welcomeShortfall).toBe(100);
  });

  it('sends only the balance part as `credit` and the total with the gift as `expected_total`', () => {
    const pricing = price(60, { credit: 300 });
    if (!pricing) throw new Error('priced');
    const body = placeOrderBody({
      items: pricing.stores.flatMap((store) => store.lines.map((line) => line.item)),
      beneficiaryId: 'b-1',
      delivery: 'standard',
      substitution: 'refund',
      lineSubstitutions: {},
      coupon: null,
      pricing,
      payment: { method: 'bank_transfer' },
      country: 'UY',
      displayCurrency: 'USD',
    });
    expect(body.credit).toBe('3.00');
    expect(body.expected_total).toBe('54.99');
  });

  it('keeps the gift for a later order when the chosen credit already pays everything', () => {
    const pricing = price(50, { credit: 10_000, delivery: 'pickup' });
    expect(pricing?.totals.total).toBe(0);
    expect(pricing?.welcomeCredit).toBe(0);
    expect(pricing?.balanceCredit).toBe(5000);
  });

  it("shows the gift as its own line whose sum with 'Crédito' is the credit shown", () => {
    const pricing = price(50, { credit: 200 });
    if (!pricing) throw new Error('priced');
    const shown = displayCheckout(pricing, USD_DISPLAY);
    expect(shown.welcomeCredit).toBe(500);
    expect(shown.credit - shown.welcomeCredit).toBe(200);
    expect(shown.total).toBe(5000 + 299 - 700);
  });
});
