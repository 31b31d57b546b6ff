import { DECLINE_MESSAGES } from '@mandado/shared/sandbox-cards';
import { loadStripe } from './stripe-js.ts';

/** Stripe's next action (3-D Secure) for a PaymentIntent; the server's confirm then finalizes the order. */
export async function handleStripeNextAction(
  publishableKey: string,
  clientSecret: string,
): Promise<{ error: string | null }> {
  const stripe = await loadStripe(publishableKey);
  const result = await stripe.handleNextAction({ clientSecret });
  return { error: result.error ? (result.error.message ?? DECLINE_MESSAGES.authentication_failed) : null };
}
