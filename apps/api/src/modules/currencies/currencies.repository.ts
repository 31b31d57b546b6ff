import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
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
      rate: currencyRates.rate,
      rateDate: currencyRates.rateDate,
    })
    .from(currencies)
    .innerJoin(currencyRates, eq(currencyRates.code, currencies.code))
    .where(sql`${currencyRates.rateDate} = ${latestRateDate}`)
    .orderBy(asc(currencies.sortIndex), asc(currencies.code));
}
