import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { convertMinor, parseMoney } from '@mandado/shared/money';
import {
  blockTotal,
  moneyText,
  shownIn,
  shownLineIn,
  type TextCurrency,
  USD,
} from '@mandado/shared/money-text';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';

import type { CheckoutPricing } from './checkout-pricing.ts';

/** One line as 'Revisar Pedido' shows it: the unit price as the catalog shows it, the line in display minor units. */
export interface DisplayLine {
  productId: number;
  unitText: string;
  total: number;
}

/** A store block's parts in display minor units; `total` is the sum of the shown parts. */
export interface DisplayParts {
  subtotal: number;
  shipping: number;
  discount: number;
  credit: number;
  total: number;
}

export interface DisplayStore extends DisplayParts {
  storeId: number;
  lines: DisplayLine[];
}

export interface CheckoutDisplay extends DisplayParts {
  stores: DisplayStore[];
  /** Of `credit`: the invitation's welcome credit ('Regalo por invitación'), in display minor units. */
  welcomeCredit: number;
  /** The currency the display amounts are in (dollars when the display currency cannot be priced). */
  currency: TextCurrency;
}

/**
 * The checkout's amounts in the display currency so that what is shown adds up (UX review HIGH 2): each line
 * converted once from its own currency (279 UYU stays $U 279,00, as in the catalog and the cart), each
 * shipping, coupon share and credit converted once from its USD amount, and every subtotal and total the sum
 * of the parts shown. The charge stays `pricing.totals.total` in USD, stated beside the total; the two can
 * differ by the rounding of the conversion, never inside one column.
 */
export function displayCheckout(pricing: CheckoutPricing, display: DisplayCurrency): CheckoutDisplay {
  const currency = shownCurrency(display);
  const fromUsd = (minor: number) => shownIn(minor, 'USD', currency, display.rates) ?? minor;
  const stores = pricing.stores.map((store): DisplayStore => {
    const lines = store.lines.map((line): DisplayLine => {
      const unit = parseMoney(line.unitPrice);
      const from = line.item.product.currency;
      const shownUnit = shownIn(unit, from, currency, display.rates);
      return {
        productId: line.item.product.id,
        unitText: shownUnit === null ? moneyText(unit, { code: from }) : moneyText(shownUnit, currency),
        total: shownLineIn(unit, line.item.count, from, currency, display.rates) ?? fromUsd(line.totalUsd),
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
    const shipping = fromUsd(store.priced.shipping);
    const discount = fromUsd(store.priced.discount);
    const credit = fromUsd(store.priced.credit);
    return {
      storeId: store.storeId,
      lines,
      subtotal,
      shipping,
      discount,
      credit,
      total: blockTotal({ goods: subtotal, shipping, discount, credit }),
    };
  });
  const sum = (part: keyof DisplayParts) => stores.reduce((total, store) => total + store[part], 0);
  const credit = sum('credit');
  return {
    stores,
    subtotal: sum('subtotal'),
    shipping: sum('shipping'),
    discount: sum('discount'),
    credit,
    // Converted once and never more than the credit shown, so 'Crédito' + 'Regalo' is the credit shown.
    welcomeCredit: Math.min(fromUsd(pricing.welcomeCredit), credit),
    total: sum('total'),
    currency,
  };
}

/** The display currency, or dollars when it cannot be priced (a rate is missing). */
function shownCurrency(display: DisplayCurrency): TextCurrency {
  return convertMinor(0, 'USD', display.code, display.rates) === null ? USD : display;
}

/** A placed order's store block in display minor units, shown like 'Revisar Pedido' (the parts add up). */
export interface OrderDisplayStore extends DisplayParts {
  /** The lines in the order's order, in display minor units. */
  lines: number[];
}

export interface OrderDisplay extends DisplayParts {
  stores: OrderDisplayStore[];
  currency: TextCurrency;
}

/**
 * The confirmation's amounts, by the rule of `displayCheckout`: each line converted once from the currency it
 * was sold in, each shipping, coupon share and credit once from its USD amount, every total the sum of the
 * shown parts. Store blocks therefore add up, and the order's total is the sum of the store totals.
 */
export function displayOrder(order: OrderGroup, display: DisplayCurrency): OrderDisplay {
  const currency = shownCurrency(display);
  const fromUsd = (decimal: string) => {
    const minor = parseMoney(decimal);
    return shownIn(minor, 'USD', currency, display.rates) ?? minor;
  };
  const stores = order.stores.map((store): OrderDisplayStore => {
    const lines = store.lines.map(
      (line) =>
        shownLineIn(parseMoney(line.unit_price), line.quantity, line.currency, currency, display.rates) ??
        fromUsd(line.total),
    );
    const subtotal = lines.reduce((sum, line) => sum + line, 0);
    const shipping = fromUsd(store.shipping);
    const discount = fromUsd(store.discount);
    const credit = fromUsd(store.credit);
    return {
      lines,
      subtotal,
      shipping,
      discount,
      credit,
      total: blockTotal({ goods: subtotal, shipping, discount, credit }),
    };
  });
  const sum = (part: keyof DisplayParts) => stores.reduce((total, store) => total + store[part], 0);
  return {
    stores,
    subtotal: sum('subtotal'),
    shipping: sum('shipping'),
    discount: sum('discount'),
    credit: sum('credit'),
    total: sum('total'),
    currency,
  };
}
