import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * What people write to us from the help area (issue 11): kept so the back office can list and answer them,
 * and e-mailed to the support address through the outbox. `user_id` when the writer was logged in.
 * (City requests, the third kind, live in locations.ts.)
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    comments: text('comments').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When someone of ours answered it (back office). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** Who is on it, and who marked it handled (issue 19, the support inbox). */
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Product suggestions (spec §3 Suggestion form; the spec shows no call, issue 11 asks that none is lost). */
export const productSuggestions = pgTable(
  'product_suggestions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    productName: text('product_name').notNull(),
    description: text('description').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('product_suggestions_created_idx').on(t.createdAt)],
);
