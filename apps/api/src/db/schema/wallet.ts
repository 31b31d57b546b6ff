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

/**
 * The credit ledger (decision 021): append-only, signed USD amounts. users.credit is its running balance,
 * changed in the same transaction as each entry by a conditional update that never lets it go below 0.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    groupId: integer('group_id'),
    note: text('note').notNull().default(''),
    /** The operator who made an `adjustment` (issue 19: new entries with a reason, never edits). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The Idempotency-Key of an operator's adjustment: a double click, or a retry after a lost answer, finds
     * the entry already written instead of moving the balance twice. Null for every other entry.
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('wallet_entries_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check(
      'wallet_entries_kind_check',
      sql`${t.kind} in ('spent', 'refunded', 'earned', 'reversed', 'adjustment')`,
    ),
    check('wallet_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);
