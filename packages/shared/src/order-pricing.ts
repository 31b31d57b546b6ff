import { DEFAULT_SHIPPING_FEES, type ShippingFees } from './shipping.ts';

/**
 * How one checkout's money is computed and split into store orders (decision 021). Everything is USD minor
 * units (the charge currency). The coupon discount is spread onto lines and the credit onto store orders by
 * largest remainder, so every store order's parts add up exactly and the store orders add up to the group:
 *   store.total = store.subtotal − store.discount + store.shipping − store.credit,   Σ store.total = total.
 */

export const DELIVERY_TYPES = ['standard', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

// Here, beside the types and away from the zod schemas, so a page that only shows the label (the staff
// inbox's order card) does not bring zod along.
export const DELIVERY_LABELS: Record<DeliveryType, string> = {
  standard: 'Envío a domicilio',
  pickup: 'Retiro en la tienda',
};

export const DISCOUNT_TYPES = ['discount_amount', 'discount_percentage'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export interface PricingCoupon {
  type: DiscountType;
  /** discount_amount: USD minor units; discount_percentage: hundredths of a percent (10 % = 1000). */
  value: number;
  /** The goods subtotal (USD minor units) the coupon needs. */
  minimumPurchase: number;
}

export interface PricingLine {
  /** The caller's key for the line (a product id). */
  key: number;
  /** quantity × unit price, converted to USD minor units. */
  totalUsd: number;
}

export interface PricingStore {
  storeId: number;
  /** The store is in the delivery city (2.99) or outside it (4.99). */
  inDeliveryCity: boolean;
  lines: readonly PricingLine[];
}

export interface PricedLine extends PricingLine {
  discount: number;
}

export interface PricedStore {
  storeId: number;
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  shipping: number;
  credit: number;
  total: number;
}

export interface OrderPricing {
  stores: PricedStore[];
  subtotal: number;
  discount: number;
  shipping: number;
  credit: number;
  total: number;
  freeShipping: boolean;
}

/**
 * Splits `amount` into parts proportional to `weights` (Hamilton's largest-remainder method): each part is
 * floor(amount × w / W), and the units left over go to the largest remainders (ties to the earlier weight).
 * The parts add up to `amount` exactly and no part exceeds its weight when amount ≤ W. All integers ≥ 0.
 */
export function allocateLargestRemainder(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`amount must be a whole ≥ 0: ${amount}`);
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new Error(`weights must be wholes ≥ 0: ${weight}`);
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount === 0 || weights.length === 0) return weights.map(() => 0);
  if (total === 0) throw new Error('cannot allocate onto zero weights');
  const bigAmount = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((weight) => (bigAmount * BigInt(weight)) / bigTotal);
  const remainders = weights.map((weight, index) => ({
    index,
    remainder: (bigAmount * BigInt(weight)) % bigTotal,
  }));
  let left = amount - parts.reduce((sum, part) => sum + Number(part), 0);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/** The coupon's discount on a goods subtotal (never more than the subtotal); 0 below its minimum. */
export function couponDiscount(coupon: PricingCoupon | null, subtotal: number): number {
  if (!coupon || subtotal < coupon.minimumPurchase) return 0;
  const raw =
    coupon.type === 'discount_amount'
      ? coupon.value
      : // hundredths of a percent: subtotal × value / 10 000, half up.
        Math.floor((subtotal * coupon.value * 2 + 10_000) / 20_000);
  return Math.max(0, Math.min(subtotal, raw));
}

/**
 * Prices a checkout: shipping per store (0 for pick-up; free for every store once the goods subtotal reaches
 * the threshold, as the cart preview shows it), the coupon on goods only, then the credit up to the total.
 */
export function priceOrder(input: {
  stores: readonly PricingStore[];
  delivery: DeliveryType;
  /** free_shipping_threshold in USD minor units. */
  freeShippingThreshold: number;
  coupon: PricingCoupon | null;
  /** The credit the shopper asked to use, in USD minor units (already capped at their balance). */
  credit: number;
  /** The settings' fees; the spec's 2.99 / 4.99 when not given. */
  shippingFees?: ShippingFees;
}): OrderPricing {
  const fees = input.shippingFees ?? DEFAULT_SHIPPING_FEES;
  const subtotals = input.stores.map((store) => store.lines.reduce((sum, line) => sum + line.totalUsd, 0));
  const subtotal = subtotals.reduce((sum, value) => sum + value, 0);
  const freeShipping = input.stores.length > 0 && subtotal >= input.freeShippingThreshold;
  const shippings: number[] = input.stores.map((store) =>
    input.delivery === 'pickup' || freeShipping ? 0 : store.inDeliveryCity ? fees.inCity : fees.outsideCity,
  );
  const discount = couponDiscount(input.coupon, subtotal);
  const allLines = input.stores.flatMap((store) => store.lines);
  const lineDiscounts = allocateLargestRemainder(
    discount,
    allLines.map((line) => line.totalUsd),
  );
  let cursor = 0;
  const discounted = input.stores.map((store, index) => {
    const lines = store.lines.map((line) => ({ ...line, discount: lineDiscounts[cursor++] ?? 0 }));
    const storeDiscount = lines.reduce((sum, line) => sum + line.discount, 0);
    const storeSubtotal = subtotals[index] ?? 0;
    const shipping = shippings[index] ?? 0;
    return { storeId: store.storeId, lines, subtotal: storeSubtotal, discount: storeDiscount, shipping };
  });
  const dues = discounted.map((store) => store.subtotal - store.discount + store.shipping);
  const due = dues.reduce((sum, value) => sum + value, 0);
  const credit = Math.max(0, Math.min(input.credit, due));
  const credits = allocateLargestRemainder(credit, dues);
  const stores = discounted.map((store, index) => {
    const storeCredit = credits[index] ?? 0;
    return { ...store, credit: storeCredit, total: (dues[index] ?? 0) - storeCredit };
  });
  const shipping = shippings.reduce((sum, value) => sum + value, 0);
  return { stores, subtotal, discount, shipping, credit, total: due - credit, freeShipping };
}
