import type { RefundDestination, RefundReason } from '@mandado/shared/fulfilment';
import {
  type LineRefundState,
  lineLeftMinor,
  lineLeftUnits,
  linePaidMinor,
  unitsRefundMinor,
} from '@mandado/shared/line-refunds';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { type OperatorRefundInput, REFUND_MESSAGES, type Refund } from '@mandado/shared/refund.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import { type Actor, requirePermission } from '../../authorization.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { enqueueOrderMessage } from '../messages/messages.service.ts';
import { refundsProcessed } from '../observability/metrics.ts';
import { recordWalletEntry } from '../wallet/wallet.service.ts';
import { type RefundPayment, refundEmail } from './refund-emails.ts';
import { enqueueRefundSucceededEvent } from './refund-webhook-events.ts';
import { presentRefund } from './refunds.presenter.ts';
import {
  decidedRefundTotal,
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
type CapScope = 'store_order' | 'line';

type Decided =
  | { kind: 'decided'; decision: RefundDecision }
  | { kind: 'not_paid' }
  | { kind: 'nothing_left'; scope: CapScope }
  | { kind: 'above_left'; leftMinor: number; scope: CapScope }
  | { kind: 'above_units'; leftUnits: number };

/** A line's refund state from its row (what was paid, what was given back). */
function lineStateOf(row: RefundLineRow): LineRefundState {
  return {
    paidMinor: linePaidMinor(parseMoney(row.totalUsd), parseMoney(row.discount)),
    quantity: row.quantity,
    refundedMinor: parseMoney(row.refunded),
    refundedUnits: row.refundedUnits,
  };
}

/**
 * The one place a refund is decided. `amountMinor` null means everything still refundable; `units` (a
 * line's) means what those units are worth of what is left of the line (shared unitsRefundMinor); `exact`
 * refuses an amount or units above what is left instead of capping (an operator typed it and should know).
 * A line's refund is capped twice (issue 27, decision 050): by what is left of the line (what was paid for
 * it less its refunds) and by what is left of its store order.
 */
async function decide(
  tx: DatabaseOrTransaction,
  input: Omit<DecideRefundInput, 'amountMinor'> & {
    amountMinor: number | null;
    units?: number | null;
    exact?: boolean;
  },
): Promise<Decided> {
  if (input.amountMinor !== null && !Number.isSafeInteger(input.amountMinor)) {
    throw new Error(`refund amount must be integer minor units: ${input.amountMinor}`);
  }
  const units = input.units ?? null;
  if (units !== null && (!Number.isSafeInteger(units) || units <= 0 || input.orderLineId == null)) {
    throw new Error(`refund units must be a positive integer of a line: ${units}`);
  }
  // The store order's row lock: two decisions for it (or any of its lines) take turns, so neither the
  // store order's sum nor a line's can pass what was paid.
  const target = await lockRefundTarget(tx, input.storeOrderId);
  if (!target) throw new Error(`no store order ${input.storeOrderId} to refund`);
  if (target.paymentStatus !== 'paid') return { kind: 'not_paid' };
  // What was paid for this store order (its credit share goes back apart, by the rejection), less what is
  // already given back or on its way. A failed refund moved no money and does not count.
  const storeLeftMinor =
    parseMoney(target.total) - parseMoney(await decidedRefundTotal(tx, target.storeOrderId));
  if (storeLeftMinor <= 0) return { kind: 'nothing_left', scope: 'store_order' };
  let leftMinor = storeLeftMinor;
  let scope: CapScope = 'store_order';
  let wantedMinor = input.amountMinor;
  let unitsGiven: number | null = null;
  if (input.orderLineId != null) {
    const row = await findRefundLine(tx, input.orderLineId, target.storeOrderId);
    if (!row) throw new Error(`order line ${input.orderLineId} is not of store order ${target.storeOrderId}`);
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
      if (input.exact && units > leftUnits) return { kind: 'above_units', leftUnits };
      unitsGiven = Math.min(units, leftUnits);
      wantedMinor = unitsRefundMinor(line, unitsGiven);
    }
  }
  if (input.exact && units === null && wantedMinor !== null && wantedMinor > leftMinor) {
    return { kind: 'above_left', leftMinor, scope };
  }
  const amountMinor = Math.min(wantedMinor ?? leftMinor, leftMinor);
  if (amountMinor <= 0) return { kind: 'nothing_left', scope };

  const destination = input.destination ?? defaultRefundDestination(target.paymentMethod);
  if (!allowedRefundDestinations(target.paymentMethod).includes(destination)) {
    throw new HttpError(400, { detail: REFUND_MESSAGES.destinationNotAllowed });
  }
  const amount = formatMinorAsDecimal(amountMinor);
  const atOnce = destination === 'wallet';
  const id = await insertRefund(tx, {
    groupId: target.groupId,
    storeOrderId: target.storeOrderId,
    orderLineId: input.orderLineId ?? null,
    amount,
    units: unitsGiven,
    reason: input.reason,
    note: input.note?.trim() ?? '',
    destination,
    status: atOnce ? 'succeeded' : 'pending',
    actorRole: input.actor.role,
    actorUserId: input.actor.userId,
    ...(atOnce ? { settledAt: new Date() } : {}),
  });
  const notice = await findRefundNotice(tx, id);
  if (!notice) throw new Error(`refund ${id} vanished`);
  if (atOnce) {
    await recordWalletEntry(tx, {
      userId: notice.remitterId,
      kind: 'refunded',
      amount,
      groupId: target.groupId,
      note: `Devolución del pedido ${target.storeOrderNumber}`,
    });
    await enqueueRefundEmail(tx, notice, input.publicUrl ?? null);
    await enqueueRefundSucceededEvent(tx, notice);
    // The caller's transaction (a rejection, a line change, a payment) commits it, or not: counted then.
    afterCommit(tx, () => refundsProcessed.inc({ destination: 'wallet', outcome: 'succeeded' }));
  }
  return {
    kind: 'decided',
    decision: {
      id,
      amountMinor,
      destination,
      payment: { method: notice.paymentMethod, label: notice.paymentLabel },
    },
  };
}

/**
 * Decides a refund of `amountMinor` (capped at what is still refundable) for a store order of a paid group,
 * inside the caller's transaction; null when the group is not paid or nothing is left. A credit refund
 * succeeds here (ledger entry and e-mail in this transaction); a card or PayPal refund waits for the refund
 * worker (kick it after the commit); a bank refund waits for an operator to record the transfer.
 */
export async function decideRefund(
  tx: DatabaseOrTransaction,
  input: DecideRefundInput,
): Promise<RefundDecision | null> {
  if (input.amountMinor <= 0) return null;
  const decided = await decide(tx, input);
  return decided.kind === 'decided' ? decided.decision : null;
}

/**
 * Refunds `units` units of a line (the merchant's unavailable units, an operator's 1 of 2): what they are
 * worth of what was paid for the line, capped by what is left of the line and of its store order, as
 * decideRefund; null when nothing is left.
 */
export async function refundLineUnits(
  tx: DatabaseOrTransaction,
  input: Omit<DecideRefundInput, 'amountMinor' | 'orderLineId'> & { orderLineId: number; units: number },
): Promise<RefundDecision | null> {
  if (input.units <= 0) return null;
  const decided = await decide(tx, { ...input, amountMinor: null });
  return decided.kind === 'decided' ? decided.decision : null;
}

/** Everything still refundable of the store order (a rejection), as decideRefund; null when nothing is. */
export async function refundStoreOrderRemainder(
  tx: DatabaseOrTransaction,
  input: Omit<DecideRefundInput, 'amountMinor' | 'orderLineId'>,
): Promise<RefundDecision | null> {
  const decided = await decide(tx, { ...input, amountMinor: null });
  return decided.kind === 'decided' ? decided.decision : null;
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

/** The remitter's order page, when the caller knows the site's address. */
function orderUrlOf(publicUrl: string | null, groupNumber: string): string | null {
  return publicUrl ? `${publicUrl}${WEB_PATHS.userOrders}/${encodeURIComponent(groupNumber)}` : null;
}

/** The remitter's e-mail for a refund whose money has moved, written in the caller's transaction. */
export async function enqueueRefundEmail(
  tx: DatabaseOrTransaction,
  notice: RefundNoticeRow,
  publicUrl: string | null,
): Promise<void> {
  await enqueueEmail(
    tx,
    refundEmail({
      to: notice.remitterEmail,
      firstName: notice.remitterFirstName,
      storeOrderNumber: notice.storeOrderNumber,
      storeName: notice.storeName,
      lineName: notice.lineName,
      amountMinor: parseMoney(notice.amount),
      reason: notice.reason as RefundReason,
      destination: notice.destination as RefundDestination,
      payment: { method: notice.paymentMethod, label: notice.paymentLabel },
      reference: notice.reference,
      orderUrl: orderUrlOf(publicUrl, notice.groupNumber),
      groupId: notice.groupId,
    }),
  );
  // The remitter hears it by WhatsApp or SMS too (issue 29).
  await enqueueOrderMessage(tx, {
    kind: 'refund',
    storeOrder: notice.storeOrderNumber,
    amountText: usdText(parseMoney(notice.amount)),
  });
}

export interface RefundRouteDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  kickRefundWorker: () => void;
}

/**
 * `POST /v1/admin/refunds/:id/record/` (operators, `payment:refund`): the bank transfer of a pending bank
 * refund was made. The refund row keeps the reference and who recorded it; the remitter's e-mail leaves with
 * it. A refund that is not a pending bank refund (recorded already, or not a bank one) is a 409.
 */
export async function recordBankRefund(
  db: Database,
  actor: Actor | null,
  refundId: number,
  reference: string,
  deps: Pick<RefundRouteDeps, 'publicUrl' | 'kickMailWorker'>,
): Promise<Refund> {
  const operator = requirePermission(actor, 'payment:refund');
  const notice = await db.transaction(async (tx) => {
    const refund = await lockRefund(tx, refundId);
    if (!refund) throw notFound();
    if (refund.destination !== 'bank' || refund.status !== 'pending') {
      throw new HttpError(409, { detail: REFUND_MESSAGES.notBankRefund });
    }
    await markRefundSucceeded(tx, refundId, { reference, actorUserId: operator.userId });
    const settled = await findRefundNotice(tx, refundId);
    if (!settled) throw new Error(`refund ${refundId} vanished`);
    await enqueueRefundEmail(tx, settled, deps.publicUrl);
    await enqueueRefundSucceededEvent(tx, settled);
    // Money leaving by hand is a staff action like any other (issue 27): it wrote no audit row before.
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'refund.recorded',
      subject: `store_order:${settled.storeOrderNumber}`,
      detail: {
        refund_id: refundId,
        amount: settled.amount,
        before: { status: 'pending' },
        after: { status: 'succeeded', reference },
      },
      actorRole: 'operator',
    });
    return settled;
  });
  refundsProcessed.inc({ destination: 'bank', outcome: 'succeeded' });
  deps.kickMailWorker();
  return presentRefund(notice);
}

/**
 * `POST /v1/admin/store-orders/:number/refunds/` (operators, `payment:refund`): gives back part of what
 * was paid for a store order, or for one of its lines (an amount, or units of it), to the card or PayPal,
 * as credit, or (transfers) by a bank transfer recorded later. Above what is left (of the line, or of the
 * store order) is a 400 saying how much is; an unpaid order or nothing left is a 409.
 */
export async function createOperatorRefund(
  db: Database,
  actor: Actor | null,
  storeOrderNumber: string,
  input: OperatorRefundInput,
  deps: RefundRouteDeps,
): Promise<Refund> {
  const operator = requirePermission(actor, 'payment:refund');
  const storeOrder = await findStoreOrderBuyer(db, storeOrderNumber);
  if (storeOrder === null) throw notFound();
  // Four eyes on money (issue 19): an operator's own order is refunded by someone else on the team.
  if (storeOrder.remitterId === operator.userId) {
    throw new HttpError(409, { detail: SERVER_MESSAGES.ownOrderMoney });
  }
  const storeOrderId = storeOrder.id;
  const lineId = input.line_id ?? null;
  if (lineId !== null && !(await isLineOfStoreOrder(db, lineId, storeOrderId))) {
    throw new HttpError(400, { line_id: [REFUND_MESSAGES.lineNotOfOrder] });
  }
  const decided = await db.transaction(async (tx) => {
    const outcome = await decide(tx, {
      storeOrderId,
      orderLineId: lineId,
      amountMinor: input.amount === undefined ? null : parseMoney(input.amount),
      units: input.units ?? null,
      exact: true,
      reason: 'operator',
      note: input.note,
      destination: input.destination,
      actor: { role: 'operator', userId: operator.userId },
      publicUrl: deps.publicUrl,
    });
    // The back office's audit trail (issue 19), in the transaction that decided the refund.
    if (outcome.kind === 'decided') {
      await recordAudit(tx, operator, {
        storeId: null,
        action: 'refund.created',
        subject: `store_order:${storeOrderNumber}`,
        detail: {
          after: {
            refund_id: outcome.decision.id,
            amount: formatMinorAsDecimal(outcome.decision.amountMinor),
            destination: outcome.decision.destination,
            line_id: lineId,
            units: input.units ?? null,
          },
          reason: input.note,
        },
        actorRole: 'operator',
      });
    }
    return outcome;
  });
  switch (decided.kind) {
    case 'not_paid':
      throw new HttpError(409, { detail: REFUND_MESSAGES.notPaid });
    case 'nothing_left':
      throw new HttpError(409, {
        detail: decided.scope === 'line' ? REFUND_MESSAGES.lineNothingLeft : REFUND_MESSAGES.nothingLeft,
      });
    case 'above_left': {
      const left = usdText(decided.leftMinor);
      throw new HttpError(400, {
        amount: [
          decided.scope === 'line' ? REFUND_MESSAGES.lineAboveLeft(left) : REFUND_MESSAGES.aboveLeft(left),
        ],
      });
    }
    case 'above_units':
      throw new HttpError(400, { units: [REFUND_MESSAGES.unitsAboveLeft(decided.leftUnits)] });
    case 'decided': {
      if (decided.decision.destination === 'wallet') deps.kickMailWorker();
      if (decided.decision.destination === 'original_payment') deps.kickRefundWorker();
      const notice = await findRefundNotice(db, decided.decision.id);
      if (!notice) throw new Error(`refund ${decided.decision.id} vanished`);
      return presentRefund(notice);
    }
  }
}
