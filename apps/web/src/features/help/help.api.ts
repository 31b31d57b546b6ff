import type { ContactMessage, HelpSent, PaymentInstructions, Suggestion } from '@mandado/shared/help.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api-client.ts';

export function sendContactMessage(message: ContactMessage): Promise<HelpSent> {
  return apiPost<HelpSent>('/contact-us-email/', message);
}

export function sendSuggestion(suggestion: Suggestion): Promise<HelpSent> {
  return apiPost<HelpSent>('/suggestions/', suggestion);
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
