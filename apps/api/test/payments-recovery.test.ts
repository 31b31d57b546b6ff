/**
 * Issue 16 A, decision 030: a charge is never left without its order. The fault is injected at the processor
 * port: the real processor charges, and then the placing request never goes on, as when the process dies
 * between the processor's answer and our write. What happens next is the real code: the expiry worker, a
 * recovered idempotency key, the sweep, the sandbox's 3-D Secure page.
 */
import type { PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrdersFlow } from '../src/flows/expire-unpaid-orders.flow.ts';
import { type OrdersContext, ordersContextOf } from '../src/modules/orders/orders-context.ts';
import { sweepUnsettledCharges } from '../src/modules/orders/payment-recovery.service.ts';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { createSandboxProcessor } from '../src/modules/payments/sandbox-processor.ts';
import type { CardProcessor, ChargeOutcome, Payments } from '../src/payment-processor.ts';
import {
  newIdempotencyKey,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
  sandboxToken,
} from './order-factories.ts';
import { FakeStripeApi, paymentIntent } from './stripe-fake-api.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The card processor with a fault after the charge: when armed, the real processor's charge runs (money
 * moves) and then the call never returns, so nothing after it in the placing request ever runs.
 */
class CrashAfterCharge {
  #armed: ((outcome: ChargeOutcome) => void) | null = null;
  /** While set, asking the processor about a payment fails as an unreachable processor would. */
  unreachable = false;

  constructor(readonly real: CardProcessor) {}

  /** Arms the fault for the next charge; resolves with what the processor did once it has charged. */
  arm(): Promise<ChargeOutcome> {
    return new Promise((resolve) => {
      this.#armed = resolve;
    });
  }

  async #down(): Promise<never> {
    throw new Error('connect ECONNREFUSED');
  }

  processor(): CardProcessor {
    const real = this.real;
    return {
      name: real.name,
      publishableKey: real.publishableKey,
      charge: async (db, request) => {
        const outcome = await real.charge(db, request);
        const crash = this.#armed;
        if (!crash) return outcome;
        this.#armed = null;
        crash(outcome);
        return new Promise<ChargeOutcome>(() => {});
      },
      retrieve: (db, ref) => (this.unreachable ? this.#down() : real.retrieve(db, ref)),
      retrieveByKey: (db, key) => (this.unreachable ? this.#down() : real.retrieveByKey(db, key)),
      listSucceededCharges: (db, since) => real.listSucceededCharges(db, since),
      refund: (db, ref, amount, key) => real.refund(db, ref, amount, key),
      describeCard: (db, token, customer) => real.describeCard(db, token, customer),
      ensureCustomer: (db, user) => real.ensureCustomer(db, user),
      forgetCard: (db, token) => real.forgetCard(db, token),
      forgetCustomer: (ref) => real.forgetCustomer(ref),
    };
  }
}

interface GroupState {
  id: number;
  status: string;
  payment_status: string;
  processor_ref: string | null;
  total: string;
}

async function groupOf(testApp: TestApp, userId: number): Promise<GroupState> {
  const [group] = await rows<GroupState>(
    testApp.database,
    sql`select id, status, payment_status, processor_ref, total::text as total from order_groups where remitter_id = ${userId}
        order by id limit 1`,
  );
  if (!group) throw new Error('no group');
  return group;
}

function later(testApp: TestApp, minutes: number): { ctx: OrdersContext; at: Date } {
  const at = new Date(Date.now() + minutes * 60_000);
  return { ctx: { ...ordersContextOf(testApp.app), now: () => at }, at };
}

describe('the sandbox: a crash between the charge and the write', () => {
  const fault = new CrashAfterCharge(createSandboxProcessor());
  let testApp: TestApp;
  beforeAll(async () => {
    const payments: Payments = { card: fault.processor(), paypal: null };
    testApp = await createTestApp({ payments });
  });
  afterAll(async () => {
    expect(await auditPayments(testApp.app.db)).toEqual([]);
    await testApp.close();
  });

  /** A shopper whose 4242 charge went through and whose placing request then died. */
  async function crashedCheckout(card = '4242 4242 4242 4242') {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { price: '12.50', quantity: 2 });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: sandboxToken(card) },
    });
    const key = newIdempotencyKey();
    const charged = fault.arm();
    void placeOrderRequest(app, fixture.user, body, key);
    const outcome = await charged;
    return { fixture, body, key, outcome };
  }

  it('the charge is recorded by its key, and the expiry lands it as paid instead of cancelling', async () => {
    const { fixture, outcome } = await crashedCheckout();
    expect(outcome.status).toBe('succeeded');
    const before = await groupOf(testApp, fixture.user.id);
    expect(before).toMatchObject({
      status: 'awaiting_payment',
      payment_status: 'pending',
      processor_ref: null,
    });

    const { ctx, at } = later(testApp, 31);
    await expireUnpaidOrdersFlow(ctx, at);

    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      processor_ref: outcome.processorRef,
    });
    const stores = await rows<{ status: string }>(
      testApp.database,
      sql`select status from store_orders where group_id = ${before.id}`,
    );
    expect(stores.map((row) => row.status)).toEqual(['approved']);
  });

  it('the shopper back on the confirmation page: confirm asks the sandbox by the key and the order is paid', async () => {
    const { fixture, outcome } = await crashedCheckout();
    const [group] = await rows<{ number: string }>(
      testApp.database,
      sql`select number from order_groups where remitter_id = ${fixture.user.id}`,
    );
    const confirmed = await testApp.app.inject({
      method: 'POST',
      url: `/v1/orders/${group?.number}/confirm/`,
      headers: fixture.user.headers,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<PlaceOrderResult>().payment).toEqual({ status: 'succeeded' });
    expect((await groupOf(testApp, fixture.user.id)).processor_ref).toBe(outcome.processorRef);
  });

  it('a recovered idempotency key asks the sandbox by the key and answers the order as paid', async () => {
    const { fixture, body, key, outcome } = await crashedCheckout();
    // The request that held the key died: after five minutes its key counts as abandoned.
    await testApp.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '10 minutes' where key = ${key}`,
    );

    const retried = await placeOrderRequest(testApp.app, fixture.user, body, key);

    expect(retried.statusCode, retried.body).toBe(201);
    const result = retried.json<PlaceOrderResult>();
    expect(result.payment).toEqual({ status: 'succeeded' });
    expect(result.order).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect((await groupOf(testApp, fixture.user.id)).processor_ref).toBe(outcome.processorRef);
  });

  it('a processor that cannot answer is asked again, not cancelled unasked; after a day the sweep settles it', async () => {
    const { fixture, outcome } = await crashedCheckout();
    fault.unreachable = true;
    try {
      const soon = later(testApp, 31);
      await expireUnpaidOrdersFlow(soon.ctx, soon.at);
      expect((await groupOf(testApp, fixture.user.id)).status).toBe('awaiting_payment');
      // A day later the stock is released anyway…
      const dayLater = later(testApp, 25 * 60);
      await expireUnpaidOrdersFlow(dayLater.ctx, dayLater.at);
      expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
        status: 'cancelled',
        payment_status: 'pending',
      });
    } finally {
      fault.unreachable = false;
    }
    // …and once the processor answers again, the sweep gives the money back.
    const { ctx, at } = later(testApp, 25 * 60 + 10);
    expect(await sweepUnsettledCharges(ctx, at)).toBeGreaterThanOrEqual(1);
    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      processor_ref: outcome.processorRef,
    });
  });

  it('a group cancelled meanwhile (a newer checkout replaced it) is refunded by the sweep', async () => {
    const { fixture, outcome } = await crashedCheckout();
    const first = await groupOf(testApp, fixture.user.id);
    // The shopper, seeing nothing happen, tries again with a card that is declined: the new attempt cancels
    // the waiting group and gives its stock back; the first charge is still at the sandbox.
    const retry = await orderBody(testApp.app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: sandboxToken('4000 0000 0000 0002') },
    });
    expect((await placeOrderRequest(testApp.app, fixture.user, retry)).statusCode).toBe(402);
    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'pending',
    });
    expect(await auditPayments(testApp.app.db)).toContainEqual(
      expect.objectContaining({ kind: 'charge_without_paid_group', subject: outcome.processorRef }),
    );

    const { ctx, at } = later(testApp, 1);
    expect(await sweepUnsettledCharges(ctx, at)).toBeGreaterThanOrEqual(1);

    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      id: first.id,
      status: 'cancelled',
      payment_status: 'refunded',
      processor_ref: outcome.processorRef,
    });
    const [intent] = await rows<{ status: string; amount: string; refunded_amount: string }>(
      testApp.database,
      sql`select status, amount::text as amount, refunded_amount::text as refunded_amount
          from sandbox_intents where id = ${outcome.processorRef ?? ''}`,
    );
    // The whole charge (goods and shipping) went back, and the audit can compare the two amounts.
    expect(intent).toEqual({ status: 'refunded', amount: first.total, refunded_amount: first.total });
    // A second sweep finds nothing left to settle.
    expect(await sweepUnsettledCharges(ctx, at)).toBe(0);
  });
});

describe('the sandbox: 3-D Secure approved after the group was cancelled', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    expect(await auditPayments(testApp.app.db)).toEqual([]);
    await testApp.close();
  });

  it('the approval does not capture: the intent is cancelled and the group stays cancelled', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { price: '30.00' });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: sandboxToken('4000 0027 6000 3184') },
    });
    const placed = (await placeOrderRequest(app, fixture.user, body)).json<PlaceOrderResult>();
    if (placed.payment.status !== 'requires_action' || placed.payment.action.type !== 'sandbox_3ds') {
      throw new Error('expected the sandbox 3-D Secure step');
    }
    const intentId = placed.payment.action.intent_id;
    // The shopper leaves the 3-D Secure page open past the 30 minutes: the expiry asks the sandbox (still
    // waiting for authentication) and cancels the group.
    const { ctx, at } = later(testApp, 31);
    expect(await expireUnpaidOrdersFlow(ctx, at)).toBeGreaterThanOrEqual(1);
    expect((await groupOf(testApp, fixture.user.id)).status).toBe('cancelled');

    const approved = await app.inject({
      method: 'POST',
      url: `/v1/payments/sandbox/intents/${intentId}/authenticate/`,
      headers: fixture.user.headers,
      payload: { outcome: 'approve' },
    });

    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ status: 'canceled' });
    const [intent] = await rows<{ status: string }>(
      database,
      sql`select status from sandbox_intents where id = ${intentId}`,
    );
    expect(intent?.status).toBe('canceled');
    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'pending',
    });
    const confirm = await app.inject({
      method: 'POST',
      url: `/v1/orders/${placed.order.number}/confirm/`,
      headers: fixture.user.headers,
    });
    expect(confirm.statusCode).toBe(402);
  });

  it('an approval while the group waits lands at once, like a webhook', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { price: '30.00' });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: sandboxToken('4000 0027 6000 3184') },
    });
    const placed = (await placeOrderRequest(app, fixture.user, body)).json<PlaceOrderResult>();
    if (placed.payment.status !== 'requires_action' || placed.payment.action.type !== 'sandbox_3ds') {
      throw new Error('expected the sandbox 3-D Secure step');
    }
    const approved = await app.inject({
      method: 'POST',
      url: `/v1/payments/sandbox/intents/${placed.payment.action.intent_id}/authenticate/`,
      headers: fixture.user.headers,
      payload: { outcome: 'approve' },
    });
    expect(approved.json()).toEqual({ status: 'succeeded' });
    // Paid before the browser calls confirm: a shopper who closes the tab right after approving is not lost.
    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
    });
  });
});

describe('Stripe: the intent is recorded before it is confirmed', () => {
  const api = new FakeStripeApi();
  const fault = new CrashAfterCharge(api.processor(null));
  let testApp: TestApp;
  let seq = 0;
  beforeAll(async () => {
    testApp = await createTestApp({ payments: { card: fault.processor(), paypal: null } });
  });
  afterAll(async () => {
    expect(await auditPayments(testApp.app.db)).toEqual([]);
    await testApp.close();
  });

  async function stripeCheckout(firstStatus: 'requires_confirmation' | 'requires_action') {
    seq += 1;
    const intentId = `pi_3Crash${seq}`;
    const paymentMethod = `pm_1Crash${seq}`;
    const fixture = await prepareCheckout(testApp.database, { price: '25.99' });
    api.on('POST', '/v1/payment_intents', {
      status: 200,
      body: paymentIntent(intentId, firstStatus, { payment_method: paymentMethod }),
    });
    api.on('POST', `/v1/payment_intents/${intentId}/confirm`, {
      status: 200,
      body: paymentIntent(intentId, 'succeeded'),
    });
    api.on('GET', `/v1/payment_intents/${intentId}`, {
      status: 200,
      body: paymentIntent(intentId, firstStatus === 'requires_action' ? firstStatus : 'succeeded'),
    });
    api.on('GET', `/v1/payment_methods/${paymentMethod}`, {
      status: 200,
      body: {
        id: paymentMethod,
        object: 'payment_method',
        type: 'card',
        customer: null,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      },
    });
    const body = await orderBody(testApp.app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: paymentMethod, card_id: null, save_card: false },
    });
    return { intentId, fixture, body };
  }

  it('a crash after the confirm leaves the intent id on the group; the expiry lands the success', async () => {
    const { intentId, fixture, body } = await stripeCheckout('requires_confirmation');
    const charged = fault.arm();
    void placeOrderRequest(testApp.app, fixture.user, body);
    expect(await charged).toEqual({ status: 'succeeded', processorRef: intentId });
    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      status: 'awaiting_payment',
      processor_ref: intentId,
    });

    const { ctx, at } = later(testApp, 31);
    await expireUnpaidOrdersFlow(ctx, at);

    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      processor_ref: intentId,
    });
  });

  it('the sweep refunds a 3-D Secure success Stripe took after the expiry cancelled the group', async () => {
    const { intentId, fixture, body } = await stripeCheckout('requires_action');
    const placed = await placeOrderRequest(testApp.app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const { ctx, at } = later(testApp, 31);
    await expireUnpaidOrdersFlow(ctx, at);
    const group = await groupOf(testApp, fixture.user.id);
    expect(group).toMatchObject({ status: 'cancelled', payment_status: 'pending', processor_ref: intentId });
    // The shopper finishes 3-D Secure in Stripe's frame anyway; there is no webhook to tell us.
    api.on('GET', '/v1/payment_intents', {
      status: 200,
      body: {
        object: 'list',
        url: '/v1/payment_intents',
        has_more: false,
        data: [
          paymentIntent(intentId, 'succeeded', {
            metadata: { order_group_id: String(group.id), order_number: 'MV-1', user_id: '1' },
          }),
        ],
      },
    });
    api.on('POST', '/v1/refunds', {
      status: 200,
      body: {
        id: 're_3Sweep',
        object: 'refund',
        amount: 2599,
        payment_intent: intentId,
        status: 'succeeded',
      },
    });

    expect(await sweepUnsettledCharges(ctx, at)).toBe(1);

    expect(await groupOf(testApp, fixture.user.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
    });
    const refunds = api.sent.filter((sent) => sent.method === 'POST' && sent.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.params.get('payment_intent')).toBe(intentId);
    expect(refunds[0]?.params.get('amount')).toBe(group.total.replace('.', ''));
    expect(refunds[0]?.headers.get('idempotency-key')).toBe(`refund-order-group-${group.id}`);
    // Listed again next pass, the charge's group is refunded already: nothing more is sent.
    expect(await sweepUnsettledCharges(ctx, at)).toBe(0);
  });
});
