import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Full-text vector maintained by the database (see the search migration). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** Uruguay's 19 departments; `id` is the reference data's id_estado (1–19). */
export const departments = pgTable('departments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    /** Whether we deliver there; only served cities are offered in the city selector. */
    served: boolean('served').notNull().default(false),
  },
  (t) => [uniqueIndex('cities_department_name_key').on(t.departmentId, t.name)],
);

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    logo: text('logo').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    zipCode: text('zip_code').notNull(),
    rif: text('rif').notNull(),
    merchantId: integer('merchant_id'),
    sortIndex: integer('sort_index').notNull().default(0),
    latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stores_name_key').on(t.name),
    check(
      'stores_kind_check',
      sql`${t.kind} in ('store', 'pharmacy', 'meat_shop', 'greengrocer_shop', 'clothing_shop', 'toy_store', 'optical_shop')`,
    ),
    check('stores_status_check', sql`${t.status} in ('approved', 'pending', 'rejected')`),
  ],
);

/** The cities a store delivers to (spec §3: a store has a list of cities). */
export const storeCities = pgTable(
  'store_cities',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.cityId] }), index('store_cities_city_idx').on(t.cityId)],
);

/** Categories belong to a store; several stores may share a category name. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_store_name_key').on(t.storeId, t.name)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    discount: boolean('discount').notNull().default(false),
    merchantDiscountedPrice: numeric('merchant_discounted_price', { precision: 12, scale: 2 }),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    popularity: integer('popularity').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_store_name_key').on(t.storeId, t.name),
    index('products_category_idx').on(t.categoryId),
    index('products_search_idx').using('gin', t.searchVector),
    check('products_price_check', sql`${t.price} >= 0`),
    check(
      'products_discount_check',
      sql`not ${t.discount} or (${t.merchantDiscountedPrice} is not null and ${t.merchantDiscountedPrice} < ${t.price})`,
    ),
  ],
);

/** Unaccented lowercase words of product names: the vocabulary that search corrects typos against. */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  currency: text('currency').notNull(),
  symbol: text('symbol').notNull(),
  symbolNative: text('symbol_native').notNull(),
  name: text('name').notNull(),
  namePlural: text('name_plural').notNull(),
  decimalDigits: integer('decimal_digits').notNull(),
  rounding: numeric('rounding', { precision: 6, scale: 2 }).notNull().default('0'),
  cc: text('cc').notNull(),
  sortIndex: integer('sort_index').notNull().default(0),
});

/** Dated rate sets: units of each currency per 1 USD. The newest date is the one in force. */
export const currencyRates = pgTable(
  'currency_rates',
  {
    rateDate: date('rate_date').notNull(),
    code: text('code')
      .notNull()
      .references(() => currencies.code),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rateDate, t.code] }),
    check('currency_rates_rate_check', sql`${t.rate} > 0`),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const cityRequests = pgTable('city_requests', {
  id: serial('id').primaryKey(),
  city: text('city').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files we serve ourselves under /media (product images and store logos). */
export const mediaFiles = pgTable('media_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window request counters, shared by every API instance (see plugins/rate-limit.ts). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

/**
 * One row whose revision triggers bump on every write to the catalog tables (migration 0005), so any
 * instance can tell in one cheap read whether what it has cached is still current.
 */
export const catalogRevision = pgTable(
  'catalog_revision',
  {
    id: boolean('id').primaryKey().default(true),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_revision_single_row', sql`${t.id}`)],
);

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
    /** Unguessable token carried by invitation links. */
    referralToken: text('referral_token').notNull(),
    referredByUserId: integer('referred_by_user_id'),
    credit: numeric('credit', { precision: 12, scale: 2 }).notNull().default('0.00'),
    coupon: text('coupon'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_account_id_key').on(t.accountId),
    uniqueIndex('users_referral_token_key').on(t.referralToken),
    check('users_type_check', sql`${t.type} in ('remitter', 'merchant')`),
    check('users_email_lowercase_check', sql`${t.email} = lower(btrim(${t.email}))`),
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
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'captured')`),
  ],
);

/** One server cart per user (spec §3 Cart: a city and product lines). */
export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cityId: integer('city_id').references(() => cities.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Lines keep the order in which they were first added. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_lines_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
);
