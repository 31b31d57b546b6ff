import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRefund } from './refund-split.ts';

describe('a refund split between goods and shipping', () => {
  it('takes the goods first, then the shipping', () => {
    expect(splitRefund({ goodsMinor: 1525, shippingMinor: 299, earlierMinor: 0, amountMinor: 305 })).toEqual({
      goodsMinor: 305,
      shippingMinor: 0,
    });
    expect(
      splitRefund({ goodsMinor: 1525, shippingMinor: 299, earlierMinor: 305, amountMinor: 1519 }),
    ).toEqual({
      goodsMinor: 1220,
      shippingMinor: 299,
    });
  });

  it('never credits more goods or shipping than the store order had, over any run of refunds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 8 }),
        (goods, shipping, amounts) => {
          let earlier = 0;
          let goodsCredited = 0;
          let shippingCredited = 0;
          for (const amount of amounts) {
            const split = splitRefund({
              goodsMinor: goods,
              shippingMinor: shipping,
              earlierMinor: earlier,
              amountMinor: amount,
            });
            expect(split.goodsMinor).toBeGreaterThanOrEqual(0);
            expect(split.shippingMinor).toBeGreaterThanOrEqual(0);
            expect(split.goodsMinor + split.shippingMinor).toBeLessThanOrEqual(amount);
            goodsCredited += split.goodsMinor;
            shippingCredited += split.shippingMinor;
            earlier += amount;
          }
          expect(goodsCredited).toBeLessThanOrEqual(goods);
          expect(shippingCredited).toBeLessThanOrEqual(shipping);
          // Whatever was refunded up to goods + shipping is documented in full.
          expect(goodsCredited + shippingCredited).toBe(Math.min(earlier, goods + shipping));
        },
      ),
    );
  });
});
