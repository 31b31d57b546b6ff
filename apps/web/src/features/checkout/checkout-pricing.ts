import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import type { Coupon } from '@mandado/shared/coupon.schemas';
import { convertLine, parseMoney, type Rates } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import {
  type DeliveryType,
  type OrderPricing,
  type PricedStore,
  type PricingCoupon,
  priceOrder,
} from '@mandado/shared/order-pricing';
import { effectivePrice } from '@mandado/shared/product-price';
import { type ReferralAmounts, welcomeCreditFor } from '@mandado/shared/referral-rules';
import type { ShippingFees } from '@mandado/shared/shipping';
import type { CartItem } from '../../state/cart/cart-machine.ts';

/** One cart line as checkout prices it: the unit price shown, and its total in USD minor units (the charge). */
export interface CheckoutLine {
  item: CartItem;
  unitPrice: string;
  totalUsd: number;
}

export interface CheckoutStoreBlock {
  storeId: number;
  storeName: string;
  lines: CheckoutLine[];
  priced: PricedStore;
}

export interface CheckoutPricing {
  stores: CheckoutStoreBlock[];
  /** USD minor units: subtotal, discount, shipping, credit, total (the order's charge). */
  totals: OrderPricing;
  /**
   * Of `totals.credit` (USD minor units): the invitation's welcome credit the order gets by itself (decision
   * 026), and the part taken from the shopper's balance — the `credit` the order is placed with.
   */
  welcomeCredit: number;
  balanceCredit: number;
  /** How much more in goods (USD minor units) reaches the welcome credit; 0 when it applies or none waits. */
  welcomeShortfall: number;
}

/** An invited account's welcome credit waiting for its first purchase (who-am-I + settings). */
export interface PendingWelcome {
  pending: boolean;
  amounts: ReferralAmounts;
}

export interface CheckoutPricingInput {
  items: readonly CartItem[];
  rates: Rates;
  deliveryCityId: number | null;
  /** The city a store is in; null when unknown (charged as outside the city, like the cart). */
  storeCityId: (storeId: number) => number | null;
  delivery: DeliveryType;
  /** free_shipping_threshold, USD decimal. */
  freeShippingThreshold: string;
  /** The settings' two fees (operators edit them); the spec's when not given. */
  shippingFees?: ShippingFees;
  coupon: Coupon | null;
  /** Credit asked for, USD minor units, already capped at the balance. */
  credit: number;
  /** The invitation's welcome credit, when the account has one waiting. */
  welcome?: PendingWelcome | null;
}

/**
 * The welcome credit on this order (USD minor units; goods after the coupon, at most what is due after the
 * chosen credit: the shared rule the server places with), and how far the goods are from the minimum when
 * one waits.
 */
export function welcomeFor(
  welcome: PendingWelcome | null | undefined,
  order: { goodsAfterCoupon: number; dueAfterCredit: number },
): { credit: number; shortfall: number } {
  if (!welcome?.pending || welcome.amounts.inviteeReward <= 0) return { credit: 0, shortfall: 0 };
  const credit = welcomeCreditFor({ pending: true, ...order, amounts: welcome.amounts });
  return { credit, shortfall: Math.max(0, welcome.amounts.minimumPurchase - order.goodsAfterCoupon) };
}

/** The coupon answer of `POST /v1/coupon/user/` in the units `priceOrder` takes. */
export function pricingCoupon(coupon: Coupon | null): PricingCoupon | null {
  if (!coupon) return null;
  // A percentage "10.00" parses to 1000, which is exactly priceOrder's hundredths of a percent.
  return {
    type: coupon.type,
    value: parseMoney(coupon.value),
    minimumPurchase: parseMoney(coupon.minimum_purchase),
  };
}

/**
 * The server's words when the goods (USD minor units) do not reach an applied coupon's minimum, else null:
 * the coupon gives no discount then, so 'aplicado' beside an unchanged total would mislead (issue 16).
 */
export function couponMinimumProblem(coupon: Coupon, subtotal: number): string | null {
  const minimum = parseMoney(coupon.minimum_purchase);
  return subtotal < minimum ? CHECKOUT_MESSAGES.couponMinimum(usdText(minimum, { whole: 'short' })) : null;
}

/**
 * What 'Revisar Pedido' shows, with `priceOrder` — the rule the server runs when it places the order — so the
 * total the client sends is the one it will be charged. Null while a rate is missing.
 */
export function priceCheckout(input: CheckoutPricingInput): CheckoutPricing | null {
  const blocks: Array<Omit<CheckoutStoreBlock, 'priced'>> = [];
  for (const item of input.items) {
    const unitPrice = effectivePrice(item.product);
    const totalUsd = convertLine(
      parseMoney(unitPrice),
      item.count,
      item.product.currency,
      'USD',
      input.rates,
    );
    if (totalUsd === null) return null;
    let block = blocks.find((entry) => entry.storeId === item.product.store_id);
    if (!block) {
      block = { storeId: item.product.store_id, storeName: item.product.store_name, lines: [] };
      blocks.push(block);
    }
    block.lines.push({ item, unitPrice, totalUsd });
  }
  const goods = blocks.reduce(
    (sum, block) => sum + block.lines.reduce((lines, line) => lines + line.totalUsd, 0),
    0,
  );
  const pricingInput = {
    stores: blocks.map((block) => ({
      storeId: block.storeId,
      inDeliveryCity:
        input.deliveryCityId !== null && input.storeCityId(block.storeId) === input.deliveryCityId,
      lines: block.lines.map((line) => ({ key: line.item.product.id, totalUsd: line.totalUsd })),
    })),
    delivery: input.delivery,
    freeShippingThreshold: parseMoney(input.freeShippingThreshold),
    ...(input.shippingFees ? { shippingFees: input.shippingFees } : {}),
    coupon: pricingCoupon(input.coupon),
  };
  const chosen = priceOrder({ ...pricingInput, credit: input.credit });
  const welcome = welcomeFor(input.welcome, {
    goodsAfterCoupon: goods - chosen.discount,
    dueAfterCredit: chosen.total,
  });
  // The server adds the welcome credit to the chosen one, never past what is due.
  const totals =
    welcome.credit > 0 ? priceOrder({ ...pricingInput, credit: input.credit + welcome.credit }) : chosen;
  // When the sum is capped, the gift is used first: the balance keeps what the order did not need.
  const welcomeCredit = Math.min(welcome.credit, totals.credit);
  return {
    totals,
    welcomeCredit,
    balanceCredit: totals.credit - welcomeCredit,
    welcomeShortfall: welcome.shortfall,
    stores: blocks.map((block, index) => {
      const priced = totals.stores[index];
      if (!priced) throw new Error('priceOrder returned fewer stores than it was given');
      return { ...block, priced };
    }),
  };
}
