import { randomInt } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  type CheckoutConflict,
  MAX_OPEN_MANUAL_ORDERS,
  type PlaceOrderValues,
  unpaidUnitsLimit,
} from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { OrderPricing } from '@mandado/shared/order-pricing';
import { phoneCountry } from '@mandado/shared/phone-number';
import { CARD_BRAND_LABELS, type CardBrand, SANDBOX_CARD_MESSAGES } from '@mandado/shared/sandbox-cards';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import type { CardDetails } from '../../payment-processor.ts';
import { findCardOfUser } from '../cards/cards.service.ts';
import { removeOrderedLines } from '../cart/cart.service.ts';
import { lockStock, takeUnits } from '../merchant-catalog/product-stock.service.ts';
import {
  createOrderLines,
  createStoreOrders,
  recordHistoryRows,
} from '../order-status/order-status.service.ts';
import type { CheckoutSettings } from './checkout-settings.ts';
import { enqueueConfirmationEmails } from './order-confirmation.service.ts';
import { releaseGroup } from './order-release.ts';
import {
  attachGroupToKey,
  compareAndSetGroup,
  countOpenManualGroups,
  findAwaitingGroups,
  findCityForOrder,
  findOwnBeneficiary,
  findRemitter,
  insertOrderGroup,
  type LoadedOrderGroup,
  nextOrderNumber,
  type OrderBeneficiaryRow,
  type OrderGroupRow,
  readCreditBalance,
  readManualHoldsOfProducts,
  readOpenManualHoldings,
  readStock,
} from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';

type OrderGroupInsert = Parameters<typeof insertOrderGroup>[1];

/**
 * The orders module's own steps of placing an order (decision 057): each reads or writes the orders module's
 * tables through its repository, and flows/place-order.flow.ts tells them in order, in one transaction.
 */

/** A refusal with a body of its own shape (409 with the changes), answered without writing anything. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`refused with ${status}`);
  }
}

/** Why a waiting payment's group was cancelled by a newer checkout of the same remitter. */
export const REPLACED_REASON = 'Reemplazado por un pedido más reciente.';

export interface CardToCharge {
  token: string;
  customerRef: string | null;
  /** A new card the shopper asked to keep. */
  save: CardDetails | null;
  label: string;
}

function cardLabel(brand: string, last4: string): string {
  return `${CARD_BRAND_LABELS[brand as CardBrand] ?? CARD_BRAND_LABELS.unknown} •••• ${last4}`;
}

/** The payment method's own checks, before the transaction (a processor call may take a while). */
export async function checkPayment(
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
export async function checkUnpaidCaps(
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
 * products' rows are locked (`lockStock`), the lock `takeUnits` then reuses: two checkouts of the same
 * product queue there, and the second one counts what the first one holds.
 */
export async function checkUnpaidShareOfStock(
  tx: DatabaseOrTransaction,
  order: { wanted: ReadonlyMap<number, number>; names: ReadonlyMap<number, string> },
): Promise<void> {
  const ids = [...order.wanted.keys()];
  await lockStock(tx, ids);
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

export function conflict(changes: CheckoutConflict['changes']): Refusal {
  return new Refusal(409, { detail: CHECKOUT_MESSAGES.cartChanged, changes });
}

/** Who receives the order: one of the remitter's own beneficiaries, and for a pick-up who collects it. */
export interface Recipient {
  beneficiary: OrderBeneficiaryRow | null;
  pickup: { name: string; phone: string } | null;
}

/**
 * A pick-up may name only who collects it (issue 16): no address, no pin. A beneficiary given is still one of
 * the remitter's own.
 */
export async function findRecipient(
  db: DatabaseOrTransaction,
  userId: number,
  input: PlaceOrderValues,
): Promise<Recipient> {
  const beneficiary =
    input.beneficiary_id === null ? null : await findOwnBeneficiary(db, userId, input.beneficiary_id);
  if (input.beneficiary_id !== null && !beneficiary) throw notFound();
  const pickup =
    input.delivery !== 'pickup'
      ? null
      : (input.pickup_contact ??
        (beneficiary
          ? { name: `${beneficiary.firstName} ${beneficiary.lastName}`.trim(), phone: beneficiary.mobile }
          : null));
  return { beneficiary: beneficiary ?? null, pickup };
}

export type OrderCity = Pick<OrderBeneficiaryRow, 'cityId' | 'cityName' | 'stateId' | 'stateName'>;

/** The cart's city is the order's: a beneficiary elsewhere cannot receive it. */
export async function cityOfOrder(
  tx: DatabaseOrTransaction,
  cartCityId: number | null,
  beneficiary: OrderBeneficiaryRow | null,
): Promise<OrderCity> {
  if (cartCityId === null || (beneficiary && cartCityId !== beneficiary.cityId)) {
    throw new HttpError(400, { beneficiary_id: [CHECKOUT_MESSAGES.beneficiaryOtherCity] });
  }
  const city = beneficiary ?? (await findCityForOrder(tx, cartCityId));
  if (!city) throw new HttpError(400, { beneficiary_id: [CHECKOUT_MESSAGES.beneficiaryOtherCity] });
  return city;
}

/**
 * One unpaid card or PayPal checkout per remitter: a new attempt (another tab, changed inputs) replaces the one
 * left waiting, giving its stock, coupon and credit back first, so a cart is never bought twice. If the old
 * payment still goes through, finalize refunds it.
 */
export async function replaceWaitingCheckouts(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  for (const waitingId of await findAwaitingGroups(tx, userId)) {
    const replaced = await compareAndSetGroup(
      tx,
      waitingId,
      { status: 'awaiting_payment' },
      { status: 'cancelled', cancelReason: REPLACED_REASON, expiresAt: null },
    );
    if (replaced) await releaseGroup(tx, replaced, REPLACED_REASON);
  }
}

/**
 * Each unpaid transfer or deposit holds its stock for days: a remitter may keep only a few open, or one account
 * could hold a store's shelf at no cost (security review).
 */
export async function capOpenManualOrders(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  if ((await countOpenManualGroups(tx, userId)) >= MAX_OPEN_MANUAL_ORDERS) {
    throw new HttpError(409, { detail: CHECKOUT_MESSAGES.tooManyUnpaidManual(MAX_OPEN_MANUAL_ORDERS) });
  }
}

export async function checkCreditBalance(
  tx: DatabaseOrTransaction,
  userId: number,
  creditAsked: number,
): Promise<void> {
  if (creditAsked > parseMoney(await readCreditBalance(tx, userId))) {
    throw new HttpError(400, { credit: [CHECKOUT_MESSAGES.creditTooHigh] });
  }
}

/** One conditional update per product row (no overselling); a product short is a 409 with what is left. */
export async function reserveStock(
  tx: DatabaseOrTransaction,
  wanted: ReadonlyMap<number, number>,
): Promise<void> {
  const short = await takeUnits(
    tx,
    [...wanted].map(([productId, quantity]) => ({ productId, quantity })),
  );
  if (short.length === 0) return;
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

export function takeOrderNumber(tx: DatabaseOrTransaction): Promise<string> {
  return nextOrderNumber(tx);
}

/**
 * The snapshot keeps the pin (latitude, longitude) for the store and the courier. A pick-up without a
 * beneficiary is snapshotted from its contact, so e-mails, tracking and lists still have a name.
 */
export function beneficiarySnapshot(
  recipient: Recipient,
  city: OrderCity,
  meetingPoint: string | null,
): OrderGroupInsert['beneficiary'] {
  const { beneficiary, pickup } = recipient;
  if (beneficiary) {
    return {
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
      meetingPoint,
    };
  }
  return {
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
  };
}

/** The group's row, tied to the idempotency key that placed it (a crash after this is recovered by the key). */
export async function writeGroup(
  tx: DatabaseOrTransaction,
  key: string,
  values: OrderGroupInsert,
): Promise<OrderGroupRow> {
  const group = await insertOrderGroup(tx, values);
  await attachGroupToKey(tx, values.remitterId, key, group.id);
  return group;
}

/** A cart line as priced against what the shopper saw. */
export interface CheckedLine {
  productId: number;
  name: string;
  image: string | null;
  quantity: number;
  unitPrice: string;
  currency: string;
  substitution: PlaceOrderValues['substitution'];
  /** Issue 31: the line's total in the order's display currency as shown; null without a rate. */
  displayTotal?: number | null;
  /** The product's returnable flag now, frozen on the line (issue 32, decision 076). */
  returnable?: boolean;
  /** IVA in % frozen on the line (decision 078). */
  ivaRate: number;
}

export interface StoreSnapshot {
  name: string;
  address: string;
  commissionRate: string;
}

/**
 * One store order per store, in the order the cart first shows them (MV-…-1, -2, …), with its lines; answers
 * the ids by store.
 */
export async function writeStoreOrders(
  tx: DatabaseOrTransaction,
  group: OrderGroupRow,
  pricing: OrderPricing,
  context: { snapshots: ReadonlyMap<number, StoreSnapshot>; lines: ReadonlyMap<number, CheckedLine> },
): Promise<Map<number, number>> {
  const { snapshots } = context;
  const ids = await createStoreOrders(
    tx,
    pricing.stores.map((store, index) => ({
      groupId: group.id,
      number: `${group.number}-${index + 1}`,
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
      // The beneficiary's 4-digit delivery code (issue 17), from the CSPRNG; the column's default only fills
      // rows placed before it existed.
      deliveryCode: String(randomInt(10_000)).padStart(4, '0'),
    })),
  );
  await writeLines(tx, pricing, ids, context.lines);
  return ids;
}

function idOf(ids: ReadonlyMap<number, number>, storeId: number): number {
  const id = ids.get(storeId);
  if (id === undefined) throw new Error('store order not stored');
  return id;
}

async function writeLines(
  tx: DatabaseOrTransaction,
  pricing: OrderPricing,
  ids: ReadonlyMap<number, number>,
  lines: ReadonlyMap<number, CheckedLine>,
): Promise<void> {
  await createOrderLines(
    tx,
    pricing.stores.flatMap((store) =>
      store.lines.map((pricedLine, position) => {
        const line = lines.get(pricedLine.key);
        if (!line) throw new Error('priced line without its cart line');
        return {
          storeOrderId: idOf(ids, store.storeId),
          productId: line.productId,
          name: line.name,
          image: line.image,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          currency: line.currency,
          totalUsd: formatMinorAsDecimal(pricedLine.totalUsd),
          discount: formatMinorAsDecimal(pricedLine.discount),
          displayTotal:
            line.displayTotal === undefined || line.displayTotal === null
              ? null
              : formatMinorAsDecimal(line.displayTotal),
          vatRate: line.ivaRate,
          substitution: line.substitution,
          position,
          ...(line.returnable === undefined ? {} : { returnable: line.returnable }),
        };
      }),
    ),
  );
}

/** Every new store order's first history row: placed, pending, by the system. */
export async function recordPlacedHistory(
  tx: DatabaseOrTransaction,
  pricing: OrderPricing,
  ids: ReadonlyMap<number, number>,
): Promise<void> {
  await recordHistoryRows(
    tx,
    pricing.stores.map((store) => ({
      storeOrderId: idOf(ids, store.storeId),
      fromStatus: null,
      toStatus: 'pending',
      actorRole: 'system',
      reason: '',
    })),
  );
}

/** A transfer or deposit is placed at once: the cart empties and the instructions go out now. */
export async function placeManualAtOnce(
  tx: DatabaseOrTransaction,
  ctx: OrdersContext,
  settings: CheckoutSettings,
  groupId: number,
): Promise<LoadedOrderGroup | null> {
  await removeOrderedLines(tx, groupId);
  return enqueueConfirmationEmails(tx, { publicUrl: ctx.publicUrl, settings }, groupId);
}
