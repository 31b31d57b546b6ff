import type { CategoryProducts } from '@mandado/shared/catalog.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore } from './factories.ts';
import { rows } from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cityUrl = '/v1/by-categories/products/Montevideo';

async function globalRevision(): Promise<number> {
  const [row] = await rows<{ revision: string }>(t.database, sql`select revision from catalog_revision`);
  return Number(row?.revision);
}

async function storeRevision(storeId: number): Promise<number> {
  const [row] = await rows<{ revision: string }>(
    t.database,
    sql`select revision from store_catalog_revisions where store_id = ${storeId}`,
  );
  return Number(row?.revision ?? 0);
}

function stockOf(body: CategoryProducts[], productId: number): number | undefined {
  return body.flatMap((entry) => entry.products).find((product) => product.id === productId)?.stock;
}

describe('stock apart from the catalog revisions (decision 037)', () => {
  it('a stock move bumps no shared row, and the city answer shows it after one narrow read', async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id, { stock: 7 });
    const first = await t.app.inject({ method: 'GET', url: cityUrl });
    expect(stockOf(first.json(), product.id)).toBe(7);
    const [globalBefore, storeBefore] = [await globalRevision(), await storeRevision(store.id)];

    // What an order's takeStock and a release do.
    await t.database.db.execute(sql`update products set stock = stock - 2 where id = ${product.id}`);
    expect(await globalRevision()).toBe(globalBefore);
    expect(await storeRevision(store.id)).toBe(storeBefore);

    const before = t.queries.length;
    const second = await t.app.inject({
      method: 'GET',
      url: cityUrl,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(stockOf(second.json(), product.id)).toBe(5);
    // The served city, the keys and the stock column: not the catalog's lists again.
    expect(t.queries.length - before).toBe(3);
    expect(t.queries.slice(before).some((query) => /"categories"/.test(query))).toBe(false);
  });

  it("a merchant's edit reloads that store's page, not another store's", async () => {
    const edited = await createStore(t.database);
    const other = await createStore(t.database);
    const product = await createProduct(t.database, edited.id);
    await createProduct(t.database, other.id);
    const editedUrl = `/v1/stores/${edited.id}/products/`;
    const otherUrl = `/v1/stores/${other.id}/products/`;
    const editedFirst = await t.app.inject({ method: 'GET', url: editedUrl });
    const otherFirst = await t.app.inject({ method: 'GET', url: otherUrl });
    const globalBefore = await globalRevision();

    await t.database.db.execute(sql`update products set price = 321.00 where id = ${product.id}`);
    expect(await globalRevision()).toBe(globalBefore);

    const otherAgain = await t.app.inject({
      method: 'GET',
      url: otherUrl,
      headers: { 'if-none-match': String(otherFirst.headers.etag) },
    });
    expect(otherAgain.statusCode).toBe(304);
    const editedAgain = await t.app.inject({
      method: 'GET',
      url: editedUrl,
      headers: { 'if-none-match': String(editedFirst.headers.etag) },
    });
    expect(editedAgain.statusCode).toBe(200);
    const price = editedAgain
      .json<CategoryProducts[]>()
      .flatMap((entry) => entry.products)
      .find((entry) => entry.id === product.id)?.price;
    expect(price).toBe('321.00');
  });
});
