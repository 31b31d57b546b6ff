import type { VatRate } from '@mandado/shared/iva';
import type { WeeklyHours } from '@mandado/shared/store-hours';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
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
    /**
     * Issue 18, the owner's availability: 'Pausar ahora' until a time it reopens by itself, and a scheduled
     * closure (holidays) with a note. Both are compared with the clock when read, so the store reopens on
     * time with no job running (packages/shared/src/store-availability.ts).
     */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    closedFrom: timestamp('closed_from', { withTimezone: true }),
    closedTo: timestamp('closed_to', { withTimezone: true }),
    closureNote: text('closure_note').notNull().default(''),
    /** Our commission in percent on what the store sells (issue 18), set by operators; orders freeze it. */
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('10.00'),
    /** The store's phone in E.164 (issue 18, its profile); '' until its owner sets one. */
    phone: text('phone').notNull().default(''),
    /**
     * Its hours per weekday on Montevideo's clock (decision 047), checked by the shared weeklyHoursSchema when
     * written; null is "no hours": always open, as every store was before.
     */
    openingHours: jsonb('opening_hours').$type<WeeklyHours>(),
    /**
     * Why an operator suspended the store (issue 19): a suspended store is hidden from the shop, while its open
     * orders stay workable in the inbox. '' when not suspended.
     */
    statusReason: text('status_reason').notNull().default(''),
    /**
     * Issue 31, set by the owner: a paid order moves to 'En preparación' by itself (the system, with a history
     * row saying so), and how many minutes the store takes to prepare one, promised to the shopper (null: no
     * promise).
     */
    autoAccept: boolean('auto_accept').notNull().default(false),
    preparationMinutes: integer('preparation_minutes'),
    /**
     * Issue 29, set by the owner (decision 073): how many minutes, counted within the store's hours, a
     * remitter has to answer a proposed substitute before the recorded preference applies.
     */
    substitutionWaitMinutes: integer('substitution_wait_minutes').notNull().default(20),
  },
  (t) => [
    uniqueIndex('stores_name_key').on(t.name),
    check(
      'stores_closure_check',
      sql`(${t.closedFrom} is null) = (${t.closedTo} is null) and (${t.closedTo} is null or ${t.closedTo} > ${t.closedFrom})`,
    ),
    check(
      'stores_kind_check',
      sql`${t.kind} in ('store', 'pharmacy', 'meat_shop', 'greengrocer_shop', 'clothing_shop', 'toy_store', 'optical_shop')`,
    ),
    check('stores_status_check', sql`${t.status} in ('approved', 'pending', 'rejected', 'suspended')`),
    check(
      'stores_preparation_minutes_check',
      sql`${t.preparationMinutes} is null or ${t.preparationMinutes} between 5 and 240`,
    ),
    check('stores_substitution_wait_minutes_check', sql`${t.substitutionWaitMinutes} between 5 and 120`),
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
    /**
     * The product's IVA (issue 32, decision 078): 'basic' 10 % (canasta básica, medicines), 'standard' 22 %,
     * 'exempt' 0 %; null = the store kind's default (packages/shared iva.ts). Frozen on each order line.
     */
    vatRate: text('vat_rate').$type<VatRate>(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    discount: boolean('discount').notNull().default(false),
    merchantDiscountedPrice: numeric('merchant_discounted_price', { precision: 12, scale: 2 }),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    popularity: integer('popularity').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    /**
     * Whether the product is on sale (issue 18). An owner switches it off instead of deleting the row, which
     * past orders point to; an inactive product is hidden from shoppers and refused by the cart and checkout.
     */
    active: boolean('active').notNull().default(true),
    /**
     * Whether it may be returned within 5 business days (issue 32, decision 076; Ley 17.250 art. 16 bis leaves
     * out perishables and sealed hygiene goods): a new product takes its store kind's default, the owner
     * changes it per product.
     */
    returnable: boolean('returnable').notNull().default(true),
    /**
     * Counts this row's stock changes (a trigger, migration 0013). Each row only ever
     * counts up, so the sum over a store's products moves with every committed stock change, in any commit
     * order, without a shared row for checkouts to queue on (decision 037).
     */
    stockVersion: bigint('stock_version', { mode: 'number' }).notNull().default(0),
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_vat_rate_check', sql`${t.vatRate} in ('basic', 'standard', 'exempt')`),
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

/**
 * Per store: bumped by triggers on every write to the store's products or categories other than a stock
 * change (decision 037), so a merchant's edit reloads that store's answers and its cities', not the whole
 * catalog. No foreign key: a store's deletion cascades to its products, whose trigger still counts here.
 */
export const storeCatalogRevisions = pgTable('store_catalog_revisions', {
  storeId: integer('store_id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});
