import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import { parseMoney } from '@mandado/shared/money';
import {
  type PaymentStatus,
  type StoreOrderStatus,
  type TransitionRefusal,
  transitionRefusal,
} from '@mandado/shared/order-status';
import { SUPPORT_EMAIL, SUPPORT_WHATSAPP_NUMBER } from '@mandado/shared/support-contact';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import { type Actor, requirePermission, requireStoreMember } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import {
  releaseWelcomeCredit,
  revokeReferralReward,
  withholdWelcomeShare,
} from '../referrals/referral-ledger.ts';
import { getSettings } from '../settings/settings.service.ts';
import { recordWalletEntry } from '../wallet/wallet.service.ts';
import { byStoreOrder, presentStaffStoreOrder, type StaffStoreOrder } from './order-status.presenter.ts';
import {
  allStoreOrdersRejected,
  compareAndSetStatus,
  findStatusTarget,
  type HistoryRow,
  insertHistory,
  listHistoryOf,
  listLinesOf,
  listStoreOrdersOfStore,
  lockGroup,
  openStoreOrderCredit,
  type StaffStoreOrderRow,
  type StatusTargetRow,
} from './order-status.repository.ts';
import { isEmailedStatus, storeOrderStatusEmail } from './order-status-emails.ts';

/** A store's list shows its newest orders; older ones wait for the back office's paging (a later issue). */
const STORE_ORDER_LIST_LIMIT = 100;

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
}

const REFUSAL_DETAILS: Record<TransitionRefusal, string> = {
  not_allowed: CHECKOUT_MESSAGES.statusNotAllowed,
  actor_not_allowed: CHECKOUT_MESSAGES.statusNotAllowed,
  reason_required: CHECKOUT_MESSAGES.reasonRequired,
  payment_required: CHECKOUT_MESSAGES.paymentRequired,
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
    if (input.to === 'rejected') await settleRejection(tx, target);
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
        }),
      );
    }
  });
  if (emailed) deps.kickMailWorker();

  const [answer] = await presentRows(db, [{ ...target, status: input.to }], scope.kind);
  if (!answer) throw new Error('store order vanished after its status change');
  return answer;
}

/**
 * A store order rejected by staff gives its own share of the order's credit back, once (this transaction's
 * compare-and-set made the change). When that rejects the whole order, the referral rewards it paid for are
 * reversed (decision 026).
 */
async function settleRejection(tx: DatabaseOrTransaction, target: StatusTargetRow): Promise<void> {
  const share = parseMoney(target.credit);
  if (share > 0) {
    await recordWalletEntry(tx, {
      userId: target.remitterId,
      kind: 'refunded',
      amount: target.credit,
      groupId: target.groupId,
      note: `Devolución del pedido ${target.number}`,
    });
    await withholdWelcomeShare(tx, {
      groupId: target.groupId,
      share,
      openCreditAfter: parseMoney(await openStoreOrderCredit(tx, target.groupId)),
    });
  }
  if (await allStoreOrdersRejected(tx, target.groupId)) {
    // Paid: both rewards are reversed. Not paid yet: the referral waits for the next order (its welcome
    // credit was withheld store order by store order above).
    await revokeReferralReward(tx, target.groupId);
    await releaseWelcomeCredit(tx, target.groupId);
  }
}

/** A merchant's store orders (confirmed groups only), newest first: three queries whatever their number. */
export async function listMerchantStoreOrders(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<StaffStoreOrder[]> {
  requireStoreMember(requirePermission(actor, 'store:read', storeId), storeId);
  const rows = await listStoreOrdersOfStore(db, storeId, STORE_ORDER_LIST_LIMIT);
  return presentRows(db, rows, 'merchant');
}

async function presentRows(
  db: Database,
  rows: readonly StaffStoreOrderRow[],
  actorKind: StatusChangeScope['kind'],
): Promise<StaffStoreOrder[]> {
  const ids = rows.map((row) => row.id);
  const [lines, history] = await Promise.all([listLinesOf(db, ids), listHistoryOf(db, ids)]);
  const linesOf = byStoreOrder(lines);
  const historyOf = byStoreOrder(history);
  return rows.map((row) =>
    presentStaffStoreOrder(row, linesOf.get(row.id) ?? [], historyOf.get(row.id) ?? [], actorKind),
  );
}

export type { HistoryRow };

/** For the tracking page: the status history of these store orders, oldest first, in one query. */
export function listStatusHistory(
  db: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<HistoryRow[]> {
  return listHistoryOf(db, storeOrderIds);
}
