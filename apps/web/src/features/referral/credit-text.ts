import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { type DisplayCurrency, formatPrice } from '@mandado/web-kit/display-money.ts';

/**
 * The user's credit (a USD decimal) as the menus, the phone bar and the popup show it: "US$ 5,00" in dollars
 * (the wallet's record, decision 025), else converted to the display currency ("$U 215,00"). Light on
 * purpose: the menus are in every page's first load.
 */
export function creditText(credit: string, display: DisplayCurrency): string {
  if (display.code === 'USD') return usdText(parseMoney(credit));
  return formatPrice(credit, 'USD', display);
}

export function hasCredit(credit: string): boolean {
  return parseMoney(credit) > 0;
}
