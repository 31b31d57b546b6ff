import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Spec §3 Discount types; codes are stored uppercase and matched case-insensitively. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    /** USD for discount_amount, percent for discount_percentage. */
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    minimumPurchase: numeric('minimum_purchase', { precision: 12, scale: 2 }).notNull().default('0.00'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUsesPerUser: integer('max_uses_per_user'),
    maxUsesTotal: integer('max_uses_total'),
    /** Counted once per order group, in the placing transaction, by a conditional update. */
    usesCount: integer('uses_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_type_check', sql`${t.type} in ('discount_amount', 'discount_percentage')`),
    check('coupons_code_upper_check', sql`${t.code} = upper(${t.code})`),
    check('coupons_value_check', sql`${t.value} > 0`),
    check(
      'coupons_uses_check',
      sql`${t.usesCount} >= 0 and (${t.maxUsesTotal} is null or ${t.usesCount} <= ${t.maxUsesTotal})`,
    ),
  ],
);

/** One row per order group that used a coupon; deleted when the group is cancelled (the use is returned). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_group_key').on(t.groupId)],
);
