import { CHECKOUT_MESSAGES, type OrderGroup } from '@mandado/shared/checkout.schemas';
import { deliveryWindow } from '@mandado/shared/delivery-window';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { ordersPaid } from '../observability/metrics.ts';
import { moveGroupStoreOrders, recordHistoryRows } from '../order-status/order-status.service.ts';
import { enqueueStoreOrderStatusEvents } from '../order-status/store-order-webhook-events.ts';
import { rewardInviter } from '../referrals/referral-ledger.ts';
import { refundStoreOrderRemainder } from '../refunds/refunds.service.ts';
import { notifyStoresOfPaidOrders } from '../store-inbox/store-inbox.service.ts';
import { type CheckoutSettings, getCheckoutSettings } from './checkout-settings.ts';
import { PAYMENT_RECEIVED_REASON } from './finalize.service.ts';
import { isManualMethod, presentOrderGroup } from './order.presenter.ts';
import { paymentReceivedEmail, trackingLinkEmail } from './order-emails.ts';
import { enqueueOrderPaidEvent } from './order-webhook-events.ts';
import { compareAndSetGroup, findRemitter, loadOrderGroup } from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';

/**
 * `POST /v1/admin/orders/:number/mark-paid/` (operators, `payment:mark-paid`): a transfer or cash deposit
 * arrived. A compare-and-set on the group (confirmed, payment pending) records the reference, who and when,
 * so a second call — or the expiry worker racing it — finds nothing to change: 409.
 */
export async function markOrderPaid(
  ctx: OrdersContext,
  actor: Actor | null,
  number: string,
  reference: string,
): Promise<OrderGroup> {
  const operator = requirePermission(actor, 'payment:mark-paid');
  const found = await loadOrderGroup(ctx.db, { number });
  if (!found) throw notFound();
  // Four eyes on money (issue 19): an operator's own order is marked paid by someone else on the team.
  if (found.group.remitterId === operator.userId) {
    throw new HttpError(409, { detail: SERVER_MESSAGES.ownOrderMoney });
  }
  if (!isManualMethod(found.group.paymentMethod)) {
    throw new HttpError(409, { detail: CHECKOUT_MESSAGES.orderNotPayable });
  }
  const settings = await getCheckoutSettings(ctx.db);
  const paidAt = ctx.now();
  const marked = await ctx.db.transaction((tx) =>
    applyManualPayment(tx, ctx, operator, {
      groupId: found.group.id,
      reference,
      paidAt,
      settings,
      via: 'manual',
    }),
  );
  if (!marked) {
    const detail =
      found.group.paymentStatus === 'paid' ||
      (await loadOrderGroup(ctx.db, { id: found.group.id }))?.group.paymentStatus === 'paid'
        ? CHECKOUT_MESSAGES.alreadyPaid
        : CHECKOUT_MESSAGES.orderNotPayable;
    throw new HttpError(409, { detail });
  }
  ordersPaid.inc({ payment_method: found.group.paymentMethod });
  ctx.kickMailWorker();
  ctx.kickPushWorker?.();
  ctx.kickWebhookWorker?.();
  const loaded = await loadOrderGroup(ctx.db, { id: found.group.id });
  if (!loaded) throw notFound();
  return presentOrderGroup(loaded, { publicUrl: ctx.publicUrl, settings });
}

/**
 * The manual payment itself, in the caller's transaction, shared by 'Marcar pagado' and the bank-statement
 * import (issue 19) so both send the same e-mails, notify the stores, reward the inviter, refund what a store
 * rejected and leave the same history and audit row. False when the group was not awaiting its money (paid
 * meanwhile, expired, cancelled): nothing was written.
 */
export async function applyManualPayment(
  tx: DatabaseOrTransaction,
  ctx: Pick<OrdersContext, 'publicUrl'>,
  operator: Actor,
  payment: {
    groupId: number;
    reference: string;
    paidAt: Date;
    settings: CheckoutSettings;
    /** Which screen recorded it, for the audit trail; the import's id when it was a statement. */
    via: 'manual' | { bankStatementImportId: number };
  },
): Promise<boolean> {
  const { groupId, reference, paidAt, settings } = payment;
  const group = await compareAndSetGroup(
    tx,
    groupId,
    { status: 'confirmed', paymentStatus: 'pending' },
    {
      paymentStatus: 'paid',
      paidAt,
      paidReference: reference,
      paidByUserId: operator.userId,
      expiresAt: null,
    },
  );
  if (!group) return false;
  await recordAudit(tx, operator, {
    storeId: null,
    action: 'order.mark_paid',
    subject: `order:${group.number}`,
    detail: {
      before: { payment_status: 'pending' },
      after: { payment_status: 'paid', reference },
      via: payment.via === 'manual' ? 'manual' : 'bank_statement',
      ...(payment.via === 'manual' ? {} : { bank_statement_import_id: payment.via.bankStatementImportId }),
    },
  });
  const moved = await moveGroupStoreOrders(tx, group.id, ['pending', 'warning'], 'approved');
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
  // Money for an order whose every store already rejected it buys nothing: no referral reward for it (the
  // payment itself goes back by hand). Staff rejections took the welcome credit back already.
  if (moved.length > 0) await rewardInviter(tx, group.id, { publicUrl: ctx.publicUrl });
  // The stores hear of their paid orders: e-mail to their members and Web Push (issue 17).
  await notifyStoresOfPaidOrders(
    tx,
    moved.map((change) => change.id),
    { publicUrl: ctx.publicUrl },
  );
  const loaded = await loadOrderGroup(tx, { id: group.id });
  // Partners' webhooks (issue 19): the store orders' moves and order.paid, committed with the payment.
  await enqueueStoreOrderStatusEvents(
    tx,
    moved.map((change) => ({ storeOrderId: change.id, from: change.from, to: 'approved' })),
  );
  if (loaded) await enqueueOrderPaidEvent(tx, loaded);
  // A store that rejected the order while the transfer was on its way gets nothing: what was paid for its
  // part goes back to the remitter as credit at once (decision 040), like a rejection after payment.
  for (const storeOrder of loaded?.stores ?? []) {
    if (storeOrder.status !== 'rejected') continue;
    await refundStoreOrderRemainder(tx, {
      storeOrderId: storeOrder.id,
      reason: 'store_rejected',
      actor: { role: 'operator', userId: operator.userId },
      publicUrl: ctx.publicUrl,
    });
  }
  const remitter = await findRemitter(tx, group.remitterId);
  if (loaded && remitter) {
    const order = presentOrderGroup(loaded, { publicUrl: ctx.publicUrl, settings });
    await enqueueEmail(tx, { ...paymentReceivedEmail(remitter, order, paidAt), groupId: group.id });
    // The family member hears of the order once it is paid (see enqueueConfirmationEmails), with the
    // window counted from the payment, as the remitter's e-mail says.
    if (order.beneficiary.email) {
      await enqueueEmail(tx, {
        ...trackingLinkEmail(order, remitter.firstName, deliveryWindow(paidAt)),
        groupId: group.id,
      });
    }
  }
  return true;
}
