import type Stripe from 'stripe';
import { finalizeCardPayment, findGroupIdByProcessorRef } from '../orders/finalize.service.ts';
import type { OrdersContext } from '../orders/orders-context.ts';
import { forgetPaymentEvent, recordPaymentEvent } from './payment-events.repository.ts';
import type { StripeCardProcessor } from './stripe-processor.ts';

/** The events that settle a payment; any other is acknowledged and ignored. */
const SETTLING_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

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
    const groupId = await findGroupIdByProcessorRef(ctx.db, 'stripe', intent.id);
    if (groupId === null) {
      // Not (yet) one of our groups: the placing request records the reference before the shopper can act, and
      // lands the synchronous outcomes itself. Forgotten, so a resend from Stripe's dashboard is handled.
      await forgetPaymentEvent(ctx.db, 'stripe', event.id);
      return;
    }
    await finalizeCardPayment(ctx, groupId, await processor.retrieve(ctx.db, intent.id));
  } catch (error) {
    await forgetPaymentEvent(ctx.db, 'stripe', event.id);
    throw error;
  }
}
