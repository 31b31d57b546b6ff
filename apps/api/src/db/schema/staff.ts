import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stores } from './catalog.ts';

/**
 * Who works for a store (decision 012). Being a member of at least one store is what makes a user a
 * merchant; merchant permissions reach only these stores. `owner` will manage staff; both fulfil orders.
 */
export const storeMembers = pgTable(
  'store_members',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.userId] }),
    // The session lookup asks "which stores is this user in?": by user, not by store.
    index('store_members_user_id_idx').on(t.userId),
    check('store_members_role_check', sql`${t.role} in ('owner', 'staff')`),
  ],
);

/**
 * Roles granted to a user beyond the derived ones (every user is a remitter; a store member is a merchant).
 * Today only `operator`; a table rather than a flag on users so a later role needs no new column.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', sql`${t.role} in ('operator')`),
  ],
);
