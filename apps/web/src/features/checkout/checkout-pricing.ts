import {
  type AnalyticsOrderLine,
  CHECKOUT_MESSAGES,
  type OrderGroup,
  type PlaceOrderInput,
  type Substitution,
} from '@mandado/shared/checkout.schemas';
import type { Coupon } from '@mandado/shared/coupon.schemas';
import {
  convertLine,
  convertMinor,
  formatMinorAsDecimal,
  parseMoney,
  type Rates,
} from '@mandado/shared/money';
import {
  blockTotal,
  moneyText,
  shownIn,
  shownLineIn,
  type TextCurrency,
  USD,
  usdText,
} from '@mandado/shared/money-text';
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
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
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

/** The credit a shopper may use: what they typed (USD decimal), at most their balance; 0 for anything else. */
export function creditToUse(typed: string, balance: string): number {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 0;
  return Math.min(parseMoney(text), parseMoney(balance));
}

/** The lines as the shopper saw them, for `POST /v1/orders/` (a changed price or stock answers 409). */
export function expectedLines(
  items: readonly CartItem[],
  overrides: Readonly<Record<string, Substitution>>,
  orderSubstitution: Substitution,
): PlaceOrderInput['lines'] {
  return items.map((item) => {
    const override = overrides[String(item.product.id)];
    return {
      product_id: item.product.id,
      quantity: item.count,
      unit_price: effectivePrice(item.product),
      substitution: override !== undefined && override !== orderSubstitution ? override : null,
    };
  });
}

/** The body of `POST /v1/orders/` from the checkout's choices and the total shown. */
export function placeOrderBody(input: {
  items: readonly CartItem[];
  /** Delivery: who receives. A pick-up sends its contact instead (no address, no pin). */
  beneficiaryId: string | null;
  pickupContact?: { name: string; phone: string } | null;
  delivery: DeliveryType;
  substitution: Substitution;
  lineSubstitutions: Readonly<Record<string, Substitution>>;
  coupon: string | null;
  pricing: CheckoutPricing;
  payment: PlaceOrderInput['payment'];
  country: string;
  displayCurrency: string;
}): PlaceOrderInput {
  return {
    beneficiary_id: input.delivery === 'pickup' ? null : input.beneficiaryId,
    delivery: input.delivery,
    ...(input.delivery === 'pickup' ? { pickup_contact: input.pickupContact ?? null } : {}),
    substitution: input.substitution,
    coupon: input.coupon,
    // Only the balance's part: the server adds the welcome credit itself (decision 026).
    credit: formatMinorAsDecimal(input.pricing.balanceCredit),
    payment: input.payment,
    country: input.country,
    display_currency: input.displayCurrency,
    lines: expectedLines(input.items, input.lineSubstitutions, input.substitution),
    expected_total: formatMinorAsDecimal(input.pricing.totals.total),
  };
}

/**
 * What an idempotency key is bound to: the same body means the same attempt (a retry), anything else a
 * new one. A new card's token differs per tokenization, so a re-typed card is a new attempt.
 */
export function placeOrderFingerprint(body: PlaceOrderInput): string {
  return JSON.stringify(body);
}

/** Spec §3 Order line for analytics, from the placed order's lines. */
export function purchaseLines(order: OrderGroup): AnalyticsOrderLine[] {
  return order.stores.flatMap((store) =>
    store.lines
      .filter((line) => line.product_id !== null)
      .map((line) => ({
        id: line.product_id ?? 0,
        name: line.name,
        quantity: line.quantity,
        item_price: Number(line.unit_price),
      })),
  );
}

/** 'Compartir por WhatsApp': a wa.me link with a Spanish text carrying the tracking link. */
export function whatsappShareUrl(trackingUrl: string, orderNumber: string): string {
  const text = `Te envié una compra por Mandado (pedido ${orderNumber}). Puedes seguir la entrega aquí: ${trackingUrl}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
