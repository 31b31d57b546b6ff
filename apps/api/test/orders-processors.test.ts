import type { PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { DECLINE_MESSAGES } from '@mandado/shared/sandbox-cards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGroupIdByProcessorRef } from '../src/modules/orders/finalize.service.ts';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { createSandboxProcessor } from '../src/modules/payments/sandbox-processor.ts';
import type { CardProcessor, PayPalOutcome, PayPalProcessor } from '../src/payment-processor.ts';
import { insertBeneficiary, orderBody, placeOrderRequest, prepareCheckout, rows } from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A PayPal peer in memory: orders wait for approval; capture succeeds once `approved` holds their id. */
class FakePayPal implements PayPalProcessor {
  readonly approved = new Set<string>();
  readonly created: string[] = [];
  readonly refunds: string[] = [];
  async createOrder(request: { idempotencyKey: string }): Promise<PayPalOutcome> {
    const ref = `PAYPAL-${request.idempotencyKey}`;
    this.created.push(ref);
    return { status: 'requires_action', processorRef: ref, approveUrl: `https://paypal.test/approve/${ref}` };
  }
  async capture(request: { processorRef: string }): Promise<PayPalOutcome> {
    if (this.approved.has(request.processorRef))
      return { status: 'succeeded', processorRef: request.processorRef };
    return {
      status: 'requires_action',
      processorRef: request.processorRef,
      approveUrl: 'https://paypal.test/approve',
    };
  }
  async refund(request: { processorRef: string }): Promise<void> {
    this.refunds.push(request.processorRef);
  }
}

/** The sandbox, except that charging fails as an unreachable processor would. */
function unreachableCards(): CardProcessor {
  const sandbox = createSandboxProcessor();
  return {
    ...sandbox,
    charge: async () => {
      throw new Error('connect ECONNREFUSED');
    },
  };
}

const paypal = new FakePayPal();
let testApp: TestApp;
let brokenApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ payments: { card: createSandboxProcessor(), paypal } });
  brokenApp = await createTestApp({ payments: { card: unreachableCards(), paypal: null } });
});
afterAll(async () => {
  // Issue 16 A: every money move of this file left the records agreeing (decision 030).
  expect(await auditPayments(testApp.app.db)).toEqual([]);
  expect(await auditPayments(brokenApp.app.db)).toEqual([]);
  await testApp.close();
  await brokenApp.close();
});

describe('PayPal through its port', () => {
  it('answers the approval link, and confirm captures once approved', async () => {
    const { app, database } = testApp;
    const options = await app.inject({ method: 'GET', url: '/v1/checkout/options/' });
    expect(options.json<{ paypal: boolean }>().paypal).toBe(true);
    const fixture = await prepareCheckout(database, { stores: 2 });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'paypal' },
    });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const result = placed.json<PlaceOrderResult>();
    expect(result.order.status).toBe('awaiting_payment');
    if (result.payment.status !== 'requires_action' || result.payment.action.type !== 'paypal') {
      throw new Error(`expected a PayPal approval: ${placed.body}`);
    }
    const ref = paypal.created.at(-1) ?? '';
    expect(result.payment.action.approve_url).toBe(`https://paypal.test/approve/${ref}`);
    const groupId = await findGroupIdByProcessorRef(database.db, 'paypal', ref);
    expect(groupId).not.toBeNull();

    const early = await app.inject({
      method: 'POST',
      url: `/v1/orders/${result.order.number}/confirm/`,
      headers: fixture.user.headers,
    });
    expect(early.statusCode).toBe(200);
    expect(early.json<PlaceOrderResult>().payment.status).toBe('requires_action');

    paypal.approved.add(ref);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/v1/orders/${result.order.number}/confirm/`,
      headers: fixture.user.headers,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<PlaceOrderResult>()).toMatchObject({
      payment: { status: 'succeeded' },
      order: { status: 'confirmed', payment_status: 'paid', payment_method: 'paypal' },
    });
  });
});

describe('an unreachable card processor', () => {
  it('answers 402 with the processing error and releases the group', async () => {
    const { app, database } = brokenApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const response = await placeOrderRequest(app, fixture.user, body);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      detail: DECLINE_MESSAGES.processing_error,
      decline_code: 'processing_error',
    });
    const [stock] = await rows<{ stock: number }>(
      database,
      sql`select stock from products where id = ${fixture.products[0]?.id ?? 0}`,
    );
    expect(stock?.stock).toBe(10);
  });
});

describe('the family member', () => {
  it('receives the tracking link when the beneficiary has an e-mail, and no prices', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const beneficiaryId = await insertBeneficiary(database, fixture.user.id, {
      email: 'rosa.familia@ejemplo.uy',
    });
    const body = await orderBody(app, fixture.user, { beneficiaryId });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    const mails = await rows<{ subject: string; text_body: string }>(
      database,
      sql`select subject, text_body from email_outbox where to_address = 'rosa.familia@ejemplo.uy'`,
    );
    expect(mails).toHaveLength(1);
    // The subject is ours alone and the remitter appears by first name only (issue 16).
    expect(mails[0]?.subject).toBe('Te enviaron un pedido de Mandado');
    expect(mails[0]?.text_body).toContain(`Ana te envió un pedido (${order.number})`);
    expect(mails[0]?.text_body).not.toContain('Pereira');
    expect(mails[0]?.text_body).toContain(order.tracking_url);
    expect(mails[0]?.text_body).not.toContain('US$');
    expect(order.tracking_url).toMatch(/^http:\/\/localhost:3000\/seguimiento\/[A-Za-z0-9_-]{43}$/);
  });
});
