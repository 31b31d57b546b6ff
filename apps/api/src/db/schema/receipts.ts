import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { storeOrders } from './orders.ts';

/** A claimed line as kept: the order line, its name then, and how many units are missing. */
export interface ClaimedLine {
  lineId: number;
  name: string;
  quantity: number;
}

/**
 * The family's answer for a delivered store order (issue 29, decision 064): one row per store order, written
 * once ('Recibí todo' → received, 'Falta algo' → claimed); an operator's refund moves a claim to resolved.
 * No row means no answer: after 48 hours from delivery that counts as received, computed, not written.
 */
export const storeOrderReceipts = pgTable(
  'store_order_receipts',
  {
    id: serial('id').primaryKey(),
    storeOrderId: integer('store_order_id')
      .notNull()
      .unique()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    /** received | claimed | resolved (packages/shared/src/receipt.ts's transition table) */
    status: text('status').notNull(),
    missing: jsonb('missing').$type<ClaimedLine[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    /**
     * The claim's optional photo (`claims/<storeOrderId>/<uuid>.webp` in the media storage); the retention
     * sweep sets it back to null when it deletes the file, like the courier's proof (decision 072).
     */
    photoMediaKey: text('photo_media_key'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('store_order_receipts_open_idx').on(t.status, t.answeredAt),
    check('store_order_receipts_status_check', sql`${t.status} in ('received', 'claimed', 'resolved')`),
  ],
);

/** Every move of a receipt: from, to, who (family, system, operator), when (append-only). */
export const storeOrderReceiptHistory = pgTable(
  'store_order_receipt_history',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => storeOrderReceipts.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actorRole: text('actor_role').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_order_receipt_history_receipt_idx').on(t.receiptId)],
);
