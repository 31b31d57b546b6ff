import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * WhatsApp and SMS about an order (issue 29, decision 063), written in the transaction of the change that
 * causes it and sent by the messages job. The channel is chosen when it leaves (WhatsApp, SMS, or only the
 * log without a provider); the provider's signed callbacks move it on (delivered, read, failed).
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: serial('id').primaryKey(),
    /** The order group and store order it is about: the back office's timeline lists it. */
    groupId: integer('group_id').notNull(),
    storeOrderId: integer('store_order_id'),
    /** order_coming, courier_arrived, attempt_failed, substitution_question, delivered, refund. */
    kind: text('kind').notNull(),
    /** beneficiary | remitter */
    audience: text('audience').notNull(),
    /** E.164 (+59891234567). */
    toPhone: text('to_phone').notNull(),
    /** The text's parts (names, numbers, the link's path), rendered when it leaves. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** whatsapp | sms | log, once chosen by the job; null while it waits. */
    channel: text('channel'),
    status: text('status').notNull().default('pending'),
    /** 'quiet_hours' while a pending message waits for 08:00 in Montevideo. */
    deferredReason: text('deferred_reason'),
    /** The provider's id (WhatsApp's wamid…, Twilio's SM…): its callbacks name the message by it. */
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When its status last moved (sent, delivered, read, failed). */
    statusAt: timestamp('status_at', { withTimezone: true }),
  },
  (t) => [
    index('message_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('message_outbox_group_idx').on(t.groupId),
    uniqueIndex('message_outbox_provider_id_key').on(t.providerMessageId),
    check(
      'message_outbox_status_check',
      sql`${t.status} in ('pending', 'sent', 'captured', 'delivered', 'read', 'failed', 'opted_out')`,
    ),
    check('message_outbox_audience_check', sql`${t.audience} in ('beneficiary', 'remitter')`),
    check(
      'message_outbox_channel_check',
      sql`${t.channel} is null or ${t.channel} in ('whatsapp', 'sms', 'log')`,
    ),
  ],
);

/** A number that answered BAJA/STOP on a channel: nothing more is sent to it there until it answers ALTA. */
export const messageOptOuts = pgTable(
  'message_opt_outs',
  {
    phone: text('phone').notNull(),
    channel: text('channel').notNull(),
    /** The reply as it came ('baja', 'Stop'). */
    reply: text('reply').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.channel] })],
);
