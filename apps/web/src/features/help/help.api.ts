import type { CheckoutOptions } from '@mandado/shared/checkout.schemas';
import type { ContactMessage, HelpSent, PaymentInstructions, Suggestion } from '@mandado/shared/help.schemas';
import { apiGet, apiPost } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

export function sendContactMessage(message: ContactMessage): Promise<HelpSent> {
  return apiPost<HelpSent>('/contact-us-email/', message);
}

export function sendSuggestion(suggestion: Suggestion): Promise<HelpSent> {
  return apiPost<HelpSent>('/suggestions/', suggestion);
}

/** What the help may promise: PayPal and wallets only when this server offers them (`GET /v1/checkout/options/`). */
export function offeredPaymentsQueryOptions() {
  return queryOptions({
    queryKey: ['help', 'offered-payments'],
    queryFn: async ({ signal }) => {
      const options = await apiGet<CheckoutOptions>('/checkout/options/', signal);
      return { paypal: options.paypal, wallets: options.processor === 'stripe' };
    },
    staleTime: 5 * 60_000,
  });
}

export function paymentInstructionsQueryOptions() {
  return queryOptions({
    // The shopper's country comes from the session, so a login changes the answer: who-am-I refetches, and so
    // does this after its short stale time.
    queryKey: ['help', 'payment-instructions'],
    queryFn: ({ signal }) => apiGet<PaymentInstructions>('/help/payment-instructions/', signal),
    staleTime: 60_000,
  });
}
