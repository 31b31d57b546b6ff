import {
  CHECKOUT_MESSAGES,
  type CheckoutOptions,
  MAX_OPEN_MANUAL_ORDERS,
  type PlaceOrderResult,
} from '@mandado/shared/checkout.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from './factories.ts';
import {
  COLOMBIAN_PHONE,
  createFastUser,
  fillCart,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The security review's findings on placing orders: what a free account must not be able to do. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ rateLimits: { placeOrderPerUser: { max: 6, windowSeconds: 600 } } });
});
afterAll(async () => {
  await testApp.close();
});

function mailsTo(address: string) {
  return rows<{ subject: string }>(
    testApp.database,
    sql`select subject from email_outbox where to_address = ${address} order by id`,
  );
}

describe('transfers and cash deposits', () => {
  it('are offered by the account phone’s country, which the options answer per remitter', async () => {
    const { app, database } = testApp;
    const visitor = await app.inject({ method: 'GET', url: '/v1/checkout/options/' });
    expect(visitor.json<CheckoutOptions>().shopper_country).toBeNull();
    expect(visitor.headers['cache-control']).toContain('no-store');
    const inColombia = await createFastUser(database, 'Ana', COLOMBIAN_PHONE);
    const options = await app.inject({
      method: 'GET',
      url: '/v1/checkout/options/',
      headers: inColombia.headers,
    });
    expect(options.json<CheckoutOptions>().shopper_country).toBe('CO');
  });

  it(`hold stock for at most ${MAX_OPEN_MANUAL_ORDERS} unpaid orders per remitter`, async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stock: 10, phone: COLOMBIAN_PHONE });
    const productId = fixture.products[0]?.id ?? 0;
    for (let placed = 0; placed < MAX_OPEN_MANUAL_ORDERS; placed += 1) {
      const body = await orderBody(app, fixture.user, {
        beneficiaryId: fixture.beneficiaryId,
        payment: { method: 'bank_transfer' },
      });
      expect((await placeOrderRequest(app, fixture.user, body)).statusCode).toBe(201);
      await fillCart(database, fixture.user.id, [{ productId, quantity: 1 }]);
    }
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'cash_deposit' },
    });
    const refused = await placeOrderRequest(app, fixture.user, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: CHECKOUT_MESSAGES.tooManyUnpaidManual(MAX_OPEN_MANUAL_ORDERS) });
    const [stock] = await rows<{ stock: number }>(
      database,
      sql`select stock from products where id = ${productId}`,
    );
    expect(stock?.stock).toBe(10 - MAX_OPEN_MANUAL_ORDERS);
    // A card still works: only unpaid manual orders are capped.
    const card = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    expect((await placeOrderRequest(app, fixture.user, card)).statusCode).toBe(201);
  });

  it('e-mail the family member only once the payment is in', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { phone: COLOMBIAN_PHONE });
    const beneficiaryEmail = `familia.${fixture.user.id}@ejemplo.com`;
    await database.db.execute(
      sql`update beneficiaries set email = ${beneficiaryEmail} where beneficiary_id = ${fixture.beneficiaryId}`,
    );
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'bank_transfer' },
    });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    expect(await mailsTo(beneficiaryEmail)).toEqual([]);
    const operator = await createFastUser(database, 'Olga');
    await makeOperator(database, operator.id);
    const number = placed.json<PlaceOrderResult>().order.number;
    const paid = await app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${number}/mark-paid/`,
      headers: operator.headers,
      payload: { reference: 'TRX-1' },
    });
    expect(paid.statusCode).toBe(200);
    expect(await mailsTo(beneficiaryEmail)).toHaveLength(1);
  });
});

describe('placing orders', () => {
  it('is rate limited per account (429 in Spanish), replays included', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      statuses.push((await placeOrderRequest(app, fixture.user, body, 'misma-clave-123')).statusCode);
    }
    expect(statuses.slice(0, 6).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const refused = await placeOrderRequest(app, fixture.user, body, 'misma-clave-123');
    expect(refused.json()).toEqual({ detail: SERVER_MESSAGES.tooManyRequests });
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
