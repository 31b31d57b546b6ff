import type { PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { DECLINE_MESSAGES } from '@mandado/shared/sandbox-cards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrdersFlow } from '../src/flows/expire-unpaid-orders.flow.ts';
import { finalizeCardPayment } from '../src/modules/orders/finalize.service.ts';
import { REPLACED_REASON } from '../src/modules/orders/order-placement.service.ts';
import { ordersContextOf } from '../src/modules/orders/orders-context.ts';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import {
  type CheckoutFixture,
  createFastUser,
  giveCredit,
  insertCoupon,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
  sandboxToken,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  // Issue 16 A: every money move of this file left the records agreeing (decision 030).
  expect(await auditPayments(testApp.app.db)).toEqual([]);
  await testApp.close();
});

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(testApp.database, query);
  if (!row) throw new Error('no row');
  return row;
}

/** A shopper with 5.00 of credit and a 10 % coupon, paying with `card`, using 3.00 credit and the coupon. */
async function payWith(card: string) {
  const { app, database } = testApp;
  const fixture = await prepareCheckout(database, { stores: 2, perStore: 1, price: '20.00', quantity: 2 });
  await giveCredit(database, fixture.user.id, '5.00');
  const code = `PRUEBA${fixture.user.id}`;
  const couponId = await insertCoupon(database, { code, type: 'discount_percentage', value: '10.00' });
  const body = await orderBody(app, fixture.user, {
    beneficiaryId: fixture.beneficiaryId,
    payment: { method: 'card', token: sandboxToken(card) },
    coupon: { code, terms: { type: 'discount_percentage', value: 1000, minimumPurchase: 0 } },
    credit: '3.00',
  });
  const response = await placeOrderRequest(app, fixture.user, body);
  return { fixture, couponId, body, response };
}

async function expectReleased(fixture: CheckoutFixture, couponId: number, number: string) {
  const { app } = testApp;
  for (const product of fixture.products) {
    expect(
      (await one<{ stock: number }>(sql`select stock from products where id = ${product.id}`)).stock,
    ).toBe(10);
  }
  expect(
    await one<{ uses: number; redemptions: number }>(
      sql`select uses_count as uses, (select count(*)::int from coupon_redemptions where coupon_id = ${couponId}) as redemptions
          from coupons where id = ${couponId}`,
    ),
  ).toEqual({ uses: 0, redemptions: 0 });
  const wallet = await rows<{ kind: string; amount: string }>(
    testApp.database,
    sql`select kind, amount from wallet_entries where user_id = ${fixture.user.id} order by id`,
  );
  expect(wallet).toEqual([
    { kind: 'adjustment', amount: '5.00' },
    { kind: 'spent', amount: '-3.00' },
    { kind: 'refunded', amount: '3.00' },
  ]);
  const whoami = await app.inject({ method: 'GET', url: '/v1/whoami/', headers: fixture.user.headers });
  expect(whoami.json<{ whoami: { credit: string } }>().whoami.credit).toBe('5.00');
  const group = await one<{ status: string; payment_status: string }>(
    sql`select status, payment_status from order_groups where number = ${number}`,
  );
  expect(group).toEqual({ status: 'cancelled', payment_status: 'pending' });
  const storeStatuses = await rows<{ status: string }>(
    testApp.database,
    sql`select so.status from store_orders so join order_groups g on g.id = so.group_id where g.number = ${number}`,
  );
  expect(storeStatuses.map((row) => row.status)).toEqual(['rejected', 'rejected']);
  // The cart is untouched: the shopper stays on 'Pago' and tries another card.
  const cart = await app.inject({ method: 'GET', url: '/v1/cart/', headers: fixture.user.headers });
  expect(
    cart.json<{ products: Array<{ quantity: number }> }>().products.map((line) => line.quantity),
  ).toEqual([2, 2]);
}

describe('declined cards', () => {
  it('0002: 402 with the Spanish reason; stock, coupon and credit come back; the cart stays', async () => {
    const { fixture, couponId, response } = await payWith('4000 0000 0000 0002');
    expect(response.statusCode).toBe(402);
    const body = response.json<{ detail: string; decline_code: string; order: string }>();
    expect(body).toMatchObject({ detail: DECLINE_MESSAGES.card_declined, decline_code: 'card_declined' });
    await expectReleased(fixture, couponId, body.order);
  });

  it('9995: insufficient funds, the same release', async () => {
    const { fixture, couponId, response } = await payWith('4000 0000 0000 9995');
    expect(response.statusCode).toBe(402);
    const body = response.json<{ detail: string; decline_code: string; order: string }>();
    expect(body).toMatchObject({
      detail: DECLINE_MESSAGES.insufficient_funds,
      decline_code: 'insufficient_funds',
    });
    await expectReleased(fixture, couponId, body.order);
  });
});

function authenticate(headers: Record<string, string>, intentId: string, outcome: 'approve' | 'fail') {
  return testApp.app.inject({
    method: 'POST',
    url: `/v1/payments/sandbox/intents/${intentId}/authenticate/`,
    headers,
    payload: { outcome },
  });
}

describe('3-D Secure (3184)', () => {
  it('approve, then confirm: paid, store orders approved, cart emptied', async () => {
    const { app } = testApp;
    const { fixture, response } = await payWith('4000 0027 6000 3184');
    expect(response.statusCode).toBe(201);
    const placed = response.json<PlaceOrderResult>();
    expect(placed.order.status).toBe('awaiting_payment');
    if (placed.payment.status !== 'requires_action' || placed.payment.action.type !== 'sandbox_3ds') {
      throw new Error(`expected a sandbox 3-D Secure action: ${response.body}`);
    }
    const intentId = placed.payment.action.intent_id;
    // Only the intent's user reaches it.
    const stranger = await createFastUser(testApp.database);
    expect((await authenticate(stranger.headers, intentId, 'approve')).statusCode).toBe(404);
    expect((await authenticate(fixture.user.headers, 'pi_sandbox_nada', 'approve')).statusCode).toBe(404);
    const approved = await authenticate(fixture.user.headers, intentId, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ status: 'succeeded' });
    // Someone else confirming the order gets a 404.
    const foreign = await app.inject({
      method: 'POST',
      url: `/v1/orders/${placed.order.number}/confirm/`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/v1/orders/${placed.order.number}/confirm/`,
      headers: fixture.user.headers,
    });
    expect(confirmed.statusCode).toBe(200);
    const result = confirmed.json<PlaceOrderResult>();
    expect(result.payment).toEqual({ status: 'succeeded' });
    expect(result.order.payment_status).toBe('paid');
    expect(result.order.stores.map((store) => store.status)).toEqual(['approved', 'approved']);
    const cart = await app.inject({ method: 'GET', url: '/v1/cart/', headers: fixture.user.headers });
    expect(cart.json<{ products: unknown[] }>().products).toEqual([]);
  });

  it('fail, then confirm: 402 and everything released', async () => {
    const { app } = testApp;
    const { fixture, couponId, response } = await payWith('4000 0027 6000 3184');
    const placed = response.json<PlaceOrderResult>();
    if (placed.payment.status !== 'requires_action' || placed.payment.action.type !== 'sandbox_3ds') {
      throw new Error('expected a 3-D Secure action');
    }
    expect(
      (await authenticate(fixture.user.headers, placed.payment.action.intent_id, 'fail')).json(),
    ).toEqual({
      status: 'failed',
    });
    const confirmed = await app.inject({
      method: 'POST',
      url: `/v1/orders/${placed.order.number}/confirm/`,
      headers: fixture.user.headers,
    });
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json()).toEqual({
      detail: DECLINE_MESSAGES.authentication_failed,
      decline_code: 'authentication_failed',
      order: placed.order.number,
    });
    await expectReleased(fixture, couponId, placed.order.number);
  });

  it('finalize run twice at once (confirm + a duplicate webhook): one e-mail, one approval per store order', async () => {
    const { app, database } = testApp;
    const { fixture, response } = await payWith('4000 0027 6000 3184');
    const placed = response.json<PlaceOrderResult>();
    if (placed.payment.status !== 'requires_action' || placed.payment.action.type !== 'sandbox_3ds') {
      throw new Error('expected a 3-D Secure action');
    }
    const intentId = placed.payment.action.intent_id;
    await authenticate(fixture.user.headers, intentId, 'approve');
    const group = await one<{ id: number }>(
      sql`select id from order_groups where number = ${placed.order.number}`,
    );
    const ctx = ordersContextOf(app);
    const [first, second] = await Promise.all([
      app.inject({
        method: 'POST',
        url: `/v1/orders/${placed.order.number}/confirm/`,
        headers: fixture.user.headers,
      }),
      app.inject({
        method: 'POST',
        url: `/v1/orders/${placed.order.number}/confirm/`,
        headers: fixture.user.headers,
      }),
      finalizeCardPayment(ctx, group.id, { status: 'succeeded', processorRef: intentId }),
      finalizeCardPayment(ctx, group.id, { status: 'succeeded', processorRef: intentId }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const mails = await rows<{ subject: string }>(
      database,
      sql`select subject from email_outbox where to_address = ${fixture.user.email}`,
    );
    expect(mails).toEqual([{ subject: `Tu pedido ${placed.order.number} en Mandado` }]);
    const approvals = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from store_order_history h join store_orders so on so.id = h.store_order_id
          where so.group_id = ${group.id} and h.to_status = 'approved'`,
    );
    expect(approvals[0]?.n).toBe(2);
  });

  it('a 3-D Secure approval after the group expired takes nothing (decision 030), so nothing is kept', async () => {
    const { app } = testApp;
    const { fixture, couponId, response } = await payWith('4000 0027 6000 3184');
    const placed = response.json<PlaceOrderResult>();
    if (placed.payment.status !== 'requires_action' || placed.payment.action.type !== 'sandbox_3ds') {
      throw new Error('expected a 3-D Secure action');
    }
    const ctx = ordersContextOf(app);
    expect(await expireUnpaidOrdersFlow(ctx, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    await expectReleased(fixture, couponId, placed.order.number);
    await authenticate(fixture.user.headers, placed.payment.action.intent_id, 'approve');
    const confirmed = await app.inject({
      method: 'POST',
      url: `/v1/orders/${placed.order.number}/confirm/`,
      headers: fixture.user.headers,
    });
    expect(confirmed.statusCode).toBe(402);
    expect(
      await one<{ status: string; payment_status: string }>(
        sql`select status, payment_status from order_groups where number = ${placed.order.number}`,
      ),
    ).toEqual({ status: 'cancelled', payment_status: 'pending' });
    expect(
      await one<{ status: string; refunded_amount: string }>(
        sql`select status, refunded_amount from sandbox_intents where id = ${placed.payment.action.intent_id}`,
      ),
    ).toEqual({ status: 'canceled', refunded_amount: '0.00' });
  });
});

describe('a second checkout while a payment waits (another tab)', () => {
  it('replaces the waiting group, so the cart is bought once; the old payment, if approved later, is not taken', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stores: 2, quantity: 2 });
    const waiting = await placeOrderRequest(
      app,
      fixture.user,
      await orderBody(app, fixture.user, {
        beneficiaryId: fixture.beneficiaryId,
        payment: { method: 'card', token: sandboxToken('4000 0027 6000 3184') },
      }),
    );
    const first = waiting.json<PlaceOrderResult>();
    if (first.payment.status !== 'requires_action' || first.payment.action.type !== 'sandbox_3ds') {
      throw new Error('expected a 3-D Secure action');
    }
    const second = await placeOrderRequest(
      app,
      fixture.user,
      await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId }),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json<PlaceOrderResult>().order.payment_status).toBe('paid');
    const groups = await rows<{ number: string; status: string; cancel_reason: string | null }>(
      database,
      sql`select number, status, cancel_reason from order_groups where remitter_id = ${fixture.user.id} order by id`,
    );
    expect(groups).toEqual([
      { number: first.order.number, status: 'cancelled', cancel_reason: REPLACED_REASON },
      { number: second.json<PlaceOrderResult>().order.number, status: 'confirmed', cancel_reason: null },
    ]);
    for (const product of fixture.products) {
      expect(
        (await one<{ stock: number }>(sql`select stock from products where id = ${product.id}`)).stock,
      ).toBe(8);
    }
    // The first tab finishes 3-D Secure after all: the sandbox does not capture for a cancelled group.
    await authenticate(fixture.user.headers, first.payment.action.intent_id, 'approve');
    const late = await app.inject({
      method: 'POST',
      url: `/v1/orders/${first.order.number}/confirm/`,
      headers: fixture.user.headers,
    });
    expect(late.statusCode).toBe(402);
    expect(
      (
        await one<{ status: string }>(
          sql`select status from sandbox_intents where id = ${first.payment.action.intent_id}`,
        )
      ).status,
    ).toBe('canceled');
  });
});

describe('saved cards', () => {
  it('keeps a card when asked, pays with it by id, and answers 404 for another user’s card', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const first = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: sandboxToken(), save_card: true },
    });
    expect((await placeOrderRequest(app, fixture.user, first)).statusCode).toBe(201);
    const card = await one<{ card_id: string; last4: string; brand: string }>(
      sql`select card_id, last4, brand from saved_cards where user_id = ${fixture.user.id}`,
    );
    expect(card).toMatchObject({ last4: '4242', brand: 'visa' });

    const again = await prepareCheckout(database);
    // The same user buys another store's product with the saved card.
    await testApp.database.db.execute(
      sql`insert into cart_lines (user_id, product_id, quantity) values (${fixture.user.id}, ${again.products[0]?.id ?? 0}, 1)`,
    );
    const second = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', card_id: card.card_id },
    });
    const paid = await placeOrderRequest(app, fixture.user, second);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<PlaceOrderResult>().order.payment_label).toBe('Visa •••• 4242');

    const other = await prepareCheckout(database);
    const foreign = await orderBody(app, other.user, {
      beneficiaryId: other.beneficiaryId,
      payment: { method: 'card', card_id: card.card_id },
    });
    const refused = await placeOrderRequest(app, other.user, foreign);
    expect(refused.statusCode).toBe(404);
  });
});
