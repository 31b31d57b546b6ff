import { convertMinor, formatAmount, parseMoney, type Rates } from '@mandado/shared/money';

/** What every price needs to be shown in the shopper's currency. */
export interface DisplayCurrency {
  code: string;
  symbol: string;
  rates: Rates;
  /** False until the currency list has loaded (or failed); prices then render as placeholders. */
  ready: boolean;
}

/** Spec §4 step 5: without a currency list the app shows USD at rate 1. */
export const FALLBACK_DISPLAY_CURRENCY: DisplayCurrency = {
  code: 'USD',
  symbol: '$',
  rates: { USD: '1' },
  ready: false,
};

/** Converts minor units to the display currency and formats them; shows the source currency when a rate is missing. */
export function formatMinorIn(minor: number, from: string, display: DisplayCurrency): string {
  const converted = convertMinor(minor, from, display.code, display.rates);
  return converted === null ? formatAmount(minor, from) : formatAmount(converted, display.symbol);
}

/** A decimal amount from the API ("79.00" in UYU) as display text in the chosen currency. */
export function formatPrice(decimal: string, from: string, display: DisplayCurrency): string {
  return formatMinorIn(parseMoney(decimal), from, display);
}
