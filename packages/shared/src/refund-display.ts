import { type LineRefundState, unitsRefundMinor } from './line-refunds.ts';
import { convertMinor } from './money.ts';
import { currencySymbol, moneyText, numberText, type TextCurrency, usdText } from './money-text.ts';

/**
 * A refund in the currency the remitter paid in (issue 31). The charge and every ledger stay in US$ minor
 * units, decided to the cent (decisions 040, 050); what the remitter is told is the same refund in the
 * order's display currency, at the rate the order was priced with. A refund that gives back everything
 * left of a line (or of a store order) shows everything left of what the remitter saw for it, so the
 * refund of a '$U 238,00' line reads '$U 238,00' and never a round trip through dollars ('$U 237,69');
 * units share the shown total out with the same rule as the dollars (`unitsRefundMinor`); any other amount
 * is converted at the order's rate, half up, never above what is left.
 */

/** What is left of the thing refunded (a line, a store order), in dollars and as the remitter saw it. */
export interface LeftToRefund {
  usdMinor: number;
  displayMinor: number;
}

export interface DisplayRefundInput {
  /** The refund as decided, US$ minor units. */
  amountMinor: number;
  /** The order's display currency ('UYU') and its units per 1 US$ when the order was priced ('40.15'). */
  currency: string;
  rate: string;
  /** What was left before this refund; null when it is not known in the display currency. */
  left: LeftToRefund | null;
  /** A refund by units: the line in dollars and in the display currency, and the units given back. */
  units: { usd: LineRefundState; display: LineRefundState; units: number } | null;
}

/** The refund in the display currency, minor units. */
export function displayRefundMinor(input: DisplayRefundInput): number {
  const { amountMinor, left, units } = input;
  if (units && amountMinor === unitsRefundMinor(units.usd, units.units)) {
    return unitsRefundMinor(units.display, units.units);
  }
  if (left && amountMinor === left.usdMinor) return left.displayMinor;
  const converted = convertMinor(amountMinor, 'USD', input.currency, { [input.currency]: input.rate }) ?? 0;
  return Math.max(0, left ? Math.min(converted, left.displayMinor) : converted);
}

/** '1 US$ = 40,15 $U': the rate a refund or a statement was shown at. */
export function rateTextOf(currency: TextCurrency, rate: string): string | null {
  if (currency.code === 'USD') return null;
  const oneDollar = convertMinor(100, 'USD', currency.code, { [currency.code]: rate });
  return oneDollar === null ? null : `1 US$ = ${numberText(oneDollar, 2)} ${currencySymbol(currency)}`;
}

/** A refund as the remitter reads it: '$U 238,00', or 'US$ 5,93' for dollars or an older refund. */
export interface ShownRefund {
  /** The amount in the currency the remitter paid in. */
  text: string;
  /** What the card or the credit moved, when it differs from `text`: 'US$ 5,93'. */
  chargeText: string | null;
  /** The rate of the payment: '1 US$ = 40,15 $U'; null for dollars. */
  rateText: string | null;
}

/** The refund's texts from its stored figures (US$ amount; display amount, currency and rate if any). */
export function shownRefund(refund: {
  amountMinor: number;
  displayMinor: number | null;
  currency: string | null;
  rate: string | null;
}): ShownRefund {
  const usd = usdText(refund.amountMinor);
  if (refund.displayMinor === null || !refund.currency || refund.currency === 'USD' || !refund.rate) {
    return { text: usd, chargeText: null, rateText: null };
  }
  const currency = { code: refund.currency };
  return {
    text: moneyText(refund.displayMinor, currency),
    chargeText: usd,
    rateText: rateTextOf(currency, refund.rate),
  };
}

/** One sentence for e-mails and messages: '$U 238,00 (US$ 5,93 al cambio del pago, 1 US$ = 40,15 $U)'. */
export function shownRefundText(shown: ShownRefund): string {
  if (!shown.chargeText) return shown.text;
  return `${shown.text} (${shown.chargeText}${shown.rateText ? ` al cambio del pago, ${shown.rateText}` : ''})`;
}
