import type { Cart } from '@mandado/shared/cart.schemas';
import { orderListSchema, repeatOrderResultSchema } from '@mandado/shared/checkout.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore, createUser, type TestUser } from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
});
afterAll(() => t.close());

async function listOf(user: TestUser) {
  const before = t.queries.length;
  const response = await t.app.inject({
    method: 'GET',
    url: '/v1/orders/',
    headers: { cookie: user.headers.cookie },
  });
  return { response, queries: t.queries.length - before };
}

async function repeat(user: TestUser, number: string) {
  return t.app.inject({ method: 'POST', url: `/v1/orders/${number}/repeat/`, headers: user.headers });
}

describe('GET /v1/orders/', () => {
  it("lists only the remitter's placed orders, newest first, in the same number of queries for 1 or 10", async () => {
    const store = await createStore(t.database);
    const other = await createStore(t.database);
    const product = await createProduct(t.database, store.id);
    const user = await createUser(t.app);
    const stranger = await createUser(t.app);
    const place = (
      remitterId: number,
      minutesAgo: number,
      extra: Partial<Parameters<typeof insertPlacedOrder>[1]> = {},
    ) =>
      insertPlacedOrder(t.database, {
        remitterId,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        stores: [
          {
            storeId: store.id,
            storeName: 'Almacén Uno',
            status: 'approved',
            lines: [{ productId: product.id, total: '12.50' }],
          },
          {
            storeId: other.id,
            storeName: 'Farmacia Dos',
            lines: [{ productId: null, name: 'Aspirina', total: '3.00' }],
          },
        ],
        ...extra,
      });

    const first = await place(user.id, 100);
    await place(stranger.id, 1);
    const one = await listOf(user);
    expect(one.response.statusCode).toBe(200);
    expect(one.response.headers['cache-control']).toBe('no-store');
    const body = orderListSchema.parse(one.response.json());
    expect(body.results).toEqual([
      {
        number: first.number,
        created: expect.any(String),
        status: 'confirmed',
        payment_status: 'paid',
        stores: [
          { name: 'Almacén Uno', status: 'approved' },
          { name: 'Farmacia Dos', status: 'pending' },
        ],
        total: '15.50',
        beneficiary_name: 'Rosa Fernández',
        refund_status: 'none',
        refund_status_label: 'Sin reembolsos',
      },
    ]);

    // Attempts that never went through are no orders; an expired transfer was one.
    await place(user.id, 2, { status: 'awaiting_payment', paymentStatus: 'pending' });
    await place(user.id, 3, { status: 'cancelled', paymentStatus: 'pending', paymentMethod: 'card' });
    const expired = await place(user.id, 50, {
      status: 'cancelled',
      paymentStatus: 'pending',
      paymentMethod: 'bank_transfer',
    });
    const newest = await place(user.id, 5);
    for (let i = 0; i < 7; i++) await place(user.id, 200 + i);
    const ten = await listOf(user);
    const numbers = orderListSchema.parse(ten.response.json()).results.map((order) => order.number);
    expect(numbers).toHaveLength(10);
    expect(numbers.slice(0, 3)).toEqual([newest.number, expired.number, first.number]);
    expect(ten.queries).toBe(one.queries);
  });

  it('answers 401 to a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/orders/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/orders/:number/repeat/', () => {
  it("refills the cart in the order's city, keeps its lines, and reports what is no longer sold", async () => {
    const store = await createStore(t.database, { deliversTo: ['Montevideo'] });
    const leaving = await createStore(t.database, { deliversTo: ['Montevideo'] });
    const closed = await createStore(t.database);
    const milk = await createProduct(t.database, store.id, { name: `Leche ${Date.now()}`, stock: 2 });
    const bread = await createProduct(t.database, store.id, { stock: 10 });
    const soldOut = await createProduct(t.database, store.id, { stock: 0 });
    const deleted = await createProduct(t.database, store.id, { name: 'Yerba vieja' });
    const farAway = await createProduct(t.database, leaving.id);
    const rejectedStore = await createProduct(t.database, closed.id);
    const kept = await createProduct(t.database, store.id);
    const user = await createUser(t.app);
    const order = await insertPlacedOrder(t.database, {
      remitterId: user.id,
      stores: [
        {
          storeId: store.id,
          lines: [
            { productId: milk.id, quantity: 3 },
            { productId: bread.id, quantity: 1 },
            { productId: soldOut.id, quantity: 1 },
            { productId: deleted.id, quantity: 1 },
          ],
        },
        { storeId: leaving.id, lines: [{ productId: farAway.id, quantity: 1 }] },
        { storeId: closed.id, lines: [{ productId: rejectedStore.id, quantity: 1 }] },
      ],
    });
    await t.database.db.execute(sql`delete from products where id = ${deleted.id}`);
    await t.database.db.execute(sql`delete from store_cities where store_id = ${leaving.id}`);
    await t.database.db.execute(sql`update stores set status = 'rejected' where id = ${closed.id}`);

    // The cart already holds a product (and 4 units of bread, more than the order had).
    await t.app.inject({ method: 'PUT', url: '/v1/cart/city/Montevideo', headers: user.headers });
    for (const [productId, quantity] of [
      [kept.id, 1],
      [bread.id, 4],
    ] as const) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/v1/cart/add/',
        headers: user.headers,
        payload: { product_id: productId, quantity },
      });
      expect(added.statusCode).toBe(200);
    }

    const response = await repeat(user, order.number);
    expect(response.statusCode).toBe(200);
    const body = repeatOrderResultSchema.parse(response.json());
    expect(body.cart.city?.name).toBe('Montevideo');
    const quantities = Object.fromEntries(body.cart.products.map((line) => [line.product.id, line.quantity]));
    expect(quantities).toEqual({ [kept.id]: 1, [bread.id]: 4, [milk.id]: 2 });
    expect(body.unavailable).toEqual(
      expect.arrayContaining([
        { name: 'Yerba vieja', reason: 'Ya no se vende' },
        { name: soldOut.name, reason: 'Sin stock' },
        { name: farAway.name, reason: 'La tienda no entrega en Montevideo' },
        { name: rejectedStore.name, reason: 'Ya no se vende' },
      ]),
    );
    expect(body.unavailable).toHaveLength(4);

    // Repeating again adds nothing more.
    const again = repeatOrderResultSchema.parse((await repeat(user, order.number)).json());
    expect(again.cart.products.map((line) => line.quantity)).toEqual(
      body.cart.products.map((line) => line.quantity),
    );
  });

  it('sets the city of a cart that had none', async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id);
    const user = await createUser(t.app);
    const order = await insertPlacedOrder(t.database, {
      remitterId: user.id,
      stores: [{ storeId: store.id, lines: [{ productId: product.id, quantity: 2 }] }],
    });
    const body = repeatOrderResultSchema.parse((await repeat(user, order.number)).json());
    expect(body.cart.city?.name).toBe('Montevideo');
    expect(body.cart.products.map((line) => [line.product.id, line.quantity])).toEqual([[product.id, 2]]);
    expect(body.unavailable).toEqual([]);
    const cartAnswer = await t.app.inject({
      method: 'GET',
      url: '/v1/cart/',
      headers: { cookie: user.headers.cookie },
    });
    expect(cartAnswer.json<Cart>().products).toHaveLength(1);
  });

  it("answers 404 for another remitter's order, an unknown or malformed number, and 401 to a visitor", async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id);
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const order = await insertPlacedOrder(t.database, {
      remitterId: owner.id,
      stores: [{ storeId: store.id, lines: [{ productId: product.id }] }],
    });
    for (const number of [order.number, 'MV-999999999', 'MV-0', 'mv-1', `${order.number}-1`, "MV-1'or'1"]) {
      const response = await repeat(other, encodeURIComponent(number));
      expect(response.statusCode, number).toBe(404);
      expect(response.json()).toEqual({ detail: 'No encontrado.' });
    }
    const lines = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from cart_lines where user_id = ${other.id}`,
    );
    expect(lines[0]?.n).toBe(0);
  });
});

describe('GET /v1/orders/frequently_bought_together/:id', () => {
  it('learns from confirmed orders first, then fills with popular products, in a constant number of queries', async () => {
    const store = await createStore(t.database);
    const [main, often, once, popular, plain, lonely] = await Promise.all(
      ['principal', 'a menudo', 'una vez', 'popular', 'común', 'sola'].map((name) =>
        createProduct(t.database, store.id, { name: `Producto ${name} ${Date.now()}` }),
      ),
    );
    if (!main || !often || !once || !popular || !plain || !lonely) throw new Error('products not created');
    await t.database.db.execute(sql`update products set popularity = 1000 where id = ${popular.id}`);
    const user = await createUser(t.app);
    const buy = (ids: number[], status: 'confirmed' | 'awaiting_payment' = 'confirmed') =>
      insertPlacedOrder(t.database, {
        remitterId: user.id,
        status,
        stores: [{ storeId: store.id, lines: ids.map((productId) => ({ productId })) }],
      });

    const suggestions = async (productId: number) => {
      const before = t.queries.length;
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/orders/frequently_bought_together/${productId}`,
      });
      expect(response.statusCode).toBe(200);
      return {
        ids: response.json<Array<{ id: number }>>().map((product) => product.id),
        queries: t.queries.length - before,
      };
    };

    const cold = await suggestions(main.id);
    expect(cold.ids[0]).toBe(popular.id);

    await buy([main.id, often.id]);
    await buy([often.id, main.id, once.id]);
    await buy([main.id, often.id]);
    // Unconfirmed attempts teach nothing.
    for (let i = 0; i < 5; i++) await buy([main.id, lonely.id], 'awaiting_payment');

    const warm = await suggestions(main.id);
    expect(warm.ids.slice(0, 3)).toEqual([often.id, once.id, popular.id]);
    expect(warm.ids).not.toContain(main.id);
    expect(new Set(warm.ids).size).toBe(warm.ids.length);
    expect(warm.ids.length).toBeLessThanOrEqual(6);
    expect(warm.queries).toBe(cold.queries);
  });
});
