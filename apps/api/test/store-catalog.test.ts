import type { CategoryProducts } from '@mandado/shared/catalog.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>() };
}

async function cityCatalog(): Promise<CategoryProducts[]> {
  return (await getJson<CategoryProducts[]>('/v1/by-categories/products/Montevideo')).body;
}

async function approvedStoreWithProducts(): Promise<number> {
  const [entry] = (await cityCatalog()).filter((section) => section.products.length > 0);
  if (!entry) throw new Error('The seed has no approved store with products');
  return entry.store_id;
}

describe('GET /v1/stores/:id/products/', () => {
  it("gives exactly the store's part of the city catalog, in the same shape and order", async () => {
    const storeId = await approvedStoreWithProducts();
    const { status, body } = await getJson<CategoryProducts[]>(`/v1/stores/${storeId}/products/`);
    expect(status).toBe(200);
    const fromCity = (await cityCatalog()).filter((section) => section.store_id === storeId);
    expect(body).toEqual(fromCity);
    expect(body.every((section) => section.store_id === storeId)).toBe(true);
  });

  it("is a fraction of the city's catalog: a store page no longer downloads every store", async () => {
    const storeId = await approvedStoreWithProducts();
    const store = await t.app.inject({ method: 'GET', url: `/v1/stores/${storeId}/products/` });
    const city = await t.app.inject({ method: 'GET', url: '/v1/by-categories/products/Montevideo' });
    expect(store.body.length * 4).toBeLessThan(city.body.length);
  });

  it('flags a category of the store without products as notProducts', async () => {
    const storeId = await approvedStoreWithProducts();
    await t.database.db.execute(
      sql`insert into categories (store_id, name) values (${storeId}, 'Temporada de la tienda')`,
    );
    const { body } = await getJson<CategoryProducts[]>(`/v1/stores/${storeId}/products/`);
    expect(body.find((section) => section.name === 'Temporada de la tienda')).toMatchObject({
      products: [],
      notProducts: true,
    });
  });

  it('answers 404 with a Spanish detail for a store that is not approved', async () => {
    const [unapproved] = await queryRows<{ id: number }>(
      t.database,
      sql`select id from stores where status <> 'approved' limit 1`,
    );
    expect(unapproved).toBeDefined();
    const { status, body } = await getJson(`/v1/stores/${unapproved?.id}/products/`);
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'No encontrado.' });
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999999999999'])(
    'answers 404 with a Spanish detail for the store id %s',
    async (id) => {
      const { status, body } = await getJson(`/v1/stores/${id}/products/`);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'No encontrado.' });
    },
  );

  it('answers a bodiless 304 while the catalog has not changed, and the new list once it has', async () => {
    const storeId = await approvedStoreWithProducts();
    const url = `/v1/stores/${storeId}/products/`;
    const first = await t.app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"store-catalog-\d+-\d+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const [product] = first.json<CategoryProducts[]>().flatMap((section) => section.products);
    await t.database.db.execute(
      sql`update products set price = 4321.09, discount = false where id = ${product?.id}`,
    );
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const updated = changed
      .json<CategoryProducts[]>()
      .flatMap((section) => section.products)
      .find((item) => item.id === product?.id);
    expect(updated?.price).toBe('4321.09');
  });
});
