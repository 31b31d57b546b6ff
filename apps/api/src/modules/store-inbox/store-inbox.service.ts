import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import { INBOX_TAB_STATUSES, INBOX_TABS, type InboxTab } from '@mandado/shared/fulfilment';
import { convertMinor, formatMinorAsDecimal, parseMoney, type Rates } from '@mandado/shared/money';
import type { StoreOrderStatus } from '@mandado/shared/order-status';
import { effectivePrice } from '@mandado/shared/product-price';
import {
  INBOX_PAGE_SIZE,
  type LineAvailabilityInput,
  STORE_INBOX_MESSAGES,
  type StoreInbox,
  type SubstituteCandidate,
} from '@mandado/shared/store-inbox.schemas';
import { foldText } from '@mandado/shared/text-fold';
import { type Actor, requirePermission, requireStoreMember } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import type { LineSubstitute } from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findProductRow, listStoreProductRows } from '../catalog/catalog.service.ts';
import { presentProduct } from '../catalog/product.presenter.ts';
import type { ProductRow } from '../catalog/product-columns.sql.ts';
import { getCurrencies } from '../currencies/currencies.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import type { StaffStoreOrder } from '../order-status/order-status.presenter.ts';
import {
  findMerchantStoreOrder,
  listStaffStoreOrderPage,
  markSeenByStore,
  recordInboxChange,
  recordLineSupply,
} from '../order-status/order-status.service.ts';
import { substitutionFactsForInbox, substitutionInboxStamp } from '../substitutions/substitutions.service.ts';
import {
  findLineTarget,
  insertPushMessages,
  type LineTarget,
  listPaidStoreOrderNotices,
  lockLineTarget,
  readInboxState,
} from './store-inbox.repository.ts';
import { newOrderSummary, newStoreOrderEmail } from './store-inbox-emails.ts';

/** Where the staff app's inbox lives: the e-mail's link and the push notification's target. */
export const STORE_INBOX_PATH = '/comercio';
const SUBSTITUTE_LIMIT = 20;
/** A store order's lines can change while the store has not handed it over yet. */
const LINE_CHANGEABLE: readonly StoreOrderStatus[] = ['approved', 'preparing_to_delivery'];

const ALL_VISIBLE_STATUSES: readonly StoreOrderStatus[] = INBOX_TABS.flatMap(
  (tab) => INBOX_TAB_STATUSES[tab],
);

function requireMember(
  actor: Actor | null,
  storeId: number,
  permission: 'store:read' | 'order:fulfil',
): Actor {
  // Membership, not the operator role: the merchant area never lets an operator act for another store.
  return requireStoreMember(requirePermission(actor, permission, storeId), storeId);
}

export interface InboxQuery {
  tab?: InboxTab | undefined;
  page: number;
}

/**
 * The store's inbox (issue 17). First one cheap query (the store's visible orders counted by status with their
 * newest change and opening) gives the counts and the ETag; when the phone already holds that state the
 * answer is `inbox: null` (304) and nothing else is read. Otherwise one page of the tab, newest first: four
 * queries in all, whatever the page holds. Orders of groups still waiting for a transfer are never listed.
 */
export async function getStoreInbox(
  db: Database,
  actor: Actor | null,
  storeId: number,
  query: InboxQuery,
  ifNoneMatch: string | undefined,
  publicUrl: string,
): Promise<{ etag: string; inbox: StoreInbox | null }> {
  requireMember(actor, storeId, 'store:read');
  // The substitution questions are part of the state (decision 062): an answer shows up at the next poll.
  const [state, questions] = await Promise.all([
    readInboxState(db, storeId),
    substitutionInboxStamp(db, storeId),
  ]);
  const etag = `W/"${createHash('sha256')
    .update(JSON.stringify([storeId, query.tab ?? 'all', query.page, state, questions]))
    .digest('base64url')
    .slice(0, 27)}"`;
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
    return { etag, inbox: null };
  }
  const countOf = (statuses: readonly StoreOrderStatus[]) =>
    state.reduce((sum, row) => sum + (statuses.includes(row.status as StoreOrderStatus) ? row.count : 0), 0);
  const counts = Object.fromEntries(
    INBOX_TABS.map((tab) => [tab, countOf(INBOX_TAB_STATUSES[tab])]),
  ) as Record<InboxTab, number>;
  // The ring: new paid orders nobody opened yet.
  const unseen = state.reduce(
    (sum, row) => sum + (INBOX_TAB_STATUSES.new.includes(row.status as StoreOrderStatus) ? row.unseen : 0),
    0,
  );
  const statuses = query.tab ? INBOX_TAB_STATUSES[query.tab] : ALL_VISIBLE_STATUSES;
  const pages = Math.max(1, Math.ceil(countOf(statuses) / INBOX_PAGE_SIZE));
  const page =
    query.page > pages
      ? []
      : await listStaffStoreOrderPage(
          db,
          storeId,
          {
            statuses,
            limit: INBOX_PAGE_SIZE,
            offset: (query.page - 1) * INBOX_PAGE_SIZE,
          },
          publicUrl,
        );
  const results = await withSubstitutionFacts(db, storeId, page);
  return { etag, inbox: { results, counts, unseen, page: query.page, pages } };
}

/** One card: the same shape as the list's. Another store's order, or one not paid yet, is a 404. */
export async function getStoreOrderCard(
  db: Database,
  actor: Actor | null,
  storeId: number,
  number: string,
  publicUrl: string,
): Promise<StaffStoreOrder> {
  requireMember(actor, storeId, 'store:read');
  const order = await findMerchantStoreOrder(db, storeId, number, publicUrl);
  if (!order || order.payment_status === 'pending') throw notFound();
  const [card] = await withSubstitutionFacts(db, storeId, [order]);
  return card ?? order;
}

/**
 * The cards with their substitution questions (the store sees the remitter's answer on the line) and, when a
 * line asks 'Llamarme antes', the remitter's phone: the one the store calls, never the beneficiary's (issue
 * 29). One query for each, whatever the page holds.
 */
async function withSubstitutionFacts(
  db: Database,
  storeId: number,
  orders: StaffStoreOrder[],
): Promise<StaffStoreOrder[]> {
  if (orders.length === 0) return orders;
  const callNumbers = orders
    .filter(
      (order) => order.substitution === 'call' || order.lines.some((line) => line.substitution === 'call'),
    )
    .map((order) => order.number);
  const facts = await substitutionFactsForInbox(
    db,
    storeId,
    orders.map((order) => order.number),
    callNumbers,
  );
  return orders.map((order) => ({
    ...order,
    substitution_questions: facts.questions.get(order.number) ?? [],
    remitter_phone: facts.remitterPhones.get(order.number) ?? null,
  }));
}

/** A member opened the order: recorded once (the ring stops); answers the card. */
export async function markStoreOrderOpened(
  db: Database,
  actor: Actor | null,
  storeId: number,
  number: string,
  publicUrl: string,
): Promise<StaffStoreOrder> {
  const member = requireMember(actor, storeId, 'store:read');
  const seen = await db.transaction(async (tx) => {
    const outcome = await markSeenByStore(tx, storeId, number);
    // The first opening is the one that stops the ring for the whole team: recorded (issue 27), once.
    if (outcome === 'marked') {
      await recordAudit(tx, member, {
        storeId,
        action: 'store_order.seen',
        subject: `store_order:${number}`,
      });
    }
    return outcome;
  });
  if (seen === 'missing') throw notFound();
  return getStoreOrderCard(db, actor, storeId, number, publicUrl);
}

/** A line's USD unit price for a product now, by the lines' rule: the effective price converted once. */
function unitPriceUsd(row: ProductRow, rates: Rates): number | null {
  return convertMinor(parseMoney(effectivePrice(presentProduct(row))), row.currency, 'USD', rates);
}

/** Whether a product at `unitUsd` costs no more per unit than the line did (compared without dividing). */
function notDearer(unitUsd: number, line: Pick<LineTarget, 'totalUsd' | 'quantity'>): boolean {
  return unitUsd * line.quantity <= parseMoney(line.totalUsd);
}

/**
 * Up to 20 of the store's own products on sale (in stock) that may replace the line: at the same or a lower
 * USD unit price, optionally matching `q` (accents and case ignored), dearest first (closest to what was
 * ordered). None when the buyer asked for a refund instead.
 */
export async function listSubstitutes(
  db: Database,
  actor: Actor | null,
  storeId: number,
  number: string,
  lineId: number,
  q: string,
): Promise<SubstituteCandidate[]> {
  requireMember(actor, storeId, 'store:read');
  const line = await findLineTarget(db, storeId, number, lineId);
  if (!line) throw notFound();
  if (line.substitution === 'refund') return [];
  const [rows, currencies] = await Promise.all([listStoreProductRows(db, storeId), getCurrencies(db)]);
  const wanted = foldText(q);
  return rows
    .flatMap((row) => {
      if (row.id === line.productId || row.stock <= 0) return [];
      if (wanted && !foldText(row.name).includes(wanted)) return [];
      const unit = unitPriceUsd(row, currencies.rates.rates);
      if (unit === null || !notDearer(unit, line)) return [];
      return [
        {
          product_id: row.id,
          name: row.name,
          image: row.images[0] ?? null,
          unit_price: formatMinorAsDecimal(unit),
          stock: row.stock,
        },
      ];
    })
    .sort((a, b) => parseMoney(b.unit_price) - parseMoney(a.unit_price) || a.product_id - b.product_id)
    .slice(0, SUBSTITUTE_LIMIT);
}

export interface LineChangeDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  kickRefundWorker: () => void;
}

/** What the buyer paid for `units` of the line: its USD total less its coupon share, pro rata. */
function paidShare(line: Pick<LineTarget, 'totalUsd' | 'discount' | 'quantity'>, units: number): number {
  const paid = parseMoney(line.totalUsd) - parseMoney(line.discount);
  return Math.round((paid * units) / line.quantity);
}

/** The line a member changes (`order:fulfil`), checked before the transaction: the screen's status, once. */
export async function requireLineToChange(
  db: Database,
  actor: Actor | null,
  storeId: number,
  ref: { number: string; lineId: number },
  input: LineAvailabilityInput,
): Promise<{ staff: Actor; line: LineTarget }> {
  const staff = requireMember(actor, storeId, 'order:fulfil');
  const line = await findLineTarget(db, storeId, ref.number, ref.lineId);
  if (!line) throw notFound();
  checkLineChange(line, input);
  return { staff, line };
}

/**
 * The substitute the store offers for missing units, priced now: one of its own products on sale, not the
 * line's, for at most the missing units, at the same or a lower USD unit price; none when the buyer asked
 * for a refund instead. Null when the store offers none.
 */
export async function priceSubstitute(
  db: Database,
  storeId: number,
  line: LineTarget,
  input: LineAvailabilityInput,
): Promise<LineSubstitute | null> {
  if (!input.substitute) return null;
  if (line.substitution === 'refund')
    throw new HttpError(400, { detail: STORE_INBOX_MESSAGES.substituteRefused });
  if (input.substitute.quantity > line.quantity - input.available_quantity) {
    throw new HttpError(400, { substitute: [STORE_INBOX_MESSAGES.substituteTooMany] });
  }
  if (input.substitute.product_id === line.productId) {
    throw new HttpError(400, { substitute: [STORE_INBOX_MESSAGES.substituteSame] });
  }
  const [product, currencies] = await Promise.all([
    findProductRow(db, input.substitute.product_id),
    getCurrencies(db),
  ]);
  if (!product || product.storeId !== storeId || product.stock <= 0) {
    throw new HttpError(400, { substitute: [STORE_INBOX_MESSAGES.substituteUnknown] });
  }
  const unit = unitPriceUsd(product, currencies.rates.rates);
  if (unit === null || !notDearer(unit, line)) {
    throw new HttpError(400, { substitute: [STORE_INBOX_MESSAGES.substituteTooDear] });
  }
  return {
    productId: product.id,
    name: product.name,
    image: product.images[0] ?? null,
    quantity: input.substitute.quantity,
    unitPriceUsd: formatMinorAsDecimal(unit),
    totalUsd: formatMinorAsDecimal(unit * input.substitute.quantity),
  };
}

/** What the line change gives back: the missing units not replaced, and a cheaper substitute's difference. */
export interface LineChangeRefunds {
  unavailableUnits: number;
  differenceMinor: number;
}

/**
 * The buyer's preference on the line decides the missing units: what they paid for units that are not
 * replaced is refunded ('line_unavailable'), and for replaced ones the difference to the substitute's price
 * at the same coupon share ('cheaper_substitute'), so the buyer keeps the discount they had.
 */
export function lineChangeRefunds(
  line: LineTarget,
  available: number,
  substitute: LineSubstitute | null,
): LineChangeRefunds {
  const replaced = substitute?.quantity ?? 0;
  const paid = parseMoney(line.totalUsd) - parseMoney(line.discount);
  const substituteCharge =
    substitute === null || parseMoney(line.totalUsd) === 0
      ? 0
      : Math.round((parseMoney(substitute.totalUsd) * paid) / parseMoney(line.totalUsd));
  return {
    unavailableUnits: line.quantity - available - replaced,
    differenceMinor: substitute === null ? 0 : Math.max(0, paidShare(line, replaced) - substituteCharge),
  };
}

/** Under the line's lock (the store order's row): the checks again, on what the lock let through. */
export async function lockLineToChange(
  tx: DatabaseOrTransaction,
  storeId: number,
  ref: { number: string; lineId: number },
  input: LineAvailabilityInput,
): Promise<LineTarget> {
  const locked = await lockLineTarget(tx, storeId, ref.number, ref.lineId);
  if (!locked) throw notFound();
  checkLineChange(locked, input);
  return locked;
}

/**
 * Under the line's lock: the checks again, then the supply recorded once per line (a compare-and-set on the
 * line not yet marked). Answers the locked line (its status for the history).
 */
export async function lockAndRecordLineSupply(
  tx: DatabaseOrTransaction,
  storeId: number,
  ref: { number: string; lineId: number },
  input: LineAvailabilityInput,
  substitute: LineSubstitute | null,
): Promise<LineTarget> {
  const locked = await lockLineToChange(tx, storeId, ref, input);
  await recordSupplyOnce(tx, locked, input.available_quantity, substitute);
  return locked;
}

/** The line's supply, once (a compare-and-set on the line not yet marked): a second is a 409. */
export async function recordSupplyOnce(
  tx: DatabaseOrTransaction,
  line: LineTarget,
  available: number,
  substitute: LineSubstitute | null,
): Promise<void> {
  if (!(await recordLineSupply(tx, line.lineId, available, substitute))) {
    throw new HttpError(409, { detail: STORE_INBOX_MESSAGES.lineAlreadyMarked });
  }
}

/**
 * The line a substitution answer changes, locked (the store order's row, as every line change takes it):
 * null when its order can no longer change lines or the store already marked the line.
 */
export async function lockLineForAnswer(
  tx: DatabaseOrTransaction,
  storeId: number,
  ref: { number: string; lineId: number },
): Promise<LineTarget | null> {
  const locked = await lockLineTarget(tx, storeId, ref.number, ref.lineId);
  if (!locked || locked.availableQuantity !== null) return null;
  return LINE_CHANGEABLE.includes(locked.status as StoreOrderStatus) ? locked : null;
}

/** The line change in the order's history and the store's audit trail (issue 27). */
export async function recordLineChange(
  tx: DatabaseOrTransaction,
  staff: Actor,
  storeId: number,
  locked: LineTarget,
  change: { available: number; substitute: LineSubstitute | null; changes: string[]; refundedMinor: number },
): Promise<void> {
  await recordInboxChange(tx, {
    storeOrderId: locked.storeOrderId,
    status: locked.status,
    actorUserId: staff.userId,
    reason: change.changes.join(' '),
  });
  await recordAudit(tx, staff, {
    storeId,
    action: 'store_order.line_changed',
    subject: `store_order:${locked.storeOrderNumber}`,
    detail: {
      line_id: locked.lineId,
      name: locked.name,
      before: { available: locked.quantity },
      after: {
        available: change.available,
        ...(change.substitute
          ? { substitute: `${change.substitute.quantity} × ${change.substitute.name}` }
          : {}),
      },
      ...(change.refundedMinor > 0 ? { refund: formatMinorAsDecimal(change.refundedMinor) } : {}),
    },
  });
}

/** The checks made before and again under the lock: the status the screen showed, once per line. */
function checkLineChange(line: LineTarget, input: LineAvailabilityInput): void {
  if (line.status !== input.from) throw new HttpError(409, { detail: CHECKOUT_MESSAGES.statusChanged });
  if (!LINE_CHANGEABLE.includes(line.status as StoreOrderStatus)) {
    throw new HttpError(400, { detail: STORE_INBOX_MESSAGES.lineNotChangeable });
  }
  if (line.availableQuantity !== null) {
    throw new HttpError(409, { detail: STORE_INBOX_MESSAGES.lineAlreadyMarked });
  }
  if (input.available_quantity >= line.quantity) {
    throw new HttpError(400, { available_quantity: [STORE_INBOX_MESSAGES.availableTooMany(line.quantity)] });
  }
}

/** The change in words, for the history and the remitter's e-mail. */
export function describeChanges(
  line: LineTarget,
  available: number,
  substitute: LineSubstitute | null,
): string[] {
  const supplied =
    available === 0
      ? `${line.name}: no estaba disponible.`
      : `${line.name}: había ${available} de ${line.quantity}.`;
  if (!substitute) return [supplied];
  return [supplied, `En su lugar va ${substitute.quantity} × ${substitute.name}.`];
}

/**
 * The stores hear of newly paid orders (issue 17): in the caller's transaction (the one that made the store
 * orders 'approved' because the group got paid), an e-mail to every member of each store and a push_outbox
 * row per push subscription of those members. The caller kicks the mail and push workers after the commit.
 */
export async function notifyStoresOfPaidOrders(
  tx: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
  deps: { publicUrl: string },
): Promise<void> {
  const notices = await listPaidStoreOrderNotices(tx, storeOrderIds);
  const inboxUrl = `${deps.publicUrl}${STORE_INBOX_PATH}`;
  const pushes: Array<{ subscriptionId: number; payload: unknown }> = [];
  for (const notice of notices) {
    for (const member of notice.members) await enqueueEmail(tx, newStoreOrderEmail(member, notice, inboxUrl));
    const payload = {
      title: 'Nuevo pedido',
      body: `${notice.number}: ${newOrderSummary(notice)}`,
      url: STORE_INBOX_PATH,
    };
    for (const subscriptionId of notice.subscriptionIds) pushes.push({ subscriptionId, payload });
  }
  await insertPushMessages(tx, pushes);
}

/**
 * Web Push messages to a store's members' phones through the push outbox, in the caller's transaction (a new
 * return reaches them like a new order, issue 32); the caller kicks the push worker after the commit.
 */
export async function enqueueStorePushes(
  tx: DatabaseOrTransaction,
  pushes: ReadonlyArray<{ subscriptionId: number; payload: unknown }>,
): Promise<void> {
  await insertPushMessages(tx, pushes);
}

/** The row type flows pass between this module's steps (flows never import a repository). */
export type { LineTarget };
