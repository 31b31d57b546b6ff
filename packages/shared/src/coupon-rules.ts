import { CHECKOUT_MESSAGES } from './checkout.schemas.ts';
import { usdText } from './money-text.ts';
import type { DiscountType } from './order-pricing.ts';

/** A coupon as the rules see it; money in USD minor units, the percentage in hundredths of a percent. */
export interface CouponTerms {
  type: DiscountType;
  value: number;
  minimumPurchase: number;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUsesPerUser: number | null;
  maxUsesTotal: number | null;
  usesCount: number;
}

/**
 * Why this user cannot use the coupon now, in Spanish, or null when they can. `subtotal` (the goods, USD minor
 * units) is checked only when given: `POST /v1/coupon/user/` answers the coupon before the cart is final.
 */
export function couponRefusal(
  coupon: CouponTerms | null,
  context: { now: Date; userUses: number; subtotal?: number },
): string | null {
  if (!coupon) return CHECKOUT_MESSAGES.couponUnknown;
  if (coupon.validFrom && context.now < coupon.validFrom) return CHECKOUT_MESSAGES.couponNotYet;
  if (coupon.validUntil && context.now >= coupon.validUntil) return CHECKOUT_MESSAGES.couponExpired;
  if (coupon.maxUsesTotal !== null && coupon.usesCount >= coupon.maxUsesTotal) {
    return CHECKOUT_MESSAGES.couponExhausted;
  }
  if (coupon.maxUsesPerUser !== null && context.userUses >= coupon.maxUsesPerUser) {
    return CHECKOUT_MESSAGES.couponUsedByYou;
  }
  if (context.subtotal !== undefined && context.subtotal < coupon.minimumPurchase) {
    return CHECKOUT_MESSAGES.couponMinimum(usdText(coupon.minimumPurchase, { whole: 'short' }));
  }
  return null;
}

/** Coupon codes are matched without regard to case or surrounding spaces. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
