import type { DeclineCode } from '@mandado/shared/sandbox-cards';
import type { PayPalOutcome, PayPalProcessor } from '../../payment-processor.ts';

export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';

/** What the shopper reads when PayPal does not take the payment (no money was taken in any of these). */
export const PAYPAL_MESSAGES = {
  declined: 'PayPal rechazó el pago. Prueba con otro medio de pago; no se te cobró nada.',
  notApproved: 'No completaste el pago en PayPal. Puedes intentarlo de nuevo o elegir otro medio de pago.',
  notCompleted:
    'PayPal no confirmó el pago. No se te cobró nada; intenta de nuevo o elige otro medio de pago.',
  unavailable:
    'No pudimos iniciar el pago con PayPal. No se te cobró nada; intenta de nuevo en unos minutos.',
} as const;

export interface PayPalProcessorOptions {
  clientId: string;
  clientSecret: string;
  /** PAYPAL_API_BASE: the sandbox by default, https://api-m.paypal.com live, a local peer in tests. */
  apiBase: string;
  fetch?: typeof fetch;
  /** Per request; PayPal answers in well under a second when it is up. */
  timeoutMs?: number;
}

interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: Array<{
    payments?: { captures?: Array<{ id: string; status: string }> };
  }>;
}

interface PayPalError {
  name?: string;
  details?: Array<{ issue?: string; description?: string }>;
}

/** A PayPal answer outside 2xx: the caller decides whether it is the shopper's problem or ours. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PayPalError,
  ) {
    super(`PayPal answered ${status}: ${body.name ?? 'unknown'} ${body.details?.[0]?.issue ?? ''}`.trim());
  }

  get issue(): string | undefined {
    return this.body.details?.[0]?.issue;
  }
}

/** USD minor units as PayPal's decimal string ("25.99"), exactly. */
export function paypalAmount(amountMinor: number): string {
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

function failed(processorRef: string | null, declineCode: DeclineCode, message: string): PayPalOutcome {
  return { status: 'failed', processorRef, declineCode, message };
}

/**
 * PayPal Orders v2 (decision 023) over fetch: create (intent CAPTURE, one purchase unit named by the order
 * number) → the buyer approves at PayPal → capture. Every POST carries PayPal-Request-Id, so a retry is the same
 * call. The order id is the payment's reference throughout; a refund finds the capture from it.
 */
export class PayPalOrdersProcessor implements PayPalProcessor {
  readonly #options: PayPalProcessorOptions;
  readonly #fetch: typeof fetch;
  readonly #apiBase: string;
  /** An optimisation only: a stale or revoked token is replaced on the 401 it earns. */
  #token: { value: string; expiresAt: number } | null = null;

  constructor(options: PayPalProcessorOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? fetch;
    this.#apiBase = options.apiBase.replace(/\/+$/, '');
  }

  async createOrder(request: {
    idempotencyKey: string;
    groupNumber: string;
    amountMinor: number;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PayPalOutcome> {
    let order: PayPalOrder;
    try {
      order = await this.#call<PayPalOrder>(
        'POST',
        '/v2/checkout/orders',
        `${request.idempotencyKey}-create`,
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.groupNumber,
              custom_id: request.groupNumber,
              invoice_id: request.groupNumber,
              description: `Mandado ${request.groupNumber}`,
              amount: { currency_code: 'USD', value: paypalAmount(request.amountMinor) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: 'Mandado',
                locale: 'es-UY',
                // Delivery goes to the beneficiary chosen at checkout, not to the payer's PayPal address.
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: request.returnUrl,
                cancel_url: request.cancelUrl,
              },
            },
          },
        },
      );
    } catch (error) {
      // PayPal refusing the order itself (4xx) is nothing the shopper can fix here; nothing was taken.
      if (
        error instanceof PayPalApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401
      ) {
        return failed(null, 'processing_error', PAYPAL_MESSAGES.unavailable);
      }
      throw error;
    }
    // With payment_source the buyer's link is 'payer-action'; the older application_context calls it 'approve'.
    const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    if (order.status === 'COMPLETED') return { status: 'succeeded', processorRef: order.id };
    if (!approve) throw new Error(`PayPal order ${order.id} has no approval link`);
    return { status: 'requires_action', processorRef: order.id, approveUrl: approve.href };
  }

  async capture(request: { idempotencyKey: string; processorRef: string }): Promise<PayPalOutcome> {
    const path = `/v2/checkout/orders/${encodeURIComponent(request.processorRef)}`;
    let order: PayPalOrder;
    try {
      order = await this.#call<PayPalOrder>(
        'POST',
        `${path}/capture`,
        `${request.idempotencyKey}-capture`,
        {},
      );
    } catch (error) {
      if (!(error instanceof PayPalApiError) || error.status < 400 || error.status >= 500) throw error;
      switch (error.issue) {
        case 'ORDER_ALREADY_CAPTURED':
          // Captured by an earlier call whose answer we lost: read what the order says now.
          order = await this.#call<PayPalOrder>('GET', path, null, null);
          break;
        case 'INSTRUMENT_DECLINED':
        case 'PAYER_ACTION_REQUIRED':
        case 'TRANSACTION_REFUSED':
          return failed(request.processorRef, 'card_declined', PAYPAL_MESSAGES.declined);
        case 'ORDER_NOT_APPROVED':
          return failed(request.processorRef, 'processing_error', PAYPAL_MESSAGES.notApproved);
        default:
          return failed(request.processorRef, 'processing_error', PAYPAL_MESSAGES.notCompleted);
      }
    }
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (order.status === 'COMPLETED' && capture?.status === 'COMPLETED') {
      return { status: 'succeeded', processorRef: order.id };
    }
    if (capture?.status === 'DECLINED') {
      return failed(order.id, 'card_declined', PAYPAL_MESSAGES.declined);
    }
    return failed(order.id, 'processing_error', PAYPAL_MESSAGES.notCompleted);
  }

  async refund(request: {
    idempotencyKey: string;
    processorRef: string;
    amountMinor: number;
  }): Promise<void> {
    const order = await this.#call<PayPalOrder>(
      'GET',
      `/v2/checkout/orders/${encodeURIComponent(request.processorRef)}`,
      null,
      null,
    );
    const capture = order.purchase_units?.[0]?.payments?.captures?.find(
      (item) => item.status === 'COMPLETED',
    );
    if (!capture) throw new Error(`PayPal order ${request.processorRef} has no completed capture to refund`);
    await this.#call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
      `${request.idempotencyKey}-refund`,
      { amount: { currency_code: 'USD', value: paypalAmount(request.amountMinor) } },
    );
  }

  /**
   * One API call with a bearer token. The PayPal-Request-Id carries the caller's key with the operation's
   * name, so a create and a capture under one group key are never mistaken for each other by PayPal.
   */
  async #call<T>(method: 'GET' | 'POST', path: string, requestId: string | null, body: unknown): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.#accessToken(attempt > 0);
      const response = await this.#fetch(`${this.#apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === null ? {} : { 'content-type': 'application/json' }),
          ...(requestId === null ? {} : { 'paypal-request-id': requestId }),
          prefer: 'return=representation',
        },
        ...(body === null ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 20_000),
      });
      if (response.status === 401 && attempt === 0) continue;
      const text = await response.text();
      const parsed: unknown = text ? JSON.parse(text) : {};
      if (!response.ok) throw new PayPalApiError(response.status, parsed as PayPalError);
      return parsed as T;
    }
  }

  async #accessToken(refresh: boolean): Promise<string> {
    if (!refresh && this.#token && this.#token.expiresAt > Date.now()) return this.#token.value;
    const credentials = Buffer.from(`${this.#options.clientId}:${this.#options.clientSecret}`).toString(
      'base64',
    );
    const response = await this.#fetch(`${this.#apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(this.#options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (!response.ok) throw new PayPalApiError(response.status, parsed as PayPalError);
    const { access_token: value, expires_in: expiresIn } = parsed as {
      access_token: string;
      expires_in: number;
    };
    // A minute's margin so a token never expires between our check and PayPal's.
    this.#token = { value, expiresAt: Date.now() + Math.max(0, expiresIn - 60) * 1000 };
    return value;
  }
}
