import type { Actor } from '../authorization.ts';
import type { DatabaseOrTransaction } from '../db/database.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { moveGroupStoreOrders, recordHistoryRows } from '../modules/order-status/order-status.service.ts';
import { enqueueStoreOrderStatusEvents } from '../modules/order-status/store-order-webhook-events.ts';
import type { CheckoutSettings } from '../modules/orders/checkout-settings.ts';
import { moveWindowsPaidLate } from '../modules/orders/delivery-slots.service.ts';
import {
  emailPaymentReceived,
  emitOrderPaid,
  loadGroupForPayment,
  recordManualPayment,
} from '../modules/orders/manual-payment.service.ts';
import { PAYMENT_RECEIVED_REASON } from '../modules/orders/order-confirmation.service.ts';
import type { OrdersContext } from '../modules/orders/orders-context.ts';
import { rewardInviter } from '../modules/referrals/referral-ledger.ts';
import { notifyStoresOfPaidOrders } from '../modules/store-inbox/store-inbox.service.ts';
import { autoAcceptStoreOrders } from './auto-accept-store-orders.flow.ts';
import { refundStoreOrderRemainder } from './refund.flow.ts';

export interface ManualPayment {
  groupId: number;
  reference: string;
  paidAt: Date;
  settings: CheckoutSettings;
  /** Which screen recorded it, for the audit trail; the import's id when it was a statement. */
  via: 'manual' | { bankStatementImportId: number };
}

type Moved = Awaited<ReturnType<typeof moveGroupStoreOrders>>;

/**
 * Settling a manual payment (decision 057), in the caller's transaction, shared by 'Marcar pagado' and the
 * bank-statement import (issue 19) so both send the same e-mails, notify the stores, reward the inviter,
 * refund what a store rejected and leave the same history and audit row. False when the group was not
 * awaiting its money (paid meanwhile, expired, cancelled): nothing was written.
 */
export async function settleManualPaymentFlow(
  tx: DatabaseOrTransaction,
  ctx: Pick<OrdersContext, 'publicUrl'>,
  operator: Actor,
  payment: ManualPayment,
): Promise<boolean> {
  const group = await recordManualPayment(tx, operator, payment);
  if (!group) return false;
  await auditThePayment(tx, operator, group.number, payment);
  // Settled after a window's cut-off: the next window with room, counted from the settlement (decision 065).
  await moveWindowsPaidLate(tx, group.id, payment.paidAt);
  const moved = await approveStoreOrders(tx, operator, group.id);
  // Money for an order whose every store already rejected it buys nothing: no referral reward for it (the
  // payment itself goes back by hand). Staff rejections took the welcome credit back already.
  if (moved.length > 0) await rewardInviter(tx, group.id, { publicUrl: ctx.publicUrl });
  // The stores hear of their paid orders: e-mail to their members and Web Push (issue 17).
  await notifyStoresOfPaidOrders(
    tx,
    moved.map((change) => change.id),
    { publicUrl: ctx.publicUrl },
  );
  const loaded = await loadGroupForPayment(tx, group.id);
  // Partners' webhooks (issue 19): the store orders' moves and order.paid, committed with the payment.
  await enqueueStoreOrderStatusEvents(
    tx,
    moved.map((change) => ({ storeOrderId: change.id, from: change.from, to: 'approved' })),
  );
  // Issue 31: a store with auto-accept on has its order in preparation at once (after the approval's event).
  await autoAcceptStoreOrders(
    tx,
    moved.map((change) => change.id),
  );
  await emitOrderPaid(tx, loaded);
  await refundRejectedParts(tx, ctx, operator, loaded?.stores ?? []);
  await emailPaymentReceived(tx, loaded, {
    publicUrl: ctx.publicUrl,
    settings: payment.settings,
    paidAt: payment.paidAt,
  });
  return true;
}

async function auditThePayment(
  tx: DatabaseOrTransaction,
  operator: Actor,
  number: string,
  payment: ManualPayment,
): Promise<void> {
  await recordAudit(tx, operator, {
    storeId: null,
    action: 'order.mark_paid',
    subject: `order:${number}`,
    detail: {
      before: { payment_status: 'pending' },
      after: { payment_status: 'paid', reference: payment.reference },
      via: payment.via === 'manual' ? 'manual' : 'bank_statement',
      ...(payment.via === 'manual' ? {} : { bank_statement_import_id: payment.via.bankStatementImportId }),
    },
  });
}

/** The group's pending (or warned) store orders are approved, each with its history row. */
async function approveStoreOrders(
  tx: DatabaseOrTransaction,
  operator: Actor,
  groupId: number,
): Promise<Moved> {
  const moved = await moveGroupStoreOrders(tx, groupId, ['pending', 'warning'], 'approved');
  await recordHistoryRows(
    tx,
    moved.map((change) => ({
      storeOrderId: change.id,
      fromStatus: change.from,
      toStatus: 'approved',
      actorRole: 'operator',
      actorUserId: operator.userId,
      reason: PAYMENT_RECEIVED_REASON,
    })),
  );
  return moved;
}

/**
 * A store that rejected the order while the transfer was on its way gets nothing: what was paid for its part
 * goes back to the remitter as credit at once (decision 040), like a rejection after payment.
 */
async function refundRejectedParts(
  tx: DatabaseOrTransaction,
  ctx: Pick<OrdersContext, 'publicUrl'>,
  operator: Actor,
  stores: ReadonlyArray<{ id: number; status: string }>,
): Promise<void> {
  for (const storeOrder of stores) {
    if (storeOrder.status !== 'rejected') continue;
    await refundStoreOrderRemainder(tx, {
      storeOrderId: storeOrder.id,
      reason: 'store_rejected',
      actor: { role: 'operator', userId: operator.userId },
      publicUrl: ctx.publicUrl,
    });
  }
}
