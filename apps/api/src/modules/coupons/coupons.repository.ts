import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { couponRedemptions, coupons } from '../../db/schema/coupons.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** The coupon with this (normalized) code and how many of the user's order groups used it: one query. */
export async function findCouponForUser(
  db: DatabaseOrTransaction,
  code: string,
  userId: number,
): Promise<{ coupon: CouponRow; userUses: number } | null> {
  const [row] = await db
    .select({
      coupon: coupons,
      // Written out with the table's name: inside a select list drizzle prints ${coupons.id} as a bare "id",
      // which the subquery would read as r.id (and count someone else's redemptions).
      userUses: sql<number>`(select count(*)::int from ${couponRedemptions} r where r.coupon_id = "coupons"."id" and r.user_id = ${userId})`,
    })
    .from(coupons)
    .where(eq(coupons.code, code));
  return row ?? null;
}

/**
 * Counts one use for an order group, if the total limit still allows it (conditional update), and records the
 * redemption. False when the coupon ran out meanwhile. Runs inside the placing transaction.
 */
export async function redeemCoupon(
  tx: DatabaseOrTransaction,
  redemption: { couponId: number; userId: number; groupId: number },
): Promise<boolean> {
  const updated = await tx
    .update(coupons)
    .set({ usesCount: sql`${coupons.usesCount} + 1` })
    .where(
      and(
        eq(coupons.id, redemption.couponId),
        sql`(${coupons.maxUsesTotal} is null or ${coupons.usesCount} < ${coupons.maxUsesTotal})`,
      ),
    )
    .returning({ id: coupons.id });
  if (updated.length === 0) return false;
  await tx.insert(couponRedemptions).values(redemption);
  return true;
}

/** Gives the use back when a group is cancelled; does nothing when the group had no coupon or already gave it back. */
export async function releaseCoupon(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  const deleted = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.groupId, groupId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of deleted) {
    await tx
      .update(coupons)
      .set({ usesCount: sql`greatest(${coupons.usesCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
}
