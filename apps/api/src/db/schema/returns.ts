import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stores } from './catalog.ts';
import { orderGroups, orderLines, storeOrders } from './orders.ts';

/**
 * Returns (issue 32 item 1, decision 076): the remitter ('Mis Compras') or the family (tracking link) asks to
 * return lines of a delivered store order within 5 business days (Ley 17.250 art. 16). The store accepts or
 * refuses with a reason, an operator may overrule a refusal; a courier collects the goods with the link
 * `courier_token` and the pickup code the family gives; the store confirms it received them and the refund
 * goes out. Status moves by compare-and-set (return-status.ts), each one in return_request_history.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => orderGroups.id, { onDelete: 'cascade' }),
    storeOrderId: integer('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('requested'),
    /** remitter | family */
    requestedBy: text('requested_by').notNull(),
    /** The signed-in remitter who asked; null when the family asked from the tracking link. */
    requesterUserId: integer('requester_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** The optional photo's media key (checked by content like the courier's proof photo). */
    photoKey: text('photo_key'),
    /** card | credit, as the requester chose. */
    refundTo: text('refund_to').notNull(),
    refusalReason: text('refusal_reason'),
    overruleReason: text('overrule_reason'),
    /** The end of the withdrawal period, as computed when asked (what the screens show). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** The reverse pickup's courier link (`/entrega/devolucion/<token>`, 32 random bytes), made on acceptance. */
    courierToken: text('courier_token'),
    /** Wrong pickup codes typed in a row; at 5 the link locks. */
    codeFailures: integer('code_failures').notNull().default(0),
    courierLockedAt: timestamp('courier_locked_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** USD given back when received (the refunds' sum, each capped per line). */
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('return_requests_courier_token_key').on(t.courierToken),
    index('return_requests_group_idx').on(t.groupId),
    index('return_requests_store_status_idx').on(t.storeId, t.status, t.createdAt),
    index('return_requests_status_created_idx').on(t.status, t.createdAt),
    check(
      'return_requests_status_check',
      sql`${t.status} in ('requested', 'accepted', 'refused', 'cancelled', 'picked_up', 'received')`,
    ),
    check('return_requests_requested_by_check', sql`${t.requestedBy} in ('remitter', 'family')`),
    check('return_requests_refund_to_check', sql`${t.refundTo} in ('card', 'credit')`),
  ],
);

/** The lines a return takes back, and how many units of each. */
export const returnRequestLines = pgTable(
  'return_request_lines',
  {
    id: serial('id').primaryKey(),
    returnRequestId: integer('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('return_request_lines_request_line_key').on(t.returnRequestId, t.orderLineId),
    index('return_request_lines_order_line_idx').on(t.orderLineId),
    check('return_request_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Every status change of a return: who, when, why (append-only). */
export const returnRequestHistory = pgTable(
  'return_request_history',
  {
    id: serial('id').primaryKey(),
    returnRequestId: integer('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** requester | merchant | operator | courier */
    actorRole: text('actor_role').notNull(),
    actorUserId: integer('actor_user_id'),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_request_history_request_idx').on(t.returnRequestId, t.createdAt)],
);
