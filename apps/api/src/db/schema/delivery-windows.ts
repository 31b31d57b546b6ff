import type { StoreWindow } from '@mandado/shared/store-windows';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { stores } from './catalog.ts';

/**
 * A store's delivery windows (decision 065), checked by the shared storeWindowsSchema when written. No row:
 * the store keeps DEFAULT_STORE_WINDOWS (9–13 and 14–18, Monday to Friday), so every store has windows
 * without a backfill and a new store needs no seed.
 */
export const storeDeliveryWindows = pgTable('store_delivery_windows', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  windows: jsonb('windows').$type<StoreWindow[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
