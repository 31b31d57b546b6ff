import { asc, eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { currencyRateOverrides } from '../../db/schema/back-office.ts';
import { currencies, currencyRates } from '../../db/schema/currencies.ts';

export interface CurrencyWithRateRow {
  code: string;
  currency: string;
  symbol: string;
  symbolNative: string;
  name: string;
  namePlural: string;
  decimalDigits: number;
  rounding: string;
  cc: string;
  /** The rate in force: an operator's override when there is one (issue 19), else the dated set's. */
  rate: string;
  rateDate: string;
}

const latestRateDate = sql`(select max(${currencyRates.rateDate}) from ${currencyRates})`;

/** Every currency that has a rate in the newest stored rate set. */
export async function listCurrenciesWithLatestRates(db: Database): Promise<CurrencyWithRateRow[]> {
  return db
    .select({
      code: currencies.code,
      currency: currencies.currency,
      symbol: currencies.symbol,
      symbolNative: currencies.symbolNative,
      name: currencies.name,
      namePlural: currencies.namePlural,
      decimalDigits: currencies.decimalDigits,
      rounding: currencies.rounding,
      cc: currencies.cc,
      rate: sql<string>`coalesce(${currencyRateOverrides.rate}, ${currencyRates.rate})`,
      rateDate: currencyRates.rateDate,
    })
    .from(currencies)
    .innerJoin(currencyRates, eq(currencyRates.code, currencies.code))
    .leftJoin(currencyRateOverrides, eq(currencyRateOverrides.code, currencies.code))
    .where(sql`${currencyRates.rateDate} = ${latestRateDate}`)
    .orderBy(asc(currencies.sortIndex), asc(currencies.code));
}

export interface AdminCurrencyRow {
  code: string;
  name: string;
  rate: string;
  rateDate: string;
  overrideRate: string | null;
  overrideSetAt: Date | null;
  overrideSetBy: string | null;
}

/** The back office's view: the dated rate and the override side by side, with who set it (one query). */
export async function listCurrenciesForAdmin(db: Database): Promise<AdminCurrencyRow[]> {
  return db
    .select({
      code: currencies.code,
      name: currencies.name,
      rate: currencyRates.rate,
      rateDate: currencyRates.rateDate,
      overrideRate: currencyRateOverrides.rate,
      overrideSetAt: currencyRateOverrides.setAt,
      overrideSetBy: users.email,
    })
    .from(currencies)
    .innerJoin(currencyRates, eq(currencyRates.code, currencies.code))
    .leftJoin(currencyRateOverrides, eq(currencyRateOverrides.code, currencies.code))
    .leftJoin(users, eq(users.id, currencyRateOverrides.setBy))
    .where(sql`${currencyRates.rateDate} = ${latestRateDate}`)
    .orderBy(asc(currencies.sortIndex), asc(currencies.code));
}

/** The override of `code`, locked for the change (null when there is none). */
export async function lockRateOverride(tx: DatabaseOrTransaction, code: string): Promise<string | null> {
  const [row] = await tx
    .select({ rate: currencyRateOverrides.rate })
    .from(currencyRateOverrides)
    .where(eq(currencyRateOverrides.code, code))
    .for('update');
  return row?.rate ?? null;
}

/** The newest dated rate of a currency (units per 1 USD), or null when it has none. */
export async function latestDatedRate(db: DatabaseOrTransaction, code: string): Promise<string | null> {
  const [row] = await db
    .select({ rate: currencyRates.rate })
    .from(currencyRates)
    .where(eq(currencyRates.code, code))
    .orderBy(sql`${currencyRates.rateDate} desc`)
    .limit(1);
  return row?.rate ?? null;
}

export async function currencyExists(db: DatabaseOrTransaction, code: string): Promise<boolean> {
  const [row] = await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, code));
  return row !== undefined;
}

export async function upsertRateOverride(
  tx: DatabaseOrTransaction,
  values: { code: string; rate: string; setBy: number; setAt: Date },
): Promise<void> {
  await tx
    .insert(currencyRateOverrides)
    .values(values)
    .onConflictDoUpdate({
      target: currencyRateOverrides.code,
      set: { rate: values.rate, setBy: values.setBy, setAt: values.setAt },
    });
}

export async function deleteRateOverride(tx: DatabaseOrTransaction, code: string): Promise<void> {
  await tx.delete(currencyRateOverrides).where(eq(currencyRateOverrides.code, code));
}
