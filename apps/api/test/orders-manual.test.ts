import { CHECKOUT_MESSAGES, type OrderGroup, type PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrdersFlow } from '../src/flows/expire-unpaid-orders.flow.ts';
import { startOrderExpiryWorker } from '../src/modules/orders/order-expiry.ts';
import { ordersContextOf } from '../src/modules/orders/orders-context.ts';
import { addStoreMember, makeOperator } from './factories.ts';
import {
  COLOMBIAN_PHONE,
  createFastUser,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function placeTransfer(method: 'bank_transfer' | 'cash_deposit' = 'bank_transfer') {
  const { app, database } = testApp;
  const fixture = await prepareCheckout(database, {
    stores: 2,
    stock: 3,
    price: '12.00',
    phone: COLOMBIAN_PHONE,
  });
  const body = await orderBody(app, fixture.user, {
    beneficiaryId: fixture.beneficiaryId,
    payment: { method },
  });
  const response = await placeOrderRequest(app, fixture.user, body);
  expect(response.statusCode, response.body).toBe(201);
  return { fixture, result: response.json<PlaceOrderResult>() };
}

async function stockOf(productId: number): Promise<number | undefined> {
  const [row] = await rows<{ stock: number }>(
    testApp.database,
    sql`select stock from products where id = ${productId}`,
  );
  return row?.stock;
}

async function outbox(to: string) {
  return rows<{ subject: string; text_body: string }>(
    testApp.database,
    sql`select subject, text_body from email_outbox where to_address = ${to} order by id`,
  );
}

describe('bank transfer and cash deposit', () => {
  it('are placed at once with payment pending, the bank block quoting the order number, and the e-mail', async () => {
    const { app } = testApp;
    const { fixture, result } = await placeTransfer();
    expect(result.payment).toEqual({ status: 'pending' });
    const order = result.order;
    expect(order).toMatchObject({
      status: 'confirmed',
      payment_status: 'pending',
      payment_method: 'bank_transfer',
    });
    expect(order.instructions).toMatchObject({
      currency: 'USD',
      amount: order.total,
      reference: order.number,
    });
    expect(order.stores.map((store) => store.status)).toEqual(['pending', 'pending']);
    // Held stock, emptied cart.
    expect(await stockOf(fixture.products[0]?.id ?? 0)).toBe(2);
    const cart = await app.inject({ method: 'GET', url: '/v1/cart/', headers: fixture.user.headers });
    expect(cart.json<{ products: unknown[] }>().products).toEqual([]);
    const [mail] = await outbox(fixture.user.email);
    expect(mail?.subject).toBe(`Tu pedido ${order.number} en Mandado`);
    expect(mail?.text_body).toContain(order.instructions?.account_number ?? '???');
    expect(mail?.text_body).toContain(`Escribe el número de pedido ${order.number}`);
    expect(mail?.text_body).toContain(order.tracking_url);
    // The order page shows the same instructions while unpaid.
    const read = await app.inject({
      method: 'GET',
      url: `/v1/orders/${order.number}/`,
      headers: fixture.user.headers,
    });
    expect(read.json<OrderGroup>().instructions).toEqual(order.instructions);
  });

  it('are refused outside the manual-payment countries with the §8 text, whatever country the body claims', async () => {
    const { app, database } = testApp;
    // A remitter whose account phone is in the United States, claiming to be in Colombia.
    const fixture = await prepareCheckout(database);
    for (const method of ['bank_transfer', 'cash_deposit'] as const) {
      const body = await orderBody(app, fixture.user, {
        beneficiaryId: fixture.beneficiaryId,
        payment: { method },
        country: 'CO',
      });
      const response = await placeOrderRequest(app, fixture.user, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: CHECKOUT_MESSAGES.cashUnsupported });
    }
    expect(await stockOf(fixture.products[0]?.id ?? 0)).toBe(10);
  });

  it('expire after the manual days: stock back, group cancelled, store orders rejected, e-mail', async () => {
    const { app } = testApp;
    const { fixture, result } = await placeTransfer('cash_deposit');
    const ctx = ordersContextOf(app);
    // Not yet: two days later nothing expires.
    await expireUnpaidOrdersFlow(ctx, new Date(Date.now() + 2 * 24 * 3600 * 1000));
    expect(await stockOf(fixture.products[0]?.id ?? 0)).toBe(2);
    expect(
      await expireUnpaidOrdersFlow(ctx, new Date(Date.now() + 3 * 24 * 3600 * 1000 + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    for (const product of fixture.products) expect(await stockOf(product.id)).toBe(3);
    const read = await app.inject({
      method: 'GET',
      url: `/v1/orders/${result.order.number}/`,
      headers: fixture.user.headers,
    });
    const order = read.json<OrderGroup>();
    expect(order).toMatchObject({ status: 'cancelled', instructions: null });
    expect(order.stores.map((store) => store.status)).toEqual(['rejected', 'rejected']);
    const mails = await outbox(fixture.user.email);
    expect(mails.map((mail) => mail.subject)).toContain(
      `Pedido ${result.order.number} cancelado por falta de pago`,
    );
    // A second pass changes nothing.
    await expireUnpaidOrdersFlow(ctx, new Date(Date.now() + 4 * 24 * 3600 * 1000));
    for (const product of fixture.products) expect(await stockOf(product.id)).toBe(3);
  });
});

describe('the expiry worker', () => {
  it('releases an unpaid transfer on its own, from the database alone', async () => {
    const { app } = testApp;
    const { fixture, result } = await placeTransfer();
    const later = new Date(Date.now() + 4 * 24 * 3600 * 1000);
    const worker = startOrderExpiryWorker({
      ctx: { ...ordersContextOf(app), now: () => later },
      log: app.log,
      intervalMs: 20,
    });
    try {
      const deadline = Date.now() + 10_000;
      while ((await stockOf(fixture.products[0]?.id ?? 0)) !== 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
    expect(await stockOf(fixture.products[0]?.id ?? 0)).toBe(3);
    const [row] = await rows<{ status: string }>(
      testApp.database,
      sql`select status from order_groups where number = ${result.order.number}`,
    );
    expect(row?.status).toBe('cancelled');
  });
});

describe('POST /v1/admin/orders/:number/mark-paid/', () => {
  function markPaid(headers: Record<string, string>, number: string, reference = 'TRX-778899') {
    return testApp.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${number}/mark-paid/`,
      headers,
      payload: { reference },
    });
  }

  it('lets an operator record the payment once (who, when, reference); a second call is 409', async () => {
    const { database } = testApp;
    const { fixture, result } = await placeTransfer();
    const operator = await createFastUser(database, 'Olga');
    await makeOperator(database, operator.id);
    const paid = await markPaid(operator.headers, result.order.number);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<OrderGroup>();
    expect(order).toMatchObject({ payment_status: 'paid', instructions: null });
    expect(order.stores.map((store) => store.status)).toEqual(['approved', 'approved']);
    expect(order.stores[0]?.history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'approved',
      reason: 'Pago recibido',
    });
    const [row] = await rows<{ paid_reference: string; paid_by_user_id: number; paid_at: Date | null }>(
      database,
      sql`select paid_reference, paid_by_user_id, paid_at from order_groups where number = ${order.number}`,
    );
    expect(row).toMatchObject({ paid_reference: 'TRX-778899', paid_by_user_id: operator.id });
    expect(row?.paid_at).not.toBeNull();
    expect((await outbox(fixture.user.email)).map((mail) => mail.subject)).toContain(
      `Pago recibido: pedido ${order.number}`,
    );
    const again = await markPaid(operator.headers, result.order.number);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: CHECKOUT_MESSAGES.alreadyPaid });
    // A paid transfer never expires.
    await expireUnpaidOrdersFlow(ordersContextOf(testApp.app), new Date(Date.now() + 30 * 24 * 3600 * 1000));
    expect(await stockOf(fixture.products[0]?.id ?? 0)).toBe(2);
  });

  it('is refused to remitters and merchants (403), visitors (401), unknown orders (404), bad input (400)', async () => {
    const { database } = testApp;
    const { fixture, result } = await placeTransfer();
    expect((await markPaid(fixture.user.headers, result.order.number)).statusCode).toBe(403);
    const merchant = await createFastUser(database, 'Mario');
    await addStoreMember(database, fixture.stores[0]?.id ?? 0, merchant.id);
    const refused = await markPaid(merchant.headers, result.order.number);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SERVER_MESSAGES.forbidden });
    const visitor = await testApp.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${result.order.number}/mark-paid/`,
      payload: { reference: 'x' },
    });
    expect([401, 403]).toContain(visitor.statusCode);
    const operator = await createFastUser(database, 'Olga');
    await makeOperator(database, operator.id);
    expect((await markPaid(operator.headers, 'MV-1')).statusCode).toBe(404);
    const blank = await markPaid(operator.headers, result.order.number, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<Record<string, string[]>>().reference).toContain(MESSAGES.required);
    // An expired transfer cannot be marked paid.
    await expireUnpaidOrdersFlow(ordersContextOf(testApp.app), new Date(Date.now() + 4 * 24 * 3600 * 1000));
    const late = await markPaid(operator.headers, result.order.number);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: CHECKOUT_MESSAGES.orderNotPayable });
  });
});
