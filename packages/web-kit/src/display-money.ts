import { parseMoney, type Rates } from '@mandado/shared/money';
import { moneyText, shownIn, type TextCurrency } from '@mandado/shared/money-text';

/** What every price needs to be shown in the shopper's currency (a `TextCurrency` for money-text). */
export interface DisplayCurrency extends TextCurrency {
  code: string;
  symbol: string;
  /** The currency list's decimal digits (0 for CLP); money-text shows whole units when 0. */
  decimals: number;
  rates: Rates;
  /** False until the currency list has loaded (or failed); prices then render as placeholders. */
  ready: boolean;
}

/** Spec §4 step 5: without a currency list the app shows USD at rate 1. */
export const FALLBACK_DISPLAY_CURRENCY: DisplayCurrency = {
  code: 'USD',
  symbol: 'US$',
  decimals: 2,
  rates: { USD: '1' },
  ready: false,
};

/** Converts minor units to the display currency and writes them; the source currency when a rate is missing. */
export function formatMinorIn(minor: number, from: string, display: DisplayCurrency): string {
  const shown = shownIn(minor, from, display, display.rates);
  return shown === null ? moneyText(minor, { code: from }) : moneyText(shown, display);
}

/** A decimal amount from the API ("79.00" in UYU) as display text in the chosen currency. */
export function formatPrice(decimal: string, from: string, display: DisplayCurrency): string {
  return formatMinorIn(parseMoney(decimal), from, display);
}
