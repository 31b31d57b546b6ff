import type { RefundDestination, RefundReason } from '@mandado/shared/fulfilment';
import {
  type LineRefundState,
  lineLeftMinor,
  lineLeftUnits,
  linePaidMinor,
  unitsRefundMinor,
} from '@mandado/shared/line-refunds';
import { convertMinor, formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { blockTotal, usdText } from '@mandado/shared/money-text';
import { REFUND_MESSAGES, type Refund } from '@mandado/shared/refund.schemas';
import {
  type DisplayRefundInput,
  displayRefundMinor,
  type ShownRefund,
} from '@mandado/shared/refund-display';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import type { RefundPayment } from './refund-emails.ts';
import { presentRefund } from './refunds.presenter.ts';
import {
  decidedRefundTotal,
  findRefundDisplay,
  findRefundDisplayLine,
  findRefundLine,
  findRefundNotice,
  findStoreOrderBuyer,
  insertRefund,
  isLineOfStoreOrder,
  listRefundNotices,
  lockRefund,
  lockRefundTarget,
  markRefundSucceeded,
  type RefundLineRow,
  type RefundNoticeRow,
  type RefundTargetRow,
  sumLineRefundsOfGroup,
  sumRefundsOfGroups,
} from './refunds.repository.ts';

/**
 * Refunds (issue 17, decision 040). Deciding a refund writes its row in the caller's transaction (the one
 * that rejects the store order or changes a line), capped at what is still refundable; moving the money is
 * apart: credit at once, card and PayPal by the refund worker (processor key `refund-<id>`), a bank transfer
 * when an operator records it. The remitter's e-mail is written when the money has moved.
 */

/** Who decided a refund, as the history records people. */
export interface RefundActor {
  role: 'system' | 'merchant' | 'operator';
  userId: number | null;
}

export interface DecideRefundInput {
  storeOrderId: number;
  /** The line the refund is for (unavailable, partly available, cheaper substitute); null for the order. */
  orderLineId?: number | null;
  /** USD minor units wanted; capped at what is still refundable. */
  amountMinor: number;
  reason: RefundReason;
  note?: string;
  actor: RefundActor;
  /** By default the original payment for card and PayPal, credit for a transfer or cash deposit. */
  destination?: RefundDestination;
  /** Base of the order link in the e-mail of a refund settled at once (credit); without it the e-mail names the page. */
  publicUrl?: string;
}

export interface RefundDecision {
  id: number;
  amountMinor: number;
  /** Issue 31: the refund as the remitter reads it, in the currency they paid in at the payment's rate. */
  shown: ShownRefund;
  destination: RefundDestination;
  /** How the group was paid, for e-mails that say where the money goes. */
  payment: RefundPayment;
}

/** Card and PayPal money goes back where it came from; a transfer or a cash deposit comes back as credit. */
export function defaultRefundDestination(paymentMethod: string): RefundDestination {
  return paymentMethod === 'card' || paymentMethod === 'paypal' ? 'original_payment' : 'wallet';
}

/** Where money paid this way may go back: a processor refund only for what a processor took. */
export function allowedRefundDestinations(paymentMethod: string): readonly RefundDestination[] {
  return paymentMethod === 'card' || paymentMethod === 'paypal'
    ? ['original_payment', 'wallet']
    : ['wallet', 'bank'];
}

/** Which cap stopped a refund: its store order's or its line's (issue 27). */
export type CapScope = 'store_order' | 'line';

/** Why no refund was decided (the operator's endpoint turns each into its answer). */
export type RefundRefusal =
  | { kind: 'not_paid' }
  | { kind: 'nothing_left'; scope: CapScope }
  | { kind: 'above_left'; leftMinor: number; scope: CapScope }
  | { kind: 'above_units'; leftUnits: number };

/** What a refund may still take: the store order (locked) and the cap that binds. */
export interface RefundCap {
  target: RefundTargetRow;
  leftMinor: number;
  scope: CapScope;
}

/** The amount a refund takes once capped, and the line's units it gives back (null for an amount). */
export interface CappedRefund {
  amountMinor: number;
  units: number | null;
}

/** What refund-flow callers ask for (the shape decideRefund always took, with the line's units and `exact`). */
export type RefundWish = Omit<DecideRefundInput, 'amountMinor'> & {
  amountMinor: number | null;
  units?: number | null;
  exact?: boolean;
};

/** A line's refund state from its row (what was paid, what was given back). */
function lineStateOf(row: RefundLineRow): LineRefundState {
  return {
    paidMinor: linePaidMinor(parseMoney(row.totalUsd), parseMoney(row.discount)),
    quantity: row.quantity,
    refundedMinor: parseMoney(row.refunded),
    refundedUnits: row.refundedUnits,
  };
}

/** A programming error, not a user's: amounts are integer minor units, units are a line's positive count. */
export function checkRefundWish(wish: RefundWish): void {
  if (wish.amountMinor !== null && !Number.isSafeInteger(wish.amountMinor)) {
    throw new Error(`refund amount must be integer minor units: ${wish.amountMinor}`);
  }
  const units = wish.units ?? null;
  if (units !== null && (!Number.isSafeInteger(units) || units <= 0 || wish.orderLineId == null)) {
    throw new Error(`refund units must be a positive integer of a line: ${units}`);
  }
}

/**
 * The store order's row lock: two decisions for it (or any of its lines) take turns, so neither the store
 * order's sum nor a line's can pass what was paid. What was paid for it (its credit share goes back apart, by
 * the rejection) less what is already given back or on its way; a failed refund moved no money and does not
 * count.
 */
export async function lockRefundableStoreOrder(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
): Promise<RefundCap | RefundRefusal> {
  const target = await lockRefundTarget(tx, storeOrderId);
  if (!target) throw new Error(`no store order ${storeOrderId} to refund`);
  if (target.paymentStatus !== 'paid') return { kind: 'not_paid' };
  const leftMinor = parseMoney(target.total) - parseMoney(await decidedRefundTotal(tx, target.storeOrderId));
  if (leftMinor <= 0) return { kind: 'nothing_left', scope: 'store_order' };
  return { target, leftMinor, scope: 'store_order' };
}

/**
 * A line's refund is capped twice (issue 27, decision 050): by what is left of the line (what was paid for it
 * less its refunds) and by what is left of its store order. `units` means what those units are worth of what
 * is left of the line (shared unitsRefundMinor); `exact` refuses an amount or units above what is left instead
 * of capping (an operator typed it and should know).
 */
export async function capRefundAmount(
  tx: DatabaseOrTransaction,
  cap: RefundCap,
  wish: RefundWish,
): Promise<CappedRefund | RefundRefusal> {
  let { leftMinor, scope } = cap;
  const units = wish.units ?? null;
  let wantedMinor = wish.amountMinor;
  let unitsGiven: number | null = null;
  if (wish.orderLineId != null) {
    const row = await findRefundLine(tx, wish.orderLineId, cap.target.storeOrderId);
    if (!row)
      throw new Error(`order line ${wish.orderLineId} is not of store order ${cap.target.storeOrderId}`);
    const line = lineStateOf(row);
    const lineLeft = lineLeftMinor(line);
    if (lineLeft <= 0) return { kind: 'nothing_left', scope: 'line' };
    if (lineLeft < leftMinor) {
      leftMinor = lineLeft;
      scope = 'line';
    }
    if (units !== null) {
      const leftUnits = lineLeftUnits(line);
      if (leftUnits === 0) return { kind: 'nothing_left', scope: 'line' };
      if (wish.exact && units > leftUnits) return { kind: 'above_units', leftUnits };
      unitsGiven = Math.min(units, leftUnits);
      wantedMinor = unitsRefundMinor(line, unitsGiven);
    }
  }
  if (wish.exact && units === null && wantedMinor !== null && wantedMinor > leftMinor) {
    return { kind: 'above_left', leftMinor, scope };
  }
  const amountMinor = Math.min(wantedMinor ?? leftMinor, leftMinor);
  if (amountMinor <= 0) return { kind: 'nothing_left', scope };
  return { amountMinor, units: unitsGiven };
}

/** The wanted destination, or the payment's default; one the payment does not allow is a 400. */
export function chooseRefundDestination(
  paymentMethod: string,
  wanted: RefundDestination | undefined,
): RefundDestination {
  const destination = wanted ?? defaultRefundDestination(paymentMethod);
  if (!allowedRefundDestinations(paymentMethod).includes(destination)) {
    throw new HttpError(400, { detail: REFUND_MESSAGES.destinationNotAllowed });
  }
  return destination;
}

/**
 * The refund's row: credit moves at once (succeeded now; the flow writes the ledger entry in the same
 * transaction), card and PayPal wait for the refund worker, a bank transfer for an operator. Answers the row
 * as the e-mails and the webhook event read it.
 */
export async function recordRefund(
  tx: DatabaseOrTransaction,
  target: RefundTargetRow,
  wish: RefundWish,
  capped: CappedRefund,
  destination: RefundDestination,
): Promise<RefundNoticeRow> {
  const atOnce = destination === 'wallet';
  const displayMinor = await displayRefundOf(tx, target, wish.orderLineId ?? null, capped);
  const id = await insertRefund(tx, {
    groupId: target.groupId,
    storeOrderId: target.storeOrderId,
    orderLineId: wish.orderLineId ?? null,
    amount: formatMinorAsDecimal(capped.amountMinor),
    displayAmount: displayMinor === null ? null : formatMinorAsDecimal(displayMinor),
    units: capped.units,
    reason: wish.reason,
    note: wish.note?.trim() ?? '',
    destination,
    status: atOnce ? 'succeeded' : 'pending',
    actorRole: wish.actor.role,
    actorUserId: wish.actor.userId,
    ...(atOnce ? { settledAt: new Date() } : {}),
  });
  return requireRefundNotice(tx, id);
}

/**
 * The refund in the group's display currency at the group's rate (issue 31, shared refund-display.ts), read
 * under the store order's lock like the caps; null for an order in dollars or placed before the rate was
 * kept. What is left as shown is known only when every earlier refund of the line (or store order) kept
 * its shown amount; otherwise the refund is converted at the rate.
 */
async function displayRefundOf(
  tx: DatabaseOrTransaction,
  target: RefundTargetRow,
  orderLineId: number | null,
  capped: CappedRefund,
): Promise<number | null> {
  const figures = await findRefundDisplay(tx, target.storeOrderId);
  if (!figures || figures.currency === 'USD' || figures.rate === null) return null;
  const rates = { [figures.currency]: figures.rate };
  const shown = (usd: string): number => convertMinor(parseMoney(usd), 'USD', figures.currency, rates) ?? 0;
  const input: DisplayRefundInput = {
    amountMinor: capped.amountMinor,
    currency: figures.currency,
    rate: figures.rate,
    left: null,
    units: null,
  };
  if (orderLineId !== null) {
    const line = await findRefundDisplayLine(tx, orderLineId);
    const row = await findRefundLine(tx, orderLineId, target.storeOrderId);
    if (line && row && line.displayTotal !== null && line.legacy === 0) {
      const usd = lineStateOf(row);
      const display: LineRefundState = {
        paidMinor: Math.max(0, parseMoney(line.displayTotal) - shown(line.discount)),
        quantity: usd.quantity,
        refundedMinor: parseMoney(line.displayRefunded),
        refundedUnits: usd.refundedUnits,
      };
      input.left = { usdMinor: lineLeftMinor(usd), displayMinor: lineLeftMinor(display) };
      if (capped.units !== null) input.units = { usd, display, units: capped.units };
    }
  } else if (figures.linesDisplayTotal !== null && figures.legacy === 0) {
    const shownTotal = blockTotal({
      goods: parseMoney(figures.linesDisplayTotal),
      shipping: shown(figures.shipping),
      discount: shown(figures.discount),
      credit: shown(figures.credit),
    });
    const usdLeft = parseMoney(target.total) - parseMoney(await decidedRefundTotal(tx, target.storeOrderId));
    input.left = {
      usdMinor: usdLeft,
      displayMinor: Math.max(0, shownTotal - parseMoney(figures.displayRefunded)),
    };
  }
  return displayRefundMinor(input);
}

/** The refund as the e-mails read it; it was just written or locked, so a missing row is a bug. */
export async function requireRefundNotice(tx: DatabaseOrTransaction, id: number): Promise<RefundNoticeRow> {
  const notice = await findRefundNotice(tx, id);
  if (!notice) throw new Error(`refund ${id} vanished`);
  return notice;
}

/** The presented refund, read after its transaction. */
export async function getRefund(db: DatabaseOrTransaction, id: number): Promise<Refund> {
  return presentRefund(await requireRefundNotice(db, id));
}

/** The presented refunds of these groups by group id, oldest first: one query. */
export async function listRefundsOfGroups(
  db: DatabaseOrTransaction,
  groupIds: readonly number[],
): Promise<Map<number, Refund[]>> {
  const byGroup = new Map<number, Refund[]>();
  for (const row of await listRefundNotices(db, groupIds)) {
    const list = byGroup.get(row.groupId) ?? [];
    list.push(presentRefund(row));
    byGroup.set(row.groupId, list);
  }
  return byGroup;
}

/**
 * What each group has given back or has on its way (pending and succeeded), USD minor units, for 'partly /
 * fully refunded'. Groups without refunds are absent.
 */
export async function refundedMinorOfGroups(
  db: DatabaseOrTransaction,
  groupIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await sumRefundsOfGroups(db, groupIds);
  return new Map(rows.map((row) => [row.groupId, parseMoney(row.total)]));
}

/** What each line of the group has given back or has on its way, in USD minor units and units (issue 27). */
export async function refundedLinesOfGroup(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<Map<number, { refundedMinor: number; refundedUnits: number }>> {
  const rows = await sumLineRefundsOfGroup(db, groupId);
  return new Map(
    rows.map((row) => [
      row.orderLineId,
      { refundedMinor: parseMoney(row.refunded), refundedUnits: row.refundedUnits },
    ]),
  );
}

/**
 * An operator's refund of a store order or a line (`payment:refund`): the store order it names, checked
 * before the transaction. Four eyes on money (issue 19): an operator's own order is refunded by someone else
 * on the team; a line of another store order is a 400.
 */
export async function requireOperatorRefundTarget(
  db: DatabaseOrTransaction,
  actor: Actor | null,
  storeOrderNumber: string,
  lineId: number | null,
): Promise<{ operator: Actor; storeOrderId: number }> {
  const operator = requirePermission(actor, 'payment:refund');
  const storeOrder = await findStoreOrderBuyer(db, storeOrderNumber);
  if (storeOrder === null) throw notFound();
  if (storeOrder.remitterId === operator.userId) {
    throw new HttpError(409, { detail: SERVER_MESSAGES.ownOrderMoney });
  }
  if (lineId !== null && !(await isLineOfStoreOrder(db, lineId, storeOrder.id))) {
    throw new HttpError(400, { line_id: [REFUND_MESSAGES.lineNotOfOrder] });
  }
  return { operator, storeOrderId: storeOrder.id };
}

/** The operator's refund refused: an unpaid order or nothing left is a 409, above what is left a 400. */
export function refusedRefundError(refusal: RefundRefusal): HttpError {
  switch (refusal.kind) {
    case 'not_paid':
      return new HttpError(409, { detail: REFUND_MESSAGES.notPaid });
    case 'nothing_left':
      return new HttpError(409, {
        detail: refusal.scope === 'line' ? REFUND_MESSAGES.lineNothingLeft : REFUND_MESSAGES.nothingLeft,
      });
    case 'above_left': {
      const left = usdText(refusal.leftMinor);
      return new HttpError(400, {
        amount: [
          refusal.scope === 'line' ? REFUND_MESSAGES.lineAboveLeft(left) : REFUND_MESSAGES.aboveLeft(left),
        ],
      });
    }
    case 'above_units':
      return new HttpError(400, { units: [REFUND_MESSAGES.unitsAboveLeft(refusal.leftUnits)] });
  }
}

/**
 * A bank refund's transfer was made: the pending bank refund, locked, marked succeeded with its reference
 * and who recorded it. One that is not a pending bank refund (recorded already, or not a bank one) is a 409.
 */
export async function markBankRefundRecorded(
  tx: DatabaseOrTransaction,
  operator: Actor,
  refundId: number,
  reference: string,
): Promise<RefundNoticeRow> {
  const refund = await lockRefund(tx, refundId);
  if (!refund) throw notFound();
  if (refund.destination !== 'bank' || refund.status !== 'pending') {
    throw new HttpError(409, { detail: REFUND_MESSAGES.notBankRefund });
  }
  await markRefundSucceeded(tx, refundId, { reference, actorUserId: operator.userId });
  return requireRefundNotice(tx, refundId);
}

/** The row type flows pass between this module's steps (flows never import a repository). */
export type { RefundNoticeRow };
