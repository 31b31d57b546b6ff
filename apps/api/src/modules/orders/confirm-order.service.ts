import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import { notFound } from '../../http-errors.ts';
import type { ChargeOutcome, PayPalOutcome } from '../../payment-processor.ts';
import { receiptsOf } from '../receipts/receipts.service.ts';
import { getCheckoutSettings } from './checkout-settings.ts';
import { finalizeCardPayment } from './finalize.service.ts';
import { presentOrderGroup } from './order.presenter.ts';
import { readOrderFulfilment } from './order-fulfilment.service.ts';
import { loadOrderGroup } from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';
import { askCardProcessor } from './payment-recovery.service.ts';
import { answerFor, type OrderAnswer } from './place-order.service.ts';

/** Order numbers as we write them; anything else is a 404 without a query. */
const GROUP_NUMBER_PATTERN = /^MV-\d{1,12}$/;

/** `GET /v1/orders/:number/`: the remitter's own group; another user's reads as missing. */
export async function getOwnOrder(
  ctx: OrdersContext,
  actor: Actor | null,
  number: string,
): Promise<OrderGroup> {
  const { userId } = requirePermission(actor, 'account:own');
  if (!GROUP_NUMBER_PATTERN.test(number)) throw notFound();
  const [loaded, settings] = await Promise.all([
    loadOrderGroup(ctx.db, { number, remitterId: userId }),
    getCheckoutSettings(ctx.db),
  ]);
  if (!loaded) throw notFound();
  const [fulfilment, receiptOf] = await Promise.all([
    readOrderFulfilment(
      ctx.db,
      loaded.group.id,
      loaded.stores.map((store) => store.id),
    ),
    receiptsOf(ctx.db, loaded.stores, loaded.group.beneficiary.firstName),
  ]);
  // The owner's own page (issue 29): the delivery code to pass on, and what the family answered.
  return presentOrderGroup(
    loaded,
    { publicUrl: ctx.publicUrl, settings },
    { ...fulfilment, receiptOf, showDeliveryCode: true },
  );
}

/**
 * `POST /v1/orders/:number/confirm/`: after 3-D Secure, Stripe's next action or PayPal's approval, asks the
 * processor how the payment stands and lands it with finalize (the webhook may be doing the same: finalize
 * is safe to run twice). A cancelled group whose payment went through after all is refunded by finalize.
 */
export async function confirmOrder(
  ctx: OrdersContext,
  actor: Actor | null,
  number: string,
): Promise<OrderAnswer> {
  const { userId } = requirePermission(actor, 'account:own');
  if (!GROUP_NUMBER_PATTERN.test(number)) throw notFound();
  const loaded = await loadOrderGroup(ctx.db, { number, remitterId: userId });
  if (!loaded) throw notFound();
  const { group } = loaded;
  const ref = group.processorRef;
  let outcome: ChargeOutcome | PayPalOutcome | null = null;
  if (group.paymentStatus === 'pending') {
    if (ref && group.status === 'awaiting_payment' && group.processor === 'paypal' && ctx.payments.paypal) {
      outcome = await ctx.payments.paypal.capture({
        idempotencyKey: `order-group-${group.id}-capture`,
        processorRef: ref,
      });
    } else if (group.processor === ctx.payments.card.name && group.status !== 'confirmed') {
      // By the reference, or by the group's key when the placing request died before recording one
      // (decision 030): a shopper back on the confirmation page sees the payment the processor took.
      outcome = await askCardProcessor(ctx, group);
    }
    if (outcome) await finalizeCardPayment(ctx, group.id, outcome);
  }
  return answerFor(ctx, group.id, outcome, 200);
}
