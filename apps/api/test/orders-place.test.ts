import type { OrderGroup, PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { parseMoney } from '@mandado/shared/money';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries } from '../src/db/schema/beneficiaries.ts';
import { products } from '../src/db/schema/catalog.ts';
import { createProduct, createStore } from './factories.ts';
import {
  createFastUser,
  fillCart,
  insertBeneficiary,
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
  await testApp.close();
});

describe('POST /v1/orders/ with a card (sandbox 4242)', () => {
  it('makes one group and one store order per store whose parts add up to the group, and snapshots the lines', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stores: 3, perStore: 2, price: '7.35', quantity: 2 });
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const response = await placeOrderRequest(app, fixture.user, body);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<PlaceOrderResult>();
    expect(result.payment).toEqual({ status: 'succeeded' });
    const order = result.order;
    expect(order.number).toMatch(/^MV-\d+$/);
    expect(order.status).toBe('confirmed');
    expect(order.payment_status).toBe('paid');
    expect(order.payment_label).toBe('Visa •••• 4242');
    expect(order.stores.map((store) => store.number)).toEqual([1, 2, 3].map((n) => `${order.number}-${n}`));
    expect(order.stores.map((store) => store.store.id)).toEqual(fixture.stores.map((store) => store.id));
    expect(order.stores.every((store) => store.status === 'approved')).toBe(true);
    expect(order.total).toBe(body.expected_total);

    // The rows themselves: each store order's parts add up, and the store orders add up to the group.
    const groups = await rows<{
      id: number;
      subtotal: string;
      discount: string;
      shipping: string;
      credit: string;
      total: string;
    }>(
      database,
      sql`select id, subtotal, discount, shipping, credit, total from order_groups where number = ${order.number}`,
    );
    const group = groups[0];
    if (!group) throw new Error('no group row');
    const storeRows = await rows<{
      subtotal: string;
      discount: string;
      shipping: string;
      credit: string;
      total: string;
    }>(
      database,
      sql`select subtotal, discount, shipping, credit, total from store_orders where group_id = ${group.id} order by id`,
    );
    expect(storeRows).toHaveLength(3);
    for (const store of storeRows) {
      expect(parseMoney(store.total)).toBe(
        parseMoney(store.subtotal) -
          parseMoney(store.discount) +
          parseMoney(store.shipping) -
          parseMoney(store.credit),
      );
    }
    for (const part of ['subtotal', 'discount', 'shipping', 'credit', 'total'] as const) {
      expect(storeRows.reduce((sum, store) => sum + parseMoney(store[part]), 0)).toBe(
        parseMoney(group[part]),
      );
    }
    const history = await rows<{ from_status: string | null; to_status: string; actor_role: string }>(
      database,
      sql`select h.from_status, h.to_status, h.actor_role from store_order_history h
          join store_orders so on so.id = h.store_order_id where so.group_id = ${group.id} order by h.id`,
    );
    expect(history.filter((row) => row.to_status === 'pending')).toHaveLength(3);
    expect(
      history.filter((row) => row.to_status === 'approved' && row.from_status === 'pending'),
    ).toHaveLength(3);

    // The cart was emptied and the stock taken.
    const cart = await app.inject({ method: 'GET', url: '/v1/cart/', headers: fixture.user.headers });
    expect(cart.json<{ products: unknown[] }>().products).toEqual([]);
    const stock = await rows<{ stock: number }>(
      database,
      sql`select stock from products where id = ${fixture.products[0]?.id ?? 0}`,
    );
    expect(stock[0]?.stock).toBe(8);

    // Later edits to the catalog and the beneficiary never change the order.
    const before = await app.inject({
      method: 'GET',
      url: `/v1/orders/${order.number}/`,
      headers: fixture.user.headers,
    });
    expect(before.statusCode).toBe(200);
    const productIds = fixture.products.map((product) => product.id);
    await database.db
      .update(products)
      .set({ name: sql`'Renombrado ' || ${products.id}`, price: '99.99' })
      .where(inArray(products.id, productIds));
    await database.db
      .update(beneficiaries)
      .set({ firstName: 'Otra', addressLine1: 'Otra calle 1' })
      .where(eq(beneficiaries.beneficiaryId, fixture.beneficiaryId));
    const after = await app.inject({
      method: 'GET',
      url: `/v1/orders/${order.number}/`,
      headers: fixture.user.headers,
    });
    expect(after.json<OrderGroup>()).toEqual(before.json<OrderGroup>());
    const line = after.json<OrderGroup>().stores[0]?.lines[0];
    expect(line?.name).toBe(fixture.products[0]?.name);
    expect(line?.unit_price).toBe('7.35');
    expect(line?.currency).toBe('USD');
    expect(line?.total).toBe('14.70');
    expect(after.json<OrderGroup>().beneficiary.first_name).toBe('Rosa');
  });

  it('charges no shipping for pick-up and says so in the confirmation e-mail', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stores: 2, price: '5.00' });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      delivery: 'pickup',
    });
    expect(body.expected_total).toBe('10.00');
    const response = await placeOrderRequest(app, fixture.user, body);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<PlaceOrderResult>().order;
    expect(order).toMatchObject({ delivery: 'pickup', shipping: '0.00', total: '10.00' });
    expect(order.stores.map((store) => store.shipping)).toEqual(['0.00', '0.00']);
    const [mail] = await rows<{ text_body: string }>(
      database,
      sql`select text_body from email_outbox where to_address = ${fixture.user.email}`,
    );
    // Where and from which day (decision 034), never an estimated delivery.
    expect(mail?.text_body).toContain('Rosa Fernández puede retirarlo desde el ');
    expect(mail?.text_body).not.toContain('Entrega estimada');
    expect(mail?.text_body).toContain(`Pedido ${order.number}-1`);
  });

  it('converts pesos to dollars with the stored rates as the cart shows them', async () => {
    const { app, database } = testApp;
    const store = await createStore(database);
    const pesos = await createProduct(database, store.id, { price: '123.45', currency: 'UYU' });
    const dollars = await createProduct(database, store.id, { price: '3.10', currency: 'USD' });
    const user = await createFastUser(database);
    await fillCart(database, user.id, [
      { productId: pesos.id, quantity: 3 },
      { productId: dollars.id, quantity: 1 },
    ]);
    const beneficiaryId = await insertBeneficiary(database, user.id);
    const body = await orderBody(app, user, { beneficiaryId });
    const response = await placeOrderRequest(app, user, body);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<PlaceOrderResult>().order;
    const cartSubtotal = parseMoney(order.subtotal);
    const [line] = order.stores[0]?.lines ?? [];
    expect(line).toMatchObject({ unit_price: '123.45', currency: 'UYU', quantity: 3 });
    expect(cartSubtotal).toBe(parseMoney(line?.total ?? '0') + 310);
    expect(order.total).toBe(body.expected_total);
  });

  it('answers the token of a live card with the test-mode decline', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: sandboxToken('4111 1111 1111 1111') },
    });
    const response = await placeOrderRequest(app, fixture.user, body);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ decline_code: 'live_card_in_test_mode' });
  });
});
