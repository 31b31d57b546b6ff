import type { Database } from '../../db/database.ts';
import { settleCardPaymentFlow } from '../../flows/settle-card-payment.flow.ts';
import type { ChargeOutcome, PayPalOutcome } from '../../payment-processor.ts';
import { ordersFailed } from '../observability/metrics.ts';
import type { CheckoutSettings } from './checkout-settings.ts';
import { releaseGroup } from './order-release.ts';
import {
  compareAndSetGroup,
  findGroupByProcessorRef,
  type LoadedOrderGroup,
  type OrderGroupRow,
  setProcessorRef,
} from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';

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
 *   meanwhile, or expired) is refunded: the money is never kept for an order we do not deliver. That is
 *   flows/settle-card-payment.flow.ts (decision 057).
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
  if (outcome.status === 'succeeded')
    return settleCardPaymentFlow(ctx, groupId, outcome.processorRef, settings);
  if (await cancelUnpaidGroup(ctx, groupId, outcome.message, outcome.processorRef)) {
    ordersFailed.inc({ reason: 'declined' });
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
