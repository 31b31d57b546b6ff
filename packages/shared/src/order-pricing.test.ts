import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, couponDiscount, type PricingCoupon, priceOrder } from './order-pricing.ts';

describe('allocateLargestRemainder', () => {
  it('splits exactly, giving leftover units to the largest remainders', () => {
    expect(allocateLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateLargestRemainder(10, [500, 300, 200])).toEqual([5, 3, 2]);
    expect(allocateLargestRemainder(7, [3, 3, 4])).toEqual([2, 2, 3]);
    expect(allocateLargestRemainder(0, [3, 4])).toEqual([0, 0]);
  });

  it('refuses fractions, negatives and a positive amount over zero weights', () => {
    expect(() => allocateLargestRemainder(1.5, [1])).toThrow();
    expect(() => allocateLargestRemainder(-1, [1])).toThrow();
    expect(() => allocateLargestRemainder(5, [0, 0])).toThrow();
  });

  it('property: parts add up, are whole, non-negative and never exceed their weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          fc.pre(total > 0);
          const amount = Math.floor(total * share);
          const parts = allocateLargestRemainder(amount, weights);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
          parts.forEach((part, index) => {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[index] ?? 0);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('couponDiscount', () => {
  const percent = (value: number, minimumPurchase = 0): PricingCoupon => ({
    type: 'discount_percentage',
    value,
    minimumPurchase,
  });
  it('takes a percentage half up, an amount capped at the subtotal, nothing below the minimum', () => {
    expect(couponDiscount(percent(1000), 1005)).toBe(101);
    expect(couponDiscount(percent(1000), 1004)).toBe(100);
    expect(couponDiscount({ type: 'discount_amount', value: 500, minimumPurchase: 0 }, 300)).toBe(300);
    expect(couponDiscount({ type: 'discount_amount', value: 500, minimumPurchase: 3000 }, 2999)).toBe(0);
    expect(couponDiscount(null, 5000)).toBe(0);
  });
});

describe('priceOrder', () => {
  const stores = [
    {
      storeId: 1,
      inDeliveryCity: true,
      lines: [
        { key: 11, totalUsd: 1000 },
        { key: 12, totalUsd: 550 },
      ],
    },
    { storeId: 2, inDeliveryCity: false, lines: [{ key: 21, totalUsd: 2000 }] },
  ];

  it('charges 2.99 in the city and 4.99 outside per store for standard delivery', () => {
    const priced = priceOrder({
      stores,
      delivery: 'standard',
      freeShippingThreshold: 8000,
      coupon: null,
      credit: 0,
    });
    expect(priced.stores.map((store) => store.shipping)).toEqual([299, 499]);
    expect(priced.total).toBe(3550 + 798);
    expect(priced.freeShipping).toBe(false);
  });

  it('charges no shipping for pick-up, nor for any store once the goods reach the threshold', () => {
    expect(
      priceOrder({ stores, delivery: 'pickup', freeShippingThreshold: 8000, coupon: null, credit: 0 })
        .shipping,
    ).toBe(0);
    const free = priceOrder({
      stores,
      delivery: 'standard',
      freeShippingThreshold: 3550,
      coupon: null,
      credit: 0,
    });
    expect(free.shipping).toBe(0);
    expect(free.freeShipping).toBe(true);
  });

  it('spreads the coupon onto lines and caps the credit at what is due', () => {
    const priced = priceOrder({
      stores,
      delivery: 'standard',
      freeShippingThreshold: 8000,
      coupon: { type: 'discount_amount', value: 1000, minimumPurchase: 0 },
      credit: 1_000_000,
    });
    expect(priced.discount).toBe(1000);
    expect(priced.stores.flatMap((store) => store.lines.map((line) => line.discount))).toEqual([
      282, 155, 563,
    ]);
    expect(priced.credit).toBe(3550 - 1000 + 798);
    expect(priced.total).toBe(0);
  });

  it('property: store orders add up to the group to the cent and no part is negative', () => {
    const line = fc.record({ key: fc.nat(), totalUsd: fc.integer({ min: 1, max: 500_000 }) });
    const store = fc.record({
      storeId: fc.nat(),
      inDeliveryCity: fc.boolean(),
      lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    });
    const coupon = fc.option(
      fc.oneof(
        fc.record({
          type: fc.constant('discount_amount' as const),
          value: fc.integer({ min: 1, max: 1_000_000 }),
          minimumPurchase: fc.integer({ min: 0, max: 100_000 }),
        }),
        fc.record({
          type: fc.constant('discount_percentage' as const),
          value: fc.integer({ min: 1, max: 10_000 }),
          minimumPurchase: fc.integer({ min: 0, max: 100_000 }),
        }),
      ),
    );
    fc.assert(
      fc.property(
        fc.array(store, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('standard' as const, 'pickup' as const),
        fc.integer({ min: 0, max: 200_000 }),
        coupon,
        fc.integer({ min: 0, max: 2_000_000 }),
        (pricingStores, delivery, threshold, pricingCoupon, credit) => {
          const priced = priceOrder({
            stores: pricingStores,
            delivery,
            freeShippingThreshold: threshold,
            coupon: pricingCoupon,
            credit,
          });
          const sum = (pick: (s: (typeof priced.stores)[number]) => number) =>
            priced.stores.reduce((total, s) => total + pick(s), 0);
          expect(sum((s) => s.total)).toBe(priced.total);
          expect(sum((s) => s.subtotal)).toBe(priced.subtotal);
          expect(sum((s) => s.discount)).toBe(priced.discount);
          expect(sum((s) => s.shipping)).toBe(priced.shipping);
          expect(sum((s) => s.credit)).toBe(priced.credit);
          expect(priced.total).toBe(priced.subtotal - priced.discount + priced.shipping - priced.credit);
          expect(priced.credit).toBeLessThanOrEqual(credit);
          for (const s of priced.stores) {
            expect(s.total).toBe(s.subtotal - s.discount + s.shipping - s.credit);
            for (const part of [s.subtotal, s.discount, s.shipping, s.credit, s.total]) {
              expect(Number.isInteger(part) && part >= 0).toBe(true);
            }
            expect(s.lines.reduce((total, l) => total + l.discount, 0)).toBe(s.discount);
            for (const l of s.lines) expect(l.discount).toBeLessThanOrEqual(l.totalUsd);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
