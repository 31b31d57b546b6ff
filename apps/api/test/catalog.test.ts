import type { CategoryProducts, Product, Store } from '@mandado/shared/catalog.schemas';
import { STORE_KINDS } from '@mandado/shared/store-kinds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
let unapprovedStoreNames: string[];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await queryRows<{ name: string }>(
    t.database,
    sql`select name from stores where status <> 'approved'`,
  );
  unapprovedStoreNames = rows.map((row) => row.name);
});
afterAll(() => t.close());

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>() };
}

describe('GET /v1/cities/', () => {
  it('lists the served city with its state', async () => {
    const { status, body } = await getJson<{ results: Array<{ name: string; state: string }> }>(
      '/v1/cities/',
    );
    expect(status).toBe(200);
    expect(body.results).toEqual([expect.objectContaining({ name: 'Montevideo', state: 'Montevideo' })]);
  });
});

describe('GET /v1/stores/city/:state', () => {
  it('lists only approved stores, at least two of every kind, with their cities', async () => {
    const { status, body } = await getJson<Store[]>('/v1/stores/city/Montevideo');
    expect(status).toBe(200);
    expect(unapprovedStoreNames.length).toBeGreaterThan(0);
    for (const name of unapprovedStoreNames) expect(body.map((s) => s.name)).not.toContain(name);
    for (const kind of STORE_KINDS) {
      expect(body.filter((s) => s.category === kind).length, kind).toBeGreaterThanOrEqual(2);
    }
    for (const store of body) {
      expect(store.status).toBe('approved');
      expect(store.cities).toContain('Montevideo');
      expect(store.slug).toBe(store.name.replace(/\s+/g, ''));
      expect(store.logo).toMatch(/^\/media\/stores\/.+\.svg$/);
    }
  });

  it('matches the city without regard to case or accents', async () => {
    const { status, body } = await getJson<Store[]>('/v1/stores/city/MONTEVIDÉO');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(14);
  });

  it('answers 404 with a Spanish detail for a city without service', async () => {
    const { status, body } = await getJson('/v1/stores/city/Salto');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'No tenemos servicio en esa ciudad.' });
  });
});

describe('GET /v1/stores/slug/:slug', () => {
  it("gives a shared link's store in the store list's shape, whatever the visitor's city (issue 30 item 5)", async () => {
    const list = await getJson<Store[]>('/v1/stores/city/Montevideo');
    const listed = list.body.find((store) => store.slug === 'SupermercadoElPuerto');
    const { status, body } = await getJson<Store>('/v1/stores/slug/SupermercadoElPuerto');
    expect(status).toBe(200);
    expect(body).toEqual(listed);
    expect(body.cities).toContain('Montevideo');
  });

  it('answers 404 for a slug no approved store has, a store that is not approved included', async () => {
    expect((await getJson('/v1/stores/slug/NoExisteEstaTienda')).status).toBe(404);
    const unapproved = unapprovedStoreNames[0] ?? '';
    const { status, body } = await getJson(
      `/v1/stores/slug/${encodeURIComponent(unapproved.replace(/\s+/g, ''))}`,
    );
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'No encontrado.' });
  });
});

describe('GET /v1/stores/near/', () => {
  it('orders approved stores nearest first with the distance in km', async () => {
    const { status, body } = await getJson<Array<Store & { distance_km: number }>>(
      '/v1/stores/near/?latitud=-34.9058&longitud=-56.1913',
    );
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(14);
    const distances = body.map((s) => s.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(15);
    for (const name of unapprovedStoreNames) expect(body.map((s) => s.name)).not.toContain(name);
  });

  it('filters by store kind', async () => {
    const { body } = await getJson<Store[]>(
      '/v1/stores/near/?latitud=-34.9&longitud=-56.16&category=pharmacy',
    );
    expect(body.length).toBeGreaterThanOrEqual(2);
    expect(new Set(body.map((s) => s.category))).toEqual(new Set(['pharmacy']));
  });

  it.each([
    ['latitud=91&longitud=-56.1', 'latitud'],
    ['latitud=-34.9&longitud=-181', 'longitud'],
    ['latitud=abc&longitud=-56.1', 'latitud'],
    ['longitud=-56.1', 'latitud'],
    ['latitud=-34.9&longitud=Infinity', 'longitud'],
    ['latitud=&longitud=-56.1', 'latitud'],
    ['latitud=-34.9&longitud=0x10', 'longitud'],
    ['latitud=1e1&longitud=-56.1', 'latitud'],
    ['latitud=%20-34.9&longitud=-56.1', 'latitud'],
    ['latitud=-34.9&longitud=-56.', 'longitud'],
    ['latitud=.5&longitud=-56.1', 'latitud'],
    ['latitud=-34.9&latitud=-34.8&longitud=-56.1', 'latitud'],
    ['latitud=-34,9&longitud=-56.1', 'latitud'],
  ])('answers 400 for %s', async (query, field) => {
    const { status, body } = await getJson<Record<string, string[]>>(`/v1/stores/near/?${query}`);
    expect(status).toBe(400);
    expect(body[field]?.[0]).toMatch(/\p{L}/u);
  });

  it.each([
    ['latitud=&longitud=-56.1', { latitud: ['Las coordenadas no son válidas.'] }],
    ['latitud=-34.9&longitud=0x10', { longitud: ['Las coordenadas no son válidas.'] }],
    ['latitud=-91.5&longitud=-56.1', { latitud: ['La latitud debe estar entre -90 y 90.'] }],
    ['latitud=-34.9&longitud=180.01', { longitud: ['La longitud debe estar entre -180 y 180.'] }],
  ])('names the problem in Spanish for %s', async (query, expected) => {
    const { status, body } = await getJson<Record<string, string[]>>(`/v1/stores/near/?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual(expected);
  });

  it('accepts whole numbers, zero and the range limits', async () => {
    for (const query of ['latitud=-35&longitud=-56', 'latitud=0&longitud=0', 'latitud=90&longitud=-180']) {
      expect((await getJson(`/v1/stores/near/?${query}`)).status, query).toBe(200);
    }
  });
});

describe('GET /v1/categories/', () => {
  it('lists categories of approved stores, some names shared between stores', async () => {
    const { status, body } = await getJson<{
      results: Array<{ id: number; name: string; store_id: number }>;
    }>('/v1/categories/');
    expect(status).toBe(200);
    const names = body.results.map((c) => c.name);
    expect(names.length).toBeGreaterThan(new Set(names).size);
    expect(names).toEqual(expect.arrayContaining(['Almacén', 'Lácteos', 'Medicamentos', 'Carnes', 'Frutas']));
  });
});

describe('GET /v1/by-categories/products/:city', () => {
  it("gives every category of the city's stores with its products", async () => {
    const { status, body } = await getJson<CategoryProducts[]>('/v1/by-categories/products/Montevideo');
    expect(status).toBe(200);
    const products = body.flatMap((entry) => entry.products);
    expect(products.length).toBeGreaterThanOrEqual(300);
    for (const entry of body) {
      expect(entry.notProducts).toBe(entry.products.length === 0);
      for (const product of entry.products) {
        expect(product.category_id).toBe(entry.category);
        expect(product.store_id).toBe(entry.store_id);
      }
    }
    const discounted = products.filter((p) => p.discount);
    expect(discounted.length / products.length).toBeGreaterThan(0.08);
    for (const product of discounted) {
      expect(Number(product.merchant_discounted_price)).toBeLessThan(Number(product.price));
    }
    expect(new Set(products.map((p) => p.currency))).toEqual(new Set(['UYU', 'USD']));
    for (const name of unapprovedStoreNames) expect(products.map((p) => p.store_name)).not.toContain(name);
  });

  it('flags a category without products as notProducts', async () => {
    await t.database.db.execute(
      sql`insert into categories (store_id, name) select id, 'Temporada' from stores where status = 'approved' limit 1`,
    );
    const { body } = await getJson<CategoryProducts[]>('/v1/by-categories/products/Montevideo');
    const empty = body.find((entry) => entry.name === 'Temporada');
    expect(empty).toMatchObject({ products: [], notProducts: true });
  });

  it('answers 404 for a city without service', async () => {
    const { status, body } = await getJson('/v1/by-categories/products/Narnia');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'No tenemos servicio en esa ciudad.' });
  });
});

describe('GET /v1/products/:id', () => {
  it('gives one product with its store and category', async () => {
    const { body: list } = await getJson<CategoryProducts[]>('/v1/by-categories/products/Montevideo');
    const first = list.flatMap((entry) => entry.products)[0] as Product;
    const { status, body } = await getJson<Product>(`/v1/products/${first.id}`);
    expect(status).toBe(200);
    expect(body).toEqual(first);
    expect(body.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('hides products of stores that are not approved', async () => {
    const rows = await queryRows<{ id: number }>(
      t.database,
      sql`select p.id from products p join stores s on s.id = p.store_id where s.status <> 'approved' limit 1`,
    );
    const hidden = rows[0];
    expect(hidden).toBeDefined();
    const { status } = await getJson(`/v1/products/${hidden?.id}`);
    expect(status).toBe(404);
  });

  it.each(['999999', 'abc', '-1', '0', '1.5', '99999999999999999999', "1'%20or%20'1'='1"])(
    'answers 404 with a Spanish detail for the id %s',
    async (id) => {
      const { status, body } = await getJson(`/v1/products/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'No encontrado.' });
    },
  );
});

describe('GET /v1/orders/frequently_bought_together/:id', () => {
  it('suggests other products of the same store and category', async () => {
    const { body: list } = await getJson<CategoryProducts[]>('/v1/by-categories/products/Montevideo');
    const entry = list.find((e) => e.products.length >= 3) as CategoryProducts;
    const product = entry.products[0] as Product;
    const { status, body } = await getJson<Product[]>(`/v1/orders/frequently_bought_together/${product.id}`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const other of body) {
      expect(other.id).not.toBe(product.id);
      expect(other.store_id).toBe(product.store_id);
      expect(other.category_id).toBe(product.category_id);
    }
  });

  it('answers 404 for an unknown or malformed product', async () => {
    expect((await getJson('/v1/orders/frequently_bought_together/424242')).status).toBe(404);
    expect((await getJson('/v1/orders/frequently_bought_together/leche')).status).toBe(404);
  });
});

describe('list endpoints use a fixed number of queries', () => {
  async function queriesFor(url: string): Promise<number> {
    const before = t.queries.length;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return t.queries.length - before;
  }

  /** The cost of a first request after the catalog changed (nothing cached can answer it). */
  async function coldQueriesFor(url: string): Promise<number> {
    await t.database.db.execute(sql`update products set popularity = popularity where id = 1`);
    return queriesFor(url);
  }

  it('products by city, stores by city and categories cost the same with 270 more products', async () => {
    const urls = ['/v1/by-categories/products/Montevideo', '/v1/stores/city/Montevideo', '/v1/categories/'];
    const before: number[] = [];
    for (const url of urls) before.push(await coldQueriesFor(url));
    await t.database.db.execute(sql`
      insert into products (store_id, category_id, name, price, currency, popularity, stock)
      select c.store_id, c.id, 'Producto extra ' || c.id || '-' || n, 10.00, 'UYU', 1, 5
      from categories c cross join generate_series(1, 3) n
      where c.store_id in (select id from stores where status = 'approved')
    `);
    const after: number[] = [];
    for (const url of urls) after.push(await coldQueriesFor(url));
    expect(after).toEqual(before);
    expect(Math.max(...after)).toBeLessThanOrEqual(4);
  });

  it('products by city costs two small reads while the catalog has not changed', async () => {
    await coldQueriesFor('/v1/by-categories/products/Montevideo');
    expect(await queriesFor('/v1/by-categories/products/Montevideo')).toBe(2);
  });
});

describe('products by city is cached only while the catalog stays the same', () => {
  const url = '/v1/by-categories/products/Montevideo';

  function findProduct(body: CategoryProducts[], id: number): Product | undefined {
    return body.flatMap((entry) => entry.products).find((product) => product.id === id);
  }

  it('shows a price change at once', async () => {
    await t.app.inject({ method: 'GET', url });
    await t.database.db.execute(sql`update products set price = 12345.67, discount = false where id = 2`);
    const body = (await t.app.inject({ method: 'GET', url })).json<CategoryProducts[]>();
    expect(findProduct(body, 2)?.price).toBe('12345.67');
  });

  it('stops listing a store as soon as it is no longer approved', async () => {
    const [store] = await queryRows<{ id: number }>(
      t.database,
      sql`select id from stores where status = 'approved' limit 1`,
    );
    await t.app.inject({ method: 'GET', url });
    await t.database.db.execute(sql`update stores set status = 'rejected' where id = ${store?.id}`);
    const body = (await t.app.inject({ method: 'GET', url })).json<CategoryProducts[]>();
    expect(body.some((entry) => entry.store_id === store?.id)).toBe(false);
    await t.database.db.execute(sql`update stores set status = 'approved' where id = ${store?.id}`);
  });

  it('answers 304 to a browser that has the current answer, and 200 once the catalog changed', async () => {
    const first = await t.app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"catalog-\d+-\d+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.database.db.execute(sql`update categories set name = name where id = 1`);
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
