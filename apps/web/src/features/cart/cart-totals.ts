import { parseMoney, type Rates } from '@mandado/shared/money';
import { shownIn, shownLineIn, type TextCurrency } from '@mandado/shared/money-text';
import { effectivePrice } from '@mandado/shared/product-price';
import {
  type FreeShippingProgress,
  freeShippingProgress,
  quoteShipping,
  type ShippingFees,
} from '@mandado/shared/shipping';
import type { CartItem } from '../../state/cart/cart-machine.ts';

export interface StoreTotals {
  storeId: number;
  storeName: string;
  items: CartItem[];
  /** Display-currency minor units; null when a rate is missing. */
  subtotal: number | null;
  shipping: number | null;
}

export interface CartTotals {
  units: number;
  /** Display-currency minor units; null when a rate is missing (shown as a dash). */
  subtotal: number | null;
  shipping: number | null;
  total: number | null;
  /**
   * What the card will be charged, in US$ minor units (issue 29): the products and shipping as the server
   * prices them in dollars (quoteShipping's sums), before a coupon or credit; null until shipping is known.
   */
  totalUsd: number | null;
  stores: StoreTotals[];
  /** The strip's free-shipping bar; null until the threshold and rates are known. */
  progress: FreeShippingProgress | null;
  /** What is still missing for free shipping, in display minor units (0 once reached). */
  missing: number | null;
}

export interface CartTotalsInput {
  items: readonly CartItem[];
  /** Id of the delivery city; null when none is chosen. */
  deliveryCityId: number | null;
  /** Id of the city a store is in (a store in the delivery city charges the lower fee); null when unknown. */
  storeCityId: (storeId: number) => number | null;
  /** free_shipping_threshold (USD decimal); null until the settings have loaded. */
  freeShippingThreshold: string | null;
  /** The settings' two fees (operators edit them); the spec's when not given. */
  shippingFees?: ShippingFees;
  rates: Rates;
  /** The display currency (its code, and its decimals: whole units for CLP). */
  display: TextCurrency;
}

function sumOrNull(values: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const value of values) {
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

/**
 * The amounts the cart shows. Shipping and the free-shipping share come from `quoteShipping`, the function
 * the server runs too; the product amounts are converted line by line straight to the display currency, so
 * a cart of UYU products shown in UYU is exact (no round trip through USD), each line the shown unit price
 * times the quantity.
 */
export function cartTotals(input: CartTotalsInput): CartTotals {
  const { items, rates, display } = input;
  const toDisplay = (minor: number, from: string) => shownIn(minor, from, display, rates);
  // A line is the shown unit price × the quantity (decision 034), so "2 × US$ 1,54" is "US$ 3,08".
  const lineTotals = items.map((item) =>
    shownLineIn(parseMoney(effectivePrice(item.product)), item.count, item.product.currency, display, rates),
  );
  const quote =
    input.freeShippingThreshold === null
      ? null
      : quoteShipping({
          lines: items.map((item) => ({
            storeId: item.product.store_id,
            storeCityId: input.storeCityId(item.product.store_id),
            unitPrice: effectivePrice(item.product),
            currency: item.product.currency,
            quantity: item.count,
          })),
          deliveryCityId: input.deliveryCityId,
          freeShippingThreshold: input.freeShippingThreshold,
          rates,
          ...(input.shippingFees ? { fees: input.shippingFees } : {}),
        });

  const stores: StoreTotals[] = [];
  items.forEach((item, index) => {
    let store = stores.find((entry) => entry.storeId === item.product.store_id);
    if (!store) {
      const fee = quote?.stores.find((entry) => entry.storeId === item.product.store_id)?.feeUsd;
      store = {
        storeId: item.product.store_id,
        storeName: item.product.store_name,
        items: [],
        subtotal: 0,
        shipping: fee === undefined ? null : toDisplay(fee, 'USD'),
      };
      stores.push(store);
    }
    store.items.push(item);
    const line = lineTotals[index] ?? null;
    store.subtotal = store.subtotal === null || line === null ? null : store.subtotal + line;
  });

  const subtotal = sumOrNull(lineTotals);
  const shipping = quote ? toDisplay(quote.shippingUsd, 'USD') : null;
  const threshold = input.freeShippingThreshold === null ? null : parseMoney(input.freeShippingThreshold);
  const missingUsd = quote && threshold !== null ? Math.max(0, threshold - quote.subtotalUsd) : null;
  return {
    units: items.reduce((sum, item) => sum + item.count, 0),
    subtotal,
    shipping,
    total: subtotal === null || shipping === null ? null : subtotal + shipping,
    totalUsd: quote ? quote.totalUsd : null,
    stores,
    progress:
      quote && input.freeShippingThreshold !== null
        ? freeShippingProgress(quote.subtotalUsd, input.freeShippingThreshold)
        : null,
    missing: missingUsd === null ? null : toDisplay(missingUsd, 'USD'),
  };
}
