import type { CardBrand, DeclineCode } from '@mandado/shared/sandbox-cards';
import type { Database } from './db/database.ts';

/**
 * The one port every card processor sits behind (decision 023): the embedded sandbox (default), or Stripe when
 * STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set. PayPal has its own port below: its flow is a redirect.
 * Amounts are USD minor units. Every call is idempotent by `idempotencyKey` (the order group's id), so a retry
 * never charges twice.
 *
 * Outside the payments module (decision 059): orders, cards, refunds and observability hold a `Payments` and
 * read its outcomes, while payments' sandbox and Stripe webhook call into orders and Stripe's processor into
 * cards. The port is a leaf both sides import, so neither module imports the other back.
 */

export type ChargeOutcome =
  | { status: 'succeeded'; processorRef: string }
  | {
      status: 'requires_action';
      processorRef: string;
      action: { type: 'sandbox_3ds'; intent_id: string } | { type: 'stripe'; client_secret: string };
    }
  | { status: 'failed'; processorRef: string | null; declineCode: DeclineCode; message: string };

export interface ChargeRequest {
  /** `order-group-<id>`: the processor's idempotency key and metadata. */
  idempotencyKey: string;
  groupId: number;
  groupNumber: string;
  userId: number;
  amountMinor: number;
  currency: 'USD';
  /** A new card's token (sandbox token or Stripe PaymentMethod id), or a saved card's processor token. */
  paymentToken: string;
  /** Stripe Customer of the user, when the card is saved or being saved. */
  customerRef: string | null;
  description: string;
  /**
   * Records the payment's reference on our side before any money can move (decision 030): a processor whose
   * payments are found only by reference (Stripe) creates the payment, calls this, and only then confirms it,
   * so a process that dies after the charge still knows what to ask for. The sandbox finds its payments by
   * `idempotencyKey` and does not need it.
   */
  recordAttempt: (processorRef: string) => Promise<void>;
}

/** A succeeded charge at the processor and the order group its metadata or key names (the sweep's input). */
export interface SucceededCharge {
  processorRef: string;
  groupId: number;
  amountMinor: number;
}

export interface CardDetails {
  processorToken: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardProcessor {
  readonly name: 'sandbox' | 'stripe';
  /** Publishable key the browser needs (Stripe), or null. */
  readonly publishableKey: string | null;
  charge(db: Database, request: ChargeRequest): Promise<ChargeOutcome>;
  /** The payment's current state, after the shopper's 3-D Secure step or on a webhook. */
  retrieve(db: Database, processorRef: string): Promise<ChargeOutcome>;
  /**
   * The payment made under `idempotencyKey`, when the processor can find one by key (the sandbox); null when
   * there is none or the processor finds payments only by the reference recorded before confirming (Stripe).
   */
  retrieveByKey(db: Database, idempotencyKey: string): Promise<ChargeOutcome | null>;
  /** Charges that succeeded (and are not refunded) since `since`, for the sweep that refunds orphans. */
  listSucceededCharges(db: Database, since: Date): Promise<SucceededCharge[]>;
  /** Refunds `amountMinor` of a succeeded payment; idempotent by `idempotencyKey`. */
  refund(db: Database, processorRef: string, amountMinor: number, idempotencyKey: string): Promise<void>;
  /** Reads a new card's token into what we keep (brand, last 4, expiry), attaching it to the customer. Null when the token is not valid. */
  describeCard(db: Database, token: string, customerRef: string | null): Promise<CardDetails | null>;
  /** The user's customer at the processor (created on first use); null for the sandbox. */
  ensureCustomer(db: Database, user: { id: number; email: string; name: string }): Promise<string | null>;
  /** Detaches a saved card at the processor. */
  forgetCard(db: Database, processorToken: string): Promise<void>;
  /** Deletes a deleted account's customer at the processor (and the cards on it); one already gone is done. */
  forgetCustomer(customerRef: string): Promise<void>;
}

export type PayPalOutcome =
  | { status: 'requires_action'; processorRef: string; approveUrl: string }
  | { status: 'succeeded'; processorRef: string }
  | { status: 'failed'; processorRef: string | null; declineCode: DeclineCode; message: string };

/** PayPal Orders v2 (create → buyer approves → capture), idempotent with PayPal-Request-Id. */
export interface PayPalProcessor {
  createOrder(request: {
    idempotencyKey: string;
    groupNumber: string;
    amountMinor: number;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PayPalOutcome>;
  capture(request: { idempotencyKey: string; processorRef: string }): Promise<PayPalOutcome>;
  refund(request: { idempotencyKey: string; processorRef: string; amountMinor: number }): Promise<void>;
}

export interface PaymentsConfig {
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | null;
    apiBase?: string;
  } | null;
  paypal: { clientId: string; clientSecret: string; apiBase: string } | null;
  /** The sandbox in production only when asked for explicitly (PAYMENTS_SANDBOX=1). */
  allowSandboxInProduction: boolean;
}

export interface Payments {
  card: CardProcessor;
  paypal: PayPalProcessor | null;
}
