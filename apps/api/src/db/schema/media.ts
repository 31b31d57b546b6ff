import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Files we serve ourselves under /media (product images and store logos). */
export const mediaFiles = pgTable('media_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
