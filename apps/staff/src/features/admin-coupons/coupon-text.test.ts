import { describe, expect, it } from 'vitest';
import { couponValueText, minimumPurchaseText } from './coupon-text.ts';

describe('the coupon wording', () => {
  it('writes amounts with the shared money text', () => {
    expect(couponValueText({ type: 'discount_amount', value: '5.00' })).toBe('US$ 5 de descuento');
    expect(couponValueText({ type: 'discount_amount', value: '2.50' })).toBe('US$ 2,50 de descuento');
    expect(couponValueText({ type: 'discount_percentage', value: '10.00' })).toBe('10 % de descuento');
    expect(minimumPurchaseText('1500.00')).toBe('US$ 1.500');
    expect(minimumPurchaseText('0.00')).toBe('Sin mínimo');
  });
});
