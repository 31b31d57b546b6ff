import Stripe from 'stripe';
import { StripeCardProcessor } from '../src/modules/payments/stripe-processor.ts';

/**
 * The real `stripe` SDK over an injected fetch that answers in Stripe's documented JSON shapes
 * (docs.stripe.com/api/payment_intents/object, /api/errors): what we assert is what the SDK really sends.
 */

export interface SentRequest {
  method: string;
  path: string;
  headers: Headers;
  params: URLSearchParams;
}

export type Answer = { status: number; body: unknown };

export class FakeStripeApi {
  readonly sent: SentRequest[] = [];
  readonly #routes: Array<{ method: string; path: string; answer: (request: SentRequest) => Answer }> = [];

  on(method: string, path: string, answer: Answer | ((request: SentRequest) => Answer)): void {
    this.#routes.unshift({ method, path, answer: typeof answer === 'function' ? answer : () => answer });
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    const request: SentRequest = {
      method,
      path: url.pathname,
      headers: new Headers(init?.headers),
      params: new URLSearchParams(method === 'GET' ? url.search : body),
    };
    this.sent.push(request);
    const route = this.#routes.find(
      (candidate) => candidate.method === method && candidate.path === url.pathname,
    );
    const { status, body: answer } = route
      ? route.answer(request)
      : {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `Unrecognized request URL (${method}: ${url.pathname}).`,
            },
          },
        };
    return new Response(JSON.stringify(answer), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': `req_${this.sent.length}` },
    });
  };

  processor(webhookSecret: string | null = 'whsec_test_secret'): StripeCardProcessor {
    return new StripeCardProcessor({
      secretKey: 'sk_test_mandado',
      publishableKey: 'pk_test_mandado',
      webhookSecret,
      httpClient: Stripe.createFetchHttpClient(this.fetch),
    });
  }
}

export function paymentIntent(
  id: string,
  status: Stripe.PaymentIntent.Status,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    object: 'payment_intent',
    amount: 2599,
    amount_received: status === 'succeeded' ? 2599 : 0,
    currency: 'usd',
    status,
    client_secret: `${id}_secret_Xy9`,
    confirmation_method: 'automatic',
    capture_method: 'automatic',
    customer: null,
    description: 'Mandado MV-10234',
    last_payment_error: null,
    latest_charge: status === 'succeeded' ? `ch_${id.slice(3)}` : null,
    livemode: false,
    metadata: { order_group_id: '42', order_number: 'MV-10234', user_id: '7' },
    next_action:
      status === 'requires_action'
        ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
        : null,
    payment_method: 'pm_1QcardVisa',
    payment_method_types: ['card'],
    created: 1_764_000_000,
    ...extra,
  };
}
