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

/** Registered people. Only remitters register through the app (spec §3); the check leaves room for merchants. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Public id of the account (the spec's user_account_id); the serial id never leaves the server. */
    accountId: text('account_id').notNull(),
    type: text('type').notNull().default('remitter'),
    /** Trimmed and lowercased before it is stored, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164, e.g. +59891234567. */
    phoneE164: text('phone_e164').notNull(),
    /** International format as the shopper saw it, e.g. +598 91 234 567. */
    phoneFormatted: text('phone_formatted').notNull(),
    /**
     * When the phone last changed country (null: never since registration). Transfers and deposits are
     * offered by the phone's country, so a fresh change waits some days before it unlocks them (decision 031).
     */
    phoneCountryChangedAt: timestamp('phone_country_changed_at', { withTimezone: true }),
    /** Unguessable token carried by invitation links. */
    referralToken: text('referral_token').notNull(),
    referredByUserId: integer('referred_by_user_id'),
    credit: numeric('credit', { precision: 12, scale: 2 }).notNull().default('0.00'),
    coupon: text('coupon'),
    /**
     * Set by an operator (issue 19): a locked account cannot log in and its sessions were ended in the same
     * transaction. `lockedReason` is shown to staff only.
     */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedReason: text('locked_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_account_id_key').on(t.accountId),
    uniqueIndex('users_referral_token_key').on(t.referralToken),
    check('users_type_check', sql`${t.type} in ('remitter', 'merchant')`),
    check('users_email_lowercase_check', sql`${t.email} = lower(btrim(${t.email}))`),
    // The wallet's running balance (decision 021): a debit that would overdraw it fails.
    check('users_credit_check', sql`${t.credit} >= 0`),
  ],
);

/**
 * Server-side sessions (decision 007). The cookie holds a random 256-bit token; only its SHA-256 is stored,
 * so a leaked table does not log anybody in.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Sent back as X-CSRFToken on every state change; useless without the session cookie. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use password-reset tokens; only the hash is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);
