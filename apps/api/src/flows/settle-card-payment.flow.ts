import type { DatabaseOrTransaction } from '../db/database.ts';
import { removeOrderedLines } from '../modules/cart/cart.service.ts';
import { moveGroupStoreOrders, recordHistoryRows } from '../modules/order-status/order-status.service.ts';
import { enqueueStoreOrderStatusEvents } from '../modules/order-status/store-order-webhook-events.ts';
import {
  announceCardPayment,
  markCardGroupPaid,
  refundIfCancelled,
  settingsForConfirmation,
} from '../modules/orders/card-payment.service.ts';
import type { CheckoutSettings } from '../modules/orders/checkout-settings.ts';
import { moveWindowsPaidLate } from '../modules/orders/delivery-slots.service.ts';
import { emitOrderPaid } from '../modules/orders/manual-payment.service.ts';
import {
  enqueueConfirmationEmails,
  PAYMENT_RECEIVED_REASON,
} from '../modules/orders/order-confirmation.service.ts';
import type { OrdersContext } from '../modules/orders/orders-context.ts';
import { rewardInviter } from '../modules/referrals/referral-ledger.ts';
import { notifyStoresOfPaidOrders } from '../modules/store-inbox/store-inbox.service.ts';
import { autoAcceptStoreOrders } from './auto-accept-store-orders.flow.ts';

type Moved = Awaited<ReturnType<typeof moveGroupStoreOrders>>;
type ConfirmedGroup = Awaited<ReturnType<typeof enqueueConfirmationEmails>>;

/**
 * Settling a card or PayPal payment that succeeded (decisions 021, 057), run by finalize for the placing
 * request, the client's confirm and the processor's webhook, in any order and any number of times: the group
 * goes awaiting_payment → confirmed/paid by a compare-and-set, its store orders pending → approved, the ordered
 * lines leave the cart, the inviter is rewarded, the stores hear of it, the e-mails and webhook events are
 * queued, all in one transaction; whoever loses the compare-and-set does nothing, except refund a success on
 * a group already cancelled. `ref` is null when nothing was charged (total 0). Answers the confirmed group when
 * this call confirmed it, else null.
 */
export async function settleCardPaymentFlow(
  ctx: OrdersContext,
  groupId: number,
  ref: string | null,
  knownSettings?: CheckoutSettings,
): Promise<ConfirmedGroup> {
  const settings = await settingsForConfirmation(ctx, knownSettings);
  const confirmed = await ctx.db.transaction(async (tx) => {
    const paidAt = ctx.now();
    if (!(await markCardGroupPaid(tx, groupId, ref, paidAt))) return null;
    // Paid after its window's cut-off: the next window with room (decision 065), before anyone is told.
    await moveWindowsPaidLate(tx, groupId, paidAt);
    const moved = await approveStoreOrders(tx, groupId);
    await removeOrderedLines(tx, groupId);
    await rewardInviter(tx, groupId, { publicUrl: ctx.publicUrl });
    // The stores hear of their paid orders: e-mail to their members and Web Push (issue 17).
    await notifyStoresOfPaidOrders(
      tx,
      moved.map((change) => change.id),
      { publicUrl: ctx.publicUrl },
    );
    const loaded = await enqueueConfirmationEmails(tx, { publicUrl: ctx.publicUrl, settings }, groupId);
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
    return loaded;
  });
  if (confirmed) {
    announceCardPayment(ctx, confirmed);
    return confirmed;
  }
  if (ref !== null) await refundIfCancelled(ctx, groupId, ref);
  return null;
}

/** The group's pending store orders are approved by the system, each with its history row. */
async function approveStoreOrders(tx: DatabaseOrTransaction, groupId: number): Promise<Moved> {
  const moved = await moveGroupStoreOrders(tx, groupId, ['pending'], 'approved');
  await recordHistoryRows(
    tx,
    moved.map((change) => ({
      storeOrderId: change.id,
      fromStatus: change.from,
      toStatus: 'approved',
      actorRole: 'system',
      reason: PAYMENT_RECEIVED_REASON,
    })),
  );
  return moved;
}
