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
 * One row per invited account (issue 11, decision 026): who invited whom, and where the reward stands.
 * - pending: registered through a link, waiting for a first order whose goods reach the minimum;
 * - applied: the welcome credit is on a placed order that is not paid yet (group_id);
 * - rewarded: that order was paid and the inviter's reward was written to the ledger.
 * A declined or expired order, or a whole order rejected after payment, takes it back to pending (the
 * ledger keeps the history). Self-referrals never get a row. Changes are compare-and-set on `status`.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    inviteeUserId: integer('invitee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** The order group carrying the welcome credit (applied, rewarded). */
    groupId: integer('group_id'),
    /** The welcome credit written on that order, and the inviter's reward once paid (USD). */
    inviteeReward: numeric('invitee_reward', { precision: 12, scale: 2 }),
    inviterReward: numeric('inviter_reward', { precision: 12, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_invitee_key').on(t.inviteeUserId),
    index('referrals_inviter_idx').on(t.inviterUserId),
    index('referrals_group_idx').on(t.groupId),
    check('referrals_status_check', sql`${t.status} in ('pending', 'applied', 'rewarded')`),
    check('referrals_not_self_check', sql`${t.inviteeUserId} <> ${t.inviterUserId}`),
  ],
);

/** Invitations sent by e-mail (spec §7 users/send/invitation): the throttle's memory and the back office's list. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As typed (trimmed, lowercase): where the e-mail went. */
    email: text('email').notNull(),
    /** canonicalEmail(email): one inbox under any alias, so "+1", "+2"… count as the same address. */
    canonicalEmail: text('canonical_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_inviter_created_idx').on(t.inviterUserId, t.createdAt),
    index('invitations_canonical_email_idx').on(t.canonicalEmail, t.createdAt),
  ],
);
