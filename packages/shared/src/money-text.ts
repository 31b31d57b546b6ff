import { convertMinor, type Rates } from './money.ts';

/**
 * The ONE place that turns an amount into Spanish text (decision 034), for the web and for every e-mail, so a
 * price reads the same on the order page and in the confirmation e-mail: es-UY style, dot thousands, comma
 * decimals, the symbol first ("US$ 10,98", "$U 1.234,50", "CL$ 4.790").
 *
 * Amounts are integer hundredths of the currency in code (money.ts), whatever the currency. A currency whose
 * minor unit is not in everyday use (CLP, COP, PYG, …) is shown in whole units; `shownMinor` rounds an amount
 * to what is shown, and every sum the screens show is a sum of shown amounts, so what is shown adds up.
 * Kept free of zod and Intl: it is in every page's first load and must read the same in Node and browsers.
 */

/** Symbols that must not be ambiguous: the dollar is always "US$" (a bare "$" reads as pesos in Uruguay). */
const FIXED_SYMBOLS: Readonly<Record<string, string>> = { USD: 'US$', UYU: '$U' };

/** Currencies whose cents are not used in prices (ISO lists some of them with 2 digits, e.g. COP). */
const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set([
  'CLP',
  'COP',
  'PYG',
  'ISK',
  'JPY',
  'KRW',
  'VND',
  'IDR',
  'HUF',
  'UGX',
  'XAF',
  'XOF',
]);

/** What a text needs to know of a currency; the symbol and digits come from the currency list when known. */
export interface TextCurrency {
  code: string;
  /** The list's symbol ("$U", "CL$"); ignored for USD and UYU, whose symbols are fixed. */
  symbol?: string;
  /** The list's decimal digits; the table above wins when it says the cents are not in use. */
  decimals?: number;
}

export const USD: TextCurrency = { code: 'USD' };

/** "US$" for USD whatever the list says, "$U" for UYU, else the list's symbol, else the code. */
export function currencySymbol(currency: TextCurrency): string {
  return FIXED_SYMBOLS[currency.code] ?? (currency.symbol?.trim() || currency.code);
}

/** 0 or 2: the decimals an amount of this currency is shown with. */
function shownDecimals(currency: TextCurrency): 0 | 2 {
  if (WHOLE_UNIT_CURRENCIES.has(currency.code) || currency.decimals === 0) return 0;
  return 2;
}

function assertInteger(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new Error(`Minor units must be a safe integer: ${minor}`);
}

/** The amount rounded (half away from zero) to what is shown: whole units for CLP, unchanged for USD. */
export function shownMinor(minor: number, currency: TextCurrency): number {
  assertInteger(minor);
  if (shownDecimals(currency) === 2) return minor;
  const whole = Math.round(Math.abs(minor) / 100) * 100;
  return minor < 0 && whole !== 0 ? -whole : whole;
}

/** "1.234,50", "1.235" (no symbol): the number as the site writes it. */
export function numberText(minor: number, decimals: 0 | 2): string {
  assertInteger(minor);
  const abs = Math.abs(decimals === 0 ? Math.round(Math.abs(minor) / 100) * 100 : minor);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const text = decimals === 0 ? whole : `${whole},${String(abs % 100).padStart(2, '0')}`;
  return minor < 0 && abs !== 0 ? `-${text}` : text;
}

/** "US$ 10,98", "$U 1.234,50", "CL$ 4.790", "-US$ 3,20". */
export function moneyText(minor: number, currency: TextCurrency): string {
  const text = numberText(minor, shownDecimals(currency));
  const negative = text.startsWith('-');
  return `${negative ? '-' : ''}${currencySymbol(currency)} ${negative ? text.slice(1) : text}`;
}

/**
 * A dollar amount: "US$ 10,98". `whole: 'short'` is for a figure inside a sentence ('Gana US$ 5 por cada
 * persona…', 'Envío gratis desde US$ 80'), where "5,00" reads as a price tag; cents still show ("US$ 2,99").
 */
export function usdText(minor: number, options?: { whole?: 'short' }): string {
  if (options?.whole === 'short') return `US$ ${shortNumberText(minor)}`;
  return moneyText(minor, USD);
}

/** A figure without its symbol, short when whole: "5", "5,50" (spec §2's headline 'Gana 5 por cada persona'). */
export function shortNumberText(minor: number): string {
  return numberText(minor, minor % 100 === 0 ? 0 : 2);
}

/** A discount or a credit, subtracted: "−US$ 1,50" (a true minus sign, as the order pages show it). */
export function minusText(minor: number, currency: TextCurrency): string {
  return `−${moneyText(Math.abs(minor), currency)}`;
}

/** An amount converted to `to` and rounded to what is shown (a shipping fee, a coupon share); null without a rate. */
export function shownIn(minor: number, from: string, to: TextCurrency, rates: Rates): number | null {
  const converted = convertMinor(minor, from, to.code, rates);
  return converted === null ? null : shownMinor(converted, to);
}

/**
 * A line's total as the shopper can check it: the shown unit price times the quantity ("2 × US$ 1,54" is
 * "US$ 3,08"), never the conversion of the native line total (which read "US$ 3,09"). Null without a rate.
 */
export function shownLineIn(
  unitMinor: number,
  quantity: number,
  from: string,
  to: TextCurrency,
  rates: Rates,
): number | null {
  const unit = shownIn(unitMinor, from, to, rates);
  return unit === null ? null : unit * quantity;
}

/**
 * The unit price of a charged line (USD minor units), which the server priced as the dollar unit × quantity
 * (decision 034); null for a line that does not divide (placed before that rule), shown then without a unit.
 */
export function unitOfLine(lineTotal: number, quantity: number): number | null {
  return quantity > 0 && lineTotal % quantity === 0 ? lineTotal / quantity : null;
}

/** A store block's money: its goods, shipping, coupon share and credit share (minor units of one currency). */
export interface BlockParts {
  goods: number;
  shipping: number;
  discount: number;
  credit: number;
}

/** What the block adds up to: goods + shipping − coupon − credit. A block's total is never taken elsewhere. */
export function blockTotal(parts: BlockParts): number {
  return parts.goods + parts.shipping - parts.discount - parts.credit;
}

/**
 * The texts of a store block, its total being the sum of the parts shown ("US$ 12,50 + US$ 2,99 − US$ 1,25 −
 * US$ 3,00 = US$ 11,24"), so every block of a page or an e-mail adds up and the blocks add up to the charge.
 */
export function blockTexts(
  parts: BlockParts,
  currency: TextCurrency,
): { goods: string; shipping: string; discount: string; credit: string; total: string } {
  return {
    goods: moneyText(parts.goods, currency),
    shipping: moneyText(parts.shipping, currency),
    discount: minusText(parts.discount, currency),
    credit: minusText(parts.credit, currency),
    total: moneyText(blockTotal(parts), currency),
  };
}

/**
 * "1 US$ = 40,15 $U": the rate a converted total used (issue 29), shown beside it from the cart onwards; null
 * for dollars or without a rate.
 */
export function rateText(currency: TextCurrency, rates: Rates): string | null {
  if (currency.code === 'USD') return null;
  const oneDollar = convertMinor(100, 'USD', currency.code, rates);
  return oneDollar === null ? null : `1 US$ = ${numberText(oneDollar, 2)} ${currencySymbol(currency)}`;
}
