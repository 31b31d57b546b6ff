import { apiErrorText } from '@mandado/shared/api-error-text';
import type { Cart } from '@mandado/shared/cart.schemas';
import type { Product } from '@mandado/shared/catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionHeaders, TEST_ORIGIN, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
/** Products of approved stores delivering to Montevideo with stock for any quantity used here, by store. */
let productsByStore: Map<number, number[]>;
let storeIds: number[];
/** Every such product, ordered by id. */
let buyable: number[];

beforeAll(async () => {
  // Every test registers its own shoppers; registration counts against the e-mail lookup limit.
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 10_000, windowSeconds: 60 } } });
  const rows = await queryRows<{ id: number; storeId: number }>(
    t.database,
    sql`select p.id, p.store_id as "storeId"
        from products p join stores s on s.id = p.store_id
        where s.status = 'approved' and p.stock >= 20
          and exists (select 1 from store_cities sc join cities c on c.id = sc.city_id
                      where sc.store_id = s.id and c.name = 'Montevideo')
        order by p.id`,
  );
  buyable = rows.map((row) => row.id);
  productsByStore = new Map();
  for (const row of rows)
    productsByStore.set(row.storeId, [...(productsByStore.get(row.storeId) ?? []), row.id]);
  storeIds = [...productsByStore.keys()];
  expect(buyable.length).toBeGreaterThan(130);
  expect(storeIds.length).toBeGreaterThanOrEqual(8);
});
afterAll(() => t.close());

/** The `index`-th buyable product of the `store`-th store (stores and products in id order). */
function productOf(store: number, index = 0): number {
  const storeId = storeIds[store];
  const id = storeId === undefined ? undefined : productsByStore.get(storeId)?.[index];
  if (id === undefined) throw new Error(`no product ${index} in store ${store}`);
  return id;
}

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T = Cart>(
  headers: Partial<SessionHeaders> | undefined,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const response = await t.app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json<T>() };
}

/** A fresh logged-in user whose cart delivers to Montevideo. */
async function shopperInMontevideo(): Promise<SessionHeaders> {
  const { headers } = await registerUser(t.app);
  expect((await call(headers, 'PUT', '/v1/cart/city/Montevideo')).status).toBe(200);
  return headers;
}

function lineIds(cart: Cart): number[] {
  return cart.products.map((line) => line.product.id);
}

async function productName(id: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(
    t.database,
    sql`select name from products where id = ${id}`,
  );
  if (!row) throw new Error(`no product ${id}`);
  return row.name;
}

describe('who reaches a cart', () => {
  const stateChanges: Array<['PUT' | 'POST' | 'DELETE', string, unknown]> = [
    ['PUT', '/v1/cart/city/Montevideo', undefined],
    ['PUT', '/v1/cart/', []],
    ['POST', '/v1/cart/add/', { product_id: 1, quantity: 1 }],
    ['DELETE', '/v1/cart/delete/1', undefined],
    ['DELETE', '/v1/cart/', undefined],
  ];

  it('answers 401 to a visitor on every cart call', async () => {
    expect(await call(undefined, 'GET', '/v1/cart/')).toEqual({
      status: 401,
      body: { detail: SERVER_MESSAGES.notAuthenticated },
    });
    const visitor = await visitorHeaders(t.app);
    for (const [method, url, payload] of stateChanges) {
      expect(await call(visitor, method, url, payload), `${method} ${url}`).toEqual({
        status: 401,
        body: { detail: SERVER_MESSAGES.notAuthenticated },
      });
    }
  });

  it('answers 401 to a visitor even with a malformed body', async () => {
    const visitor = await visitorHeaders(t.app);
    expect((await call(visitor, 'POST', '/v1/cart/add/', { product_id: 'x', quantity: 0 })).status).toBe(401);
  });

  it('answers 403 to a state change without the CSRF token, with another token or from another origin', async () => {
    const a = await shopperInMontevideo();
    const b = await registerUser(t.app);
    const forged: Array<Partial<SessionHeaders>> = [
      { cookie: a.cookie, origin: TEST_ORIGIN },
      { ...a, 'x-csrftoken': b.headers['x-csrftoken'] },
      { ...a, origin: 'https://evil.example' },
    ];
    for (const headers of forged) {
      for (const [method, url, payload] of stateChanges) {
        expect(await call(headers, method, url, payload), `${method} ${url}`).toEqual({
          status: 403,
          body: { detail: MESSAGES.csrfFailed },
        });
      }
    }
  });

  it("never lets user B see or change user A's lines", async () => {
    const a = await shopperInMontevideo();
    const b = await shopperInMontevideo();
    const first = productOf(0);
    const second = productOf(1);
    await call(a, 'PUT', '/v1/cart/', [
      { product_id: first, quantity: 2 },
      { product_id: second, quantity: 1 },
    ]);
    const before = await call(a, 'GET', '/v1/cart/');

    expect(lineIds((await call(b, 'GET', '/v1/cart/')).body)).toEqual([]);
    expect(lineIds((await call(b, 'DELETE', `/v1/cart/delete/${first}`)).body)).toEqual([]);
    expect(
      (await call(b, 'POST', '/v1/cart/add/', { product_id: first, quantity: 5 })).body.products,
    ).toEqual([expect.objectContaining({ quantity: 5 })]);
    await call(b, 'DELETE', '/v1/cart/');
    await call(b, 'PUT', '/v1/cart/', [{ product_id: second, quantity: 9 }]);

    expect(await call(a, 'GET', '/v1/cart/')).toEqual(before);
    expect(before.body.products.map((line) => [line.product.id, line.quantity])).toEqual([
      [first, 2],
      [second, 1],
    ]);
  });
});

describe('GET /v1/cart/', () => {
  it('gives a new user an empty cart without a city', async () => {
    const { headers } = await registerUser(t.app);
    expect(await call(headers, 'GET', '/v1/cart/')).toEqual({
      status: 200,
      body: {
        city: null,
        products: [],
        stores: [],
        subtotal: '0.00',
        shipping: '0.00',
        free_shipping: false,
      },
    });
  });

  it("gives each line's product in the catalog's shape", async () => {
    const headers = await shopperInMontevideo();
    const id = productOf(2);
    await call(headers, 'POST', '/v1/cart/add/', { product_id: id, quantity: 3 });
    const catalog = await call<Product>(undefined, 'GET', `/v1/products/${id}`);
    const { body } = await call(headers, 'GET', '/v1/cart/');
    expect(body.products).toEqual([{ quantity: 3, product: catalog.body }]);
    expect(body.products[0]?.product.store_id).toBe(storeIds[2]);
  });

  it('costs the same number of queries with 1 line and with 30', async () => {
    const headers = await shopperInMontevideo();
    async function queriesFor(method: 'GET' | 'PUT', payload?: unknown): Promise<number> {
      const before = t.queries.length;
      expect((await call(headers, method, '/v1/cart/', payload)).status).toBe(200);
      return t.queries.length - before;
    }
    const one = buyable.slice(0, 1).map((id) => ({ product_id: id, quantity: 1 }));
    const thirty = buyable.slice(0, 30).map((id) => ({ product_id: id, quantity: 2 }));

    const putOne = await queriesFor('PUT', one);
    const getOne = await queriesFor('GET');
    const putThirty = await queriesFor('PUT', thirty);
    const getThirty = await queriesFor('GET');

    expect((await call(headers, 'GET', '/v1/cart/')).body.products).toHaveLength(30);
    expect(getThirty).toBe(getOne);
    expect(putThirty).toBe(putOne);
    // Session lookup plus the cart's four reads.
    expect(getOne).toBeLessThanOrEqual(6);
  });
});

describe('lines a shopper can no longer buy', () => {
  it('hides the lines of a store that stopped being approved, and the next change deletes them', async () => {
    const lastStore = storeIds.length - 1;
    const storeId = storeIds[lastStore] ?? 0;
    const hidden = productOf(lastStore);
    const headers = await shopperInMontevideo();
    await call(headers, 'PUT', '/v1/cart/', [
      { product_id: productOf(0), quantity: 1 },
      { product_id: hidden, quantity: 1 },
    ]);
    try {
      await t.database.db.execute(sql`update stores set status = 'pending' where id = ${storeId}`);
      const { body } = await call(headers, 'GET', '/v1/cart/');
      expect(lineIds(body)).toEqual([productOf(0)]);
      expect(body.stores.map((store) => store.store_id)).toEqual([storeIds[0]]);
      await call(headers, 'POST', '/v1/cart/add/', { product_id: productOf(1) });
    } finally {
      await t.database.db.execute(sql`update stores set status = 'approved' where id = ${storeId}`);
    }
    expect(lineIds((await call(headers, 'GET', '/v1/cart/')).body)).toEqual([productOf(0), productOf(1)]);
  });
});

describe('shipping preview', () => {
  it('adds per-store subtotals in USD, 2.99 per store in the city, 4.99 outside, free from the threshold', async () => {
    const usdProduct = productOf(3);
    const uyuDiscounted = productOf(4);
    const outsideProduct = productOf(5);
    await t.database.db.execute(sql`
      update products set price = 30.00, currency = 'USD', discount = false, merchant_discounted_price = null
      where id = ${usdProduct}`);
    // Sold at 401.50 UYU (10.00 USD at the seeded 40.15), not at its full price.
    await t.database.db.execute(sql`
      update products set price = 450.00, currency = 'UYU', discount = true, merchant_discounted_price = 401.50
      where id = ${uyuDiscounted}`);
    await t.database.db.execute(sql`
      update products set price = 5.00, currency = 'USD', discount = false, merchant_discounted_price = null
      where id = ${outsideProduct}`);
    // The store keeps delivering to Montevideo but is located in another city.
    await t.database.db.execute(sql`
      update stores set city_id = (select id from cities where name = 'Las Piedras')
      where id = ${storeIds[5] ?? 0}`);

    const headers = await shopperInMontevideo();
    const { status, body } = await call(headers, 'PUT', '/v1/cart/', [
      { product_id: usdProduct, quantity: 2 },
      { product_id: uyuDiscounted, quantity: 1 },
      { product_id: outsideProduct, quantity: 1 },
    ]);
    expect(status).toBe(200);
    expect(body.products[1]?.product).toMatchObject({
      price: '450.00',
      merchant_discounted_price: '401.50',
      discount: true,
      currency: 'UYU',
    });
    expect(body).toMatchObject({
      stores: [
        { store_id: storeIds[3], subtotal: '60.00', shipping: '2.99' },
        { store_id: storeIds[4], subtotal: '10.00', shipping: '2.99' },
        { store_id: storeIds[5], subtotal: '5.00', shipping: '4.99' },
      ],
      subtotal: '75.00',
      shipping: '10.97',
      free_shipping: false,
    });

    const free = await call(headers, 'POST', '/v1/cart/add/', { product_id: uyuDiscounted, quantity: 2 });
    expect(free.body).toMatchObject({
      stores: [
        { store_id: storeIds[3], subtotal: '60.00', shipping: '0.00' },
        { store_id: storeIds[4], subtotal: '20.00', shipping: '0.00' },
        { store_id: storeIds[5], subtotal: '5.00', shipping: '0.00' },
      ],
      subtotal: '85.00',
      shipping: '0.00',
      free_shipping: true,
    });

    // The threshold is the stored setting: raised above the subtotal, shipping is charged again.
    await t.database.db.execute(
      sql`update settings set value = '85.01' where key = 'free_shipping_threshold'`,
    );
    const charged = await call(headers, 'GET', '/v1/cart/');
    await t.database.db.execute(
      sql`update settings set value = '80.00' where key = 'free_shipping_threshold'`,
    );
    expect(charged.body).toMatchObject({ subtotal: '85.00', shipping: '10.97', free_shipping: false });
  });
});

describe('PUT /v1/cart/city/:city', () => {
  it('sets a served city named without regard to case or accents', async () => {
    const { headers } = await registerUser(t.app);
    const { status, body } = await call(headers, 'PUT', '/v1/cart/city/MONTEVID%C3%89O');
    expect(status).toBe(200);
    expect(body.city).toMatchObject({ name: 'Montevideo', state: 'Montevideo' });
    expect((await call(headers, 'GET', '/v1/cart/')).body.city).toEqual(body.city);
  });

  it('answers 404 for a city without service and keeps the cart as it was', async () => {
    const headers = await shopperInMontevideo();
    expect(await call(headers, 'PUT', '/v1/cart/city/Salto')).toEqual({
      status: 404,
      body: { detail: SERVER_MESSAGES.unknownCity },
    });
    expect((await call(headers, 'GET', '/v1/cart/')).body.city?.name).toBe('Montevideo');
  });

  it('drops the lines whose stores do not deliver to the new city and keeps the others', async () => {
    const [costa] = await queryRows<{ id: number }>(
      t.database,
      sql`update cities set served = true where name = 'Ciudad de la Costa' returning id`,
    );
    const deliversBoth = storeIds[6] ?? 0;
    await t.database.db.execute(
      sql`insert into store_cities (store_id, city_id) values (${deliversBoth}, ${costa?.id ?? 0})`,
    );
    const kept = productOf(6);
    const dropped = productOf(7);
    const headers = await shopperInMontevideo();
    await call(headers, 'PUT', '/v1/cart/', [
      { product_id: dropped, quantity: 1 },
      { product_id: kept, quantity: 4 },
    ]);

    const { status, body } = await call(headers, 'PUT', '/v1/cart/city/ciudad%20de%20la%20costa');
    expect(status).toBe(200);
    expect(body.city).toMatchObject({ name: 'Ciudad de la Costa', state: 'Canelones' });
    expect(body.products.map((line) => [line.product.id, line.quantity])).toEqual([[kept, 4]]);
    // The store is in Montevideo, outside the new delivery city.
    expect(body.stores).toEqual([expect.objectContaining({ store_id: deliversBoth, shipping: '4.99' })]);

    const refused = await call(headers, 'POST', '/v1/cart/add/', { product_id: dropped });
    expect(refused).toEqual({
      status: 400,
      body: {
        detail: SERVER_MESSAGES.cartProductNotInCity(await productName(dropped), 'Ciudad de la Costa'),
      },
    });
  });

  it.each(['', 'x'.repeat(101)])('answers 404 for the malformed city "%s"', async (city) => {
    const headers = await shopperInMontevideo();
    expect((await call(headers, 'PUT', `/v1/cart/city/${city}`)).status).toBe(404);
  });
});

describe('POST /v1/cart/add/', () => {
  it('adds a line with quantity 1 by default, then sets (not adds to) the quantity of that line', async () => {
    const headers = await shopperInMontevideo();
    const first = productOf(0, 1);
    const second = productOf(1, 1);
    const added = await call(headers, 'POST', '/v1/cart/add/', { product_id: first });
    expect(added.status).toBe(200);
    expect(added.body.products.map((line) => [line.product.id, line.quantity])).toEqual([[first, 1]]);
    await call(headers, 'POST', '/v1/cart/add/', { product_id: second, quantity: 2 });
    const set = await call(headers, 'POST', '/v1/cart/add/', { product_id: first, quantity: 3 });
    // The line keeps its place.
    expect(set.body.products.map((line) => [line.product.id, line.quantity])).toEqual([
      [first, 3],
      [second, 2],
    ]);
    const lowered = await call(headers, 'POST', '/v1/cart/add/', { product_id: first, quantity: 1 });
    expect(lowered.body.products[0]?.quantity).toBe(1);
  });

  it('asks to choose a delivery city first', async () => {
    const { headers } = await registerUser(t.app);
    expect(await call(headers, 'POST', '/v1/cart/add/', { product_id: productOf(0) })).toEqual({
      status: 400,
      body: { detail: SERVER_MESSAGES.cartCityRequired },
    });
  });

  it.each([
    [0, 'quantity'],
    [100, 'quantity'],
    [1.5, 'quantity'],
    ['2', 'quantity'],
    [null, 'quantity'],
  ])('answers 400 for the quantity %j', async (quantity, field) => {
    const headers = await shopperInMontevideo();
    const { status, body } = await call<Record<string, string[]>>(headers, 'POST', '/v1/cart/add/', {
      product_id: productOf(0),
      quantity,
    });
    expect(status).toBe(400);
    expect(body).toEqual({ [field]: [MESSAGES.cartQuantityInvalid] });
    expect((await call(headers, 'GET', '/v1/cart/')).body.products).toEqual([]);
  });

  it.each([
    [{ quantity: 1 }, MESSAGES.required],
    [{ product_id: 'leche' }, MESSAGES.invalidValue],
    [{ product_id: 0 }, MESSAGES.invalidValue],
    [{ product_id: 2.5 }, MESSAGES.invalidValue],
  ])('answers 400 for the body %j', async (payload, message) => {
    const headers = await shopperInMontevideo();
    const { status, body } = await call(headers, 'POST', '/v1/cart/add/', payload);
    expect(status).toBe(400);
    expect(body).toEqual({ product_id: [message] });
  });

  it('refuses a body that is not an object', async () => {
    const headers = await shopperInMontevideo();
    const { status, body } = await call(headers, 'POST', '/v1/cart/add/', [1, 2]);
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['non_field_errors']);
  });

  it('refuses an unknown product and a product of a store that is not approved alike', async () => {
    const headers = await shopperInMontevideo();
    const [pending] = await queryRows<{ id: number }>(
      t.database,
      sql`select p.id from products p join stores s on s.id = p.store_id where s.status = 'pending' and p.stock > 0 limit 1`,
    );
    for (const id of [999_999, pending?.id]) {
      expect(await call(headers, 'POST', '/v1/cart/add/', { product_id: id }), String(id)).toEqual({
        status: 400,
        body: { detail: SERVER_MESSAGES.cartProductUnavailable },
      });
    }
  });

  it("answers the spec's out-of-stock shape for stock 0 and for more than the stock", async () => {
    const headers = await shopperInMontevideo();
    const [empty] = await queryRows<{ id: number; name: string }>(
      t.database,
      sql`select p.id, p.name from products p join stores s on s.id = p.store_id
          where s.status = 'approved' and p.stock = 0 order by p.id limit 1`,
    );
    if (!empty) throw new Error('the seed has no product without stock');
    const refused = await call(headers, 'POST', '/v1/cart/add/', { product_id: empty.id });
    expect(refused).toEqual({
      status: 400,
      body: { errors: [{ out_of_stock: true, product_id: empty.id, name: empty.name }] },
    });
    expect(apiErrorText(refused.body)).toBe(
      `${empty.name} está fuera de stock. Quítalo del carrito para continuar.`,
    );

    const scarce = productOf(0, 2);
    await t.database.db.execute(sql`update products set stock = 3 where id = ${scarce}`);
    expect((await call(headers, 'POST', '/v1/cart/add/', { product_id: scarce, quantity: 3 })).status).toBe(
      200,
    );
    const tooMany = await call(headers, 'POST', '/v1/cart/add/', { product_id: scarce, quantity: 4 });
    expect(tooMany).toEqual({
      status: 400,
      body: { errors: [{ out_of_stock: true, product_id: scarce, name: await productName(scarce) }] },
    });
    expect((await call(headers, 'GET', '/v1/cart/')).body.products).toEqual([
      expect.objectContaining({ quantity: 3 }),
    ]);
  });

  it('refuses a 101st line but still changes a line already there', async () => {
    const headers = await shopperInMontevideo();
    const hundred = buyable.slice(0, 100);
    await call(
      headers,
      'PUT',
      '/v1/cart/',
      hundred.map((id) => ({ product_id: id, quantity: 1 })),
    );
    expect(await call(headers, 'POST', '/v1/cart/add/', { product_id: buyable[100] })).toEqual({
      status: 400,
      body: { non_field_errors: [MESSAGES.cartTooManyLines] },
    });
    const changed = await call(headers, 'POST', '/v1/cart/add/', { product_id: hundred[50], quantity: 7 });
    expect(changed.status).toBe(200);
    expect(changed.body.products).toHaveLength(100);
    expect(changed.body.products[50]?.quantity).toBe(7);
  });
});

describe('PUT /v1/cart/', () => {
  it('replaces every line, in the order given', async () => {
    const headers = await shopperInMontevideo();
    await call(headers, 'POST', '/v1/cart/add/', { product_id: productOf(0), quantity: 5 });
    const lines = [
      { product_id: productOf(2), quantity: 1 },
      { product_id: productOf(1), quantity: 2 },
      { product_id: productOf(0), quantity: 3 },
    ];
    const { status, body } = await call(headers, 'PUT', '/v1/cart/', lines);
    expect(status).toBe(200);
    expect(body.products.map((line) => ({ product_id: line.product.id, quantity: line.quantity }))).toEqual(
      lines,
    );
    expect((await call(headers, 'GET', '/v1/cart/')).body).toEqual(body);
  });

  it('accepts an empty list, even before a city is chosen', async () => {
    const { headers } = await registerUser(t.app);
    expect((await call(headers, 'PUT', '/v1/cart/', [])).body).toMatchObject({ city: null, products: [] });
  });

  it('asks for a delivery city before taking lines', async () => {
    const { headers } = await registerUser(t.app);
    expect(await call(headers, 'PUT', '/v1/cart/', [{ product_id: productOf(0), quantity: 1 }])).toEqual({
      status: 400,
      body: { detail: SERVER_MESSAGES.cartCityRequired },
    });
  });

  it('changes nothing when one line is refused, and reports the first offending line', async () => {
    const headers = await shopperInMontevideo();
    const before = await call(headers, 'PUT', '/v1/cart/', [
      { product_id: productOf(0), quantity: 1 },
      { product_id: productOf(1), quantity: 2 },
    ]);
    const [empty] = await queryRows<{ id: number; name: string }>(
      t.database,
      sql`select p.id, p.name from products p join stores s on s.id = p.store_id
          where s.status = 'approved' and p.stock = 0 order by p.id limit 1`,
    );
    if (!empty) throw new Error('the seed has no product without stock');

    const outOfStockFirst = await call(headers, 'PUT', '/v1/cart/', [
      { product_id: productOf(2), quantity: 1 },
      { product_id: empty.id, quantity: 1 },
      { product_id: 999_999, quantity: 1 },
    ]);
    expect(outOfStockFirst).toEqual({
      status: 400,
      body: { errors: [{ out_of_stock: true, product_id: empty.id, name: empty.name }] },
    });
    const unknownFirst = await call(headers, 'PUT', '/v1/cart/', [
      { product_id: productOf(2), quantity: 1 },
      { product_id: 999_999, quantity: 1 },
      { product_id: empty.id, quantity: 1 },
    ]);
    expect(unknownFirst).toEqual({ status: 400, body: { detail: SERVER_MESSAGES.cartProductUnavailable } });

    expect(await call(headers, 'GET', '/v1/cart/')).toEqual(before);
  });

  it.each([
    [
      'more than 100 lines',
      () => buyable.slice(0, 101).map((id) => ({ product_id: id, quantity: 1 })),
      { non_field_errors: [MESSAGES.cartTooManyLines] },
    ],
    [
      'the same product twice',
      () => [
        { product_id: productOf(0), quantity: 1 },
        { product_id: productOf(0), quantity: 2 },
      ],
      { non_field_errors: [MESSAGES.cartDuplicateProduct] },
    ],
    [
      'a quantity of 0',
      () => [{ product_id: productOf(0), quantity: 0 }],
      { 0: [MESSAGES.cartQuantityInvalid] },
    ],
    [
      'a quantity of "2"',
      () => [{ product_id: productOf(0), quantity: '2' }],
      { 0: [MESSAGES.cartQuantityInvalid] },
    ],
    ['an object instead of a list', () => ({ product_id: productOf(0), quantity: 1 }), undefined],
  ])('answers 400 for %s and keeps the cart', async (_name, payload, expected) => {
    const headers = await shopperInMontevideo();
    const before = await call(headers, 'PUT', '/v1/cart/', [{ product_id: productOf(1), quantity: 1 }]);
    const { status, body } = await call(headers, 'PUT', '/v1/cart/', payload());
    expect(status).toBe(400);
    if (expected) expect(body).toEqual(expected);
    expect(await call(headers, 'GET', '/v1/cart/')).toEqual(before);
  });
});

describe('DELETE /v1/cart/delete/:id and DELETE /v1/cart/', () => {
  it('removes one line and answers the cart', async () => {
    const headers = await shopperInMontevideo();
    await call(headers, 'PUT', '/v1/cart/', [
      { product_id: productOf(0), quantity: 1 },
      { product_id: productOf(1), quantity: 1 },
    ]);
    const { status, body } = await call(headers, 'DELETE', `/v1/cart/delete/${productOf(0)}`);
    expect(status).toBe(200);
    expect(lineIds(body)).toEqual([productOf(1)]);
    // Removing a line that is not there changes nothing.
    expect(lineIds((await call(headers, 'DELETE', `/v1/cart/delete/${productOf(0)}`)).body)).toEqual([
      productOf(1),
    ]);
  });

  it.each(['abc', '0', '-3', '1.5'])('answers 404 for the malformed id %s', async (id) => {
    const headers = await shopperInMontevideo();
    expect(await call(headers, 'DELETE', `/v1/cart/delete/${id}`)).toEqual({
      status: 404,
      body: { detail: SERVER_MESSAGES.notFound },
    });
  });

  it('empties the lines and keeps the city', async () => {
    const headers = await shopperInMontevideo();
    await call(headers, 'PUT', '/v1/cart/', [{ product_id: productOf(0), quantity: 1 }]);
    const { status, body } = await call(headers, 'DELETE', '/v1/cart/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ products: [], stores: [], subtotal: '0.00', shipping: '0.00' });
    expect(body.city?.name).toBe('Montevideo');
  });
});

describe('concurrent changes to one cart', () => {
  it('keeps all 20 lines of 20 concurrent adds', async () => {
    const headers = await shopperInMontevideo();
    const ids = buyable.slice(40, 60);
    const answers = await Promise.all(
      ids.map((id) => call(headers, 'POST', '/v1/cart/add/', { product_id: id, quantity: 2 })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    const { body } = await call(headers, 'GET', '/v1/cart/');
    expect(lineIds(body).sort((a, b) => a - b)).toEqual(ids);
    expect(body.products.every((line) => line.quantity === 2)).toBe(true);
  });

  it('never goes past 100 lines when adds race for the last places', async () => {
    const headers = await shopperInMontevideo();
    await call(
      headers,
      'PUT',
      '/v1/cart/',
      buyable.slice(0, 98).map((id) => ({ product_id: id, quantity: 1 })),
    );
    const answers = await Promise.all(
      buyable.slice(98, 104).map((id) => call(headers, 'POST', '/v1/cart/add/', { product_id: id })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 400, 400, 400, 400]);
    expect((await call(headers, 'GET', '/v1/cart/')).body.products).toHaveLength(100);
  });
});
