import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const cityRequests = pgTable('city_requests', {
  id: serial('id').primaryKey(),
  city: text('city').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The support inbox (issue 19), as for contact messages. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
  handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
});
