import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal } from '@mandado/shared/money';
import {
  type PaymentStatus,
  type StoreOrderStatus,
  type TransitionActor,
  type TransitionRefusal,
  transitionRefusal,
} from '@mandado/shared/order-status';
import { SUPPORT_EMAIL, SUPPORT_WHATSAPP_NUMBER } from '@mandado/shared/support-contact';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import { type Actor, requirePermission, requireStoreMember } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { receiptsOf } from '../receipts/receipts.service.ts';
import type { RejectionRefundNote } from '../refunds/refund-emails.ts';
import { getSettings } from '../settings/settings.service.ts';
import { byStoreOrder, presentStaffStoreOrder, type StaffStoreOrder } from './order-status.presenter.ts';
import {
  allStoreOrdersRejected,
  clearCodeLock,
  compareAndSetStatus,
  findStatusTarget,
  findStoreOrderStores,
  type HistoryRow,
  insertHistory,
  insertHistoryRows,
  insertOrderLines,
  insertReceiptNote,
  insertStoreOrders,
  listHistoryOf,
  listLinesOf,
  listStoreOrderPage,
  lockGroup,
  markStoreOrderSeen,
  markUnacceptedStoreOrders,
  moveStoreOrders,
  openStoreOrderCredit,
  recordCodeFailure,
  recordDelivery,
  recordLineAvailability,
  recordStoreOrderChange,
  type StaffStoreOrderRow,
  type StatusTargetRow,
  setCourierToken,
} from './order-status.repository.ts';
import { isEmailedStatus, storeOrderStatusEmail } from './order-status-emails.ts';
import { enqueueStoreOrderStatusEvents } from './store-order-webhook-events.ts';

/**
 * In which capacity the actor moves the order, decided by the route it came through (decision 022): the
 * merchant portal acts for one store, the back office as an operator. A person who is both is a merchant in
 * the portal and an operator in the back office, so the history says which hat they wore.
 */
export type StatusChangeScope = { kind: 'merchant'; storeId: number } | { kind: 'operator' };

export interface StatusChangeInput {
  number: string;
  from: StoreOrderStatus;
  to: StoreOrderStatus;
  reason: string;
}

export interface StatusChangeDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  /** Wakes the refund worker after a rejection decided a card or PayPal refund (issue 17). */
  kickRefundWorker?: () => void;
}

/** The store order as the move found it, for the step the new status sets off. */
export type MovedStoreOrder = StatusTargetRow;

/** Who moved it, as the history and a refund record them. */
export interface MoveActor {
  role: 'merchant' | 'operator';
  userId: number;
}

/** What a flow's step after the move answers: the courier link kept, what a rejection gave back. */
export interface StatusMoveEffects {
  courierToken?: string;
  refundNote?: RejectionRefundNote | null;
}

/**
 * The step a flow runs inside the move's transaction, after the compare-and-set and the history row and
 * before the audit row and the e-mail (decision 057): hand-over makes the courier link, reject settles the
 * refund. The generic move itself has no side effect of a particular status.
 */
export type AfterStatusMove = (
  tx: DatabaseOrTransaction,
  moved: MovedStoreOrder,
  actor: MoveActor,
) => Promise<StatusMoveEffects>;

/** The group's credit still carried by store orders not rejected (a rejection's welcome-credit share). */
export async function openCreditOfGroup(tx: DatabaseOrTransaction, groupId: number): Promise<string> {
  return openStoreOrderCredit(tx, groupId);
}

/** Whether every store order of the group is now rejected. */
export async function isWholeGroupRejected(tx: DatabaseOrTransaction, groupId: number): Promise<boolean> {
  return allStoreOrdersRejected(tx, groupId);
}

const REFUSAL_DETAILS: Record<TransitionRefusal, string> = {
  not_allowed: CHECKOUT_MESSAGES.statusNotAllowed,
  actor_not_allowed: CHECKOUT_MESSAGES.statusNotAllowed,
  reason_required: CHECKOUT_MESSAGES.reasonRequired,
  payment_required: CHECKOUT_MESSAGES.paymentRequired,
  code_required: CHECKOUT_MESSAGES.deliveredNeedsCode,
};

/**
 * Moves one store order along the shared transition table (decision 022):
 * - a merchant reaches only their store's orders (another store in the path: 403; another store's order
 *   under their store: 404, as if it did not exist); an operator reaches every store order;
 * - a `from` that is no longer the order's status is a 409, checked first and again by the compare-and-set
 *   update, so two staff moving the same order never both succeed;
 * - an edge the table refuses is a 400 with the reason in Spanish;
 * - the change, its history row (who, in which role, why, when) and the remitter's e-mail (delivered,
 *   delivery attempt, rejected) commit together; the mail worker is woken after the commit.
 */
export async function changeStoreOrderStatus(
  db: Database,
  actor: Actor | null,
  scope: StatusChangeScope,
  input: StatusChangeInput,
  deps: StatusChangeDeps,
  afterMove?: AfterStatusMove,
): Promise<StaffStoreOrder> {
  const staff =
    scope.kind === 'merchant'
      ? // Membership, not the operator role: the merchant area never lets an operator act for another store.
        requireStoreMember(requirePermission(actor, 'order:fulfil', scope.storeId), scope.storeId)
      : requirePermission(actor, 'order:fulfil');
  const target = await findStatusTarget(db, input.number);
  if (!target || (scope.kind === 'merchant' && target.storeId !== scope.storeId)) throw notFound();
  if (target.status !== input.from) throw new HttpError(409, { detail: CHECKOUT_MESSAGES.statusChanged });

  const reason = input.reason.trim();
  const refusal = transitionRefusal({
    from: input.from,
    to: input.to,
    actor: scope.kind,
    reason,
    paymentStatus: target.paymentStatus as PaymentStatus,
  });
  if (refusal) throw new HttpError(400, { detail: REFUSAL_DETAILS[refusal] });

  const emailed = isEmailedStatus(input.to);
  // Read before the transaction: the e-mail quotes the support contact the pages show (decision 038).
  const settings = emailed ? await getSettings(db) : null;
  let courierToken = target.courierToken;
  // Set inside the transaction; the cast keeps TypeScript from narrowing it to null after the callback.
  let rejectionRefund = null as RejectionRefundNote | null;
  await db.transaction(async (tx) => {
    await lockGroup(tx, target.groupId);
    if (!(await compareAndSetStatus(tx, target.id, input.from, input.to))) {
      throw new HttpError(409, { detail: CHECKOUT_MESSAGES.statusChanged });
    }
    await insertHistory(tx, {
      storeOrderId: target.id,
      fromStatus: input.from,
      toStatus: input.to,
      actorRole: scope.kind,
      actorUserId: staff.userId,
      reason,
    });
    await enqueueStoreOrderStatusEvents(tx, [{ storeOrderId: target.id, from: input.from, to: input.to }]);
    // What the new status sets off (a courier link, a rejection's refund) is the flow's step, not this move's.
    const effects = afterMove ? await afterMove(tx, target, { role: scope.kind, userId: staff.userId }) : {};
    if (effects.courierToken !== undefined) courierToken = effects.courierToken;
    rejectionRefund = effects.refundNote ?? null;
    // The staff action itself (issue 27): who moved it, from where to where, why, and what went back.
    const settled: RejectionRefundNote | null = rejectionRefund;
    await recordAudit(tx, staff, {
      storeId: target.storeId,
      action: 'store_order.status_changed',
      subject: `store_order:${target.number}`,
      detail: {
        before: { status: input.from },
        after: { status: input.to },
        ...(reason ? { reason } : {}),
        ...(settled?.refund && settled.refund.amountMinor > 0
          ? {
              refund: formatMinorAsDecimal(settled.refund.amountMinor),
              destination: settled.refund.destination,
            }
          : {}),
        ...(settled && settled.creditMinor > 0 ? { credit: formatMinorAsDecimal(settled.creditMinor) } : {}),
      },
    });
    if (isEmailedStatus(input.to)) {
      await enqueueEmail(
        tx,
        storeOrderStatusEmail(input.to, {
          to: target.remitterEmail,
          firstName: target.remitterFirstName,
          storeOrderNumber: target.number,
          storeName: target.storeName,
          beneficiaryFirstName: target.beneficiary.firstName,
          reason,
          orderUrl: `${deps.publicUrl}${WEB_PATHS.userOrders}/${encodeURIComponent(target.groupNumber)}`,
          support: {
            whatsappNumber: settings?.support_whatsapp_number ?? SUPPORT_WHATSAPP_NUMBER,
            email: settings?.support_email ?? SUPPORT_EMAIL,
          },
          refund: rejectionRefund,
          groupId: target.groupId,
        }),
      );
    }
  });
  if (emailed) deps.kickMailWorker();
  if (rejectionRefund?.refund?.destination === 'original_payment') deps.kickRefundWorker?.();

  const [answer] = await presentRows(
    db,
    [{ ...target, status: input.to, courierToken }],
    scope.kind,
    deps.publicUrl,
  );
  if (!answer) throw new Error('store order vanished after its status change');
  return answer;
}

/**
 * One page of a store's inbox as its members see it (issue 17): paid orders in `statuses`, newest first, in
 * three queries whatever the page's size. The caller checked the membership.
 */
export async function listStaffStoreOrderPage(
  db: Database,
  storeId: number,
  page: { statuses: readonly StoreOrderStatus[]; limit: number; offset: number },
  publicUrl: string,
): Promise<StaffStoreOrder[]> {
  return presentRows(db, await listStoreOrderPage(db, storeId, page), 'merchant', publicUrl);
}

/** A store order of this store as its members see it, or null (another store's, or unknown). */
export async function findMerchantStoreOrder(
  db: Database,
  storeId: number,
  number: string,
  publicUrl: string,
): Promise<StaffStoreOrder | null> {
  const target = await findStatusTarget(db, number);
  if (!target || target.storeId !== storeId) return null;
  const [answer] = await presentRows(db, [target], 'merchant', publicUrl);
  return answer ?? null;
}

/**
 * Any store order as a store's member (`merchant`) or an operator sees it, or null: the answer of the moves
 * made outside the status route (the counter's code, reopening a courier link). The caller checked access.
 */
export async function findStaffStoreOrder(
  db: Database,
  number: string,
  actorKind: StatusChangeScope['kind'],
  publicUrl: string,
): Promise<StaffStoreOrder | null> {
  const target = await findStatusTarget(db, number);
  if (!target) return null;
  const [answer] = await presentRows(db, [target], actorKind, publicUrl);
  return answer ?? null;
}

/** A move made by the courier's link, the counter's code, or the system after them (issue 17). */
export interface StoreOrderMove {
  /** The beneficiary's delivery code was checked (needed to reach 'delivered'). */
  codeChecked?: boolean;
  storeOrderId: number;
  from: StoreOrderStatus;
  to: StoreOrderStatus;
  actor: TransitionActor;
  actorUserId: number | null;
  reason: string;
  paymentStatus: PaymentStatus;
}

/**
 * Moves a store order inside the caller's transaction: the table's check for this actor (400 when it refuses),
 * the compare-and-set and the history row. False when the order had moved meanwhile (nothing written). The
 * caller locks, decides and sends the e-mails.
 */
export async function applyStoreOrderMove(tx: DatabaseOrTransaction, move: StoreOrderMove): Promise<boolean> {
  const refusal = transitionRefusal({
    from: move.from,
    to: move.to,
    actor: move.actor,
    reason: move.reason,
    paymentStatus: move.paymentStatus,
    codeChecked: move.codeChecked ?? false,
  });
  if (refusal) throw new HttpError(400, { detail: REFUSAL_DETAILS[refusal] });
  if (!(await compareAndSetStatus(tx, move.storeOrderId, move.from, move.to))) return false;
  await insertHistory(tx, {
    storeOrderId: move.storeOrderId,
    fromStatus: move.from,
    toStatus: move.to,
    actorRole: move.actor,
    actorUserId: move.actorUserId,
    reason: move.reason,
  });
  // Partners' webhooks (issue 19), committed with the move.
  await enqueueStoreOrderStatusEvents(tx, [
    { storeOrderId: move.storeOrderId, from: move.from, to: move.to },
  ]);
  return true;
}

/**
 * A history row that records a staff action without a status change (from = to = the current status), such
 * as an operator reopening a locked courier link. Timelines shown to people can skip rows where from = to.
 */
export async function recordStoreOrderNote(
  tx: DatabaseOrTransaction,
  note: {
    storeOrderId: number;
    status: StoreOrderStatus;
    actor: TransitionActor;
    actorUserId: number | null;
    reason: string;
  },
): Promise<void> {
  await insertHistory(tx, {
    storeOrderId: note.storeOrderId,
    fromStatus: note.status,
    toStatus: note.status,
    actorRole: note.actor,
    actorUserId: note.actorUserId,
    reason: note.reason,
  });
}

async function presentRows(
  db: Database,
  rows: readonly StaffStoreOrderRow[],
  actorKind: StatusChangeScope['kind'],
  publicUrl: string,
): Promise<StaffStoreOrder[]> {
  const ids = rows.map((row) => row.id);
  const firstNames = new Map(rows.map((row) => [row.id, row.beneficiary.firstName]));
  const [lines, history, receiptOf] = await Promise.all([
    listLinesOf(db, ids),
    listHistoryOf(db, ids),
    // Issue 29: the store sees what the family answered once delivered ('Falta algo' and what).
    receiptsOf(db, rows, (id) => firstNames.get(id) ?? ''),
  ]);
  const linesOf = byStoreOrder(lines);
  const historyOf = byStoreOrder(history);
  return rows.map((row) => ({
    ...presentStaffStoreOrder(
      row,
      linesOf.get(row.id) ?? [],
      historyOf.get(row.id) ?? [],
      actorKind,
      publicUrl,
    ),
    receipt: receiptOf.get(row.id) ?? null,
  }));
}

export type { HistoryRow };

/** For the tracking page: the status history of these store orders, oldest first, in one query. */
export function listStatusHistory(
  db: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<HistoryRow[]> {
  return listHistoryOf(db, storeOrderIds);
}

// ---------------------------------------------------------------------------------------------------------
// The courier link's facts: the courier module decides, this module writes the store order (decision 057).

/** Sets the courier token unless the store order already has one; answers the one it keeps. */
export function keepCourierToken(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  token: string,
): Promise<string | undefined> {
  return setCourierToken(tx, storeOrderId, token);
}

/** Counts one wrong delivery code, locking the link at `max`; answers the failures and whether it is locked. */
export function countCodeFailure(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  max: number,
): Promise<{ failures: number; locked: boolean }> {
  return recordCodeFailure(tx, storeOrderId, max);
}

/** The proof of a delivery, stamped with the database's clock; answers when. */
export function recordDeliveryProof(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  proof: { receivedBy: string; proofMediaKey: string | null },
): Promise<Date> {
  return recordDelivery(tx, storeOrderId, proof);
}

/** An operator's reopening of a locked link: no failures, no lock. */
export function clearCourierCodeLock(tx: DatabaseOrTransaction, storeOrderId: number): Promise<void> {
  return clearCodeLock(tx, storeOrderId);
}

// ---------------------------------------------------------------------------------------------------------
// The store inbox's and the orders module's writes of store orders and their history (decision 057).

/** Marks the store order opened by its store, once. */
export function markSeenByStore(
  db: DatabaseOrTransaction,
  storeId: number,
  number: string,
): Promise<'marked' | 'already' | 'missing'> {
  return markStoreOrderSeen(db, storeId, number);
}

/** A change the inbox must see (its ETag reads updated_at), with a history row saying who and what. */
export function recordInboxChange(
  tx: DatabaseOrTransaction,
  entry: { storeOrderId: number; status: string; actorUserId: number; reason: string },
): Promise<void> {
  return recordStoreOrderChange(tx, entry);
}

/** Issue 29: the family's answer noted on the store order, seen by the store's inbox on its next poll. */
export function recordReceiptNote(
  tx: DatabaseOrTransaction,
  entry: { storeOrderId: number; status: string; reason: string },
): Promise<void> {
  return insertReceiptNote(tx, entry);
}

export type NewStoreOrder = Parameters<typeof insertStoreOrders>[1][number];
export type NewHistoryRow = Parameters<typeof insertHistoryRows>[1][number];

/** A placed group's store orders in one statement; answers each one's id by its store. */
export function createStoreOrders(
  tx: DatabaseOrTransaction,
  values: NewStoreOrder[],
): Promise<Map<number, number>> {
  return insertStoreOrders(tx, values);
}

/** History rows of moves the orders module made (placed, paid, released). */
export function recordHistoryRows(tx: DatabaseOrTransaction, rows: NewHistoryRow[]): Promise<void> {
  return insertHistoryRows(tx, rows);
}

/**
 * Moves the group's store orders in one of `from` to `to`; answers which moved (for their history) and the
 * credit each carried.
 */
export function moveGroupStoreOrders(
  tx: DatabaseOrTransaction,
  groupId: number,
  from: readonly string[],
  to: string,
): Promise<Array<{ id: number; from: string; credit: string }>> {
  return moveStoreOrders(tx, groupId, from, to);
}

/** Approved store orders paid before `paidBefore` and not alerted yet, marked alerted now (issue 31). */
export function markUnacceptedStoreOrdersAlerted(tx: DatabaseOrTransaction, paidBefore: Date) {
  return markUnacceptedStoreOrders(tx, paidBefore);
}

/** These store orders' stores and their group's payment status (the auto-accept step reads them). */
export function storeOrderStores(tx: DatabaseOrTransaction, storeOrderIds: readonly number[]) {
  return findStoreOrderStores(tx, storeOrderIds);
}

export type NewOrderLine = Parameters<typeof insertOrderLines>[1][number];

/** A placed store order's snapshot lines. */
export function createOrderLines(tx: DatabaseOrTransaction, lines: NewOrderLine[]): Promise<void> {
  return insertOrderLines(tx, lines);
}

/** Records what the store could supply of a line, once: false when the line was already marked. */
export function recordLineSupply(
  tx: DatabaseOrTransaction,
  lineId: number,
  availableQuantity: number,
  substitute: Parameters<typeof recordLineAvailability>[3],
): Promise<boolean> {
  return recordLineAvailability(tx, lineId, availableQuantity, substitute);
}
