import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import { amountInput, code } from './checkout.schemas.ts';
import { DISCOUNT_TYPES } from './order-pricing.ts';

/**
 * `POST /v1/coupon/user/` (spec §7). `subtotal` is the goods (USD decimal) the checkout shows: given, the
 * answer also refuses a coupon whose minimum purchase the cart does not reach, so 'Cupón … aplicado' is never
 * said of a coupon that would not discount. Placing the order checks the minimum again on the server's cart.
 */
export const couponRequestSchema = z.object({ coupon: code(40), subtotal: amountInput.optional() });
export const couponSchema = z.object({
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  /** discount_amount: USD; discount_percentage: percent ("10.00"). */
  value: decimalString,
  minimum_purchase: decimalString,
  valid_until: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;
