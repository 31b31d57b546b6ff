import { convertLine, parseMoney, type Rates } from './money.ts';

/** Spec §1/§9: per store, in USD minor units. */
export const SHIPPING_FEE_IN_CITY_USD = 299;
export const SHIPPING_FEE_OUTSIDE_CITY_USD = 499;

/** The two fees in USD minor units; operators set them (settings shipping_fee_in_city / _outside_city). */
export interface ShippingFees {
  inCity: number;
  outsideCity: number;
}

export const DEFAULT_SHIPPING_FEES: ShippingFees = {
  inCity: SHIPPING_FEE_IN_CITY_USD,
  outsideCity: SHIPPING_FEE_OUTSIDE_CITY_USD,
};

/** The fees as the public settings give them (US$ decimals). */
export function shippingFeesFrom(settings: {
  shipping_fee_in_city: string;
  shipping_fee_outside_city: string;
}): ShippingFees {
  return {
    inCity: parseMoney(settings.shipping_fee_in_city),
    outsideCity: parseMoney(settings.shipping_fee_outside_city),
  };
}

export interface ShippingLine {
  storeId: number;
  /** Id of the city the store is in (null when unknown); a store in the delivery city charges the lower fee. */
  storeCityId: number | null;
  /** Decimal unit price the shopper pays (after the discount rule), in `currency`. */
  unitPrice: string;
  currency: string;
  quantity: number;
}

export interface StoreShipping {
  storeId: number;
  /** Sum of the store's lines, in USD minor units. */
  subtotalUsd: number;
  /** The store's shipping fee in USD minor units (0 when shipping is free). */
  feeUsd: number;
}

export interface ShippingQuote {
  /** One entry per store, in the order the stores first appear in the lines. */
  stores: StoreShipping[];
  subtotalUsd: number;
  shippingUsd: number;
  totalUsd: number;
  /** The cart's subtotal reached free_shipping_threshold. */
  freeShipping: boolean;
}

/**
 * Shipping per store (spec §1, §9): 2.99 USD for a store inside the delivery city, 4.99 outside it, and
 * nothing for any store once the whole cart reaches `free_shipping_threshold` (USD). Lines in other
 * currencies (UYU) are converted to USD through the stored rates. Null when a line's rate is missing.
 */
export function quoteShipping(input: {
  lines: readonly ShippingLine[];
  /** Id of the delivery city; cities are compared by id, never by name (two cities may share one). */
  deliveryCityId: number | null;
  /** free_shipping_threshold as the settings give it, a USD decimal ("80.00"). */
  freeShippingThreshold: string;
  rates: Rates;
  /** The settings' fees; the spec's 2.99 / 4.99 when not given. */
  fees?: ShippingFees;
}): ShippingQuote | null {
  const fees = input.fees ?? DEFAULT_SHIPPING_FEES;
  const byStore = new Map<number, { subtotalUsd: number; inCity: boolean }>();
  for (const line of input.lines) {
    const usd = convertLine(parseMoney(line.unitPrice), line.quantity, line.currency, 'USD', input.rates);
    if (usd === null) return null;
    const entry = byStore.get(line.storeId) ?? {
      subtotalUsd: 0,
      inCity: line.storeCityId !== null && line.storeCityId === input.deliveryCityId,
    };
    entry.subtotalUsd += usd;
    byStore.set(line.storeId, entry);
  }
  const subtotalUsd = [...byStore.values()].reduce((sum, entry) => sum + entry.subtotalUsd, 0);
  const freeShipping = byStore.size > 0 && subtotalUsd >= parseMoney(input.freeShippingThreshold);
  const stores = [...byStore].map(([storeId, entry]) => ({
    storeId,
    subtotalUsd: entry.subtotalUsd,
    feeUsd: freeShipping ? 0 : entry.inCity ? fees.inCity : fees.outsideCity,
  }));
  const shippingUsd = stores.reduce((sum, store) => sum + store.feeUsd, 0);
  return { stores, subtotalUsd, shippingUsd, totalUsd: subtotalUsd + shippingUsd, freeShipping };
}

export interface FreeShippingProgress {
  /** Whole percent of the threshold reached, capped at 100. */
  percent: number;
  /** Spec §2: complete (success) at 100% or more, danger below. */
  state: 'danger' | 'success';
}

/** The cart strip's progress bar (spec §2). */
export function freeShippingProgress(
  subtotalUsd: number,
  freeShippingThreshold: string,
): FreeShippingProgress {
  const threshold = parseMoney(freeShippingThreshold);
  if (threshold <= 0) return { percent: 100, state: 'success' };
  if (subtotalUsd >= threshold) return { percent: 100, state: 'success' };
  return { percent: Math.min(99, Math.floor((Math.max(0, subtotalUsd) * 100) / threshold)), state: 'danger' };
}
