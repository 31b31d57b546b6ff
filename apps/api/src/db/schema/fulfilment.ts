import { sql } from 'drizzle-orm';
import {
  check,
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
import { orderGroups, orderLines, storeOrders } from './orders.ts';

/**
 * A courier's failed try at handing a store order over (issue 17), with a fixed reason. After the second one
 * the order goes to operators ('Con problemas').
 */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: serial('id').primaryKey(),
    storeOrderId: integer('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    /** nobody_home | wrong_address | refused | meeting_point_missed | other */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** courier | merchant | operator */
    actorRole: text('actor_role').notNull(),
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_attempts_store_order_idx').on(t.storeOrderId, t.createdAt),
    check(
      'delivery_attempts_reason_check',
      sql`${t.reason} in ('nobody_home', 'wrong_address', 'refused', 'meeting_point_missed', 'other')`,
    ),
  ],
);

/**
 * Money given back for a store order or one of its lines (issue 17, decision 040). Deciding a refund (this
 * row, in the transaction that rejects or adjusts) is apart from moving the money (the refund worker, by
 * the processor's idempotency key `refund-<id>`), so a crash between them retries, never repeats.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => orderGroups.id, { onDelete: 'cascade' }),
    storeOrderId: integer('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    /** Set when the refund is for one line (unavailable, partly available, cheaper substitute). */
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'cascade' }),
    /** USD. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /**
     * Issue 31: the same refund in the group's display currency at the group's `display_rate` ('$U 238,00'
     * for a whole line sold at $U 238,00), what the remitter is told; null for dollars and older refunds.
     */
    displayAmount: numeric('display_amount', { precision: 12, scale: 2 }),
    /**
     * Units of the line given back (issue 27: 1 of 2), for a line refund by unit; null for a refund of an
     * amount (the whole store order, a cheaper substitute, an operator's amount).
     */
    units: integer('units'),
    /** store_rejected | line_unavailable | cheaper_substitute | operator */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** original_payment (card or PayPal through the processor) | wallet | bank (recorded by an operator) */
    destination: text('destination').notNull(),
    /** pending → succeeded | failed (the worker retries pending ones with back-off) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: another instance skips the row until this passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** A bank transfer's reference, as the operator recorded it. */
    reference: text('reference'),
    /** system | merchant | operator */
    actorRole: text('actor_role').notNull(),
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_group_idx').on(t.groupId),
    index('refunds_store_order_idx').on(t.storeOrderId),
    index('refunds_order_line_idx').on(t.orderLineId),
    index('refunds_due_idx').on(t.status, t.nextAttemptAt),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check(
      'refunds_units_check',
      sql`${t.units} is null or (${t.units} > 0 and ${t.orderLineId} is not null)`,
    ),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_destination_check', sql`${t.destination} in ('original_payment', 'wallet', 'bank')`),
  ],
);

/** A member's phone or browser that asked for Web Push notifications of new orders (issue 17), or a shopper's (decision 073). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /**
     * Which app's service worker holds it (decision 073): 'staff' (the store app, new-order pushes to the
     * stores' members) or 'shopper' (the shop, the remitter's own orders: a substitute to decide, delivered).
     */
    audience: text('audience').notNull().default('staff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_audience_check', sql`${t.audience} in ('staff', 'shopper')`),
  ],
);

/**
 * Web Push messages waiting to leave (the outbox pattern of e-mail): written in the transaction that makes
 * an order reach a store, sent by a worker with retries; a subscription the push service says is gone (404,
 * 410) is deleted with its messages.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** { title, body, url } as the service worker shows it. */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('push_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Keys the server makes once and keeps (the VAPID key pair when the environment gives none): in the
 * database, so every instance signs with the same key.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
