import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stores } from '../src/db/schema/catalog.ts';
import { createPageCompressor } from '../src/plugins/compressed-pages.ts';
import { renderedOncePerMinute } from '../src/plugins/web-page-markup.ts';
import { createProduct, createStore, type TestProduct, type TestStore } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Decision 087 (issue 30 item 2: the server's time per browse page): a store or product page's HTML reads a
// constant, small number of queries, from caches that are current with the catalog on the next request.
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head><title>Mandado Compras Online</title></head>
  <body><div id="root"></div></body>
</html>`;

let distDir: string;
let t: TestApp;
let store: TestStore;
let bigStore: TestStore;
let yerba: TestProduct;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mandado-page-cache-'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ webDistDir: distDir });
  store = await createStore(t.database, { name: 'Almacén Del Cerro' });
  yerba = await createProduct(t.database, store.id, {
    name: 'Yerba del Cerro',
    price: '250.00',
    currency: 'UYU',
  });
  await createProduct(t.database, store.id, { name: 'Fideos del Cerro' });
  bigStore = await createStore(t.database, { name: 'Súper Grande' });
  for (let index = 0; index < 10; index += 1) {
    await createProduct(t.database, bigStore.id, { name: `Producto grande ${index}` });
  }
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const slugOf = (name: string) => encodeURIComponent(name.replace(/\s+/g, ''));

async function page(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  const block = (id: string) => {
    const json = response.body.match(
      new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`),
    )?.[1];
    return json ? (JSON.parse(json) as Array<{ key: unknown[]; value: unknown }>) : [];
  };
  return {
    status: response.statusCode,
    title: response.body.match(/<title>([^<]*)<\/title>/)?.[1],
    data: block('mandado-page-data'),
    cityData: block('mandado-city-data'),
  };
}

/** Statements the request sends, after one request that fills the caches. */
async function queriesOf(url: string): Promise<number> {
  await t.app.inject({ method: 'GET', url });
  const before = t.queries.length;
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return t.queries.length - before;
}

describe('a browse page read from the caches', () => {
  it('sends two queries for a store page and a product page, whatever the catalog size', async () => {
    // The store's catalog keys (with the catalog's revision) and the public settings (the promo banner every
    // page embeds, decision 085, read fresh so a banner switched off is gone at once).
    expect(await queriesOf(`/${slugOf(store.name)}/products`)).toBe(2);
    expect(await queriesOf(`/${slugOf(bigStore.name)}/products`)).toBe(2);
    expect(await queriesOf(`/${slugOf(store.name)}/productDetails?id=${yerba.id}`)).toBe(2);
  });

  it("shows a product's new price and stock on the next request, on its page and its store's", async () => {
    const productUrl = `/${slugOf(store.name)}/productDetails?id=${yerba.id}`;
    const storeUrl = `/${slugOf(store.name)}/products`;
    expect((await page(productUrl)).title).toBe('Yerba del Cerro · $U 250,00 | Mandado');
    await page(storeUrl);
    await t.database.db.update(products).set({ price: '199.00' }).where(eq(products.id, yerba.id));
    expect((await page(productUrl)).title).toBe('Yerba del Cerro · $U 199,00 | Mandado');
    const sections = (await page(storeUrl)).data[0]?.value as Array<{ products: Array<{ id: number }> }>;
    const listed = sections.flatMap((section) => section.products).find((product) => product.id === yerba.id);
    expect(listed).toMatchObject({ price: '199.00' });

    await t.database.db.update(products).set({ stock: 0 }).where(eq(products.id, yerba.id));
    expect((await page(productUrl)).data[0]?.value).toMatchObject({ id: yerba.id, stock: 0 });
  });

  it("follows a store's new name at once: the old slug is a 404, the new one its page", async () => {
    const renamed = await createStore(t.database, { name: 'Farmacia Vieja' });
    await createProduct(t.database, renamed.id, { name: 'Curitas' });
    expect((await page('/FarmaciaVieja/products')).status).toBe(200);
    await t.database.db.update(stores).set({ name: 'Farmacia Nueva' }).where(eq(stores.id, renamed.id));
    expect((await page('/FarmaciaVieja/products')).status).toBe(404);
    const shown = await page('/FarmaciaNueva/products');
    expect(shown.status).toBe(200);
    expect(shown.title).toBe('Farmacia Nueva | Mandado');
    // A store no longer approved is gone from its page and from the city's stores the pages embed.
    await t.database.db.update(stores).set({ status: 'pending' }).where(eq(stores.id, renamed.id));
    expect((await page('/FarmaciaNueva/products')).status).toBe(404);
    const cityStores = (await page(`/${slugOf(store.name)}/products`)).cityData[1]?.value as Array<{
      id: number;
    }>;
    expect(cityStores.map((listed) => listed.id)).not.toContain(renamed.id);
  });

  it("embeds the product the API answers, taken from its store's catalog", async () => {
    const shown = await page(`/${slugOf(store.name)}/productDetails?id=${yerba.id}`);
    const answer = await t.app.inject({ method: 'GET', url: `/v1/products/${yerba.id}` });
    expect(shown.data).toEqual([{ key: ['product', yerba.id], value: answer.json() }]);
    expect(shown.cityData).toEqual([{ key: ['cities'], value: expect.any(Array) }]);
  });

  it('embeds what the API answers: the store catalog, the served cities and the city stores', async () => {
    const shown = await page(`/${slugOf(store.name)}/products`);
    const [catalog, cities, cityStores] = await Promise.all(
      [`/v1/stores/${store.id}/products/`, '/v1/cities/', '/v1/stores/city/Montevideo'].map(async (url) =>
        (await t.app.inject({ method: 'GET', url })).json(),
      ),
    );
    expect(shown.data).toEqual([{ key: ['catalog', 'store', store.id], value: catalog }]);
    expect(shown.cityData).toEqual([
      { key: ['cities'], value: cities.results },
      { key: ['stores', 'Montevideo'], value: cityStores },
    ]);
  });
});

describe('the markup and compression caches', () => {
  it('renders a page once for the requests that arrive while it renders', async () => {
    let renders = 0;
    const render = renderedOncePerMinute(async (url) => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { markup: `<p>${url}</p>`, modules: [] };
    });
    const data = [{ key: ['catalog', 'store', 1], value: [{ name: 'Almacén' }] }];
    const pages = await Promise.all(Array.from({ length: 10 }, () => render('/Almacen/products', data)));
    expect(renders).toBe(1);
    expect(new Set(pages.map((rendered) => rendered?.markup))).toEqual(new Set(['<p>/Almacen/products</p>']));
    // Other data for the same URL (a new catalog) is another render.
    await render('/Almacen/products', [{ key: ['catalog', 'store', 1], value: [] }]);
    expect(renders).toBe(2);
  });

  it('compresses each distinct body once and sends exactly that body', () => {
    const compress = createPageCompressor();
    const html = `<html>${'<p>Yerba</p>'.repeat(500)}</html>`;
    const first = compress(html, 'br');
    expect(compress(html, 'br')).toBe(first);
    expect(brotliDecompressSync(first).toString()).toBe(html);
    expect(gunzipSync(compress(html, 'gzip')).toString()).toBe(html);
    const changed = html.replace('Yerba', 'Fideos');
    expect(brotliDecompressSync(compress(changed, 'br')).toString()).toBe(changed);
  });
});
