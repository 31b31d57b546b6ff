import type { CurrencyList } from '@mandado/shared/currency.schemas';
import type { Database } from '../../db/database.ts';
import { listCurrenciesWithLatestRates } from './currencies.repository.ts';

/** Drops the trailing zeros numeric(18, 8) pads with: "40.15000000" → "40.15". */
function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate;
}

/**
 * The currency table with the newest stored rate set. Rates are read from the database, where an adapter
 * for a rates service would write them; with none configured, the seeded set is the one in force. An
 * operator's manual rate (issue 19) replaces a currency's dated rate until it is removed.
 */
export async function getCurrencies(db: Database): Promise<CurrencyList> {
  const rows = await listCurrenciesWithLatestRates(db);
  return {
    results: rows.map((row) => ({
      code: row.code,
      currency: row.currency,
      symbol: row.symbol,
      symbol_native: row.symbolNative,
      name: row.name,
      name_plural: row.namePlural,
      decimal_digits: row.decimalDigits,
      rounding: Number(row.rounding),
      cc: row.cc,
      val: trimRate(row.rate),
    })),
    rates: {
      base: 'USD',
      date: rows[0]?.rateDate ?? '',
      rates: Object.fromEntries(rows.map((row) => [row.code, trimRate(row.rate)])),
    },
  };
}
