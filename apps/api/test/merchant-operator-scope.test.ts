import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 16 A6: an operator who is a merchant of store 1 must not act as store 2's merchant through
// /v1/merchant/*: the merchant area checks membership only; operators act through /v1/admin/*.
let t: TestApp;
let store1: TestStore;
let store2: TestStore;
let operatorMerchant: TestUser;
let remitter: TestUser;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
  Object.assign(t.app, { kickMailWorker: () => undefined });
  store1 = await createStore(t.database, { name: `Tienda uno ${Date.now()}` });
  store2 = await createStore(t.database, { name: `Tienda dos ${Date.now()}` });
  operatorMerchant = await createUser(t.app);
  remitter = await createUser(t.app);
  await addStoreMember(t.database, store1.id, operatorMerchant.id);
  await makeOperator(t.database, operatorMerchant.id);
});
afterAll(() => t.close());

async function placeAt(store: TestStore) {
  const product = await createProduct(t.database, store.id);
  return insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: 'paid',
    status: 'confirmed',
    stores: [
      { storeId: store.id, storeName: store.name, status: 'approved', lines: [{ productId: product.id }] },
    ],
  });
}

describe('an operator who is a member of store 1, in the merchant area', () => {
  it("cannot read store 2's page or orders", async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store2.id}/`,
      headers: { cookie: operatorMerchant.headers.cookie },
    });
    expect(page.statusCode).toBe(403);
    const orders = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store2.id}/orders/`,
      headers: { cookie: operatorMerchant.headers.cookie },
    });
    expect(orders.statusCode).toBe(403);
    // Their own store still answers.
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store1.id}/orders/`,
      headers: { cookie: operatorMerchant.headers.cookie },
    });
    expect(own.statusCode).toBe(200);
  });

  it("cannot move store 2's orders there, but can through /v1/admin as an operator", async () => {
    const order = await placeAt(store2);
    const number = order.storeOrders[0]?.number ?? '';
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${store2.id}/orders/${number}/status/`,
      headers: operatorMerchant.headers,
      payload: { from: 'approved', to: 'preparing_to_delivery' },
    });
    expect(refused.statusCode).toBe(403);
    const statusBefore = await queryRows<{ status: string }>(
      t.database,
      sql`select status from store_orders where number = ${number}`,
    );
    expect(statusBefore[0]?.status).toBe('approved');

    const asOperator = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${number}/status/`,
      headers: operatorMerchant.headers,
      payload: { from: 'approved', to: 'preparing_to_delivery' },
    });
    expect(asOperator.statusCode).toBe(200);
    const history = await queryRows<{ actor_role: string }>(
      t.database,
      sql`select h.actor_role from store_order_history h join store_orders o on o.id = h.store_order_id
          where o.number = ${number} and h.to_status = 'preparing_to_delivery'`,
    );
    expect(history.map((row) => row.actor_role)).toEqual(['operator']);
  });

  it('acts on their own store as its merchant, and history says merchant', async () => {
    const order = await placeAt(store1);
    const number = order.storeOrders[0]?.number ?? '';
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${store1.id}/orders/${number}/status/`,
      headers: operatorMerchant.headers,
      payload: { from: 'approved', to: 'preparing_to_delivery' },
    });
    expect(moved.statusCode).toBe(200);
    const history = await queryRows<{ actor_role: string }>(
      t.database,
      sql`select h.actor_role from store_order_history h join store_orders o on o.id = h.store_order_id
          where o.number = ${number} and h.to_status = 'preparing_to_delivery'`,
    );
    expect(history.map((row) => row.actor_role)).toEqual(['merchant']);
  });
});

describe('the status e-mail (decision 038)', () => {
  it('quotes the support contact from the settings', async () => {
    await t.database.db.execute(
      sql`insert into settings (key, value) values ('support_email', 'pedidos@mandado.uy'),
          ('support_whatsapp_number', '59899000111') on conflict (key) do update set value = excluded.value`,
    );
    const order = await placeAt(store1);
    const number = order.storeOrders[0]?.number ?? '';
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${store1.id}/orders/${number}/status/`,
      headers: operatorMerchant.headers,
      payload: { from: 'approved', to: 'rejected', reason: 'Producto agotado' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [mail] = await queryRows<{ text_body: string }>(
      t.database,
      sql`select text_body from email_outbox where subject like ${`%${number}%`} order by id desc limit 1`,
    );
    expect(mail?.text_body).toContain('WhatsApp: +59899000111 · Correo: pedidos@mandado.uy');
  });
});
