import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { parseMoney } from '@mandado/shared/money';
import { blockTotal, moneyText, shownIn, type TextCurrency, USD, usdText } from '@mandado/shared/money-text';
import { rateTextOf } from '@mandado/shared/refund-display';
import type { DisplayCurrency } from '../display-money.ts';

/**
 * The order page's amounts in the shopper's display currency, built so that what is shown adds up: a line is
 * the unit price converted and rounded as shown, times the quantity ("2 × US$ 1,54" is "US$ 3,08"; exact when
 * the product is sold in the display currency, so "1 × $U 279,00" is never "$U 279,04"); a store's subtotal is
 * the sum of its shown lines, its total the sum of its shown parts; the summary is the sum of the shown stores.
 * In dollars the API's charged amounts are used as they are (they add up to the cent by construction, decision
 * 021, and the server prices a line the same way, decision 034). The exact dollar charge is quoted beside the
 * order's total only.
 */

export interface LineFigures {
  /** "$U 45,00": the unit price, in the same currency as the line's total. */
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
  /** The currency the minor amounts below are in. */
  currency: TextCurrency;
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
  /**
   * Issue 31: '1 US$ = 40,15 $U' when the figures are at the rate the order was priced with (the page is in
   * the currency the remitter paid in and the order kept its rate); absent: today's rate, or dollars.
   */
  paymentRateText?: string;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function inDollars(order: OrderGroup): OrderFigures {
  const stores = order.stores.map((store) => ({
    lines: store.lines.map((line) => {
      const total = parseMoney(line.total);
      // The server priced the line as the dollar unit × quantity (decision 034); an old order may not divide.
      const unit = total % line.quantity === 0 ? total / line.quantity : null;
      return {
        unitText:
          unit === null
            ? moneyText(parseMoney(line.unit_price), { code: line.currency })
            : moneyText(unit, USD),
        total,
      };
    }),
    subtotal: parseMoney(store.subtotal),
    discount: parseMoney(store.discount),
    shipping: parseMoney(store.shipping),
    credit: parseMoney(store.credit),
    total: parseMoney(store.total),
  }));
  return {
    currency: USD,
    stores,
    subtotal: parseMoney(order.subtotal),
    discount: parseMoney(order.discount),
    shipping: parseMoney(order.shipping),
    credit: parseMoney(order.credit),
    total: parseMoney(order.total),
    chargeText: usdText(parseMoney(order.total)),
    converted: false,
  };
}

/** The order's figures in `display`; in dollars when the display is dollars or a rate is missing. */
export function orderFigures(order: OrderGroup, display: DisplayCurrency): OrderFigures {
  if (display.code === 'USD') return inDollars(order);
  // Issue 31: the page in the currency the order was paid in uses the rate of the payment, as its refunds do.
  const paymentRate =
    order.display_currency === display.code && order.display_rate ? order.display_rate : null;
  const rates = paymentRate === null ? display.rates : { ...display.rates, [display.code]: paymentRate };
  const convert = (minor: number, from: string): number | null => shownIn(minor, from, display, rates);
  const stores: StoreFigures[] = [];
  for (const store of order.stores) {
    const lines: LineFigures[] = [];
    for (const line of store.lines) {
      const unit = convert(parseMoney(line.unit_price), line.currency);
      if (unit === null) return inDollars(order);
      lines.push({ unitText: moneyText(unit, display), total: unit * line.quantity });
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
      total: blockTotal({ goods: subtotal, shipping, discount, credit }),
    });
  }
  return {
    currency: display,
    stores,
    subtotal: sum(stores.map((store) => store.subtotal)),
    discount: sum(stores.map((store) => store.discount)),
    shipping: sum(stores.map((store) => store.shipping)),
    credit: sum(stores.map((store) => store.credit)),
    total: sum(stores.map((store) => store.total)),
    chargeText: usdText(parseMoney(order.total)),
    converted: true,
    ...(paymentRate === null ? {} : { paymentRateText: rateTextOf(display, paymentRate) ?? undefined }),
  };
}
