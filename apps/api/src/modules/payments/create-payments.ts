import type { Payments, PaymentsConfig } from '../../payment-processor.ts';
import { PayPalOrdersProcessor } from './paypal-processor.ts';
import { createSandboxProcessor } from './sandbox-processor.ts';
import { StripeCardProcessor } from './stripe-processor.ts';

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
export function createPayments(config: PaymentsConfig = SANDBOX_PAYMENTS_CONFIG): Payments {
  const card = config.stripe ? new StripeCardProcessor(config.stripe) : createSandboxProcessor();
  const paypal = config.paypal ? new PayPalOrdersProcessor(config.paypal) : null;
  return { card, paypal };
}
