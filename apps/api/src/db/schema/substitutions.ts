import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { type LineSubstitute, orderGroups, orderLines, storeOrders } from './orders.ts';

/**
 * A substitute the store proposed for a line it cannot supply, as a question to the remitter (issue 29,
 * decision 062): answered once, by the remitter (signed link or 'Mis Compras') or by the wait-time job
 * applying the line's recorded preference at `deadline_at`. At most one open question per line.
 */
export const substitutionQuestions = pgTable(
  'substitution_questions',
  {
    id: serial('id').primaryKey(),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    storeOrderId: integer('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => orderGroups.id, { onDelete: 'cascade' }),
    /** How many of the line the store has; the substitute is for (some of) the rest. */
    availableQuantity: integer('available_quantity').notNull(),
    /** The product offered, priced when proposed (never dearer per unit than the line). */
    substitute: jsonb('substitute').$type<LineSubstitute>().notNull(),
    /** pending | answered | lapsed (packages/shared substitution.schemas: SUBSTITUTION_TRANSITIONS). */
    status: text('status').notNull().default('pending'),
    /** accept | refund_card | refund_credit | call, once answered. */
    answer: text('answer'),
    /** remitter | wait_time */
    answeredBy: text('answered_by'),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('substitution_questions_store_order_idx').on(t.storeOrderId),
    index('substitution_questions_due_idx').on(t.deadlineAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('substitution_questions_open_line_idx').on(t.orderLineId).where(sql`${t.status} = 'pending'`),
    check('substitution_questions_status_check', sql`${t.status} in ('pending', 'answered', 'lapsed')`),
    check(
      'substitution_questions_answer_check',
      sql`(${t.status} = 'answered') = (${t.answer} is not null and ${t.answeredBy} is not null)`,
    ),
  ],
);
