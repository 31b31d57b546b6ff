import type { Coupon } from '@mandado/shared/coupon.schemas';
import { describe, expect, it } from 'vitest';
import { couponMinimumProblem } from './checkout-pricing.ts';

const ENVIO5: Coupon = {
  code: 'ENVIO5',
  type: 'discount_amount',
  value: '5.00',
  minimum_purchase: '30.00',
  valid_until: null,
};

describe('an applied coupon below its minimum (issue 16)', () => {
  it("a US$ 15 cart with ENVIO5 says the minimum instead of 'aplicado'", () => {
    expect(couponMinimumProblem(ENVIO5, 1500)).toBe('Este cupón requiere una compra mínima de US$ 30.');
  });
  it('at the minimum the coupon applies', () => {
    expect(couponMinimumProblem(ENVIO5, 3000)).toBeNull();
  });
});
