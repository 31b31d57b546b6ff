import { parseMoney } from '@mandado/shared/money';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { ordersPaid } from '../observability/metrics.ts';
import { type CheckoutSettings, getCheckoutSettings } from './checkout-settings.ts';
import {
  compareAndSetGroup,
  type LoadedOrderGroup,
  loadOrderGroup,
  type OrderGroupRow,
} from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';

/**
 * The orders module's own steps of settling a card or PayPal payment (decision 057);
 * flows/settle-card-payment.flow.ts tells them in order.
 */

export async function settingsForConfirmation(
  ctx: Pick<OrdersContext, 'db'>,
  known: CheckoutSettings | undefined,
): Promise<CheckoutSettings> {
  return known ?? (await getCheckoutSettings(ctx.db));
}

/**
 * awaiting_payment → confirmed/paid by a compare-and-set, with the processor's reference (null when nothing
 * was charged); undefined when another caller won or the group is no longer awaiting its money.
 */
export function markCardGroupPaid(
  tx: DatabaseOrTransaction,
  groupId: number,
  ref: string | null,
  paidAt: Date,
): Promise<OrderGroupRow | undefined> {
  return compareAndSetGroup(
    tx,
    groupId,
    { status: 'awaiting_payment' },
    {
      status: 'confirmed',
      paymentStatus: 'paid',
      paidAt,
      expiresAt: null,
      ...(ref === null ? {} : { processorRef: ref }),
    },
  );
}

/** After the commit, by the one caller whose compare-and-set won: counted, and the workers woken. */
export function announceCardPayment(ctx: OrdersContext, confirmed: LoadedOrderGroup): void {
  ordersPaid.inc({ payment_method: confirmed.group.paymentMethod });
  ctx.kickMailWorker();
  ctx.kickPushWorker?.();
  ctx.kickWebhookWorker?.();
}

/**
 * A success on a group already cancelled (declined meanwhile, or expired) is refunded: the money is never
 * kept for an order we do not deliver.
 */
export async function refundIfCancelled(ctx: OrdersContext, groupId: number, ref: string): Promise<void> {
  const loaded = await loadOrderGroup(ctx.db, { id: groupId });
  if (loaded?.group.status === 'cancelled' && loaded.group.paymentStatus === 'pending') {
    await refundCancelledGroup(ctx, loaded.group, ref);
  }
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
