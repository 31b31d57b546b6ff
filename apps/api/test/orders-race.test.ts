import type { CheckoutConflict } from '@mandado/shared/checkout.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { createProduct, createStore } from './factories.ts';
import {
  COLOMBIAN_PHONE,
  createFastShoppers,
  orderBody,
  placeOrderRequest,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  // Every injected request comes from one address: the per-client order limit would refuse most of the 200.
  testApp = await createTestApp({ rateLimits: { placeOrderPerIp: { max: 100_000, windowSeconds: 600 } } });
});
afterAll(async () => {
  // Issue 16 A: every money move of this file left the records agreeing (decision 030).
  expect(await auditPayments(testApp.app.db)).toEqual([]);
  await testApp.close();
});

describe('the last unit of a product', () => {
  it('is sold once when 200 shoppers pay for it at the same time', async () => {
    const { app, database } = testApp;
    const store = await createStore(database);
    const product = await createProduct(database, store.id, { stock: 1, price: '25.00', currency: 'USD' });
    const setupStarted = performance.now();
    const users = await createFastShoppers(database, 200, [{ productId: product.id, quantity: 1 }]);
    // Every cart is the same: the body differs only by the beneficiary.
    const first = users[0];
    if (!first) throw new Error('no shoppers');
    const template = await orderBody(app, first, { beneficiaryId: first.beneficiaryId });
    const shoppers = users.map((user) => ({
      user,
      body: { ...template, beneficiary_id: user.beneficiaryId },
    }));
    const setupMs = Math.round(performance.now() - setupStarted);
    const started = performance.now();
    const responses = await Promise.all(
      shoppers.map((shopper) => placeOrderRequest(app, shopper.user, shopper.body)),
    );
    const raceMs = Math.round(performance.now() - started);
    console.info(`race: 200 users set up in ${setupMs} ms; 200 concurrent orders answered in ${raceMs} ms`);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json<CheckoutConflict>().changes).toEqual([
        { product_id: product.id, name: product.name, change: 'stock', now: '0' },
      ]);
    }
    const [stock] = await rows<{ stock: number }>(
      database,
      sql`select stock from products where id = ${product.id}`,
    );
    expect(stock?.stock).toBe(0);
    const [groups] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from order_lines where product_id = ${product.id}`,
    );
    expect(groups?.n).toBe(1);
    // Nobody else was charged.
    const [intents] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from sandbox_intents where user_id in (${sql.join(
        shoppers.map((shopper) => sql`${shopper.user.id}`),
        sql`, `,
      )})`,
    );
    expect(intents?.n).toBe(1);
  }, 120_000);
});

describe('the share of a product unpaid transfers may hold (issue 27)', () => {
  it('is not passed when 10 accounts order it by transfer at the same time', async () => {
    const { app, database } = testApp;
    const store = await createStore(database);
    // 10 units: all accounts' unpaid transfers together may hold 2.
    const product = await createProduct(database, store.id, { stock: 10, price: '5.00', currency: 'USD' });
    const users = await createFastShoppers(database, 10, [{ productId: product.id, quantity: 1 }]);
    // Transfers are offered by the phone's country.
    await database.db.execute(
      sql`update users set phone_e164 = ${COLOMBIAN_PHONE} where id in (${sql.join(
        users.map((user) => sql`${user.id}`),
        sql`, `,
      )})`,
    );
    const first = users[0];
    if (!first) throw new Error('no shoppers');
    const template = await orderBody(app, first, {
      beneficiaryId: first.beneficiaryId,
      payment: { method: 'bank_transfer' },
    });
    const responses = await Promise.all(
      users.map((user) => placeOrderRequest(app, user, { ...template, beneficiary_id: user.beneficiaryId })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 422)).toHaveLength(8);
    const [stock] = await rows<{ stock: number }>(
      database,
      sql`select stock from products where id = ${product.id}`,
    );
    expect(stock?.stock).toBe(8);
  });
});
