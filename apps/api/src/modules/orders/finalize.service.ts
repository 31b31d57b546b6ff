import { parseMoney } from '@mandado/shared/money';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import type { ChargeOutcome, PayPalOutcome } from '../../payment-processor.ts';
import { removeOrderedLines } from '../cart/cart.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { ordersFailed, ordersPaid } from '../observability/metrics.ts';
import { moveGroupStoreOrders, recordHistoryRows } from '../order-status/order-status.service.ts';
import { enqueueStoreOrderStatusEvents } from '../order-status/store-order-webhook-events.ts';
import { rewardInviter } from '../referrals/referral-ledger.ts';
import { notifyStoresOfPaidOrders } from '../store-inbox/store-inbox.service.ts';
import { type CheckoutSettings, getCheckoutSettings } from './checkout-settings.ts';
import { presentOrderGroup } from './order.presenter.ts';
import { orderConfirmationEmail, trackingLinkEmail } from './order-emails.ts';
import { releaseGroup } from './order-release.ts';
import { enqueueOrderPaidEvent } from './order-webhook-events.ts';
import {
  compareAndSetGroup,
  findGroupByProcessorRef,
  findRemitter,
  type LoadedOrderGroup,
  loadOrderGroup,
  type OrderGroupRow,
  setProcessorRef,
} from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';

/** The history reason of the system's pending → approved once the money is in. */
export const PAYMENT_RECEIVED_REASON = 'Pago recibido';

/** The group a processor's payment belongs to (the Stripe webhook finds its group with it). */
export async function findGroupIdByProcessorRef(
  db: Database,
  processor: string,
  ref: string,
): Promise<number | null> {
  return findGroupByProcessorRef(db, processor, ref);
}

/**
 * The one place a card or PayPal payment's result lands (decision 021), run by the placing request, the
 * client's confirm and the processor's webhook, in any order and any number of times:
 * - succeeded: the group goes awaiting_payment → confirmed/paid by a compare-and-set, its store orders
 *   pending → approved, the ordered lines leave the cart and the e-mails are queued, all in one transaction;
 *   whoever loses the compare-and-set does nothing. A success on a group already cancelled (declined
 *   meanwhile, or expired) is refunded: the money is never kept for an order we do not deliver.
 * - failed: awaiting_payment → cancelled, releasing stock, coupon and credit, once.
 * - requires_action: only remembers the processor's reference.
 */
export async function finalizeCardPayment(
  ctx: OrdersContext,
  groupId: number,
  outcome: ChargeOutcome | PayPalOutcome,
): Promise<void> {
  await landPayment(ctx, groupId, outcome);
}

/**
 * finalizeCardPayment, answering the group as this call left it when it confirmed it (the rows the e-mails
 * were built from), so the placing request answers without reading it again; null otherwise.
 */
export async function landPayment(
  ctx: OrdersContext,
  groupId: number,
  outcome: ChargeOutcome | PayPalOutcome,
  settings?: CheckoutSettings,
): Promise<LoadedOrderGroup | null> {
  if (outcome.status === 'requires_action') {
    await setProcessorRef(ctx.db, groupId, outcome.processorRef);
    return null;
  }
  if (outcome.status === 'succeeded') return confirmPaidGroup(ctx, groupId, outcome.processorRef, settings);
  if (await cancelUnpaidGroup(ctx, groupId, outcome.message, outcome.processorRef)) {
    ordersFailed.inc({ reason: 'declined' });
  }
  return null;
}

/**
 * awaiting_payment → confirmed/paid; see finalizeCardPayment. `ref` is null when nothing was charged (total
 * 0). Answers the confirmed group when this call confirmed it, else null.
 */
export async function confirmPaidGroup(
  ctx: OrdersContext,
  groupId: number,
  ref: string | null,
  knownSettings?: CheckoutSettings,
): Promise<LoadedOrderGroup | null> {
  const settings = knownSettings ?? (await getCheckoutSettings(ctx.db));
  const confirmed = await ctx.db.transaction(async (tx) => {
    const group = await compareAndSetGroup(
      tx,
      groupId,
      { status: 'awaiting_payment' },
      {
        status: 'confirmed',
        paymentStatus: 'paid',
        paidAt: ctx.now(),
        expiresAt: null,
        ...(ref === null ? {} : { processorRef: ref }),
      },
    );
    if (!group) return null;
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
    if (loaded) await enqueueOrderPaidEvent(tx, loaded);
    return loaded;
  });
  if (confirmed) {
    // Counted after the commit, by the one caller whose compare-and-set won.
    ordersPaid.inc({ payment_method: confirmed.group.paymentMethod });
    ctx.kickMailWorker();
    ctx.kickPushWorker?.();
    ctx.kickWebhookWorker?.();
    return confirmed;
  }
  if (ref === null) return null;
  const loaded = await loadOrderGroup(ctx.db, { id: groupId });
  if (loaded?.group.status === 'cancelled' && loaded.group.paymentStatus === 'pending') {
    await refundCancelledGroup(ctx, loaded.group, ref);
  }
  return null;
}

/** awaiting_payment → cancelled with the reason, giving everything back; a second call changes nothing. */
export async function cancelUnpaidGroup(
  ctx: OrdersContext,
  groupId: number,
  reason: string,
  ref: string | null,
): Promise<OrderGroupRow | null> {
  return ctx.db.transaction(async (tx) => {
    const group = await compareAndSetGroup(
      tx,
      groupId,
      { status: 'awaiting_payment' },
      {
        status: 'cancelled',
        cancelReason: reason,
        expiresAt: null,
        ...(ref === null ? {} : { processorRef: ref }),
      },
    );
    if (!group) return null;
    await releaseGroup(tx, group, reason);
    return group;
  });
}

/**
 * Money that arrived for a cancelled group goes back (reconciliation). The processor's refund is idempotent
 * by its key, so two reconcilers racing refund once; the group then records it.
 */
async function refundCancelledGroup(ctx: OrdersContext, group: OrderGroupRow, ref: string): Promise<void> {
  const amountMinor = parseMoney(group.total);
  const idempotencyKey = `refund-order-group-${group.id}`;
  if (amountMinor > 0) {
    if (group.processor === 'paypal') {
      await ctx.payments.paypal?.refund({ idempotencyKey, processorRef: ref, amountMinor });
    } else {
      await ctx.payments.card.refund(ctx.db, ref, amountMinor, idempotencyKey);
    }
  }
  await compareAndSetGroup(
    ctx.db,
    group.id,
    { status: 'cancelled', paymentStatus: 'pending' },
    { paymentStatus: 'refunded', processorRef: ref },
  );
}

/**
 * The confirmation to the remitter and, when the order is paid and they have an e-mail, the tracking link to
 * the family member.
 * Answers the group as read for them (the caller's answer needs the same rows).
 */
export async function enqueueConfirmationEmails(
  tx: DatabaseOrTransaction,
  context: { publicUrl: string; settings: CheckoutSettings },
  groupId: number,
): Promise<LoadedOrderGroup | null> {
  const loaded = await loadOrderGroup(tx, { id: groupId });
  if (!loaded) return null;
  const remitter = await findRemitter(tx, loaded.group.remitterId);
  if (!remitter) return loaded;
  const order = presentOrderGroup(loaded, context);
  await enqueueEmail(tx, { ...orderConfirmationEmail(remitter, order), groupId: loaded.group.id });
  // The family member's e-mail only for a paid order: an unpaid transfer costs its placer nothing, and
  // would otherwise let anyone send our e-mail, with a name of their choosing, to any address (security
  // review). Transfers send it when an operator marks them paid.
  if (order.beneficiary.email && order.payment_status === 'paid') {
    await enqueueEmail(tx, { ...trackingLinkEmail(order, remitter.firstName), groupId: loaded.group.id });
  }
  return loaded;
}
