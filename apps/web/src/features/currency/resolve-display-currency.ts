import { currencyForCountry } from '@mandado/shared/country-currency';
import type { CurrencyList } from '@mandado/shared/currency.schemas';
import { currencySymbol } from '@mandado/shared/money-text';
import { type DisplayCurrency, FALLBACK_DISPLAY_CURRENCY } from '@mandado/web-kit/display-money.ts';

interface ResolveInput {
  list: CurrencyList | undefined;
  listFailed: boolean;
  /** The shopper's own pick (persisted), if any. */
  chosenCode: string | null;
  countryCode: string | null;
  /** False while the country is still unknown and the shopper has not picked a currency. */
  countryKnown: boolean;
}

/**
 * Spec §4 step 5 and §9: the shopper's pick wins; otherwise the currency derives from the country; without a
 * currency list it is USD at rate 1. Until we know enough, `ready` stays false so prices do not flicker.
 */
export function resolveDisplayCurrency({
  list,
  listFailed,
  chosenCode,
  countryCode,
  countryKnown,
}: ResolveInput): DisplayCurrency {
  if (!list) return { ...FALLBACK_DISPLAY_CURRENCY, ready: listFailed };
  const codes = list.results.map((currency) => currency.code);
  const code =
    chosenCode && codes.includes(chosenCode) ? chosenCode : currencyForCountry(countryCode ?? 'UY', codes);
  const currency = list.results.find((item) => item.code === code);
  if (!currency) return { ...FALLBACK_DISPLAY_CURRENCY, ready: true };
  return {
    code,
    // The list says '$' for USD; the site writes 'US$' (decision 034).
    symbol: currencySymbol({ code, symbol: currency.symbol }),
    decimals: currency.decimal_digits,
    rates: list.rates.rates,
    ready: countryKnown || (chosenCode !== null && codes.includes(chosenCode)),
  };
}
