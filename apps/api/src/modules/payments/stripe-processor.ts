import {
  CARD_BRANDS,
  type CardBrand,
  DECLINE_MESSAGES,
  type DeclineCode,
} from '@mandado/shared/sandbox-cards';
import Stripe from 'stripe';
import type { Database } from '../../db/database.ts';
import type {
  CardDetails,
  CardProcessor,
  ChargeOutcome,
  ChargeRequest,
  SucceededCharge,
} from '../../payment-processor.ts';
import { findProcessorCustomer, rememberProcessorCustomer } from '../cards/cards.service.ts';

export interface StripeProcessorOptions {
  secretKey: string;
  publishableKey: string;
  /** STRIPE_WEBHOOK_SECRET (whsec_…); without it the webhook route is not registered. */
  webhookSecret: string | null;
  /** Another API host (e.g. a local mock), `https://host:port`. */
  apiBase?: string;
  /** Tests inject `Stripe.createFetchHttpClient(fakeFetch)`: the real SDK, answered offline. */
  httpClient?: Stripe.StripeConfig['httpClient'];
}

/** Our processor's name in saved_cards, processor_customers, payment_events and order groups. */
const PROCESSOR = 'stripe';

function failed(processorRef: string | null, declineCode: DeclineCode): ChargeOutcome {
  return { status: 'failed', processorRef, declineCode, message: DECLINE_MESSAGES[declineCode] };
}

/**
 * Stripe's error codes (docs.stripe.com/error-codes, /declines/codes) to the reasons the shopper reads. The
 * issuer's `decline_code` is more precise than `code` (card_declined + insufficient_funds), so it goes first.
 */
function stripeDeclineCode(code: string | undefined, declineCode: string | undefined): DeclineCode {
  if (declineCode === 'insufficient_funds' || code === 'insufficient_funds') return 'insufficient_funds';
  if (declineCode === 'expired_card' || code === 'expired_card') return 'expired_card';
  if (declineCode === 'test_mode_live_card') return 'live_card_in_test_mode';
  if (
    code === 'payment_intent_authentication_failure' ||
    code === 'authentication_required' ||
    declineCode === 'authentication_required'
  ) {
    return 'authentication_failed';
  }
  if (code === 'processing_error' || declineCode === 'processing_error') return 'processing_error';
  return 'card_declined';
}

/** The intent's current state, whatever call or event brought us here. */
function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', processorRef: intent.id };
    case 'requires_payment_method': {
      // A declined attempt (or a failed 3-D Secure) sends the intent back here, with the reason attached.
      const error = intent.last_payment_error;
      return failed(intent.id, stripeDeclineCode(error?.code, error?.decline_code));
    }
    case 'canceled':
      return failed(intent.id, 'processing_error');
    default:
      // requires_action, and the rare in-between states (processing, requires_confirmation, requires_capture):
      // the money is not settled either way, so the order waits for the browser's next step or the webhook
      // rather than being released while a charge may still land.
      if (!intent.client_secret) throw new Error(`Stripe intent ${intent.id} has no client_secret`);
      return {
        status: 'requires_action',
        processorRef: intent.id,
        action: { type: 'stripe', client_secret: intent.client_secret },
      };
  }
}

function cardBrandOf(brand: string): CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown';
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/**
 * A failure of Stripe itself or of our use of it (network, outage, a wrong key), as a plain error. Stripe's own
 * errors carry Stripe's HTTP status, which the API's error handler would otherwise pass on to the shopper as if
 * their request were at fault (a 401 for our wrong key); this is a 500 for the operator's log.
 */
export class StripeProcessorError extends Error {
  constructor(cause: unknown) {
    const detail =
      cause instanceof Stripe.errors.StripeError ? `${cause.type}: ${cause.message}` : String(cause);
    super(`Stripe call failed (${detail})`, { cause });
    this.name = 'StripeProcessorError';
  }
}

function hostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * The CardProcessor over Stripe (decision 023): the browser's Payment Element creates a PaymentMethod, the
 * server confirms a PaymentIntent with it. The group id travels as metadata and its key as the Idempotency-Key,
 * so a retried charge is the same charge.
 */
export class StripeCardProcessor implements CardProcessor {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string | null;

  constructor(options: StripeProcessorOptions) {
    this.publishableKey = options.publishableKey;
    this.#webhookSecret = options.webhookSecret;
    this.#stripe = new Stripe(options.secretKey, {
      // The SDK's retries reuse the request's idempotency key, so a network hiccup never charges twice.
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
      ...hostOptions(options.apiBase),
    });
  }

  /** Whether Stripe's webhook calls can be verified (STRIPE_WEBHOOK_SECRET is set). */
  get acceptsWebhooks(): boolean {
    return this.#webhookSecret !== null;
  }

  async charge(_db: Database, request: ChargeRequest): Promise<ChargeOutcome> {
    try {
      // Created without confirming, so no money can move yet; its id is recorded on the group, and only then
      // is it confirmed (decision 030). A process that dies after the confirm leaves a reference to ask for.
      // The two calls carry their own keys, so a retry replays each of them rather than charging twice.
      const created = await this.#stripe.paymentIntents.create(
        {
          amount: request.amountMinor,
          currency: 'usd',
          payment_method: request.paymentToken,
          ...(request.customerRef ? { customer: request.customerRef } : {}),
          // Cards authenticate in Stripe.js's own 3-D Secure frame (handleNextAction), never by leaving the
          // site, so no return_url is needed and redirect-only methods are left out.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: request.description,
          metadata: {
            order_group_id: String(request.groupId),
            order_number: request.groupNumber,
            user_id: String(request.userId),
          },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      await request.recordAttempt(created.id);
      if (created.status !== 'requires_confirmation') return outcomeOf(created);
      const intent = await this.#stripe.paymentIntents.confirm(
        created.id,
        {},
        { idempotencyKey: `${request.idempotencyKey}-confirm` },
      );
      return outcomeOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return failed(error.payment_intent?.id ?? null, stripeDeclineCode(error.code, error.decline_code));
      }
      // A PaymentMethod that does not exist (or is not this customer's) is a bad card, not our failure.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method') {
        return failed(error.payment_intent?.id ?? null, 'card_declined');
      }
      // Anything else (network, Stripe down, a wrong key) leaves the charge's fate unknown: the caller keeps the
      // order awaiting payment and a retry with the same idempotency key gives the true answer.
      throw new StripeProcessorError(error);
    }
  }

  async retrieve(_db: Database, processorRef: string): Promise<ChargeOutcome> {
    try {
      return outcomeOf(await this.#stripe.paymentIntents.retrieve(processorRef));
    } catch (error) {
      throw new StripeProcessorError(error);
    }
  }

  /**
   * Stripe finds intents by id only (its search is eventually consistent): every intent's id is recorded on
   * the group before it is confirmed, so an intent known by key alone never moved money.
   */
  async retrieveByKey(): Promise<ChargeOutcome | null> {
    return null;
  }

  async listSucceededCharges(_db: Database, since: Date): Promise<SucceededCharge[]> {
    const charges: SucceededCharge[] = [];
    try {
      for await (const intent of this.#stripe.paymentIntents.list({
        created: { gte: Math.floor(since.getTime() / 1000) },
        limit: 100,
      })) {
        const groupId = Number(intent.metadata?.order_group_id);
        // Only intents our server created name a group; refunded ones are settled already.
        if (intent.status !== 'succeeded' || !Number.isSafeInteger(groupId) || groupId <= 0) continue;
        charges.push({ processorRef: intent.id, groupId, amountMinor: intent.amount_received });
      }
    } catch (error) {
      throw new StripeProcessorError(error);
    }
    return charges;
  }

  async refund(
    _db: Database,
    processorRef: string,
    amountMinor: number,
    idempotencyKey: string,
  ): Promise<void> {
    try {
      await this.#stripe.refunds.create(
        { payment_intent: processorRef, amount: amountMinor },
        { idempotencyKey },
      );
    } catch (error) {
      throw new StripeProcessorError(error);
    }
  }

  async describeCard(_db: Database, token: string, customerRef: string | null): Promise<CardDetails | null> {
    if (!/^pm_[A-Za-z0-9_]{1,190}$/.test(token)) return null;
    let method: Stripe.PaymentMethod;
    try {
      method = await this.#stripe.paymentMethods.retrieve(token);
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StripeProcessorError(error);
    }
    const card = method.card;
    if (method.type !== 'card' || !card) return null;
    const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
    // Every PaymentMethod of the account is readable with our key: one attached to another user's customer is
    // not this user's card.
    if (owner !== null && owner !== customerRef) return null;
    if (owner === null && customerRef !== null) {
      try {
        await this.#stripe.paymentMethods.attach(token, { customer: customerRef });
      } catch (error) {
        // Stripe refuses to attach a card it has already used without a customer: not a card we can keep.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw new StripeProcessorError(error);
      }
    }
    return {
      processorToken: method.id,
      brand: cardBrandOf(card.brand),
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
    };
  }

  async ensureCustomer(db: Database, user: { id: number; email: string; name: string }): Promise<string> {
    const known = await findProcessorCustomer(db, user.id, PROCESSOR);
    if (known) return known;
    // The idempotency key makes two concurrent first uses create one Customer; the table keeps whichever
    // reference landed first either way.
    let customer: Stripe.Customer;
    try {
      customer = await this.#stripe.customers.create(
        { email: user.email, name: user.name, metadata: { user_id: String(user.id) } },
        { idempotencyKey: `customer-user-${user.id}` },
      );
    } catch (error) {
      throw new StripeProcessorError(error);
    }
    await rememberProcessorCustomer(db, user.id, PROCESSOR, customer.id);
    return (await findProcessorCustomer(db, user.id, PROCESSOR)) ?? customer.id;
  }

  async forgetCard(_db: Database, processorToken: string): Promise<void> {
    try {
      await this.#stripe.paymentMethods.detach(processorToken);
    } catch (error) {
      // Already gone or already detached at Stripe: the card is forgotten either way.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw new StripeProcessorError(error);
    }
  }

  async forgetCustomer(customerRef: string): Promise<void> {
    try {
      // Deleting a Customer also detaches its payment methods and cancels its subscriptions (Stripe's API).
      await this.#stripe.customers.del(customerRef);
    } catch (error) {
      // Already deleted at Stripe: the erasure is done either way.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return;
      throw new StripeProcessorError(error);
    }
  }

  /**
   * The event Stripe signed, checked on the exact bytes received with STRIPE_WEBHOOK_SECRET (5-minute
   * tolerance against replays). Throws Stripe's StripeSignatureVerificationError when it does not verify.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string): Stripe.Event {
    if (!this.#webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.#stripe.webhooks.constructEvent(rawBody, signatureHeader, this.#webhookSecret);
  }
}
