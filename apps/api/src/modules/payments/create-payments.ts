import type { Payments, PaymentsConfig } from './payment-processor.ts';
import { createSandboxProcessor } from './sandbox-processor.ts';

/** No processor configured: the embedded sandbox takes card payments and PayPal is not offered. */
export const SANDBOX_PAYMENTS_CONFIG: PaymentsConfig = {
  stripe: null,
  paypal: null,
  allowSandboxInProduction: false,
};

/**
 * The processors this server uses (decision 023): Stripe for cards when its keys are set, else the embedded
 * sandbox; PayPal when its credentials are set, else none.
 */
export function createPayments(_config: PaymentsConfig = SANDBOX_PAYMENTS_CONFIG): Payments {
  // H3 (Stripe): when _config.stripe is set, the card processor is the Stripe adapter instead of the sandbox.
  const card = createSandboxProcessor();
  // H3 (PayPal): when _config.paypal is set, the PayPal Orders v2 adapter.
  const paypal = null;
  return { card, paypal };
}
