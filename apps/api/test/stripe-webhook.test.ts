import type { OrderGroup, PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { STRIPE_WEBHOOK_MESSAGES } from '../src/modules/payments/stripe-webhook.routes.ts';
import { orderBody, placeOrderRequest, prepareCheckout, rows } from './order-factories.ts';
import { FakeStripeApi, paymentIntent } from './stripe-fake-api.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The Stripe webhook through `app.inject()` on an app whose card processor is the real Stripe adapter over the
 * fake Stripe API, with signatures made by `stripe.webhooks.generateTestHeaderString`. Orders are placed by the
 * real checkout, so "paid" means what it means everywhere else.
 */

const WEBHOOK_SECRET = 'whsec_mandado_test';
const api = new FakeStripeApi();
let testApp: TestApp;
let intentSeq = 0;

beforeAll(async () => {
  testApp = await createTestApp({ payments: { card: api.processor(WEBHOOK_SECRET), paypal: null } });
});
afterAll(async () => {
  // Issue 16 A: every money move of this file left the records agreeing (decision 030).
  expect(await auditPayments(testApp.app.db)).toEqual([]);
  await testApp.close();
});

function event(id: string, type: string, intent: Record<string, unknown>): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

function deliver(payload: string, signature: string | null = sign(payload)) {
  return testApp.app.inject({
    method: 'POST',
    url: '/v1/payments/stripe/webhook/',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

function sign(payload: string, secret = WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** Stripe's answer for this intent from now on (what a re-fetch reads). */
function intentIsNow(id: string, status: Stripe.PaymentIntent.Status, extra: Record<string, unknown> = {}) {
  api.on('GET', `/v1/payment_intents/${id}`, { status: 200, body: paymentIntent(id, status, extra) });
}

function retrievals(id: string): number {
  return api.sent.filter((sent) => sent.method === 'GET' && sent.path === `/v1/payment_intents/${id}`).length;
}

/** A real order paid by a Stripe card that needs 3-D Secure: it waits, awaiting payment, for the webhook. */
async function placeAwaitingOrder(): Promise<{
  intentId: string;
  number: string;
  headers: Record<string, string>;
}> {
  intentSeq += 1;
  const intentId = `pi_3Webhook${intentSeq}`;
  const paymentMethod = `pm_1Webhook${intentSeq}`;
  api.on('POST', '/v1/payment_intents', {
    status: 200,
    body: paymentIntent(intentId, 'requires_action', { payment_method: paymentMethod }),
  });
  api.on('GET', `/v1/payment_methods/${paymentMethod}`, {
    status: 200,
    body: {
      id: paymentMethod,
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2034 },
    },
  });
  intentIsNow(intentId, 'requires_action');
  const { app, database } = testApp;
  const fixture = await prepareCheckout(database, { price: '25.99' });
  const body = await orderBody(app, fixture.user, {
    beneficiaryId: fixture.beneficiaryId,
    payment: { method: 'card', token: paymentMethod, card_id: null, save_card: false },
  });
  const response = await placeOrderRequest(app, fixture.user, body);
  expect(response.statusCode, response.body).toBe(201);
  const result = response.json<PlaceOrderResult>();
  expect(result.payment).toMatchObject({
    status: 'requires_action',
    action: { type: 'stripe', client_secret: `${intentId}_secret_Xy9` },
  });
  expect(result.order.payment_status).toBe('pending');
  return { intentId, number: result.order.number, headers: fixture.user.headers };
}

async function orderOf(number: string, headers: Record<string, string>): Promise<OrderGroup> {
  const response = await testApp.app.inject({ method: 'GET', url: `/v1/orders/${number}/`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderGroup>();
}

async function recordedEvents(eventId: string): Promise<number> {
  const found = await rows<{ event_id: string }>(
    testApp.database,
    sql`select event_id from payment_events where processor = 'stripe' and event_id = ${eventId}`,
  );
  return found.length;
}

describe('POST /v1/payments/stripe/webhook/', () => {
  it('payment_intent.succeeded, signed: the order is paid, with no session and no CSRF token', async () => {
    const order = await placeAwaitingOrder();
    intentIsNow(order.intentId, 'succeeded');

    const response = await deliver(
      event('evt_paid_1', 'payment_intent.succeeded', paymentIntent(order.intentId, 'succeeded')),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const paid = await orderOf(order.number, order.headers);
    expect(paid.status).toBe('confirmed');
    expect(paid.payment_status).toBe('paid');
    expect(paid.stores.every((store) => store.status === 'approved')).toBe(true);
    expect(await recordedEvents('evt_paid_1')).toBe(1);
  });

  it('refuses a wrong or missing signature with 400 in Spanish, and nothing happens', async () => {
    const order = await placeAwaitingOrder();
    intentIsNow(order.intentId, 'succeeded');
    const payload = event(
      'evt_forged',
      'payment_intent.succeeded',
      paymentIntent(order.intentId, 'succeeded'),
    );

    const forged = await deliver(payload, sign(payload, 'whsec_someone_else'));
    const tampered = await deliver(payload.replace('"livemode":false', '"livemode":true '), sign(payload));
    const missing = await deliver(payload, null);

    expect([forged.statusCode, tampered.statusCode, missing.statusCode]).toEqual([400, 400, 400]);
    expect(forged.json()).toEqual({ detail: STRIPE_WEBHOOK_MESSAGES.signatureInvalid });
    expect(tampered.json()).toEqual({ detail: STRIPE_WEBHOOK_MESSAGES.signatureInvalid });
    expect(missing.json()).toEqual({ detail: STRIPE_WEBHOOK_MESSAGES.signatureMissing });
    expect(retrievals(order.intentId)).toBe(0);
    expect(await recordedEvents('evt_forged')).toBe(0);
    expect((await orderOf(order.number, order.headers)).payment_status).toBe('pending');
  });

  it('checks the signature on the exact bytes: the same JSON re-spaced does not verify', async () => {
    const payload = event('evt_bytes', 'customer.created', { id: 'cus_1', object: 'customer' });
    const respaced = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await deliver(respaced, sign(payload))).statusCode).toBe(400);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
  });

  it('a redelivered event id is acknowledged and handled once', async () => {
    const order = await placeAwaitingOrder();
    intentIsNow(order.intentId, 'succeeded');
    const payload = event(
      'evt_twice',
      'payment_intent.succeeded',
      paymentIntent(order.intentId, 'succeeded'),
    );

    const first = await deliver(payload);
    const again = await deliver(payload);
    const resignedLater = await deliver(payload, sign(payload));

    expect([first.statusCode, again.statusCode, resignedLater.statusCode]).toEqual([200, 200, 200]);
    expect(again.json()).toEqual({ received: true });
    expect(retrievals(order.intentId)).toBe(1);
    expect(await recordedEvents('evt_twice')).toBe(1);
    expect((await orderOf(order.number, order.headers)).payment_status).toBe('paid');
  });

  it('out of order: a failure event arriving after the success leaves the order paid (the intent is re-read)', async () => {
    const order = await placeAwaitingOrder();
    intentIsNow(order.intentId, 'succeeded');
    const declined = paymentIntent(order.intentId, 'requires_payment_method', {
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });

    await deliver(
      event('evt_ok_first', 'payment_intent.succeeded', paymentIntent(order.intentId, 'succeeded')),
    );
    const late = await deliver(event('evt_failed_late', 'payment_intent.payment_failed', declined));

    expect(late.statusCode).toBe(200);
    const after = await orderOf(order.number, order.headers);
    expect(after.status).toBe('confirmed');
    expect(after.payment_status).toBe('paid');
  });

  it("acts on the intent's current state, not the event's: a stale failure event for a now-paid intent pays", async () => {
    const order = await placeAwaitingOrder();
    intentIsNow(order.intentId, 'succeeded');
    const staleCopy = paymentIntent(order.intentId, 'requires_payment_method', {
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });

    expect((await deliver(event('evt_stale', 'payment_intent.payment_failed', staleCopy))).statusCode).toBe(
      200,
    );

    expect((await orderOf(order.number, order.headers)).payment_status).toBe('paid');
  });

  it('a failed 3-D Secure cancels the order and gives the stock back', async () => {
    const order = await placeAwaitingOrder();
    const failed = paymentIntent(order.intentId, 'requires_payment_method', {
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      },
    });
    api.on('GET', `/v1/payment_intents/${order.intentId}`, { status: 200, body: failed });

    expect((await deliver(event('evt_3ds_failed', 'payment_intent.payment_failed', failed))).statusCode).toBe(
      200,
    );

    const after = await orderOf(order.number, order.headers);
    expect(after.status).toBe('cancelled');
    expect(after.payment_status).toBe('pending');
  });

  it('acknowledges events it does not act on, and intents that are not ours, without keeping the latter', async () => {
    const other = await deliver(event('evt_other', 'charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(other.statusCode).toBe(200);
    expect(await recordedEvents('evt_other')).toBe(1);

    const foreign = paymentIntent('pi_3NotOurs', 'succeeded');
    const notOurs = await deliver(event('evt_not_ours', 'payment_intent.succeeded', foreign));
    expect(notOurs.statusCode).toBe(200);
    expect(retrievals('pi_3NotOurs')).toBe(0);
    expect(await recordedEvents('evt_not_ours')).toBe(0);
  });

  it('when handling fails the event is not kept, so Stripe redelivers it and the redelivery counts', async () => {
    const order = await placeAwaitingOrder();
    api.on('GET', `/v1/payment_intents/${order.intentId}`, {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Something went wrong at the processor.' } },
    });
    const payload = event(
      'evt_retry',
      'payment_intent.succeeded',
      paymentIntent(order.intentId, 'succeeded'),
    );

    expect((await deliver(payload)).statusCode).toBe(500);
    expect(await recordedEvents('evt_retry')).toBe(0);

    intentIsNow(order.intentId, 'succeeded');
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await orderOf(order.number, order.headers)).payment_status).toBe('paid');
    expect(await recordedEvents('evt_retry')).toBe(1);
  });

  it('a charge whose answer was lost (the group released) but went through is refunded when its success arrives', async () => {
    const { app, database } = testApp;
    // Stripe's answer never reaches us: the placing request releases the group without a reference.
    api.on('POST', '/v1/payment_intents', {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Simulated lost answer' } },
    });
    const fixture = await prepareCheckout(database, { price: '25.99' });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: 'pm_1Lost', card_id: null, save_card: false },
    });
    api.on('GET', '/v1/payment_methods/pm_1Lost', {
      status: 200,
      body: {
        id: 'pm_1Lost',
        object: 'payment_method',
        type: 'card',
        customer: null,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      },
    });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(402);
    const number = placed.json<{ order: string }>().order;
    const [group] = await rows<{ id: number }>(
      database,
      sql`select id from order_groups where number = ${number}`,
    );
    const groupId = group?.id ?? 0;
    // …but Stripe did charge, and says so.
    const charged = paymentIntent('pi_3Lost', 'succeeded', {
      metadata: { order_group_id: String(groupId), order_number: number, user_id: String(fixture.user.id) },
    });
    api.on('GET', '/v1/payment_intents/pi_3Lost', { status: 200, body: charged });
    api.on('POST', '/v1/refunds', {
      status: 200,
      body: {
        id: 're_lost',
        object: 'refund',
        amount: 2599,
        payment_intent: 'pi_3Lost',
        status: 'succeeded',
      },
    });

    expect((await deliver(event('evt_lost', 'payment_intent.succeeded', charged))).statusCode).toBe(200);

    const refunds = api.sent.filter((sent) => sent.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.params.get('payment_intent')).toBe('pi_3Lost');
    expect(refunds[0]?.headers.get('idempotency-key')).toBe(`refund-order-group-${groupId}`);
    const after = await orderOf(number, fixture.user.headers);
    expect(after.status).toBe('cancelled');
    expect(after.payment_status).toBe('refunded');
  });

  it('metadata naming a group paid some other way, or tied to another intent, is not trusted', async () => {
    const order = await placeAwaitingOrder();
    const [group] = await rows<{ id: number }>(
      testApp.database,
      sql`select id from order_groups where number = ${order.number}`,
    );
    const impostor = paymentIntent('pi_3Impostor', 'succeeded', {
      metadata: { order_group_id: String(group?.id), order_number: order.number },
    });
    intentIsNow('pi_3Impostor', 'succeeded');

    expect((await deliver(event('evt_impostor', 'payment_intent.succeeded', impostor))).statusCode).toBe(200);

    expect(retrievals('pi_3Impostor')).toBe(0);
    expect((await orderOf(order.number, order.headers)).payment_status).toBe('pending');
  });

  it('other API calls still need the CSRF token', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v1/coupon/user/',
      headers: { 'content-type': 'application/json' },
      payload: { coupon: 'X' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the webhook with its signature header', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const operation = response.json<{
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    }>().paths['/v1/payments/stripe/webhook/']?.post;
    expect(operation?.parameters).toContainEqual(
      expect.objectContaining({ name: 'stripe-signature', in: 'header' }),
    );
  });
});

describe('Content-Security-Policy for Stripe.js', () => {
  function directives(header: string | string[] | number | undefined): Map<string, string[]> {
    return new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...sources]) => [name, sources]),
    );
  }

  it('with Stripe, lets in js.stripe.com, its frames and api.stripe.com, and nothing else new', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/checkout/options/' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.get('img-src')).toContain('https://*.stripe.com');
  });
});

describe('without Stripe', () => {
  it('the route does not exist (the sandbox has no webhook) and the CSP grants Stripe nothing', async () => {
    const sandbox = await createTestApp();
    try {
      const options = await sandbox.app.inject({ method: 'GET', url: '/v1/checkout/options/' });
      expect(String(options.headers['content-security-policy'])).not.toContain('stripe');
      const payload = event('evt_x', 'payment_intent.succeeded', paymentIntent('pi_3X', 'succeeded'));
      const response = await sandbox.app.inject({
        method: 'POST',
        url: '/v1/payments/stripe/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        payload,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });

  it('Stripe without STRIPE_WEBHOOK_SECRET does not expose an unverifiable webhook', async () => {
    const unsigned = await createTestApp({ payments: { card: api.processor(null), paypal: null } });
    try {
      const payload = event('evt_y', 'payment_intent.succeeded', paymentIntent('pi_3Y', 'succeeded'));
      const response = await unsigned.app.inject({
        method: 'POST',
        url: '/v1/payments/stripe/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        payload,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await unsigned.close();
    }
  });
});
