import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outgoing e-mail, written in the same transaction as the change that causes it and delivered by a worker.
 * `pending` until sent over SMTP (`sent`) or, without SMTP, logged (`captured`); failures back off and retry.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: another instance skips the row until this passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The order group an e-mail is about (issue 19): its timeline in the back office lists it, and an
     * operator can send it again. `kind` names the message ('order.confirmed', 'refund.succeeded', …).
     */
    groupId: integer('group_id'),
    kind: text('kind'),
    /** An answer from the support inbox goes out with Reply-To the writer's address. */
    replyTo: text('reply_to'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_group_idx').on(t.groupId),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'captured')`),
  ],
);
