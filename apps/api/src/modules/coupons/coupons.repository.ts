import { and, desc, eq, ilike, lt, ne, sql } from 'drizzle-orm';
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

/** A page of coupons for the back office, newest first, keyed on the id (one query). */
export async function listCouponsPage(
  db: DatabaseOrTransaction,
  options: { beforeId: number | null; search: string | null; limit: number },
): Promise<CouponRow[]> {
  const conditions = [
    options.beforeId === null ? undefined : lt(coupons.id, options.beforeId),
    options.search ? ilike(coupons.code, `%${options.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  ].filter((condition) => condition !== undefined);
  return db
    .select()
    .from(coupons)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(coupons.id))
    .limit(options.limit);
}

export async function lockCoupon(tx: DatabaseOrTransaction, id: number): Promise<CouponRow | null> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row ?? null;
}

export async function couponCodeTaken(
  tx: DatabaseOrTransaction,
  code: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      exceptId === null ? eq(coupons.code, code) : and(eq(coupons.code, code), ne(coupons.id, exceptId)),
    );
  return row !== undefined;
}

export type CouponWrite = Omit<typeof coupons.$inferInsert, 'id' | 'usesCount' | 'createdAt'>;

export async function insertCoupon(tx: DatabaseOrTransaction, values: CouponWrite): Promise<CouponRow> {
  const [row] = await tx.insert(coupons).values(values).returning();
  if (!row) throw new Error('coupon not stored');
  return row;
}

export async function updateCoupon(
  tx: DatabaseOrTransaction,
  id: number,
  values: CouponWrite,
): Promise<CouponRow> {
  const [row] = await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  if (!row) throw new Error('coupon not updated');
  return row;
}
