import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from './catalog.ts';

/** Files we serve ourselves under /media (product images and store logos). */
export const mediaFiles = pgTable('media_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every photo an owner uploaded for a store's products (issue 18), whose bytes live in the media storage
 * (local files or S3) under `key` and are served at `url`. The row is written before the file, so no stored
 * photo goes unrecorded, and the sweep deletes the file and the row of a photo that no product and no order
 * line has used for a day (a photo dropped with 'Quitar', a form left half done).
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    key: text('key').primaryKey(),
    url: text('url').notNull().unique(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The upload, then every save of a product that shows it: the sweep's day counts from here. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_photos_last_used_idx').on(t.lastUsedAt)],
);
