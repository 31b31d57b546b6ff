import { CHECKOUT_MESSAGES, type OrderGroup } from '@mandado/shared/checkout.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import { settleManualPaymentFlow } from '../../flows/settle-manual-payment.flow.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { ordersPaid } from '../observability/metrics.ts';
import { getCheckoutSettings } from './checkout-settings.ts';
import { isManualMethod, presentOrderGroup } from './order.presenter.ts';
import { loadOrderGroup } from './orders.repository.ts';
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
    settleManualPaymentFlow(tx, ctx, operator, {
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
