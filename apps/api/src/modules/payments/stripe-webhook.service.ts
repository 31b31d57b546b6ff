import type Stripe from 'stripe';
import { finalizeCardPayment, findGroupIdByProcessorRef } from '../orders/finalize.service.ts';
import type { OrdersContext } from '../orders/orders-context.ts';
import { forgetPaymentEvent, recordPaymentEvent } from './payment-events.repository.ts';
import type { StripeCardProcessor } from './stripe-processor.ts';
import { findGroupPayment } from './stripe-webhook.repository.ts';

/** The events that settle a payment; any other is acknowledged and ignored. */
const SETTLING_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/**
 * The group an intent pays for. Normally by its reference, recorded when the charge answered. When the placing
 * request lost Stripe's answer (a timeout) it released the group without a reference, yet the charge may have
 * gone through: the intent's metadata, which only our server writes and Stripe signed, names the group, so
 * finalize sees the success on a cancelled group and refunds it. A group paid by anything else, or already
 * tied to another intent, is not this intent's.
 */
async function groupOfIntent(ctx: OrdersContext, intent: Stripe.PaymentIntent): Promise<number | null> {
  const byRef = await findGroupIdByProcessorRef(ctx.db, 'stripe', intent.id);
  if (byRef !== null) return byRef;
  const claimed = Number(intent.metadata?.order_group_id);
  if (!Number.isSafeInteger(claimed) || claimed <= 0) return null;
  const payment = await findGroupPayment(ctx.db, claimed);
  if (payment?.processor !== 'stripe') return null;
  return payment.processorRef === null || payment.processorRef === intent.id ? claimed : null;
}

/**
 * Handles a verified Stripe event once (decision 023). The event id is recorded first, so a redelivery is a
 * no-op; if handling then fails the record is removed, so Stripe's next delivery is handled again. Events can
 * arrive late and out of order, so the event's copy of the intent is never trusted: the intent is re-fetched
 * and its current state lands through finalize, which is idempotent and refunds a success on a cancelled group.
 */
export async function handleStripeEvent(
  ctx: OrdersContext,
  processor: StripeCardProcessor,
  event: Stripe.Event,
): Promise<void> {
  const recorded = await recordPaymentEvent(ctx.db, {
    processor: 'stripe',
    eventId: event.id,
    type: event.type,
  });
  if (!recorded || !SETTLING_EVENTS.has(event.type)) return;
  try {
    const intent = event.data.object as Stripe.PaymentIntent;
    const groupId = await groupOfIntent(ctx, intent);
    if (groupId === null) {
      // Not one of our groups (another integration on the account, or a group since deleted). Forgotten, so a
      // resend from Stripe's dashboard is handled.
      await forgetPaymentEvent(ctx.db, 'stripe', event.id);
      return;
    }
    await finalizeCardPayment(ctx, groupId, await processor.retrieve(ctx.db, intent.id));
  } catch (error) {
    await forgetPaymentEvent(ctx.db, 'stripe', event.id);
    throw error;
  }
}
