import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
