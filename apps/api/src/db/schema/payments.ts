import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Spec §3 Card: only the processor's token, brand, last 4 digits and expiry; never the number. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    cardId: uuid('card_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    processor: text('processor').notNull(),
    processorToken: text('processor_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_cards_card_id_key').on(t.cardId),
    uniqueIndex('saved_cards_user_token_key').on(t.userId, t.processorToken),
    check('saved_cards_processor_check', sql`${t.processor} in ('sandbox', 'stripe')`),
  ],
);

/** Processors' customer ids per user (a Stripe Customer holds the saved PaymentMethods). */
export const processorCustomers = pgTable(
  'processor_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    processor: text('processor').notNull(),
    customerRef: text('customer_ref').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.processor] })],
);

/**
 * A processor's copy of a deleted account (issue 32: a Stripe Customer holds the e-mail and the name) still to
 * be deleted there. Written in the deletion's transaction, when the link to it goes; the erasure job deletes
 * it at the processor with retries, then the row (decision 082).
 */
export const processorErasures = pgTable(
  'processor_erasures',
  {
    id: serial('id').primaryKey(),
    processor: text('processor').notNull(),
    customerRef: text('customer_ref').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure's kind (an error class or HTTP status), never the processor's message. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('processor_erasures_due_idx').on(t.nextAttemptAt)],
);

/** Webhook events already handled, by the processor's event id: a replay is recorded once and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    processor: text('processor').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.processor, t.eventId] })],
);

/**
 * The embedded sandbox processor's payments (decision 023), kept in the database like a real processor's
 * state: one per idempotency key (the order group), so a retried charge returns the same intent.
 */
export const sandboxIntents = pgTable(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: integer('user_id'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** requires_action | succeeded | failed | refunded | canceled (3-D Secure for a cancelled group, decision 030) */
    status: text('status').notNull(),
    outcome: text('outcome').notNull(),
    declineCode: text('decline_code'),
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }).notNull().default('0.00'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_intents_idempotency_key').on(t.idempotencyKey),
    index('sandbox_intents_user_idx').on(t.userId),
  ],
);

/**
 * The sandbox's refunds (decision 040), one per idempotency key like Stripe's: a retried refund with the same
 * key is recorded once, and the audit compares their sum with the refunds we recorded as succeeded.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => sandboxIntents.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_refunds_intent_idx').on(t.intentId)],
);
