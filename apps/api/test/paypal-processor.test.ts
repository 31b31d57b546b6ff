import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutOptions, OrderGroup, PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayments } from '../src/modules/payments/create-payments.ts';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import {
  PAYPAL_MESSAGES,
  PayPalOrdersProcessor,
  paypalAmount,
} from '../src/modules/payments/paypal-processor.ts';
import { orderBody, placeOrderRequest, prepareCheckout } from './order-factories.ts';
import { createTestApp } from './test-app.ts';

/**
 * A local HTTP peer (node:http on 127.0.0.1, a random port) speaking the PayPal endpoints we use, with PayPal's
 * documented behaviour: OAuth2 client credentials, Orders v2 create → buyer approval → capture, capture refunds,
 * and PayPal-Request-Id replays (developer.paypal.com/api/rest/reference/idempotency).
 */
interface PeerOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  body: Record<string, unknown>;
  captureId: string | null;
  declineCapture: boolean;
}

interface PeerRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

class PayPalPeer {
  readonly requests: PeerRequest[] = [];
  readonly orders = new Map<string, PeerOrder>();
  readonly refunds: Array<{ captureId: string; body: unknown; requestId: string | undefined }> = [];
  #tokens = new Set<string>();
  #replays = new Map<string, { status: number; body: unknown }>();
  tokensIssued = 0;
  #server: Server = createServer((request, response) => {
    void this.#handle(request, response);
  });

  get base(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  listen(): Promise<void> {
    return new Promise((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /** The buyer approves at PayPal. */
  approve(orderId: string, options: { declineCapture?: boolean } = {}): void {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    order.status = 'APPROVED';
    order.declineCapture = options.declineCapture ?? false;
  }

  revokeTokens(): void {
    this.#tokens.clear();
  }

  #orderJson(order: PeerOrder): Record<string, unknown> {
    const links = [
      { href: `${this.base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      {
        href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
        rel: 'payer-action',
        method: 'GET',
      },
    ];
    const units = (order.body.purchase_units as Array<Record<string, unknown>>).map((unit) => ({
      ...unit,
      ...(order.captureId
        ? {
            payments: {
              captures: [
                { id: order.captureId, status: 'COMPLETED', amount: unit.amount, final_capture: true },
              ],
            },
          }
        : {}),
    }));
    return { id: order.id, intent: 'CAPTURE', status: order.status, purchase_units: units, links };
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', this.base).pathname;
    const method = request.method ?? 'GET';
    const isJson = request.headers['content-type'] === 'application/json';
    const body: unknown = isJson && text ? JSON.parse(text) : text;
    this.requests.push({ method, path, headers: request.headers, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const problem = (status: number, name: string, issue?: string) =>
      send(status, { name, message: name, ...(issue ? { details: [{ issue, description: issue }] } : {}) });

    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
      if (request.headers.authorization !== expected || text !== 'grant_type=client_credentials') {
        return problem(401, 'invalid_client');
      }
      const token = `A21AA${randomBytes(8).toString('hex')}`;
      this.#tokens.add(token);
      this.tokensIssued += 1;
      return send(200, {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32_400,
      });
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!this.#tokens.has(bearer)) return problem(401, 'AUTHENTICATION_FAILURE');

    // PayPal-Request-Id: the same id on the same call answers the first result again.
    const requestId = request.headers['paypal-request-id'];
    const replayKey = typeof requestId === 'string' ? `${method} ${path} ${requestId}` : null;
    const replay = replayKey ? this.#replays.get(replayKey) : undefined;
    if (replay) return send(replay.status, replay.body);
    const answer = (status: number, payload: unknown) => {
      if (replayKey) this.#replays.set(replayKey, { status, body: payload });
      send(status, payload);
    };

    if (method === 'POST' && path === '/v2/checkout/orders') {
      const order: PeerOrder = {
        id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        status: 'PAYER_ACTION_REQUIRED',
        body: body as Record<string, unknown>,
        captureId: null,
        declineCapture: false,
      };
      const unit = (order.body.purchase_units as Array<{ invoice_id: string }>)[0];
      if (unit?.invoice_id === 'MV-REFUSED')
        return problem(422, 'UNPROCESSABLE_ENTITY', 'DUPLICATE_INVOICE_ID');
      this.orders.set(order.id, order);
      return answer(200, this.#orderJson(order));
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    const order = orderMatch ? this.orders.get(orderMatch[1] ?? '') : undefined;
    if (orderMatch && !order) return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order && method === 'GET' && !orderMatch?.[2]) return send(200, this.#orderJson(order));
    if (order && method === 'POST' && orderMatch?.[2]) {
      if (order.status === 'COMPLETED')
        return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      if (order.status !== 'APPROVED')
        return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      if (order.declineCapture)
        return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
      order.status = 'COMPLETED';
      order.captureId = `CAP${randomBytes(7).toString('hex').toUpperCase()}`;
      return answer(201, this.#orderJson(order));
    }
    const refundMatch = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(path);
    if (method === 'POST' && refundMatch) {
      const captureId = refundMatch[1] ?? '';
      this.refunds.push({
        captureId,
        body,
        requestId: typeof requestId === 'string' ? requestId : undefined,
      });
      return answer(201, { id: `REF${this.refunds.length}`, status: 'COMPLETED' });
    }
    return problem(404, 'NOT_FOUND');
  }
}

const peer = new PayPalPeer();
let paypal: PayPalOrdersProcessor;

beforeAll(async () => {
  await peer.listen();
});
afterAll(async () => {
  await peer.close();
});
beforeEach(() => {
  paypal = new PayPalOrdersProcessor({
    clientId: 'client-id',
    clientSecret: 'client-secret',
    apiBase: peer.base,
  });
});

const ORDER = {
  idempotencyKey: 'order-group-42',
  groupNumber: 'MV-10234',
  amountMinor: 2599,
  returnUrl: 'http://localhost:3000/checkout/confirmacion/MV-10234?paypal=return',
  cancelUrl: 'http://localhost:3000/checkout?paypal=cancel',
};

describe('paypalAmount', () => {
  it('writes minor units as an exact decimal string', () => {
    expect([0, 5, 99, 100, 2599, 123_456_789].map(paypalAmount)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '25.99',
      '1234567.89',
    ]);
  });
});

describe('PayPalOrdersProcessor', () => {
  it('creates an Orders v2 order (CAPTURE, one purchase unit named by the order number) and answers the approval link', async () => {
    const outcome = await paypal.createOrder({
      ...ORDER,
      idempotencyKey: `key-${randomBytes(4).toString('hex')}`,
    });

    expect(outcome.status).toBe('requires_action');
    if (outcome.status !== 'requires_action') return;
    expect(outcome.approveUrl).toBe(
      `https://www.sandbox.paypal.com/checkoutnow?token=${outcome.processorRef}`,
    );
    const sent = peer.requests.filter((request) => request.path === '/v2/checkout/orders').at(-1);
    expect(sent?.headers['paypal-request-id']).toMatch(/^key-[0-9a-f]{8}-create$/);
    expect(sent?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(sent?.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'MV-10234',
          custom_id: 'MV-10234',
          invoice_id: 'MV-10234',
          description: 'Mandado MV-10234',
          amount: { currency_code: 'USD', value: '25.99' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Mandado',
            locale: 'es-UY',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: ORDER.returnUrl,
            cancel_url: ORDER.cancelUrl,
          },
        },
      },
    });
  });

  it('the same idempotency key twice is one order at PayPal (PayPal-Request-Id)', async () => {
    const key = `key-${randomBytes(4).toString('hex')}`;
    const before = peer.orders.size;
    const [first, second] = await Promise.all([
      paypal.createOrder({ ...ORDER, idempotencyKey: key }),
      paypal.createOrder({ ...ORDER, idempotencyKey: key }),
    ]);
    const third = await paypal.createOrder({ ...ORDER, idempotencyKey: key });

    expect(second?.processorRef).toBe(first?.processorRef);
    expect(third.processorRef).toBe(first?.processorRef);
    expect(peer.orders.size - before).toBe(1);
    const another = await paypal.createOrder({ ...ORDER, idempotencyKey: `${key}-other` });
    expect(another.processorRef).not.toBe(first?.processorRef);
  });

  it('captures an approved order; a retried capture, with the same key or another, is the same success', async () => {
    const created = await paypal.createOrder({
      ...ORDER,
      idempotencyKey: `key-${randomBytes(4).toString('hex')}`,
    });
    const orderId = created.processorRef ?? '';
    peer.approve(orderId);

    const captured = await paypal.capture({ idempotencyKey: 'order-group-42', processorRef: orderId });
    const replayed = await paypal.capture({ idempotencyKey: 'order-group-42', processorRef: orderId });
    const lateRetry = await paypal.capture({ idempotencyKey: 'another-key', processorRef: orderId });

    expect([captured, replayed, lateRetry]).toEqual([
      { status: 'succeeded', processorRef: orderId },
      { status: 'succeeded', processorRef: orderId },
      { status: 'succeeded', processorRef: orderId },
    ]);
    const captures = peer.requests.filter((request) => request.path.endsWith(`${orderId}/capture`));
    expect(captures.map((request) => request.headers['paypal-request-id'])).toEqual([
      'order-group-42-capture',
      'order-group-42-capture',
      'another-key-capture',
    ]);
  });

  it('a capture before the buyer approved is a failure that says so, in Spanish', async () => {
    const created = await paypal.createOrder({
      ...ORDER,
      idempotencyKey: `key-${randomBytes(4).toString('hex')}`,
    });
    expect(await paypal.capture({ idempotencyKey: 'k1', processorRef: created.processorRef ?? '' })).toEqual({
      status: 'failed',
      processorRef: created.processorRef,
      declineCode: 'processing_error',
      message: PAYPAL_MESSAGES.notApproved,
    });
  });

  it('a declined funding source is a decline', async () => {
    const created = await paypal.createOrder({
      ...ORDER,
      idempotencyKey: `key-${randomBytes(4).toString('hex')}`,
    });
    peer.approve(created.processorRef ?? '', { declineCapture: true });
    expect(await paypal.capture({ idempotencyKey: 'k2', processorRef: created.processorRef ?? '' })).toEqual({
      status: 'failed',
      processorRef: created.processorRef,
      declineCode: 'card_declined',
      message: PAYPAL_MESSAGES.declined,
    });
  });

  it('an order PayPal refuses to create is a failure, nothing taken', async () => {
    expect(
      await paypal.createOrder({ ...ORDER, groupNumber: 'MV-REFUSED', idempotencyKey: 'key-refused' }),
    ).toEqual({
      status: 'failed',
      processorRef: null,
      declineCode: 'processing_error',
      message: PAYPAL_MESSAGES.unavailable,
    });
  });

  it("refunds through the order's capture, with its own PayPal-Request-Id", async () => {
    const created = await paypal.createOrder({
      ...ORDER,
      idempotencyKey: `key-${randomBytes(4).toString('hex')}`,
    });
    const orderId = created.processorRef ?? '';
    peer.approve(orderId);
    await paypal.capture({ idempotencyKey: 'k3', processorRef: orderId });

    await paypal.refund({ idempotencyKey: 'refund-group-42', processorRef: orderId, amountMinor: 1250 });

    expect(peer.refunds.at(-1)).toEqual({
      captureId: peer.orders.get(orderId)?.captureId,
      body: { amount: { currency_code: 'USD', value: '12.50' } },
      requestId: 'refund-group-42-refund',
    });
  });

  it('asks for a token once, and for a new one when PayPal no longer accepts it', async () => {
    const issued = peer.tokensIssued;
    await paypal.createOrder({ ...ORDER, idempotencyKey: `key-${randomBytes(4).toString('hex')}` });
    await paypal.createOrder({ ...ORDER, idempotencyKey: `key-${randomBytes(4).toString('hex')}` });
    expect(peer.tokensIssued - issued).toBe(1);

    peer.revokeTokens();
    const outcome = await paypal.createOrder({
      ...ORDER,
      idempotencyKey: `key-${randomBytes(4).toString('hex')}`,
    });
    expect(outcome.status).toBe('requires_action');
    expect(peer.tokensIssued - issued).toBe(2);
  });

  it('wrong credentials are an error for the operator, not a payment failure for the shopper', async () => {
    const wrong = new PayPalOrdersProcessor({
      clientId: 'client-id',
      clientSecret: 'nope',
      apiBase: peer.base,
    });
    await expect(wrong.createOrder(ORDER)).rejects.toThrow(/PayPal answered 401/);
  });
});

describe('PayPal in the checkout API', () => {
  it('is not offered when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set, and is refused if asked for', async () => {
    const testApp = await createTestApp();
    try {
      const options = await testApp.app.inject({ method: 'GET', url: '/v1/checkout/options/' });
      expect(options.json<CheckoutOptions>().paypal).toBe(false);
      const fixture = await prepareCheckout(testApp.database);
      const body = await orderBody(testApp.app, fixture.user, {
        beneficiaryId: fixture.beneficiaryId,
        payment: { method: 'paypal' },
      });
      const response = await placeOrderRequest(testApp.app, fixture.user, body);
      expect(response.statusCode).toBe(400);
      expect(await auditPayments(testApp.app.db)).toEqual([]);
    } finally {
      await testApp.close();
    }
  });

  it('configured: offered, and an order goes create → approve at PayPal → confirm (capture) → paid', async () => {
    const payments = createPayments({
      stripe: null,
      paypal: { clientId: 'client-id', clientSecret: 'client-secret', apiBase: peer.base },
      allowSandboxInProduction: false,
    });
    const testApp = await createTestApp({ payments });
    try {
      const { app, database } = testApp;
      const options = await app.inject({ method: 'GET', url: '/v1/checkout/options/' });
      expect(options.json<CheckoutOptions>().paypal).toBe(true);

      const fixture = await prepareCheckout(database, { price: '25.99' });
      const body = await orderBody(app, fixture.user, {
        beneficiaryId: fixture.beneficiaryId,
        payment: { method: 'paypal' },
      });
      const placed = await placeOrderRequest(app, fixture.user, body);
      expect(placed.statusCode, placed.body).toBe(201);
      const result = placed.json<PlaceOrderResult>();
      expect(result.payment.status).toBe('requires_action');
      const action = result.payment.status === 'requires_action' ? result.payment.action : null;
      expect(action).toMatchObject({ type: 'paypal' });
      const approveUrl = action && action.type === 'paypal' ? action.approve_url : '';
      const orderId = new URL(approveUrl).searchParams.get('token') ?? '';
      const atPeer = peer.orders.get(orderId);
      expect(atPeer?.body.purchase_units).toMatchObject([
        { custom_id: result.order.number, invoice_id: result.order.number },
      ]);

      peer.approve(orderId);
      const confirm = () =>
        app.inject({
          method: 'POST',
          url: `/v1/orders/${result.order.number}/confirm/`,
          headers: fixture.user.headers,
        });
      const confirmed = await confirm();
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json<PlaceOrderResult>().order.payment_status).toBe('paid');
      // The shopper reloads the return page: nothing is captured twice.
      expect((await confirm()).statusCode).toBe(200);
      const captures = peer.requests.filter((request) => request.path.endsWith(`${orderId}/capture`));
      expect(captures).toHaveLength(1);

      const read = await app.inject({
        method: 'GET',
        url: `/v1/orders/${result.order.number}/`,
        headers: fixture.user.headers,
      });
      expect(read.json<OrderGroup>().status).toBe('confirmed');
      expect(await auditPayments(testApp.app.db)).toEqual([]);
    } finally {
      await testApp.close();
    }
  });
});
