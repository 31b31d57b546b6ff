import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const cityRequests = pgTable('city_requests', {
  id: serial('id').primaryKey(),
  city: text('city').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
