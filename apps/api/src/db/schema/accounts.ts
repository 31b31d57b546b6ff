import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
    /**
     * 'Eliminar mi cuenta' (issue 32): set when the person deleted the account. The row stays, under a
     * pseudonym, for the orders, payments and ledger that point at it; nothing in it names or reaches them.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
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
    /**
     * The password was right but the account's second factor is still owed (decision 053): such a session
     * acts for nobody and only completes the sign-in with a code, within a few minutes of the login.
     */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
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

/**
 * Failed logins of one account, whatever the address they come from (issue 27, decision 053). Each attempt
 * on a known account claims a slot here before the password is checked (so parallel guesses are counted
 * atomically) and a success deletes the row. From the 5th failure on a try waits a doubling back-off; the
 * 10th locks the account's logins for 15 minutes and e-mails its owner once.
 */
export const loginThrottles = pgTable('login_throttles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  /** Set by the failure that reaches the lock; a try before it is refused without checking the password. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * A staff member's TOTP second factor (RFC 6238, decision 053). `secret` (base32) is shown once, while the
 * enrollment is confirmed, and never sent again; `enabledAt` is null until a first code confirms it.
 * `lastUsedStep` is the 30-second step of the last code accepted: a code is good once.
 */
export const secondFactors = pgTable('second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes (10 per enrollment), only their SHA-256 kept; a used one keeps its `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/**
 * What an account agreed to, and to which version (issue 32, Ley 18.331 art. 9: consent is given before the
 * data is collected, informed, and documented). One row per acceptance; a new policy version asks again and adds
 * a row, so the history shows what each person agreed to and when. Kept after an account is deleted (under its
 * pseudonym) as the proof of a lawful collection.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'privacy_policy' | 'terms'. */
    kind: text('kind').notNull(),
    /** The document's version, its date ('2026-11-27'). */
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('consents_user_idx').on(table.userId)],
);
