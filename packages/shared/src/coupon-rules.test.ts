import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from './checkout.schemas.ts';
import { type CouponTerms, couponRefusal, normalizeCouponCode } from './coupon-rules.ts';

const now = new Date('2026-11-22T12:00:00Z');
const terms: CouponTerms = {
  type: 'discount_percentage',
  value: 1000,
  minimumPurchase: 3000,
  validFrom: new Date('2026-11-01T00:00:00Z'),
  validUntil: new Date('2026-12-01T00:00:00Z'),
  maxUsesPerUser: 1,
  maxUsesTotal: 10,
  usesCount: 0,
};

describe('couponRefusal', () => {
  it('accepts a valid coupon', () => {
    expect(couponRefusal(terms, { now, userUses: 0, subtotal: 3000 })).toBeNull();
    expect(couponRefusal(terms, { now, userUses: 0 })).toBeNull();
  });
  it('refuses unknown, not yet valid, expired, exhausted, used and below-minimum coupons', () => {
    expect(couponRefusal(null, { now, userUses: 0 })).toBe(CHECKOUT_MESSAGES.couponUnknown);
    expect(couponRefusal(terms, { now: new Date('2026-10-01T00:00:00Z'), userUses: 0 })).toBe(
      CHECKOUT_MESSAGES.couponNotYet,
    );
    expect(couponRefusal(terms, { now: new Date('2026-12-01T00:00:00Z'), userUses: 0 })).toBe(
      CHECKOUT_MESSAGES.couponExpired,
    );
    expect(couponRefusal({ ...terms, usesCount: 10 }, { now, userUses: 0 })).toBe(
      CHECKOUT_MESSAGES.couponExhausted,
    );
    expect(couponRefusal(terms, { now, userUses: 1 })).toBe(CHECKOUT_MESSAGES.couponUsedByYou);
    expect(couponRefusal(terms, { now, userUses: 0, subtotal: 2999 })).toBe(
      CHECKOUT_MESSAGES.couponMinimum('US$ 30'),
    );
  });
  it('matches codes without regard to case or spaces', () => {
    expect(normalizeCouponCode('  bienvenida10 ')).toBe('BIENVENIDA10');
  });
});
