/**
 * The real `stripe` SDK against Stripe's documented JSON shapes, offline: see stripe-fake-api.ts. What we assert is
 * what the SDK really sends (form-encoded params, Idempotency-Key, metadata).
 */
import { DECLINE_MESSAGES } from '@mandado/shared/sandbox-cards';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { type StripeCardProcessor, StripeProcessorError } from '../src/modules/payments/stripe-processor.ts';
import type { ChargeRequest } from '../src/payment-processor.ts';
import { createUser } from './factories.ts';
import { type Answer, FakeStripeApi, paymentIntent } from './stripe-fake-api.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A 402 as Stripe sends it for a declined card on a PaymentIntent (docs.stripe.com/declines/codes). */
function cardError(code: string, declineCode: string | undefined, message: string): Answer {
  const lastError = {
    type: 'card_error',
    code,
    ...(declineCode ? { decline_code: declineCode } : {}),
    message,
    doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
  };
  return {
    status: 402,
    body: {
      error: {
        ...lastError,
        charge: 'ch_3Declined',
        payment_intent: paymentIntent('pi_3Declined', 'requires_payment_method', {
          last_payment_error: lastError,
        }),
        request_log_url: 'https://dashboard.stripe.com/test/logs/req_1',
      },
    },
  };
}

const CHARGE: ChargeRequest = {
  idempotencyKey: 'order-group-42',
  groupId: 42,
  groupNumber: 'MV-10234',
  userId: 7,
  amountMinor: 2599,
  currency: 'USD',
  paymentToken: 'pm_1QcardVisa',
  customerRef: 'cus_Remitter',
  description: 'Mandado MV-10234',
  recordAttempt: async () => {},
};

let testApp: TestApp;
let api: FakeStripeApi;
let processor: StripeCardProcessor;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  // Issue 16 A: every money move of this file left the records agreeing (decision 030).
  expect(await auditPayments(testApp.app.db)).toEqual([]);
  await testApp.close();
});
beforeEach(() => {
  api = new FakeStripeApi();
  processor = api.processor();
});

describe('StripeCardProcessor.charge', () => {
  it('creates the PaymentIntent with the group in metadata, records its id, and only then confirms it', async () => {
    api.on('POST', '/v1/payment_intents', {
      status: 200,
      body: paymentIntent('pi_3Ok', 'requires_confirmation'),
    });
    api.on('POST', '/v1/payment_intents/pi_3Ok/confirm', {
      status: 200,
      body: paymentIntent('pi_3Ok', 'succeeded'),
    });
    const recorded: Array<{ ref: string; sentBefore: number }> = [];

    const outcome = await processor.charge(testApp.app.db, {
      ...CHARGE,
      recordAttempt: async (ref) => {
        recorded.push({ ref, sentBefore: api.sent.length });
      },
    });

    expect(outcome).toEqual({ status: 'succeeded', processorRef: 'pi_3Ok' });
    // Recorded after the create and before the confirm: no money could move before we knew the id.
    expect(recorded).toEqual([{ ref: 'pi_3Ok', sentBefore: 1 }]);
    expect(api.sent).toHaveLength(2);
    const [sent, confirm] = api.sent;
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.get('idempotency-key')).toBe('order-group-42');
    expect(sent?.headers.get('authorization')).toBe('Bearer sk_test_mandado');
    expect(sent?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(sent?.params ?? [])).toEqual({
      amount: '2599',
      currency: 'usd',
      payment_method: 'pm_1QcardVisa',
      customer: 'cus_Remitter',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      description: 'Mandado MV-10234',
      'metadata[order_group_id]': '42',
      'metadata[order_number]': 'MV-10234',
      'metadata[user_id]': '7',
    });
    expect(confirm?.path).toBe('/v1/payment_intents/pi_3Ok/confirm');
    expect(confirm?.headers.get('idempotency-key')).toBe('order-group-42-confirm');
  });

  it('a failed record stops the charge before the confirm', async () => {
    api.on('POST', '/v1/payment_intents', {
      status: 200,
      body: paymentIntent('pi_3Ok', 'requires_confirmation'),
    });
    await expect(
      processor.charge(testApp.app.db, {
        ...CHARGE,
        recordAttempt: async () => {
          throw new Error('database gone');
        },
      }),
    ).rejects.toThrow(StripeProcessorError);
    expect(api.sent.map((sent) => sent.path)).toEqual(['/v1/payment_intents']);
  });

  it('lists the succeeded intents that name a group, for the sweep', async () => {
    api.on('GET', '/v1/payment_intents', {
      status: 200,
      body: {
        object: 'list',
        url: '/v1/payment_intents',
        has_more: false,
        data: [
          paymentIntent('pi_3Paid', 'succeeded'),
          paymentIntent('pi_3Waiting', 'requires_action'),
          paymentIntent('pi_3Foreign', 'succeeded', { metadata: {} }),
        ],
      },
    });
    expect(await processor.listSucceededCharges(testApp.app.db, new Date(1_764_000_000_000))).toEqual([
      { processorRef: 'pi_3Paid', groupId: 42, amountMinor: 2599 },
    ]);
    expect(api.sent[0]?.params.get('created[gte]')).toBe('1764000000');
  });

  it('leaves the customer out for a card that is not saved', async () => {
    api.on('POST', '/v1/payment_intents', { status: 200, body: paymentIntent('pi_3Ok', 'succeeded') });
    await processor.charge(testApp.app.db, { ...CHARGE, customerRef: null });
    expect(api.sent[0]?.params.has('customer')).toBe(false);
  });

  it('answers requires_action with the client secret for Stripe.js to run 3-D Secure', async () => {
    api.on('POST', '/v1/payment_intents', {
      status: 200,
      body: paymentIntent('pi_3Auth', 'requires_action'),
    });

    expect(await processor.charge(testApp.app.db, CHARGE)).toEqual({
      status: 'requires_action',
      processorRef: 'pi_3Auth',
      action: { type: 'stripe', client_secret: 'pi_3Auth_secret_Xy9' },
    });
  });

  it.each([
    ['card_declined', 'generic_decline', 'card_declined'],
    ['card_declined', 'insufficient_funds', 'insufficient_funds'],
    ['expired_card', undefined, 'expired_card'],
    ['card_declined', 'test_mode_live_card', 'live_card_in_test_mode'],
    ['processing_error', undefined, 'processing_error'],
  ] as const)('a 402 %s/%s is a failure with the Spanish reason (%s)', async (code, declineCode, ours) => {
    api.on('POST', '/v1/payment_intents', cardError(code, declineCode, 'Your card was declined.'));

    expect(await processor.charge(testApp.app.db, CHARGE)).toEqual({
      status: 'failed',
      processorRef: 'pi_3Declined',
      declineCode: ours,
      message: DECLINE_MESSAGES[ours],
    });
    // A decline is an answer, not a network failure: the SDK does not retry it.
    expect(api.sent).toHaveLength(1);
  });

  it('a PaymentMethod Stripe does not know is a declined card, not a server error', async () => {
    api.on('POST', '/v1/payment_intents', {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: "No such PaymentMethod: 'pm_forged'",
        },
      },
    });
    const outcome = await processor.charge(testApp.app.db, { ...CHARGE, paymentToken: 'pm_forged' });
    expect(outcome).toMatchObject({ status: 'failed', processorRef: null, declineCode: 'card_declined' });
  });

  it('an authentication failure of the processor itself is thrown, not reported as a decline', async () => {
    api.on('POST', '/v1/payment_intents', {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } },
    });
    const failure = await processor.charge(testApp.app.db, CHARGE).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StripeProcessorError);
    expect((failure as Error).cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    // Stripe's 401 is about our key, not the shopper's request: it must not become the API's status.
    expect(failure).not.toHaveProperty('statusCode');
  });
});

describe('StripeCardProcessor.retrieve', () => {
  it('reads the intent as it is now', async () => {
    api.on('GET', '/v1/payment_intents/pi_3Auth', {
      status: 200,
      body: paymentIntent('pi_3Auth', 'succeeded'),
    });
    expect(await processor.retrieve(testApp.app.db, 'pi_3Auth')).toEqual({
      status: 'succeeded',
      processorRef: 'pi_3Auth',
    });
    expect(api.sent[0]?.method).toBe('GET');
  });

  it('a failed 3-D Secure (intent back to requires_payment_method) is an authentication failure', async () => {
    api.on('GET', '/v1/payment_intents/pi_3Auth', {
      status: 200,
      body: paymentIntent('pi_3Auth', 'requires_payment_method', {
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: 'The provided PaymentMethod has failed authentication.',
        },
      }),
    });
    expect(await processor.retrieve(testApp.app.db, 'pi_3Auth')).toEqual({
      status: 'failed',
      processorRef: 'pi_3Auth',
      declineCode: 'authentication_failed',
      message: DECLINE_MESSAGES.authentication_failed,
    });
  });

  it('a canceled intent is a failure', async () => {
    api.on('GET', '/v1/payment_intents/pi_3Gone', {
      status: 200,
      body: paymentIntent('pi_3Gone', 'canceled'),
    });
    expect(await processor.retrieve(testApp.app.db, 'pi_3Gone')).toMatchObject({
      status: 'failed',
      declineCode: 'processing_error',
    });
  });
});

describe('StripeCardProcessor.refund', () => {
  it('refunds the amount of the intent under the given idempotency key', async () => {
    api.on('POST', '/v1/refunds', {
      status: 200,
      body: { id: 're_1', object: 'refund', amount: 1200, payment_intent: 'pi_3Ok', status: 'succeeded' },
    });
    await processor.refund(testApp.app.db, 'pi_3Ok', 1200, 'refund-group-42');
    expect(api.sent[0]?.headers.get('idempotency-key')).toBe('refund-group-42');
    expect(Object.fromEntries(api.sent[0]?.params ?? [])).toEqual({
      payment_intent: 'pi_3Ok',
      amount: '1200',
    });
  });
});

function cardMethod(customer: string | null): Answer {
  return {
    status: 200,
    body: {
      id: 'pm_1QcardVisa',
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, country: 'US', funding: 'credit' },
      billing_details: { name: null, email: null },
      livemode: false,
      created: 1_764_000_000,
    },
  };
}

describe('StripeCardProcessor.describeCard', () => {
  it('keeps only brand, last 4 and expiry, attaching a new card to the customer', async () => {
    api.on('GET', '/v1/payment_methods/pm_1QcardVisa', cardMethod(null));
    api.on('POST', '/v1/payment_methods/pm_1QcardVisa/attach', cardMethod('cus_Remitter'));

    expect(await processor.describeCard(testApp.app.db, 'pm_1QcardVisa', 'cus_Remitter')).toEqual({
      processorToken: 'pm_1QcardVisa',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(api.sent.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'GET /v1/payment_methods/pm_1QcardVisa',
      'POST /v1/payment_methods/pm_1QcardVisa/attach',
    ]);
    expect(api.sent[1]?.params.get('customer')).toBe('cus_Remitter');
  });

  it("refuses another customer's card, and a token Stripe does not know, without attaching", async () => {
    api.on('GET', '/v1/payment_methods/pm_1QcardVisa', cardMethod('cus_SomeoneElse'));
    expect(await processor.describeCard(testApp.app.db, 'pm_1QcardVisa', 'cus_Remitter')).toBeNull();
    expect(await processor.describeCard(testApp.app.db, 'pm_unknown', 'cus_Remitter')).toBeNull();
    expect(api.sent.some((sent) => sent.path.endsWith('/attach'))).toBe(false);
  });

  it('does not send a sandbox token or any non-PaymentMethod string to Stripe', async () => {
    expect(
      await processor.describeCard(
        testApp.app.db,
        'pm_sandbox_succeeds_visa_4242_122034_abcdefgh/../x',
        null,
      ),
    ).toBeNull();
    expect(await processor.describeCard(testApp.app.db, 'tok_visa', null)).toBeNull();
    expect(api.sent).toHaveLength(0);
  });
});

describe('StripeCardProcessor.ensureCustomer and forgetCard', () => {
  it('creates one Customer per user and remembers it', async () => {
    const user = await createUser(testApp.app);
    api.on('POST', '/v1/customers', {
      status: 200,
      body: { id: 'cus_New', object: 'customer', email: user.email, metadata: { user_id: String(user.id) } },
    });

    const first = await processor.ensureCustomer(testApp.app.db, {
      id: user.id,
      email: user.email,
      name: 'Ana',
    });
    const again = await processor.ensureCustomer(testApp.app.db, {
      id: user.id,
      email: user.email,
      name: 'Ana',
    });

    expect([first, again]).toEqual(['cus_New', 'cus_New']);
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]?.headers.get('idempotency-key')).toBe(`customer-user-${user.id}`);
    expect(api.sent[0]?.params.get('email')).toBe(user.email);
    expect(api.sent[0]?.params.get('metadata[user_id]')).toBe(String(user.id));
  });

  it('detaches a forgotten card, and a card already gone is not an error', async () => {
    api.on('POST', '/v1/payment_methods/pm_1QcardVisa/detach', cardMethod(null));
    await processor.forgetCard(testApp.app.db, 'pm_1QcardVisa');
    await processor.forgetCard(testApp.app.db, 'pm_gone');
    expect(api.sent.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'POST /v1/payment_methods/pm_1QcardVisa/detach',
      'POST /v1/payment_methods/pm_gone/detach',
    ]);
  });
});

describe('StripeCardProcessor.verifyWebhook', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {},
  });

  it('accepts the exact bytes Stripe signed and refuses anything else', () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_secret' });
    expect(processor.verifyWebhook(Buffer.from(payload), header).id).toBe('evt_1');
    expect(() => processor.verifyWebhook(Buffer.from(`${payload} `), header)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => processor.verifyWebhook(Buffer.from(payload), otherSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('refuses a signature older than five minutes (a replay)', () => {
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_test_secret',
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(() => processor.verifyWebhook(Buffer.from(payload), header)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
