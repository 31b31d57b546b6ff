import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { cities, products } from './catalog.ts';

/** One server cart per user (spec §3 Cart: a city and product lines). */
export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cityId: integer('city_id').references(() => cities.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Lines keep the order in which they were first added. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_lines_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
);
