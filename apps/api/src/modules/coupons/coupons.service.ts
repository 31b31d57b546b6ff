import type { Coupon } from '@mandado/shared/coupon.schemas';
import { couponRefusal, normalizeCouponCode } from '@mandado/shared/coupon-rules';
import { parseMoney } from '@mandado/shared/money';
import type { DiscountType } from '@mandado/shared/order-pricing';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { type CouponRow, findCouponForUser, redeemCoupon, releaseCoupon } from './coupons.repository.ts';

/**
 * `POST /v1/coupon/user/` (spec §7): the coupon when this user may use it now, else a Spanish 400 (unknown,
 * not yet valid, expired, exhausted, already used by them) and, when the client sends the subtotal it shows,
 * below the minimum purchase. Placing checks the minimum again against the cart (the subtotal here is only
 * what the shopper sees, so it decides nothing that costs money).
 */
export async function checkCoupon(
  db: Database,
  actor: Actor | null,
  code: string,
  now: Date,
  subtotal?: string,
): Promise<Coupon> {
  const { userId } = requirePermission(actor, 'account:own');
  const found = await findCouponForUser(db, normalizeCouponCode(code), userId);
  const refusal = couponRefusal(
    found
      ? {
          type: found.coupon.type as DiscountType,
          value: parseMoney(found.coupon.value),
          minimumPurchase: parseMoney(found.coupon.minimumPurchase),
          validFrom: found.coupon.validFrom,
          validUntil: found.coupon.validUntil,
          maxUsesPerUser: found.coupon.maxUsesPerUser,
          maxUsesTotal: found.coupon.maxUsesTotal,
          usesCount: found.coupon.usesCount,
        }
      : null,
    {
      now,
      userUses: found?.userUses ?? 0,
      ...(subtotal === undefined ? {} : { subtotal: parseMoney(subtotal) }),
    },
  );
  if (refusal || !found) throw new HttpError(400, { detail: refusal ?? '' });
  return {
    code: found.coupon.code,
    type: found.coupon.type as DiscountType,
    value: found.coupon.value,
    minimum_purchase: found.coupon.minimumPurchase,
    valid_until: found.coupon.validUntil?.toISOString() ?? null,
  };
}

/** For checkout, inside its transaction: the coupon with this normalized code and the user's uses of it. */
export function findCouponForCheckout(
  tx: DatabaseOrTransaction,
  code: string,
  userId: number,
): Promise<{ coupon: CouponRow; userUses: number } | null> {
  return findCouponForUser(tx, code, userId);
}

/** For checkout: counts one use if the total limit still allows it; false when the coupon ran out meanwhile. */
export function takeCouponUse(
  tx: DatabaseOrTransaction,
  redemption: { couponId: number; userId: number; groupId: number },
): Promise<boolean> {
  return redeemCoupon(tx, redemption);
}

/** For a cancelled group: gives its coupon use back (nothing when it had none or already gave it back). */
export function giveCouponBack(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  return releaseCoupon(tx, groupId);
}
