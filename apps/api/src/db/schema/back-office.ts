import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orderGroups, storeOrders } from './orders.ts';

/**
 * The operators' back office (issue 19). The tables only it writes; columns it adds to other domains' tables
 * (users.locked_at, stores.status_reason, email_outbox.group_id, …) live with those tables.
 */

/** Internal notes on an order, shown in its timeline to staff only; never edited (a correction is a new note). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => orderGroups.id, { onDelete: 'cascade' }),
    storeOrderId: integer('store_order_id').references(() => storeOrders.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_group_idx').on(t.groupId, t.createdAt)],
);

/**
 * A bank statement an operator uploaded (issue 19). `fileSha256` makes the same file a no-op the second
 * time; `confirmedAt` is set once its matches were marked paid.
 */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    id: serial('id').primaryKey(),
    fileSha256: text('file_sha256').notNull(),
    fileName: text('file_name').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('bank_statement_imports_file_key').on(t.fileSha256)],
);

/**
 * One row of an imported statement and what it matched: `matched` (one order, same number and amount),
 * `unmatched`, `ambiguous` (several orders could be it), `already_paid`, or `paid` once confirmed.
 */
export const bankStatementRows = pgTable(
  'bank_statement_rows',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => bankStatementImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    bookedOn: text('booked_on').notNull().default(''),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    reference: text('reference').notNull().default(''),
    outcome: text('outcome').notNull(),
    groupId: integer('group_id').references(() => orderGroups.id, { onDelete: 'set null' }),
    /** Why the row matched nothing or several orders, in Spanish for the preview ('' when matched). */
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('bank_statement_rows_import_row_key').on(t.importId, t.rowNumber),
    check(
      'bank_statement_rows_outcome_check',
      sql`${t.outcome} in ('matched', 'unmatched', 'ambiguous', 'already_paid', 'paid')`,
    ),
  ],
);

/**
 * A week's shipping fees paid to the couriers (issue 19: statements 'for shipping'), the shipping twin of
 * store_statement_payments: one row per week (its Monday, Montevideo), so a week is paid once.
 */
export const shippingStatementPayments = pgTable('shipping_statement_payments', {
  weekStart: date('week_start', { mode: 'string' }).primaryKey(),
  reference: text('reference').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
});

/** An answer sent from the support inbox (Reply-To the writer); `kind` is which list the message is in. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    messageId: integer('message_id').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_replies_message_idx').on(t.kind, t.messageId),
    check('support_replies_kind_check', sql`${t.kind} in ('contact', 'suggestion', 'city_request')`),
  ],
);

/**
 * A partner's endpoint for signed webhooks (issue 19). The secret signs every delivery, so it is kept (as
 * Stripe and Saleor keep theirs) and shown once; after a rotation the previous one also signs until
 * `previousSecretUntil`, so a partner can switch without missing a delivery.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * One event for one endpoint, written in the same transaction as the event (the outbox pattern) and posted
 * by a worker with exponential back-off for 24 hours. `body` is the exact JSON that is signed and sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every POST of a delivery and its answer, for the operator's list. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);

/**
 * Delivery zones uploaded by operators as GeoJSON (issue 19). When there are none, the gazetteer's built-in
 * outline and meeting-point zones apply. `kind` says whether a polygon is the service area or a meeting-point
 * zone, whose `note` tells the sender where the courier meets the beneficiary.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    /** Rings as [latitude, longitude] pairs, the order the gazetteer uses. */
    polygon: jsonb('polygon').$type<[number, number][]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('delivery_zones_kind_check', sql`${t.kind} in ('service_area', 'meeting_point')`)],
);

/** An operator's manual rate for a currency (units per 1 USD), in force over the dated rate sets until removed. */
export const currencyRateOverrides = pgTable(
  'currency_rate_overrides',
  {
    code: text('code').primaryKey(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('currency_rate_overrides_rate_check', sql`${t.rate} > 0`)],
);
