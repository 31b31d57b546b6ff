import { CHECKOUT_MESSAGES, type OrderGroup } from '@mandado/shared/checkout.schemas';
import { deliveryWindow } from '@mandado/shared/delivery-window';
import { type Actor, requirePermission } from '../../authorization.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { rewardInviter } from '../referrals/referral-ledger.ts';
import { refundStoreOrderRemainder } from '../refunds/refunds.service.ts';
import { notifyStoresOfPaidOrders } from '../store-inbox/store-inbox.service.ts';
import { getCheckoutSettings } from './checkout-settings.ts';
import { PAYMENT_RECEIVED_REASON } from './finalize.service.ts';
import { isManualMethod, presentOrderGroup } from './order.presenter.ts';
import { paymentReceivedEmail, trackingLinkEmail } from './order-emails.ts';
import {
  compareAndSetGroup,
  findRemitter,
  insertHistory,
  loadOrderGroup,
  moveStoreOrders,
} from './orders.repository.ts';
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
  if (!isManualMethod(found.group.paymentMethod)) {
    throw new HttpError(409, { detail: CHECKOUT_MESSAGES.orderNotPayable });
  }
  const settings = await getCheckoutSettings(ctx.db);
  const paidAt = ctx.now();
  const marked = await ctx.db.transaction(async (tx) => {
    const group = await compareAndSetGroup(
      tx,
      found.group.id,
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
    const moved = await moveStoreOrders(tx, group.id, ['pending', 'warning'], 'approved');
    await insertHistory(
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
      await enqueueEmail(tx, paymentReceivedEmail(remitter, order, paidAt));
      // The family member hears of the order once it is paid (see enqueueConfirmationEmails), with the
      // window counted from the payment, as the remitter's e-mail says.
      if (order.beneficiary.email) {
        await enqueueEmail(tx, trackingLinkEmail(order, remitter.firstName, deliveryWindow(paidAt)));
      }
    }
    return true;
  });
  if (!marked) {
    const detail =
      found.group.paymentStatus === 'paid' ||
      (await loadOrderGroup(ctx.db, { id: found.group.id }))?.group.paymentStatus === 'paid'
        ? CHECKOUT_MESSAGES.alreadyPaid
        : CHECKOUT_MESSAGES.orderNotPayable;
    throw new HttpError(409, { detail });
  }
  ctx.kickMailWorker();
  ctx.kickPushWorker?.();
  const loaded = await loadOrderGroup(ctx.db, { id: found.group.id });
  if (!loaded) throw notFound();
  return presentOrderGroup(loaded, { publicUrl: ctx.publicUrl, settings });
}
