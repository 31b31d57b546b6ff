import type { RefundDestination, RefundReason } from '@mandado/shared/fulfilment';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { OperatorRefundInput, Refund } from '@mandado/shared/refund.schemas';
import { type ShownRefund, shownRefund, shownRefundText } from '@mandado/shared/refund-display';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import { type Actor, requirePermission } from '../authorization.ts';
import { afterCommit } from '../db/after-commit.ts';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { enqueueEmail } from '../modules/mail/mail.service.ts';
import { enqueueOrderMessage } from '../modules/messages/messages.service.ts';
import { refundsProcessed } from '../modules/observability/metrics.ts';
import { refundEmail } from '../modules/refunds/refund-emails.ts';
import { enqueueRefundSucceededEvent } from '../modules/refunds/refund-webhook-events.ts';
import type { RefundNoticeRow } from '../modules/refunds/refunds.service.ts';
import {
  type CappedRefund,
  capRefundAmount,
  checkRefundWish,
  chooseRefundDestination,
  type DecideRefundInput,
  getRefund,
  lockRefundableStoreOrder,
  markBankRefundRecorded,
  type RefundDecision,
  type RefundRefusal,
  type RefundWish,
  recordRefund,
  refusedRefundError,
  requireOperatorRefundTarget,
} from '../modules/refunds/refunds.service.ts';
import { recordWalletEntry } from '../modules/wallet/wallet.service.ts';

/**
 * A refund decided (issue 17, decisions 040, 050, 057): in the caller's transaction (a rejection, a line
 * change, a payment landing on a cancelled order, an operator's refund), lock the store order, cap the
 * amount by what is left of it and of the line, record the refund; credit moves at once (ledger entry, the
 * remitter's e-mail and the webhook event in the same transaction); card and PayPal wait for the refund
 * worker (kick it after the commit), a bank transfer for an operator. The refunds module owns the rules and
 * its table; this file tells them in order and sends the side effects out through the outboxes.
 */

export type RefundOutcome = { kind: 'decided'; decision: RefundDecision } | RefundRefusal;

/** The one place a refund is decided: `amountMinor` null means everything still refundable. */
export async function refundFlow(tx: DatabaseOrTransaction, wish: RefundWish): Promise<RefundOutcome> {
  checkRefundWish(wish);
  const cap = await lockRefundableStoreOrder(tx, wish.storeOrderId);
  if ('kind' in cap) return cap;
  const capped = await capRefundAmount(tx, cap, wish);
  if ('kind' in capped) return capped;
  const destination = chooseRefundDestination(cap.target.paymentMethod, wish.destination);
  const notice = await recordRefund(tx, cap.target, wish, capped, destination);
  if (destination === 'wallet') await settleCreditAtOnce(tx, notice, cap.target.groupId, wish.publicUrl);
  return { kind: 'decided', decision: decisionOf(notice, capped, destination) };
}

/** Credit is the one refund whose money moves inside the transaction: the ledger entry, e-mail and event. */
async function settleCreditAtOnce(
  tx: DatabaseOrTransaction,
  notice: RefundNoticeRow,
  groupId: number,
  publicUrl: string | undefined,
): Promise<void> {
  await recordWalletEntry(tx, {
    userId: notice.remitterId,
    kind: 'refunded',
    amount: notice.amount,
    groupId,
    note: `Devolución del pedido ${notice.storeOrderNumber}`,
  });
  await announceRefundSettled(tx, notice, publicUrl ?? null);
  // The caller's transaction (a rejection, a line change, a payment) commits it, or not: counted then.
  afterCommit(tx, () => refundsProcessed.inc({ destination: 'wallet', outcome: 'succeeded' }));
}

function decisionOf(
  notice: RefundNoticeRow,
  capped: CappedRefund,
  destination: RefundDestination,
): RefundDecision {
  return {
    id: notice.id,
    amountMinor: capped.amountMinor,
    shown: shownRefundOf(notice),
    destination,
    payment: { method: notice.paymentMethod, label: notice.paymentLabel },
  };
}

/**
 * Decides a refund of `amountMinor` (capped at what is still refundable) for a store order of a paid group,
 * inside the caller's transaction; null when the group is not paid or nothing is left.
 */
export async function decideRefund(
  tx: DatabaseOrTransaction,
  input: DecideRefundInput,
): Promise<RefundDecision | null> {
  if (input.amountMinor <= 0) return null;
  return decisionOrNull(await refundFlow(tx, input));
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
  return decisionOrNull(await refundFlow(tx, { ...input, amountMinor: null }));
}

/** Everything still refundable of the store order (a rejection), as decideRefund; null when nothing is. */
export async function refundStoreOrderRemainder(
  tx: DatabaseOrTransaction,
  input: Omit<DecideRefundInput, 'amountMinor' | 'orderLineId'>,
): Promise<RefundDecision | null> {
  return decisionOrNull(await refundFlow(tx, { ...input, amountMinor: null }));
}

function decisionOrNull(outcome: RefundOutcome): RefundDecision | null {
  return outcome.kind === 'decided' ? outcome.decision : null;
}

/**
 * The money of a refund has moved (credit at once, the processor's success, the bank transfer recorded): the
 * remitter's e-mail and the `refund.succeeded` webhook event, in the caller's transaction.
 */
export async function announceRefundSettled(
  tx: DatabaseOrTransaction,
  notice: RefundNoticeRow,
  publicUrl: string | null,
): Promise<void> {
  await enqueueRefundEmail(tx, notice, publicUrl);
  await enqueueRefundSucceededEvent(tx, notice);
}

/** The remitter's order page, when the caller knows the site's address. */
function orderUrlOf(publicUrl: string | null, groupNumber: string): string | null {
  return publicUrl ? `${publicUrl}${WEB_PATHS.userOrders}/${encodeURIComponent(groupNumber)}` : null;
}

/**
 * The refund as the remitter reads it (issue 31): in the currency they paid in at the payment's rate, with
 * the dollars the card or the credit moved; the dollars alone for an order in dollars or an older refund.
 */
export function shownRefundOf(notice: RefundNoticeRow): ShownRefund {
  return shownRefund({
    amountMinor: parseMoney(notice.amount),
    displayMinor: notice.displayAmount === null ? null : parseMoney(notice.displayAmount),
    currency: notice.displayCurrency,
    rate: notice.displayRate,
  });
}

/** The remitter's e-mail for a refund whose money has moved, written in the caller's transaction. */
export async function enqueueRefundEmail(
  tx: DatabaseOrTransaction,
  notice: RefundNoticeRow,
  publicUrl: string | null,
): Promise<void> {
  const shown = shownRefundOf(notice);
  await enqueueEmail(
    tx,
    refundEmail({
      to: notice.remitterEmail,
      firstName: notice.remitterFirstName,
      storeOrderNumber: notice.storeOrderNumber,
      storeName: notice.storeName,
      lineName: notice.lineName,
      amountMinor: parseMoney(notice.amount),
      shown,
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
    amountText: shownRefundText(shown),
  });
}

export interface RefundRouteDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  kickRefundWorker: () => void;
}

/**
 * `POST /v1/admin/refunds/:id/record/` (operators, `payment:refund`): the bank transfer of a pending bank
 * refund was made. The refund keeps the reference and who recorded it; the remitter's e-mail leaves with it;
 * money leaving by hand is audited like any staff action (issue 27).
 */
export async function recordBankRefundFlow(
  db: Database,
  actor: Actor | null,
  refundId: number,
  reference: string,
  deps: Pick<RefundRouteDeps, 'publicUrl' | 'kickMailWorker'>,
): Promise<Refund> {
  const operator = requirePermission(actor, 'payment:refund');
  const notice = await db.transaction(async (tx) => {
    const settled = await markBankRefundRecorded(tx, operator, refundId, reference);
    await announceRefundSettled(tx, settled, deps.publicUrl);
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
  return getRefund(db, notice.id);
}

/**
 * `POST /v1/admin/store-orders/:number/refunds/` (operators, `payment:refund`): gives back part of what was
 * paid for a store order, or for one of its lines (an amount, or units of it), to the card or PayPal, as
 * credit, or (transfers) by a bank transfer recorded later. Above what is left (of the line, or of the store
 * order) is a 400 saying how much is; an unpaid order or nothing left is a 409.
 */
export async function operatorRefundFlow(
  db: Database,
  actor: Actor | null,
  storeOrderNumber: string,
  input: OperatorRefundInput,
  deps: RefundRouteDeps,
): Promise<Refund> {
  const lineId = input.line_id ?? null;
  const { operator, storeOrderId } = await requireOperatorRefundTarget(db, actor, storeOrderNumber, lineId);
  const outcome = await db.transaction(async (tx) => {
    const decided = await refundFlow(tx, {
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
    if (decided.kind === 'decided') await auditOperatorRefund(tx, operator, storeOrderNumber, input, decided);
    return decided;
  });
  if (outcome.kind !== 'decided') throw refusedRefundError(outcome);
  if (outcome.decision.destination === 'wallet') deps.kickMailWorker();
  if (outcome.decision.destination === 'original_payment') deps.kickRefundWorker();
  return getRefund(db, outcome.decision.id);
}

/** The back office's audit trail (issue 19), in the transaction that decided the refund. */
async function auditOperatorRefund(
  tx: DatabaseOrTransaction,
  operator: Actor,
  storeOrderNumber: string,
  input: OperatorRefundInput,
  decided: { decision: RefundDecision },
): Promise<void> {
  await recordAudit(tx, operator, {
    storeId: null,
    action: 'refund.created',
    subject: `store_order:${storeOrderNumber}`,
    detail: {
      after: {
        refund_id: decided.decision.id,
        amount: formatMinorAsDecimal(decided.decision.amountMinor),
        destination: decided.decision.destination,
        line_id: input.line_id ?? null,
        units: input.units ?? null,
      },
      reason: input.note,
    },
    actorRole: 'operator',
  });
}
