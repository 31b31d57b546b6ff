import type { MerchantProduct, MerchantProductPage } from '@mandado/shared/merchant-catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
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
import type { SessionHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 18: a store's owners run its catalog from /comercio; staff members only see orders.
let t: TestApp;
let store: TestStore;
let otherStore: TestStore;
let owner: TestUser;
let staff: TestUser;
let otherOwner: TestUser;
let operator: TestUser;
let shopper: TestUser;
let categoryId: number;

/** A 1×1 PNG: a real image the server checks by content and re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.database, { name: `Almacén del catálogo ${Date.now()}` });
  otherStore = await createStore(t.database, { name: `Otro almacén ${Date.now()}` });
  [owner, staff, otherOwner, operator, shopper] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
  await addStoreMember(t.database, store.id, owner.id, 'owner');
  await addStoreMember(t.database, store.id, staff.id, 'staff');
  await addStoreMember(t.database, otherStore.id, otherOwner.id, 'owner');
  await makeOperator(t.database, operator.id);
  // The store's category, made the way the seed makes them (the factory's product brings one).
  const seeded = await createProduct(t.database, store.id, { name: 'Ñandú de peluche', stock: 3 });
  const [row] = await queryRows<{ category_id: number }>(
    t.database,
    sql`select category_id from products where id = ${seeded.id}`,
  );
  categoryId = row?.category_id ?? 0;
});
afterAll(() => t.close());

async function call<T>(
  who: { headers: SessionHeaders } | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await t.app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json<T>() };
}

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Yerba de la casa ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Paquete de 1 kg.\nMolienda fina.',
    category_id: categoryId,
    price: '245,50',
    discounted_price: null,
    stock: 12,
    active: true,
    images: [],
    ...overrides,
  };
}

const base = () => `/v1/merchant/stores/${store.id}`;

describe('the owner', () => {
  it('creates a product, which the shop shows at once, and the audit records who did it', async () => {
    const created = await call<MerchantProduct>(owner, 'POST', `${base()}/products/`, productBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ price: '245.50', stock: 12, active: true, currency: 'UYU' });

    const shop = await call<Array<{ products: Array<{ name: string; price: string }> }>>(
      null,
      'GET',
      `/v1/stores/${store.id}/products/`,
    );
    const names = shop.body.flatMap((category) => category.products.map((product) => product.name));
    expect(names).toContain(created.body.name);

    const audit = await queryRows<{ actor_user_id: number; actor_role: string; action: string }>(
      t.database,
      sql`select actor_user_id, actor_role, action from audit_events where subject = ${`product:${created.body.id}`}`,
    );
    expect(audit).toEqual([{ actor_user_id: owner.id, actor_role: 'owner', action: 'product.created' }]);
  });

  it('changes a price and a discount; the shop and its ETag follow', async () => {
    const created = await call<MerchantProduct>(owner, 'POST', `${base()}/products/`, productBody());
    const before = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/products/` });
    const updated = await call<MerchantProduct>(
      owner,
      'PUT',
      `${base()}/products/${created.body.id}/`,
      productBody({ name: created.body.name, price: '300', discounted_price: '279.90' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ price: '300.00', discounted_price: '279.90' });

    const after = await t.app.inject({
      method: 'GET',
      url: `/v1/stores/${store.id}/products/`,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    const shopProduct = await call<{ price: string; merchant_discounted_price: string; discount: boolean }>(
      null,
      'GET',
      `/v1/products/${created.body.id}`,
    );
    expect(shopProduct.body).toMatchObject({
      price: '300.00',
      merchant_discounted_price: '279.90',
      discount: true,
    });

    const [audit] = await queryRows<{ detail: { price: unknown } }>(
      t.database,
      sql`select detail from audit_events where subject = ${`product:${created.body.id}`} and action = 'product.updated'`,
    );
    expect(audit?.detail.price).toEqual({ from: '245.50', to: '300.00' });
  });

  it('moves stock with +/− and "Agotado", never below 0', async () => {
    const created = await call<MerchantProduct>(
      owner,
      'POST',
      `${base()}/products/`,
      productBody({ stock: 1 }),
    );
    const url = `${base()}/products/${created.body.id}/stock/`;
    expect((await call<{ stock: number }>(owner, 'POST', url, { delta: 1 })).body.stock).toBe(2);
    expect((await call<{ stock: number }>(owner, 'POST', url, { delta: -5 })).body.stock).toBe(0);
    expect((await call<{ stock: number }>(owner, 'POST', url, { set: 7 })).body.stock).toBe(7);
    expect((await call<{ stock: number }>(owner, 'POST', url, { set: 0 })).body.stock).toBe(0);
    const bad = await call<{ detail: string }>(owner, 'POST', url, { delta: 1, set: 3 });
    expect(bad.status).toBe(400);
  });

  it('counts every tap when many arrive at once', async () => {
    const created = await call<MerchantProduct>(
      owner,
      'POST',
      `${base()}/products/`,
      productBody({ stock: 0 }),
    );
    const url = `${base()}/products/${created.body.id}/stock/`;
    await Promise.all(Array.from({ length: 20 }, () => call(owner, 'POST', url, { delta: 1 })));
    const read = await call<MerchantProduct>(owner, 'GET', `${base()}/products/${created.body.id}/`);
    expect(read.body.stock).toBe(20);
  });

  it('pages the list by name with a cursor and finds names without accents or case', async () => {
    for (const name of ['Queso Colonia', 'Queso Dambo', 'Quesillo', 'Té verde']) {
      await call(owner, 'POST', `${base()}/products/`, productBody({ name }));
    }
    const first = await call<MerchantProductPage>(owner, 'GET', `${base()}/products/?q=QUES&limit=2`);
    expect(first.body.results.map((product) => product.name)).toEqual(['Quesillo', 'Queso Colonia']);
    expect(first.body.next_cursor).not.toBeNull();
    const second = await call<MerchantProductPage>(
      owner,
      'GET',
      `${base()}/products/?q=QUES&limit=2&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.results.map((product) => product.name)).toEqual(['Queso Dambo']);
    expect(second.body.next_cursor).toBeNull();

    const accent = await call<MerchantProductPage>(owner, 'GET', `${base()}/products/?q=te%20verde`);
    expect(accent.body.results.map((product) => product.name)).toEqual(['Té verde']);
    const literal = await call<MerchantProductPage>(owner, 'GET', `${base()}/products/?q=%25`);
    expect(literal.body.results).toEqual([]);
    const badCursor = await call<{ detail: string }>(owner, 'GET', `${base()}/products/?cursor=nada`);
    expect(badCursor.status).toBe(400);
  });

  it("tells the store's currency with every page, also for a store with no product yet", async () => {
    const empty = await createStore(t.database, { name: `Almacén vacío ${Date.now()}` });
    const dollars = await createStore(t.database, { name: `Tienda en dólares ${Date.now()}` });
    const emptyOwner = await createUser(t.app);
    await addStoreMember(t.database, empty.id, emptyOwner.id, 'owner');
    await addStoreMember(t.database, dollars.id, emptyOwner.id, 'owner');
    await createProduct(t.database, dollars.id, { currency: 'USD' });

    const none = await call<MerchantProductPage>(
      emptyOwner,
      'GET',
      `/v1/merchant/stores/${empty.id}/products/`,
    );
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ results: [], next_cursor: null, currency: 'UYU' });
    // A search that finds nothing still says which currency a new product takes.
    const nothing = await call<MerchantProductPage>(
      emptyOwner,
      'GET',
      `/v1/merchant/stores/${dollars.id}/products/?q=zzz`,
    );
    expect(nothing.body).toMatchObject({ results: [], currency: 'USD' });
  });

  it('switches a product off: hidden from the shop, refused by the cart, kept for the owner', async () => {
    const created = await call<MerchantProduct>(owner, 'POST', `${base()}/products/`, productBody());
    const buyer = await createUser(t.app);
    expect((await call(buyer, 'PUT', '/v1/cart/city/Montevideo')).status).toBe(200);
    const added = await call(buyer, 'POST', '/v1/cart/add/', { product_id: created.body.id, quantity: 1 });
    expect(added.status).toBe(200);

    const off = await call<MerchantProduct>(
      owner,
      'PUT',
      `${base()}/products/${created.body.id}/`,
      productBody({ name: created.body.name, active: false }),
    );
    expect(off.body.active).toBe(false);
    expect((await call(null, 'GET', `/v1/products/${created.body.id}`)).status).toBe(404);
    // The line already in a cart reads as out of stock (the cart and checkout refuse it with their message).
    const cart = await call<{ products: Array<{ product: { id: number; stock: number } }> }>(
      buyer,
      'GET',
      '/v1/cart/',
    );
    expect(cart.body.products.find((line) => line.product.id === created.body.id)?.product.stock).toBe(0);
    const again = await call(shopper, 'POST', '/v1/cart/add/', { product_id: created.body.id, quantity: 1 });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    const list = await call<MerchantProductPage>(
      owner,
      'GET',
      `${base()}/products/?q=${encodeURIComponent(created.body.name)}`,
    );
    expect(list.body.results[0]).toMatchObject({ id: created.body.id, active: false });
  });

  it('uploads a photo, checked by content, served publicly, and saves it with a product', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: `${base()}/product-images/`,
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(upload.statusCode).toBe(201);
    const { url } = upload.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/media/photos/${store.id}/[0-9a-f-]{36}\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');

    const created = await call<MerchantProduct>(
      owner,
      'POST',
      `${base()}/products/`,
      productBody({ images: [url] }),
    );
    expect(created.body.images).toEqual([url]);

    const notAnImage = await t.app.inject({
      method: 'POST',
      url: `${base()}/product-images/`,
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.imageNotSupported);
    // Another store's owner cannot put this store's photo on their product, nor an address elsewhere.
    const otherCategory = await createProduct(t.database, otherStore.id);
    const [other] = await queryRows<{ category_id: number }>(
      t.database,
      sql`select category_id from products where id = ${otherCategory.id}`,
    );
    for (const image of [url, 'https://example.com/a.webp']) {
      const refused = await call<{ detail: string }>(
        otherOwner,
        'POST',
        `/v1/merchant/stores/${otherStore.id}/products/`,
        productBody({ category_id: other?.category_id, images: [image] }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(SERVER_MESSAGES.productImageNotOurs);
    }
  });
  it('serves every srcset width as AVIF and WebP, made at upload; a photo without them gets them at its first request (issue 30)', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: `${base()}/product-images/`,
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    const { url } = upload.json<{ url: string }>();
    // Stored as products/<store>/<uuid>.webp, served at /media/photos/<store>/<uuid>.webp.
    const key = url.replace(/^\/media\/photos\//, 'products/');
    for (const [suffix, type] of [
      ['-w160.avif', 'image/avif'],
      ['-w960.webp', 'image/webp'],
    ] as const) {
      // Made at upload: in the storage before anyone asks.
      expect(await t.app.media.get(key.replace(/\.webp$/, suffix))).not.toBeNull();
      const variant = await t.app.inject({ method: 'GET', url: url.replace(/\.webp$/, suffix) });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe(type);
      expect(variant.headers['cache-control']).toContain('immutable');
    }
    // A photo uploaded before variants existed: made from the original once, then stored.
    const older = key.replace(/\.webp$/, '-w320.avif');
    await t.app.media.delete(older);
    const remade = await t.app.inject({ method: 'GET', url: url.replace(/\.webp$/, '-w320.avif') });
    expect(remade.statusCode).toBe(200);
    expect(remade.headers['content-type']).toBe('image/avif');
    expect(await t.app.media.get(older)).not.toBeNull();
    // Only the widths the shop uses; another is no file of ours.
    const other = await t.app.inject({ method: 'GET', url: url.replace(/\.webp$/, '-w999.avif') });
    expect(other.statusCode).toBe(404);
  });
});

describe('what the catalog refuses, in Spanish', () => {
  it.each([
    [{ price: '0' }, STAFF_MESSAGES.invalidPrice],
    [{ price: '12,345' }, STAFF_MESSAGES.invalidPrice],
    [{ price: '10', discounted_price: '10' }, STAFF_MESSAGES.discountNotLower],
    [{ stock: -1 }, STAFF_MESSAGES.invalidStock],
    [{ stock: 1.5 }, STAFF_MESSAGES.invalidStock],
    [{ name: '  ' }, MESSAGES.required],
    [{ name: 'Yerba\u202Eexe' }, MESSAGES.singleLineText],
  ])('%o', async (overrides, message) => {
    const answer = await call<{ detail: string; errors?: Record<string, string[]> }>(
      owner,
      'POST',
      `${base()}/products/`,
      productBody(overrides),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
  });

  it("refuses another store's category and a name the store already has", async () => {
    const other = await createProduct(t.database, otherStore.id);
    const [row] = await queryRows<{ category_id: number }>(
      t.database,
      sql`select category_id from products where id = ${other.id}`,
    );
    const category = await call<{ detail: string }>(
      owner,
      'POST',
      `${base()}/products/`,
      productBody({ category_id: row?.category_id }),
    );
    expect(category.status).toBe(400);
    expect(category.body.detail).toBe(SERVER_MESSAGES.categoryNotInStore);
    const taken = await call<{ detail: string }>(
      owner,
      'POST',
      `${base()}/products/`,
      productBody({ name: 'Ñandú de peluche' }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(SERVER_MESSAGES.productNameTaken);
  });
});

describe('who reaches the catalog', () => {
  it('answers 401 to a visitor and 403 to a shopper, a staff member, another store and an operator', async () => {
    expect((await call(null, 'GET', `${base()}/products/`)).status).toBe(401);
    expect((await call(shopper, 'GET', `${base()}/products/`)).status).toBe(403);
    expect((await call(otherOwner, 'GET', `${base()}/products/`)).status).toBe(403);
    // An operator works through the back office, not as a member of a store they do not belong to.
    expect((await call(operator, 'GET', `${base()}/products/`)).status).toBe(403);
    const staffRead = await call<{ detail: string }>(staff, 'GET', `${base()}/products/`);
    expect(staffRead.status).toBe(403);
    expect(staffRead.body.detail).toBe(STAFF_MESSAGES.catalogOwnersOnly);
    const staffWrite = await call<{ detail: string }>(staff, 'POST', `${base()}/products/`, productBody());
    expect(staffWrite.status).toBe(403);
    const staffUpload = await t.app.inject({
      method: 'POST',
      url: `${base()}/product-images/`,
      headers: { ...staff.headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(staffUpload.statusCode).toBe(403);
    // The staff member still sees the store's orders.
    expect((await call(staff, 'GET', `${base()}/orders/`)).status).toBe(200);
  });

  it("gives 404 for another store's product, as if it did not exist", async () => {
    const foreign = await createProduct(t.database, otherStore.id);
    const read = await call<{ detail: string }>(owner, 'GET', `${base()}/products/${foreign.id}/`);
    expect(read.status).toBe(404);
    const stock = await call(owner, 'POST', `${base()}/products/${foreign.id}/stock/`, { set: 0 });
    expect(stock.status).toBe(404);
    const [row] = await queryRows<{ stock: number }>(
      t.database,
      sql`select stock from products where id = ${foreign.id}`,
    );
    expect(row?.stock).toBe(10);
  });
});

describe('uploads per account', () => {
  it('counts photos and CSV imports together and refuses the next with 429 in Spanish', async () => {
    const limited = await createTestApp({
      rateLimits: { merchantUploadPerUser: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const ownStore = await createStore(limited.database);
      const member = await createUser(limited.app);
      await addStoreMember(limited.database, ownStore.id, member.id, 'owner');
      const area = `/v1/merchant/stores/${ownStore.id}`;
      const photo = () =>
        limited.app.inject({
          method: 'POST',
          url: `${area}/product-images/`,
          headers: { ...member.headers, 'content-type': 'image/png' },
          payload: PNG,
        });
      expect((await photo()).statusCode).toBe(201);
      const dryRun = await limited.app.inject({
        method: 'POST',
        url: `${area}/products/import/?dry_run=1`,
        headers: { ...member.headers, 'content-type': 'text/csv' },
        payload: 'nombre,categoria,precio,stock\nPan,Varios,10,1\n',
      });
      expect(dryRun.statusCode, dryRun.body).toBe(200);
      const refused = await photo();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.tooManyRequests);
      // Another account of the same store has its own count.
      const colleague = await createUser(limited.app);
      await addStoreMember(limited.database, ownStore.id, colleague.id, 'owner');
      const theirs = await limited.app.inject({
        method: 'POST',
        url: `${area}/product-images/`,
        headers: { ...colleague.headers, 'content-type': 'image/png' },
        payload: PNG,
      });
      expect(theirs.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
