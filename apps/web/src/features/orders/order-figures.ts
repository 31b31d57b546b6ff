import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { convertMinor, formatAmount, parseMoney } from '@mandado/shared/money';
import type { DisplayCurrency } from '../../lib/display-money.ts';

/**
 * The order page's amounts in the shopper's display currency, built so that what is shown adds up: a line is
 * quantity × unit price in its own currency converted (exact when the product is sold in the display
 * currency, so "1 × $U 279,00" is never "$U 279,04"); a store's subtotal is the sum of its shown lines, its
 * total the sum of its shown parts; the summary is the sum of the shown stores. In dollars the API's charged
 * amounts are used as they are (they add up to the cent by construction, decision 021). The exact dollar
 * charge is quoted beside the order's total only.
 */

export interface LineFigures {
  /** "2 × $U 45,00": the unit price in the product's own currency. */
  unitText: string;
  total: number;
}

export interface StoreFigures {
  lines: LineFigures[];
  subtotal: number;
  discount: number;
  shipping: number;
  credit: number;
  total: number;
}

export interface OrderFigures {
  /** The symbol the minor amounts below are in ("$U", "US$"). */
  symbol: string;
  stores: StoreFigures[];
  subtotal: number;
  discount: number;
  shipping: number;
  credit: number;
  total: number;
  /** The charge, exactly as the payment records it: "US$ 22,84". */
  chargeText: string;
  /** False when the figures are in dollars (nothing to quote beside the total). */
  converted: boolean;
}

const OWN_SYMBOLS: Readonly<Record<string, string>> = { USD: 'US$', UYU: '$U' };

/** A currency's symbol where the display currency's list is not at hand (a line's own currency). */
export function currencySymbol(code: string): string {
  return OWN_SYMBOLS[code] ?? code;
}

export function usdText(decimal: string): string {
  return formatAmount(parseMoney(decimal), 'US$');
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function inDollars(order: OrderGroup): OrderFigures {
  const stores = order.stores.map((store) => ({
    lines: store.lines.map((line) => ({
      unitText: formatAmount(parseMoney(line.unit_price), currencySymbol(line.currency)),
      total: parseMoney(line.total),
    })),
    subtotal: parseMoney(store.subtotal),
    discount: parseMoney(store.discount),
    shipping: parseMoney(store.shipping),
    credit: parseMoney(store.credit),
    total: parseMoney(store.total),
  }));
  return {
    symbol: 'US$',
    stores,
    subtotal: parseMoney(order.subtotal),
    discount: parseMoney(order.discount),
    shipping: parseMoney(order.shipping),
    credit: parseMoney(order.credit),
    total: parseMoney(order.total),
    chargeText: usdText(order.total),
    converted: false,
  };
}

/** The order's figures in `display`; in dollars when the display is dollars or a rate is missing. */
export function orderFigures(order: OrderGroup, display: DisplayCurrency): OrderFigures {
  if (display.code === 'USD') return inDollars(order);
  const convert = (minor: number, from: string): number | null =>
    convertMinor(minor, from, display.code, display.rates);
  const stores: StoreFigures[] = [];
  for (const store of order.stores) {
    const lines: LineFigures[] = [];
    for (const line of store.lines) {
      const total = convert(parseMoney(line.unit_price) * line.quantity, line.currency);
      if (total === null) return inDollars(order);
      lines.push({
        unitText: formatAmount(parseMoney(line.unit_price), currencySymbol(line.currency)),
        total,
      });
    }
    const discount = convert(parseMoney(store.discount), 'USD');
    const shipping = convert(parseMoney(store.shipping), 'USD');
    const credit = convert(parseMoney(store.credit), 'USD');
    if (discount === null || shipping === null || credit === null) return inDollars(order);
    const subtotal = sum(lines.map((line) => line.total));
    stores.push({
      lines,
      subtotal,
      discount,
      shipping,
      credit,
      total: subtotal - discount + shipping - credit,
    });
  }
  return {
    symbol: display.symbol,
    stores,
    subtotal: sum(stores.map((store) => store.subtotal)),
    discount: sum(stores.map((store) => store.discount)),
    shipping: sum(stores.map((store) => store.shipping)),
    credit: sum(stores.map((store) => store.credit)),
    total: sum(stores.map((store) => store.total)),
    chargeText: usdText(order.total),
    converted: true,
  };
}
