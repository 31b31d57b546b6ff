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
