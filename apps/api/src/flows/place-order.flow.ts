import { randomBytes } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  type CheckoutConflict,
  type PlaceOrderValues,
} from '@mandado/shared/checkout.schemas';
import { couponRefusal, normalizeCouponCode } from '@mandado/shared/coupon-rules';
import { deliveryWindow } from '@mandado/shared/delivery-window';
import { ivaRateOfProduct } from '@mandado/shared/iva';
import { convertLine, formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { shownLineIn } from '@mandado/shared/money-text';
import {
  type OrderPricing,
  type PricingCoupon,
  type PricingStore,
  priceOrder,
} from '@mandado/shared/order-pricing';
import { effectivePrice } from '@mandado/shared/product-price';
import { shippingFeesFrom } from '@mandado/shared/shipping';
import { purchaseCountsFrom } from '@mandado/shared/store-availability';
import type { DatabaseOrTransaction } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import { findCartProducts, lockCartOf, readCartLines } from '../modules/cart/cart.service.ts';
import { presentProduct } from '../modules/catalog/product.presenter.ts';
import { findCouponForCheckout, takeCouponUse } from '../modules/coupons/coupons.service.ts';
import { getCurrencies } from '../modules/currencies/currencies.service.ts';
import { getZoneMap } from '../modules/geo/zones.service.ts';
import { deliveryZoneFor } from '../modules/geo/zones.ts';
import { type CheckoutSettings, getCheckoutSettings } from '../modules/orders/checkout-settings.ts';
import { reserveWindows } from '../modules/orders/delivery-slots.service.ts';
import { isManualMethod } from '../modules/orders/order.presenter.ts';
import {
  beneficiarySnapshot,
  type CardToCharge,
  type CheckedLine,
  capOpenManualOrders,
  checkCreditBalance,
  checkPayment,
  checkUnpaidCaps,
  checkUnpaidShareOfStock,
  cityOfOrder,
  conflict,
  findRecipient,
  type OrderCity,
  placeManualAtOnce,
  type Recipient,
  recordPlacedHistory,
  replaceWaitingCheckouts,
  reserveStock,
  takeOrderNumber,
  writeGroup,
  writeStoreOrders,
} from '../modules/orders/order-placement.service.ts';
import type { OrdersContext } from '../modules/orders/orders-context.ts';
import { recordWelcomeCredit, welcomeCreditForOrder } from '../modules/referrals/referral-ledger.ts';
import { getPublicSettings } from '../modules/settings/settings.service.ts';
import { storeSnapshots } from '../modules/stores/stores.service.ts';
import { recordWalletEntry } from '../modules/wallet/wallet.service.ts';

/**
 * Placing an order (decision 021, told as steps by decision 057). Before the transaction: the settings and the
 * payment method's own checks (a processor call may take a while). Then one transaction: lock the cart, check
 * it against what the shopper saw, price the split, take the stock, the coupon's use and the credit, and write
 * the group, its store orders, lines and history. The charge happens after the commit (place-order.service).
 */
export async function placeOrderFlow(
  ctx: OrdersContext,
  userId: number,
  key: string,
  input: PlaceOrderValues,
): Promise<PlacedGroup> {
  const known = await readWhatPlacingNeeds(ctx, userId, input);
  const { group, loaded } = await ctx.db.transaction(async (tx) => {
    const city = await lockTheCart(tx, userId, known);
    const lines = await checkTheCart(tx, userId, city.cityId, input, known.rates);
    const pricing = await priceTheSplit(tx, userId, input, known, lines);
    await holdTheStock(tx, userId, known, lines, pricing.total);
    const snapshots = await snapshotStores(tx, pricing.priced);
    const group = await writeGroup(
      tx,
      key,
      await groupValues(tx, ctx, input, known, city, pricing, snapshots),
    );
    await spendCouponAndCredit(tx, userId, group, pricing);
    const ids = await writeStoreOrders(tx, group, pricing.priced, {
      snapshots,
      lines: new Map(lines.map((line) => [line.productId, line])),
    });
    await reserveDeliveryWindow(tx, input, known, snapshots, ids);
    await recordPlacedHistory(tx, pricing.priced, ids);
    const placedAtOnce = known.manual ? await placeManualAtOnce(tx, ctx, known.settings, group.id) : null;
    return { group, loaded: placedAtOnce };
  });
  return { group, card: known.card, settings: known.settings, loaded };
}

type OrderGroupRow = Awaited<ReturnType<typeof writeGroup>>;

export interface PlacedGroup {
  group: OrderGroupRow;
  card: CardToCharge | null;
  settings: CheckoutSettings;
  /** A transfer's group as its e-mail was built from it (nothing changes it before the answer). */
  loaded: Awaited<ReturnType<typeof placeManualAtOnce>>;
}

interface Known {
  userId: number;
  publicSettings: Awaited<ReturnType<typeof getPublicSettings>>;
  settings: CheckoutSettings;
  rates: Awaited<ReturnType<typeof getCurrencies>>['rates']['rates'];
  zones: Awaited<ReturnType<typeof getZoneMap>>;
  card: CardToCharge | null;
  recipient: Recipient;
  manual: boolean;
  now: Date;
}

async function readWhatPlacingNeeds(
  ctx: OrdersContext,
  userId: number,
  input: PlaceOrderValues,
): Promise<Known> {
  const [publicSettings, settings, currencies, zones] = await Promise.all([
    getPublicSettings(ctx.db),
    getCheckoutSettings(ctx.db),
    getCurrencies(ctx.db),
    getZoneMap(ctx.db),
  ]);
  const card = await checkPayment(ctx, userId, input, settings);
  const recipient = await findRecipient(ctx.db, userId, input);
  return {
    userId,
    publicSettings,
    settings,
    rates: currencies.rates.rates,
    zones,
    card,
    recipient,
    manual: isManualMethod(input.payment.method),
    now: ctx.now(),
  };
}

type Transaction = Parameters<typeof lockCartOf>[0];

/** The cart row is the placing lock: two placements of one account queue here. */
async function lockTheCart(tx: Transaction, userId: number, known: Known): Promise<OrderCity> {
  const cart = await lockCartOf(tx, userId);
  const city = await cityOfOrder(tx, cart.cityId, known.recipient.beneficiary);
  await replaceWaitingCheckouts(tx, userId);
  if (known.manual) await capOpenManualOrders(tx, userId);
  return city;
}

interface PricedCartLine extends CheckedLine {
  storeId: number;
  inDeliveryCity: boolean;
  totalUsd: number;
}

/** What changed since 'Revisar Pedido': lines, quantities, prices and stock (the total is checked later). */
async function checkTheCart(
  tx: Transaction,
  userId: number,
  cityId: number,
  input: PlaceOrderValues,
  rates: Known['rates'],
): Promise<PricedCartLine[]> {
  const lines = await readCartLines(tx, userId);
  const changes: CheckoutConflict['changes'] = [];
  const expected = new Map(input.lines.map((line) => [line.product_id, line]));
  const priced = lines.map((line) => {
    const unitPrice = effectivePrice(presentProduct(line));
    const totalUsd = convertLine(parseMoney(unitPrice), line.quantity, line.currency, 'USD', rates);
    if (totalUsd === null) throw new Error(`no stored rate for ${line.currency}`);
    // What the remitter saw for the line (issue 31): the shown unit price times the quantity, as the pages do.
    const displayTotal = shownLineIn(
      parseMoney(unitPrice),
      line.quantity,
      line.currency,
      { code: input.display_currency },
      rates,
    );
    const seen = expected.get(line.id);
    if (!seen) changes.push({ product_id: line.id, name: line.name, change: 'added', now: null });
    else if (seen.quantity !== line.quantity) {
      changes.push({ product_id: line.id, name: line.name, change: 'quantity', now: String(line.quantity) });
    } else if (parseMoney(seen.unit_price) !== parseMoney(unitPrice)) {
      changes.push({ product_id: line.id, name: line.name, change: 'price', now: unitPrice });
    }
    if (line.stock < line.quantity) {
      changes.push({ product_id: line.id, name: line.name, change: 'stock', now: String(line.stock) });
    }
    return {
      productId: line.id,
      name: line.name,
      image: line.images[0] ?? null,
      quantity: line.quantity,
      unitPrice,
      currency: line.currency,
      substitution: seen?.substitution ?? input.substitution,
      returnable: line.returnable,
      ivaRate: ivaRateOfProduct(line.vatRate, line.storeKind),
      storeId: line.storeId,
      inDeliveryCity: line.storeCityId === cityId,
      totalUsd,
      displayTotal,
    };
  });
  changes.push(...(await linesGoneSinceReview(tx, input, new Set(lines.map((line) => line.id)), cityId)));
  if (changes.length > 0) throw conflict(changes);
  return priced;
}

/** Lines the shopper saw that the cart no longer has: removed, or no longer sold to the city. */
async function linesGoneSinceReview(
  tx: Transaction,
  input: PlaceOrderValues,
  inCart: ReadonlySet<number>,
  cityId: number,
): Promise<CheckoutConflict['changes']> {
  const gone = input.lines.filter((line) => !inCart.has(line.product_id)).map((line) => line.product_id);
  if (gone.length === 0) return [];
  const known = new Map((await findCartProducts(tx, gone, cityId)).map((row) => [row.id, row]));
  return gone.map((productId) => {
    const product = known.get(productId);
    const unavailable = product !== undefined && !(product.approved && product.deliversToCity);
    return {
      product_id: productId,
      name: product?.name ?? '',
      change: unavailable ? ('unavailable' as const) : ('removed' as const),
      now: null,
    };
  });
}

interface Pricing {
  priced: OrderPricing;
  coupon: { id: number; code: string } | null;
  welcome: Awaited<ReturnType<typeof welcomeCreditForOrder>>;
  total: number;
}

/** The coupon, the credit and the welcome credit priced over the stores; a total other than the one seen is a 409. */
async function priceTheSplit(
  tx: Transaction,
  userId: number,
  input: PlaceOrderValues,
  known: Known,
  lines: readonly PricedCartLine[],
): Promise<Pricing> {
  const stores = splitByStore(lines);
  const subtotal = lines.reduce((sum, line) => sum + line.totalUsd, 0);
  const coupon = input.coupon ? await checkCoupon(tx, userId, input.coupon, known.now, subtotal) : null;
  const creditAsked = parseMoney(input.credit);
  await checkCreditBalance(tx, userId, creditAsked);
  const pricingInput = {
    stores,
    delivery: input.delivery,
    freeShippingThreshold: parseMoney(known.publicSettings.free_shipping_threshold),
    shippingFees: shippingFeesFrom(known.publicSettings),
    coupon: coupon?.terms ?? null,
  };
  const chosen = priceOrder({ ...pricingInput, credit: creditAsked });
  // An invited remitter's first order whose goods (after the coupon) reach the minimum carries the welcome
  // credit on top of the credit chosen from the balance, up to what is still due (decision 026); the client
  // prices `expected_total` with the same shared rule.
  const welcome = await welcomeCreditForOrder(tx, userId, {
    goodsAfterCoupon: chosen.subtotal - chosen.discount,
    dueAfterCredit: chosen.total,
  });
  const priced = welcome ? priceOrder({ ...pricingInput, credit: creditAsked + welcome.amount }) : chosen;
  if (parseMoney(input.expected_total) !== priced.total) {
    throw conflict([{ product_id: 0, name: '', change: 'total', now: formatMinorAsDecimal(priced.total) }]);
  }
  return { priced, coupon: coupon && { id: coupon.id, code: coupon.code }, welcome, total: priced.total };
}

/** Stores in the order the cart first shows them: MV-…-1, -2, … */
function splitByStore(lines: readonly PricedCartLine[]): PricingStore[] {
  const byStore = new Map<number, PricingStore & { lines: Array<{ key: number; totalUsd: number }> }>();
  for (const line of lines) {
    const store = byStore.get(line.storeId) ?? {
      storeId: line.storeId,
      inDeliveryCity: line.inDeliveryCity,
      lines: [],
    };
    store.lines.push({ key: line.productId, totalUsd: line.totalUsd });
    byStore.set(line.storeId, store);
  }
  return [...byStore.values()];
}

async function checkCoupon(
  tx: Transaction,
  userId: number,
  code: string,
  now: Date,
  subtotal: number,
): Promise<{ id: number; code: string; terms: PricingCoupon }> {
  const found = await findCouponForCheckout(tx, normalizeCouponCode(code), userId);
  const terms = found
    ? {
        type: found.coupon.type as PricingCoupon['type'],
        value: parseMoney(found.coupon.value),
        minimumPurchase: parseMoney(found.coupon.minimumPurchase),
        validFrom: found.coupon.validFrom,
        validUntil: found.coupon.validUntil,
        maxUsesPerUser: found.coupon.maxUsesPerUser,
        maxUsesTotal: found.coupon.maxUsesTotal,
        usesCount: found.coupon.usesCount,
      }
    : null;
  const refusal = couponRefusal(terms, { now, userUses: found?.userUses ?? 0, subtotal });
  if (refusal || !found || !terms)
    throw new HttpError(400, { coupon: [refusal ?? CHECKOUT_MESSAGES.couponUnknown] });
  return { id: found.coupon.id, code: found.coupon.code, terms };
}

/** Quantities summed per product; a transfer's caps first (decision 031, issue 27), then the stock itself. */
async function holdTheStock(
  tx: Transaction,
  userId: number,
  known: Known,
  lines: readonly PricedCartLine[],
  total: number,
): Promise<void> {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  if (known.manual) {
    const names = new Map(lines.map((line) => [line.productId, line.name]));
    await checkUnpaidCaps(tx, userId, known.settings, { total, wanted, names });
    await checkUnpaidShareOfStock(tx, { wanted, names });
  }
  await reserveStock(tx, wanted);
}

type Snapshots = Map<number, Awaited<ReturnType<typeof storeSnapshots>>[number]>;

/**
 * Name, address and commission as the order freezes them, read before the window: a paused or closed store's
 * order counts its 24–48 h from the reopening (and from its next opening when it has hours, decision 047).
 */
async function snapshotStores(tx: DatabaseOrTransaction, pricing: OrderPricing): Promise<Snapshots> {
  const rows = await storeSnapshots(
    tx,
    pricing.stores.map((store) => store.storeId),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Each home-delivered store order takes its delivery window (decision 065) under the window's lock, in this
 * transaction: a full, closed, unknown or too distant window refuses the whole order with its reason. A
 * pick-up has no window (the family collects it at the store).
 */
async function reserveDeliveryWindow(
  tx: DatabaseOrTransaction,
  input: PlaceOrderValues,
  known: Known,
  snapshots: Snapshots,
  ids: ReadonlyMap<number, number>,
): Promise<void> {
  if (input.delivery !== 'standard') return;
  const chosen = new Map(input.delivery_slots.map((slot) => [slot.store_id, slot.starts_at]));
  const requests = [...ids].flatMap(([storeId, storeOrderId]) => {
    const store = snapshots.get(storeId);
    return store ? [{ storeId, storeOrderId, store, chosen: chosen.get(storeId) ?? null }] : [];
  });
  await reserveWindows(tx, requests, known.now);
}

/** Units of `code` per 1 US$ in the rate set, as a decimal string; null when the set has none. */
function rateOf(rates: Known['rates'], code: string): string | null {
  if (code === 'USD') return '1';
  return rates[code] ?? null;
}

/** A card or PayPal payment not decided by then is released by the expiry worker. */
const CARD_PAYMENT_MINUTES = 30;

/** The group's row: the whole purchase arrives together, so the latest reopening sets the window (issue 18). */
async function groupValues(
  tx: DatabaseOrTransaction,
  ctx: OrdersContext,
  input: PlaceOrderValues,
  known: Known,
  city: OrderCity,
  pricing: Pricing,
  snapshots: Snapshots,
): Promise<Parameters<typeof writeGroup>[2]> {
  const { manual, now, settings, recipient } = known;
  const { beneficiary, pickup } = recipient;
  const window = deliveryWindow(purchaseCountsFrom([...snapshots.values()], now));
  const minutes = manual ? settings.manualPaymentDays * 24 * 60 : CARD_PAYMENT_MINUTES;
  const zone = beneficiary
    ? deliveryZoneFor(Number(beneficiary.latitude), Number(beneficiary.longitude), known.zones)
    : null;
  const method = input.payment.method;
  const { priced } = pricing;
  return {
    number: await takeOrderNumber(tx),
    remitterId: known.userId,
    status: manual ? 'confirmed' : 'awaiting_payment',
    paymentStatus: 'pending',
    paymentMethod: method,
    processor: manual ? 'manual' : method === 'paypal' ? 'paypal' : ctx.payments.card.name,
    paymentLabel: known.card?.label ?? null,
    delivery: input.delivery,
    substitution: input.substitution,
    cityId: city.cityId,
    beneficiary: beneficiarySnapshot(recipient, city, zone?.meeting_point?.name ?? null),
    pickupName: pickup?.name ?? null,
    pickupPhone: pickup?.phone ?? null,
    couponId: pricing.coupon?.id ?? null,
    couponCode: pricing.coupon?.code ?? null,
    subtotal: formatMinorAsDecimal(priced.subtotal),
    discount: formatMinorAsDecimal(priced.discount),
    shipping: formatMinorAsDecimal(priced.shipping),
    credit: formatMinorAsDecimal(priced.credit),
    total: formatMinorAsDecimal(priced.total),
    displayCurrency: input.display_currency,
    // The rates the lines were priced at (issue 31): refunds and statements show pesos at these, not today's.
    displayRate: rateOf(known.rates, input.display_currency),
    pesoRate: rateOf(known.rates, 'UYU'),
    country: input.country,
    deliveryFrom: window.from,
    deliveryTo: window.to,
    giftMessage: input.gift_message,
    trackingToken: randomBytes(32).toString('base64url'),
    expiresAt: new Date(now.getTime() + minutes * 60_000),
  };
}

/**
 * The coupon's use, then the welcome credit (earned before the order spends it, so the balance never dips
 * below 0), then the credit spent.
 */
async function spendCouponAndCredit(
  tx: Transaction,
  userId: number,
  group: OrderGroupRow,
  pricing: Pricing,
): Promise<void> {
  if (
    pricing.coupon &&
    !(await takeCouponUse(tx, { couponId: pricing.coupon.id, userId, groupId: group.id }))
  ) {
    throw new HttpError(400, { coupon: [CHECKOUT_MESSAGES.couponExhausted] });
  }
  const { welcome } = pricing;
  if (welcome && !(await recordWelcomeCredit(tx, { inviteeUserId: userId, groupId: group.id, welcome }))) {
    throw new Error('the locked pending referral could not be applied');
  }
  if (pricing.priced.credit > 0) {
    const spent = await recordWalletEntry(tx, {
      userId,
      kind: 'spent',
      amount: formatMinorAsDecimal(-pricing.priced.credit),
      groupId: group.id,
      note: `Pedido ${group.number}`,
    });
    if (!spent) throw new HttpError(400, { credit: [CHECKOUT_MESSAGES.creditTooHigh] });
  }
}
