import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  type CheckoutConflict,
  MAX_OPEN_MANUAL_ORDERS,
  type PaymentNext,
  type PlaceOrderValues,
  unpaidUnitsLimit,
} from '@mandado/shared/checkout.schemas';
import { couponRefusal, normalizeCouponCode } from '@mandado/shared/coupon-rules';
import { deliveryWindow } from '@mandado/shared/delivery-window';
import { convertLine, formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { type PricingCoupon, type PricingStore, priceOrder } from '@mandado/shared/order-pricing';
import { phoneCountry } from '@mandado/shared/phone-number';
import { effectivePrice } from '@mandado/shared/product-price';
import {
  CARD_BRAND_LABELS,
  type CardBrand,
  DECLINE_MESSAGES,
  SANDBOX_CARD_MESSAGES,
} from '@mandado/shared/sandbox-cards';
import { shippingFeesFrom } from '@mandado/shared/shipping';
import { purchaseCountsFrom } from '@mandado/shared/store-availability';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import type { CardDetails, ChargeOutcome, PayPalOutcome } from '../../payment-processor.ts';
import { findCardOfUser, keepCard } from '../cards/cards.service.ts';
import { findCartProducts, lockCartOf, readCartLines } from '../cart/cart.service.ts';
import { presentProduct } from '../catalog/product.presenter.ts';
import { findCouponForCheckout, takeCouponUse } from '../coupons/coupons.service.ts';
import { getCurrencies } from '../currencies/currencies.service.ts';
import { getZoneMap } from '../geo/zones.service.ts';
import { deliveryZoneFor } from '../geo/zones.ts';
import { ordersPlaced } from '../observability/metrics.ts';
import { recordWelcomeCredit, welcomeCreditForOrder } from '../referrals/referral-ledger.ts';
import { getPublicSettings } from '../settings/settings.service.ts';
import { storeSnapshots } from '../stores/stores.service.ts';
import { recordWalletEntry } from '../wallet/wallet.service.ts';
import { type CheckoutSettings, getCheckoutSettings } from './checkout-settings.ts';
import { confirmPaidGroup, enqueueConfirmationEmails, landPayment } from './finalize.service.ts';
import { isManualMethod, presentOrderGroup } from './order.presenter.ts';
import { releaseGroup } from './order-release.ts';
import {
  attachGroupToKey,
  claimIdempotencyKey,
  compareAndSetGroup,
  countOpenManualGroups,
  deleteOrderedCartLines,
  findAwaitingGroups,
  findCityForOrder,
  findIdempotencyKey,
  findOwnBeneficiary,
  findRemitter,
  insertHistory,
  insertOrderGroup,
  insertOrderLines,
  insertStoreOrders,
  type LoadedOrderGroup,
  loadOrderGroup,
  lockStockRows,
  nextOrderNumber,
  type OrderGroupRow,
  readCreditBalance,
  readManualHoldsOfProducts,
  readOpenManualHoldings,
  readStock,
  releaseAbandonedKey,
  releaseIdempotencyKey,
  setProcessorRef,
  storeIdempotentAnswer,
  takeStock,
} from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';
import { groupPaymentKey, recoverGroupPayment } from './payment-recovery.service.ts';

/** An HTTP answer a route sends as is, and that an idempotency key keeps for its replays. */
export interface OrderAnswer {
  status: number;
  body: unknown;
  replayed?: boolean;
}

/** A refusal with a body of its own shape (409 with the changes), answered without writing anything. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`refused with ${status}`);
  }
}

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,255}$/;
/** A request that finds its key in progress polls the row this often, for at most this long. */
const IDEMPOTENCY_POLL_MS = 75;
const IDEMPOTENCY_WAIT_MS = 20_000;
/**
 * A key still in progress after this long belongs to a request that died (a crash, a restart): placing never
 * takes this long. Without a group nothing was written and the key is claimed again; with one, the group's
 * state becomes the key's answer.
 */
const IDEMPOTENCY_ABANDONED_MS = 5 * 60_000;
/** A card or PayPal payment not decided by then is released by the expiry worker. */
const CARD_PAYMENT_MINUTES = 30;
/** Why a waiting payment's group was cancelled by a newer checkout of the same remitter. */
export const REPLACED_REASON = 'Reemplazado por un pedido más reciente.';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** JSON with sorted keys: the same body hashes the same whatever the client's key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(input: PlaceOrderValues): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

/**
 * `POST /v1/orders/` (decision 021). The key's row is claimed first; a request that finds it answered
 * replays the answer, one that finds it in progress waits for it (so 50 identical parallel requests make one
 * group and one charge), and another body under the same key is a 422. A refusal before anything was
 * written gives the key back; every other outcome (201, 402) is kept as the key's answer.
 */
export async function placeOrder(
  ctx: OrdersContext,
  actor: Actor | null,
  idempotencyKey: string | undefined,
  input: PlaceOrderValues,
): Promise<OrderAnswer> {
  const { userId } = requirePermission(actor, 'account:own');
  if (idempotencyKey === undefined || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new HttpError(400, { detail: CHECKOUT_MESSAGES.idempotencyKeyRequired });
  }
  const key = idempotencyKey;
  const hash = requestHash(input);
  const deadline = Date.now() + (ctx.idempotencyWaitMs ?? IDEMPOTENCY_WAIT_MS);
  for (;;) {
    if (await claimIdempotencyKey(ctx.db, { userId, key, requestHash: hash })) break;
    const row = await findIdempotencyKey(ctx.db, userId, key);
    if (!row) continue; // given back meanwhile: claim it again
    if (row.requestHash !== hash)
      return { status: 422, body: { detail: CHECKOUT_MESSAGES.idempotencyKeyReused } };
    if (row.responseStatus !== null)
      return { status: row.responseStatus, body: row.responseBody, replayed: true };
    if (row.createdAt.getTime() < Date.now() - IDEMPOTENCY_ABANDONED_MS) {
      if (row.groupId === null) {
        await releaseAbandonedKey(ctx.db, userId, key, new Date(Date.now() - IDEMPOTENCY_ABANDONED_MS));
        continue;
      }
      // The request that held the key died after writing the group, maybe after the charge: the processor is
      // asked by the group's key or recorded reference and its answer lands before the group is answered.
      await recoverGroupPayment(ctx, row.groupId);
      const recovered = await answerFor(ctx, row.groupId, null, 201);
      await storeIdempotentAnswer(ctx.db, userId, key, { ...recovered, groupId: row.groupId });
      return { ...recovered, replayed: true };
    }
    if (Date.now() > deadline)
      return { status: 409, body: { detail: CHECKOUT_MESSAGES.idempotencyInProgress } };
    await sleep(IDEMPOTENCY_POLL_MS);
  }
  let placed: PlacedGroup;
  try {
    placed = await writeOrder(ctx, userId, key, input);
  } catch (error) {
    await releaseIdempotencyKey(ctx.db, userId, key);
    if (error instanceof Refusal) return { status: error.status, body: error.body };
    throw error;
  }
  // Counted once the group's transaction committed; a replayed request returned above without counting.
  ordersPlaced.inc({ payment_method: placed.group.paymentMethod });
  const answer = await collectPayment(ctx, placed);
  await storeIdempotentAnswer(ctx.db, userId, key, { ...answer, groupId: placed.group.id });
  return answer;
}

interface CardToCharge {
  token: string;
  customerRef: string | null;
  /** A new card the shopper asked to keep. */
  save: CardDetails | null;
  label: string;
}

interface PlacedGroup {
  group: OrderGroupRow;
  card: CardToCharge | null;
  settings: CheckoutSettings;
  /** A transfer's group as its e-mail was built from it (nothing changes it before the answer). */
  loaded: LoadedOrderGroup | null;
}

function cardLabel(brand: string, last4: string): string {
  return `${CARD_BRAND_LABELS[brand as CardBrand] ?? CARD_BRAND_LABELS.unknown} •••• ${last4}`;
}

/** The payment method's own checks, before the transaction (a processor call may take a while). */
async function checkPayment(
  ctx: OrdersContext,
  userId: number,
  input: PlaceOrderValues,
  settings: CheckoutSettings,
): Promise<CardToCharge | null> {
  const payment = input.payment;
  if (payment.method === 'bank_transfer' || payment.method === 'cash_deposit') {
    // The account phone's country, never the request's: the body is the client's to choose.
    const remitter = await findRemitter(ctx.db, userId);
    const country = remitter ? phoneCountry(remitter.phoneE164) : null;
    if (country === null || !settings.manualPaymentCountries.includes(country)) {
      throw new HttpError(400, { detail: CHECKOUT_MESSAGES.cashUnsupported });
    }
    // Any account could switch its phone to an allowed country and take stock on credit at once: a change
    // of country unlocks transfers only after some days (decision 031).
    const changedAt = remitter?.phoneCountryChangedAt;
    const waitMs = settings.phoneCountryChangeWaitDays * 24 * 60 * 60_000;
    if (changedAt && ctx.now().getTime() - changedAt.getTime() < waitMs) {
      throw new HttpError(400, {
        detail: CHECKOUT_MESSAGES.phoneCountryChangedRecently(settings.phoneCountryChangeWaitDays),
      });
    }
    return null;
  }
  if (payment.method === 'paypal') {
    if (!ctx.payments.paypal) throw new HttpError(400, { detail: CHECKOUT_MESSAGES.methodNotOffered });
    return null;
  }
  const processor = ctx.payments.card;
  if (payment.card_id) {
    const saved = await findCardOfUser(ctx.db, userId, payment.card_id);
    if (!saved) throw notFound();
    if (saved.processor !== processor.name)
      throw new HttpError(400, { detail: CHECKOUT_MESSAGES.methodNotOffered });
    const customerRef = processor.name === 'sandbox' ? null : await ensureCustomer(ctx, userId);
    return {
      token: saved.processorToken,
      customerRef,
      save: null,
      label: cardLabel(saved.brand, saved.last4),
    };
  }
  if (!payment.token) throw new HttpError(400, { detail: CHECKOUT_MESSAGES.cardRequired });
  const customerRef = payment.save_card ? await ensureCustomer(ctx, userId) : null;
  const details = await processor.describeCard(ctx.db, payment.token, customerRef);
  if (!details) throw new HttpError(400, { detail: SANDBOX_CARD_MESSAGES.number });
  return {
    token: details.processorToken,
    customerRef,
    save: payment.save_card ? details : null,
    label: cardLabel(details.brand, details.last4),
  };
}

async function ensureCustomer(ctx: OrdersContext, userId: number): Promise<string | null> {
  const remitter = await findRemitter(ctx.db, userId);
  if (!remitter) throw notFound();
  return ctx.payments.card.ensureCustomer(ctx.db, {
    id: userId,
    email: remitter.email,
    name: `${remitter.firstName} ${remitter.lastName}`.trim(),
  });
}

/**
 * Decision 031: an unpaid transfer or deposit holds its stock for days at no cost, so one account's unpaid
 * orders may hold at most `unpaidMaxTotal` (US$) and `unpaidMaxUnitsPerProduct` units of any one product,
 * this order included. Runs inside the placing transaction, after the cart row is locked: two placements of
 * one account queue there, so both cannot pass on the same count.
 */
async function checkUnpaidCaps(
  tx: DatabaseOrTransaction,
  userId: number,
  settings: CheckoutSettings,
  order: { total: number; wanted: ReadonlyMap<number, number>; names: ReadonlyMap<number, string> },
): Promise<void> {
  const held = await readOpenManualHoldings(tx, userId);
  if (held.total + order.total > settings.unpaidMaxTotal) {
    throw new HttpError(409, {
      detail: CHECKOUT_MESSAGES.unpaidTotalCap(settings.unpaidMaxTotal, held.total),
    });
  }
  for (const [productId, quantity] of order.wanted) {
    const already = held.unitsByProduct.get(productId) ?? 0;
    if (already + quantity > settings.unpaidMaxUnitsPerProduct) {
      throw new HttpError(409, {
        detail: CHECKOUT_MESSAGES.unpaidUnitsCap(
          settings.unpaidMaxUnitsPerProduct,
          order.names.get(productId) ?? '',
          already,
        ),
      });
    }
  }
}

/**
 * Issue 27: every account's unpaid transfers and deposits together may hold at most a fifth of a product's
 * stock (at least one unit); the per-account caps above do not stop 25 fresh accounts. Runs after the
 * products' rows are locked (`lockStockRows`), the lock `takeStock` then reuses: two checkouts of the same
 * product queue there, and the second one counts what the first one holds.
 */
async function checkUnpaidShareOfStock(
  tx: DatabaseOrTransaction,
  order: { wanted: ReadonlyMap<number, number>; names: ReadonlyMap<number, string> },
): Promise<void> {
  const ids = [...order.wanted.keys()];
  await lockStockRows(tx, ids);
  const holds = await readManualHoldsOfProducts(tx, ids);
  for (const [productId, quantity] of order.wanted) {
    const hold = holds.get(productId);
    // A product gone or short is the stock check's to explain, with its own 409.
    if (!hold || hold.stock < quantity) continue;
    const limit = unpaidUnitsLimit(hold.stock + hold.held);
    if (hold.held + quantity > limit) {
      // 422, not 409: the shop shows it on the step and ends the attempt (a 409 without changes reads as
      // "still in progress" there), and paying by card is the way on.
      throw new HttpError(422, {
        detail: CHECKOUT_MESSAGES.unpaidProductShare(
          order.names.get(productId) ?? '',
          Math.max(0, limit - hold.held),
        ),
      });
    }
  }
}

function conflict(changes: CheckoutConflict['changes']): Refusal {
  return new Refusal(409, { detail: CHECKOUT_MESSAGES.cartChanged, changes });
}

/**
 * The one transaction of decision 021: lock the cart, check it against what the shopper saw, take the stock,
 * the coupon's use and the credit, and write the group, its store orders, lines and history.
 */
async function writeOrder(
  ctx: OrdersContext,
  userId: number,
  key: string,
  input: PlaceOrderValues,
): Promise<PlacedGroup> {
  const [publicSettings, settings, currencies, zones] = await Promise.all([
    getPublicSettings(ctx.db),
    getCheckoutSettings(ctx.db),
    getCurrencies(ctx.db),
    getZoneMap(ctx.db),
  ]);
  const card = await checkPayment(ctx, userId, input, settings);
  // A pick-up may name only who collects it (issue 16): no address, no pin. A beneficiary given is still one
  // of the remitter's own.
  const beneficiary =
    input.beneficiary_id === null ? null : await findOwnBeneficiary(ctx.db, userId, input.beneficiary_id);
  if (input.beneficiary_id !== null && !beneficiary) throw notFound();
  const pickup =
    input.delivery !== 'pickup'
      ? null
      : (input.pickup_contact ??
        (beneficiary
          ? { name: `${beneficiary.firstName} ${beneficiary.lastName}`.trim(), phone: beneficiary.mobile }
          : null));
  const now = ctx.now();
  const rates = currencies.rates.rates;
  const manual = isManualMethod(input.payment.method);

  const { group, loaded } = await ctx.db.transaction(async (tx) => {
    const cart = await lockCartOf(tx, userId);
    if (cart.cityId === null || (beneficiary && cart.cityId !== beneficiary.cityId)) {
      throw new HttpError(400, { beneficiary_id: [CHECKOUT_MESSAGES.beneficiaryOtherCity] });
    }
    const cityId = cart.cityId;
    const city = beneficiary ?? (await findCityForOrder(tx, cityId));
    if (!city) throw new HttpError(400, { beneficiary_id: [CHECKOUT_MESSAGES.beneficiaryOtherCity] });
    // One unpaid card or PayPal checkout per remitter: a new attempt (another tab, changed inputs) replaces
    // the one left waiting, giving its stock, coupon and credit back first, so a cart is never bought twice.
    // If the old payment still goes through, finalize refunds it.
    for (const waitingId of await findAwaitingGroups(tx, userId)) {
      const replaced = await compareAndSetGroup(
        tx,
        waitingId,
        { status: 'awaiting_payment' },
        { status: 'cancelled', cancelReason: REPLACED_REASON, expiresAt: null },
      );
      if (replaced) await releaseGroup(tx, replaced, REPLACED_REASON);
    }
    // Each unpaid transfer or deposit holds its stock for days: a remitter may keep only a few open, or one
    // account could hold a store's shelf at no cost (security review).
    if (manual && (await countOpenManualGroups(tx, userId)) >= MAX_OPEN_MANUAL_ORDERS) {
      throw new HttpError(409, { detail: CHECKOUT_MESSAGES.tooManyUnpaidManual(MAX_OPEN_MANUAL_ORDERS) });
    }
    const lines = await readCartLines(tx, userId);

    // What changed since 'Revisar Pedido': lines, quantities, prices and stock, then the total.
    const changes: CheckoutConflict['changes'] = [];
    const expected = new Map(input.lines.map((line) => [line.product_id, line]));
    const priced = lines.map((line) => {
      const unitPrice = effectivePrice(presentProduct(line));
      const totalUsd = convertLine(parseMoney(unitPrice), line.quantity, line.currency, 'USD', rates);
      if (totalUsd === null) throw new Error(`no stored rate for ${line.currency}`);
      const seen = expected.get(line.id);
      if (!seen) changes.push({ product_id: line.id, name: line.name, change: 'added', now: null });
      else if (seen.quantity !== line.quantity) {
        changes.push({
          product_id: line.id,
          name: line.name,
          change: 'quantity',
          now: String(line.quantity),
        });
      } else if (parseMoney(seen.unit_price) !== parseMoney(unitPrice)) {
        changes.push({ product_id: line.id, name: line.name, change: 'price', now: unitPrice });
      }
      if (line.stock < line.quantity) {
        changes.push({ product_id: line.id, name: line.name, change: 'stock', now: String(line.stock) });
      }
      return { line, unitPrice, totalUsd, substitution: seen?.substitution ?? input.substitution };
    });
    const inCart = new Set(lines.map((line) => line.id));
    const gone = input.lines.filter((line) => !inCart.has(line.product_id)).map((line) => line.product_id);
    if (gone.length > 0) {
      const known = new Map((await findCartProducts(tx, gone, cityId)).map((row) => [row.id, row]));
      for (const productId of gone) {
        const product = known.get(productId);
        const unavailable = product !== undefined && !(product.approved && product.deliversToCity);
        changes.push({
          product_id: productId,
          name: product?.name ?? '',
          change: unavailable ? 'unavailable' : 'removed',
          now: null,
        });
      }
    }
    if (changes.length > 0) throw conflict(changes);

    // Stores in the order the cart first shows them: MV-…-1, -2, …
    const byStore = new Map<number, PricingStore & { lines: Array<{ key: number; totalUsd: number }> }>();
    for (const { line, totalUsd } of priced) {
      const store = byStore.get(line.storeId) ?? {
        storeId: line.storeId,
        inDeliveryCity: line.storeCityId === cityId,
        lines: [],
      };
      store.lines.push({ key: line.id, totalUsd });
      byStore.set(line.storeId, store);
    }
    const subtotal = priced.reduce((sum, item) => sum + item.totalUsd, 0);

    let coupon: { id: number; code: string; terms: PricingCoupon } | null = null;
    if (input.coupon) {
      const found = await findCouponForCheckout(tx, normalizeCouponCode(input.coupon), userId);
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
      coupon = { id: found.coupon.id, code: found.coupon.code, terms };
    }

    const creditAsked = parseMoney(input.credit);
    if (creditAsked > parseMoney(await readCreditBalance(tx, userId))) {
      throw new HttpError(400, { credit: [CHECKOUT_MESSAGES.creditTooHigh] });
    }
    const pricingInput = {
      stores: [...byStore.values()],
      delivery: input.delivery,
      freeShippingThreshold: parseMoney(publicSettings.free_shipping_threshold),
      shippingFees: shippingFeesFrom(publicSettings),
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
    const pricing = welcome ? priceOrder({ ...pricingInput, credit: creditAsked + welcome.amount }) : chosen;
    if (parseMoney(input.expected_total) !== pricing.total) {
      throw conflict([
        { product_id: 0, name: '', change: 'total', now: formatMinorAsDecimal(pricing.total) },
      ]);
    }

    // Stock: quantities summed per product first, then one conditional update per row (no overselling).
    const wanted = new Map<number, number>();
    for (const { line } of priced) wanted.set(line.id, (wanted.get(line.id) ?? 0) + line.quantity);
    if (manual) {
      const names = new Map(priced.map(({ line }) => [line.id, line.name]));
      await checkUnpaidCaps(tx, userId, settings, { total: pricing.total, wanted, names });
      await checkUnpaidShareOfStock(tx, { wanted, names });
    }
    const short = await takeStock(
      tx,
      [...wanted].map(([productId, quantity]) => ({ productId, quantity })),
    );
    if (short.length > 0) {
      const left = await readStock(tx, short);
      throw conflict(
        short.map((productId) => ({
          product_id: productId,
          name: left.get(productId)?.name ?? '',
          change: 'stock' as const,
          now: String(left.get(productId)?.stock ?? 0),
        })),
      );
    }

    const number = await nextOrderNumber(tx);
    const zone = beneficiary
      ? deliveryZoneFor(Number(beneficiary.latitude), Number(beneficiary.longitude), zones)
      : null;
    // Read before the window: a paused or closed store's order counts its 24–48 h from the reopening (and
    // from its next opening when it has hours, decision 047), and the whole purchase arrives together, so the
    // latest reopening sets the window (issue 18).
    const snapshots = new Map(
      (
        await storeSnapshots(
          tx,
          pricing.stores.map((store) => store.storeId),
        )
      ).map((row) => [row.id, row]),
    );
    const window = deliveryWindow(purchaseCountsFrom([...snapshots.values()], now));
    const expiresAt = new Date(
      now.getTime() + (manual ? settings.manualPaymentDays * 24 * 60 : CARD_PAYMENT_MINUTES) * 60_000,
    );
    const method = input.payment.method;
    const group = await insertOrderGroup(tx, {
      number,
      remitterId: userId,
      status: manual ? 'confirmed' : 'awaiting_payment',
      paymentStatus: 'pending',
      paymentMethod: method,
      processor: manual ? 'manual' : method === 'paypal' ? 'paypal' : ctx.payments.card.name,
      paymentLabel: card?.label ?? null,
      delivery: input.delivery,
      substitution: input.substitution,
      cityId,
      // The snapshot keeps the pin (latitude, longitude) for the store and the courier. A pick-up without a
      // beneficiary is snapshotted from its contact, so e-mails, tracking and lists still have a name.
      beneficiary: beneficiary
        ? {
            firstName: beneficiary.firstName,
            lastName: beneficiary.lastName,
            addressLine1: beneficiary.addressLine1,
            cityId: beneficiary.cityId,
            cityName: beneficiary.cityName,
            stateName: beneficiary.stateName,
            stateId: beneficiary.stateId,
            mobile: beneficiary.mobile,
            landline: beneficiary.landline,
            residency: beneficiary.residency,
            latitude: beneficiary.latitude,
            longitude: beneficiary.longitude,
            email: beneficiary.email,
            deliveryNotes: beneficiary.deliveryNotes,
            meetingPoint: zone?.meeting_point?.name ?? null,
          }
        : {
            firstName: pickup?.name ?? '',
            lastName: '',
            addressLine1: '',
            cityId: city.cityId,
            cityName: city.cityName,
            stateName: city.stateName,
            stateId: city.stateId,
            mobile: pickup?.phone ?? '',
            landline: '',
            residency: '',
            latitude: '',
            longitude: '',
            email: '',
            deliveryNotes: '',
            meetingPoint: null,
          },
      pickupName: pickup?.name ?? null,
      pickupPhone: pickup?.phone ?? null,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      subtotal: formatMinorAsDecimal(pricing.subtotal),
      discount: formatMinorAsDecimal(pricing.discount),
      shipping: formatMinorAsDecimal(pricing.shipping),
      credit: formatMinorAsDecimal(pricing.credit),
      total: formatMinorAsDecimal(pricing.total),
      displayCurrency: input.display_currency,
      country: input.country,
      deliveryFrom: window.from,
      deliveryTo: window.to,
      trackingToken: randomBytes(32).toString('base64url'),
      expiresAt,
    });
    await attachGroupToKey(tx, userId, key, group.id);

    if (coupon) {
      if (!(await takeCouponUse(tx, { couponId: coupon.id, userId, groupId: group.id }))) {
        throw new HttpError(400, { coupon: [CHECKOUT_MESSAGES.couponExhausted] });
      }
    }
    // The welcome credit is earned before the order spends it, so the balance never dips below 0.
    if (welcome && !(await recordWelcomeCredit(tx, { inviteeUserId: userId, groupId: group.id, welcome }))) {
      throw new Error('the locked pending referral could not be applied');
    }
    if (pricing.credit > 0) {
      const spent = await recordWalletEntry(tx, {
        userId,
        kind: 'spent',
        amount: formatMinorAsDecimal(-pricing.credit),
        groupId: group.id,
        note: `Pedido ${number}`,
      });
      if (!spent) throw new HttpError(400, { credit: [CHECKOUT_MESSAGES.creditTooHigh] });
    }

    const pricedByProduct = new Map(priced.map((item) => [item.line.id, item]));
    const storeOrderIds = await insertStoreOrders(
      tx,
      pricing.stores.map((store, index) => ({
        groupId: group.id,
        number: `${number}-${index + 1}`,
        storeId: store.storeId,
        storeName: snapshots.get(store.storeId)?.name ?? '',
        storeAddress: snapshots.get(store.storeId)?.address ?? '',
        // The store's commission now, frozen for its statement (issue 18).
        commissionRate: snapshots.get(store.storeId)?.commissionRate ?? '10.00',
        status: 'pending',
        subtotal: formatMinorAsDecimal(store.subtotal),
        discount: formatMinorAsDecimal(store.discount),
        shipping: formatMinorAsDecimal(store.shipping),
        credit: formatMinorAsDecimal(store.credit),
        total: formatMinorAsDecimal(store.total),
        // The beneficiary's 4-digit delivery code (issue 17), from the CSPRNG; the column's default only
        // fills rows placed before it existed.
        deliveryCode: String(randomInt(10_000)).padStart(4, '0'),
      })),
    );
    const storeOrderIdOf = (storeId: number): number => {
      const id = storeOrderIds.get(storeId);
      if (id === undefined) throw new Error('store order not stored');
      return id;
    };
    await insertOrderLines(
      tx,
      pricing.stores.flatMap((store) =>
        store.lines.map((pricedLine, position) => {
          const item = pricedByProduct.get(pricedLine.key);
          if (!item) throw new Error('priced line without its cart line');
          return {
            storeOrderId: storeOrderIdOf(store.storeId),
            productId: item.line.id,
            name: item.line.name,
            image: item.line.images[0] ?? null,
            quantity: item.line.quantity,
            unitPrice: item.unitPrice,
            currency: item.line.currency,
            totalUsd: formatMinorAsDecimal(pricedLine.totalUsd),
            discount: formatMinorAsDecimal(pricedLine.discount),
            substitution: item.substitution,
            position,
          };
        }),
      ),
    );
    await insertHistory(
      tx,
      pricing.stores.map((store) => ({
        storeOrderId: storeOrderIdOf(store.storeId),
        fromStatus: null,
        toStatus: 'pending',
        actorRole: 'system',
        reason: '',
      })),
    );

    if (manual) {
      // A transfer or deposit is placed at once: the cart empties and the instructions go out now.
      await deleteOrderedCartLines(tx, group.id);
      return {
        group,
        loaded: await enqueueConfirmationEmails(tx, { publicUrl: ctx.publicUrl, settings }, group.id),
      };
    }
    return { group, loaded: null };
  });
  return { group, card, settings, loaded };
}

/** After the commit: charge (outside any transaction), then land the result with finalize. */
async function collectPayment(ctx: OrdersContext, placed: PlacedGroup): Promise<OrderAnswer> {
  const { group, card, settings } = placed;
  if (group.status === 'confirmed') {
    ctx.kickMailWorker();
    return answerFor(ctx, group.id, null, 201, { loaded: placed.loaded, settings });
  }
  const amountMinor = parseMoney(group.total);
  if (amountMinor === 0) {
    // Coupon and credit paid it all: there is nothing to charge.
    const loaded = await confirmPaidGroup(ctx, group.id, null, settings);
    return answerFor(ctx, group.id, null, 201, { loaded, settings });
  }
  const idempotencyKey = groupPaymentKey(group.id);
  const outcome = await requestPayment(ctx, placed, amountMinor, idempotencyKey);
  if (card?.save && outcome.status !== 'failed') {
    // Keeping the card is a convenience: failing to keep it must never turn a taken payment into a decline.
    await keepCard(ctx.db, {
      cardId: randomUUID(),
      userId: group.remitterId,
      processor: ctx.payments.card.name,
      processorToken: card.save.processorToken,
      brand: card.save.brand,
      last4: card.save.last4,
      expMonth: card.save.expMonth,
      expYear: card.save.expYear,
    }).catch(() => undefined);
  }
  const loaded = await landPayment(ctx, group.id, outcome, settings);
  return answerFor(ctx, group.id, outcome, 201, { loaded, settings });
}

/**
 * Asks the processor to charge (or PayPal to create its order). A call that fails without an answer (timeout,
 * connection reset) is asked once more with the same idempotency key, which the processor answers with the
 * first call's result if it did go through, so a lost answer rarely becomes a false decline. When both fail,
 * nothing is known to be charged and the group is released; a payment that did go through shows up later
 * (webhook, confirm) and is refunded by finalize.
 */
async function requestPayment(
  ctx: OrdersContext,
  placed: PlacedGroup,
  amountMinor: number,
  idempotencyKey: string,
): Promise<ChargeOutcome | PayPalOutcome> {
  const { group, card } = placed;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      if (group.paymentMethod === 'paypal') {
        const paypal = ctx.payments.paypal;
        if (!paypal) break;
        const back = `${ctx.publicUrl.replace(/\/$/, '')}/checkout/confirmacion/${group.number}`;
        return await paypal.createOrder({
          idempotencyKey,
          groupNumber: group.number,
          amountMinor,
          returnUrl: `${back}?paypal=approved`,
          cancelUrl: `${back}?paypal=cancelled`,
        });
      }
      if (!card) break;
      return await ctx.payments.card.charge(ctx.db, {
        idempotencyKey,
        groupId: group.id,
        groupNumber: group.number,
        userId: group.remitterId,
        amountMinor,
        currency: 'USD',
        paymentToken: card.token,
        customerRef: card.customerRef,
        description: `Mandado ${group.number}`,
        // Before money can move (decision 030): the reference a crash would otherwise lose.
        recordAttempt: (processorRef) => setProcessorRef(ctx.db, group.id, processorRef),
      });
    } catch {
      // Asked again below with the same key.
    }
  }
  return {
    status: 'failed',
    processorRef: null,
    declineCode: 'processing_error',
    message: DECLINE_MESSAGES.processing_error,
  };
}

/** The answer for the group as it now stands: the order and what the client does next, or the 402. */
export async function answerFor(
  ctx: OrdersContext,
  groupId: number,
  outcome: ChargeOutcome | PayPalOutcome | null,
  successStatus: 200 | 201,
  known: { loaded?: LoadedOrderGroup | null; settings?: CheckoutSettings } = {},
): Promise<OrderAnswer> {
  const [loaded, settings] = await Promise.all([
    known.loaded ?? loadOrderGroup(ctx.db, { id: groupId }),
    known.settings ?? getCheckoutSettings(ctx.db),
  ]);
  if (!loaded) throw notFound();
  const { group } = loaded;
  if (group.status === 'cancelled') {
    return {
      status: 402,
      body: {
        detail: group.cancelReason ?? CHECKOUT_MESSAGES.orderNotPayable,
        decline_code: outcome?.status === 'failed' ? outcome.declineCode : 'order_cancelled',
        order: group.number,
      },
    };
  }
  let payment: PaymentNext;
  if (group.paymentStatus === 'paid') payment = { status: 'succeeded' };
  else if (group.status === 'confirmed') payment = { status: 'pending' };
  else if (outcome?.status === 'requires_action') {
    payment = {
      status: 'requires_action',
      action: 'approveUrl' in outcome ? { type: 'paypal', approve_url: outcome.approveUrl } : outcome.action,
    };
  } else {
    payment = { status: 'pending' };
  }
  return {
    status: successStatus,
    body: { order: presentOrderGroup(loaded, { publicUrl: ctx.publicUrl, settings }), payment },
  };
}
