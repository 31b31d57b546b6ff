import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/catalog.ts';
import { createProduct, createStore, type TestProduct } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 30 items 1, 2 and 4 (decision 066): what a crawler or a link preview (WhatsApp, Facebook) reads of a
// browse page without running any script, and the status of a page whose product or store does not exist.
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="La descripción del sitio." />
    <title>Mandado Compras Online</title>
    <script type="module" crossorigin src="/assets/shell-1234.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
const SITE = 'https://mandado.example';

let distDir: string;
let t: TestApp;
let product: TestProduct;
let soldOut: TestProduct;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mandado-web-pages-'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ webDistDir: distDir, publicUrl: SITE });
  const store = await createStore(t.database, { name: 'Almacén La Rambla' });
  product = await createProduct(t.database, store.id, {
    name: 'Yerba "Canarias" <1 kg>',
    price: '289.50',
    currency: 'UYU',
  });
  soldOut = await createProduct(t.database, store.id, { name: 'Dulce de leche', stock: 0, currency: 'USD' });
  await t.database.db
    .update(products)
    .set({ images: ['/media/products/yerba.jpg'], description: 'Yerba mate tradicional </script> de 1 kg.' })
    .where(eq(products.id, product.id));
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

async function page(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  const html = response.body;
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (property: string) =>
    head.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
  const data = head.match(/<script type="application\/json" id="mandado-page-data">([^<]*)<\/script>/)?.[1];
  return {
    status: response.statusCode,
    head,
    title: head.match(/<title>([^<]*)<\/title>/g) ?? [],
    canonical: head.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    meta,
    jsonLd,
    data: data ? (JSON.parse(data) as Array<{ key: unknown[]; value: unknown }>) : [],
  };
}

describe("a product's page", () => {
  it("has the product's name and price in its title and preview, its photo, and its canonical URL", async () => {
    const shown = await page(`/cualquier-segmento/productDetails?id=${product.id}`);
    expect(shown.status).toBe(200);
    // One title, the product's (the build's own is replaced), escaped as HTML.
    expect(shown.title).toEqual([
      '<title>Yerba &quot;Canarias&quot; &lt;1 kg&gt; · $U 289,50 | Mandado</title>',
    ]);
    expect(shown.meta('og:title')).toBe('Yerba &quot;Canarias&quot; &lt;1 kg&gt; · $U 289,50');
    expect(shown.meta('description')).toBe(
      '$U 289,50 en Almacén La Rambla. Yerba mate tradicional &lt;/script&gt; de 1 kg.',
    );
    expect(shown.meta('og:image')).toBe(`${SITE}/media/products/yerba.jpg`);
    expect(shown.meta('og:type')).toBe('product');
    expect(shown.meta('product:price:amount')).toBe('289.50');
    expect(shown.meta('product:price:currency')).toBe('UYU');
    // Whatever the store segment of the shared link says, the canonical URL names the product's own store.
    const canonical = `${SITE}/AlmacénLaRambla/productDetails?id=${product.id}`.replace(
      'AlmacénLaRambla',
      encodeURIComponent('AlmacénLaRambla'),
    );
    expect(shown.canonical).toBe(canonical);
    expect(shown.meta('og:url')).toBe(canonical);
    // The build's module script is still there, before the page's own tags.
    expect(shown.head.indexOf('shell-1234.js')).toBeLessThan(shown.head.indexOf('og:title'));
  });

  it('carries Product JSON-LD with its offer (price, currency, availability), and its data for the first render', async () => {
    const shown = await page(`/AlmacenLaRambla/productDetails?id=${product.id}`);
    expect(shown.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Yerba "Canarias" <1 kg>',
        image: [`${SITE}/media/products/yerba.jpg`],
        offers: expect.objectContaining({
          '@type': 'Offer',
          price: '289.50',
          priceCurrency: 'UYU',
          availability: 'https://schema.org/InStock',
        }),
      }),
    ]);
    // No catalog text can end the script element early: the closing tag inside is escaped.
    expect(shown.head).not.toContain('tradicional </script>');
    expect(shown.data).toEqual([
      { key: ['product', product.id], value: expect.objectContaining({ id: product.id, price: '289.50' }) },
    ]);

    const outOfStock = await page(`/AlmacenLaRambla/productDetails?id=${soldOut.id}`);
    expect(outOfStock.jsonLd[0]?.offers).toMatchObject({
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it.each(['?id=987654', '?id=abc', ''])('answers 404 with the 404 page for %s', async (query) => {
    const shown = await page(`/AlmacenLaRambla/productDetails${query}`);
    expect(shown.status).toBe(404);
    expect(shown.title).toEqual(['<title>Página no encontrada | Mandado</title>']);
    expect(shown.canonical).toBeUndefined();
    expect(shown.jsonLd).toEqual([]);
  });
});

describe("a store's page", () => {
  it('has its own title, description and canonical URL, and its catalog for the first render', async () => {
    const shown = await page('/AlmacénLaRambla/products?orden=precio');
    expect(shown.status).toBe(200);
    expect(shown.title).toEqual(['<title>Almacén La Rambla | Mandado</title>']);
    expect(shown.meta('description')).toBe(
      'Compra en Almacén La Rambla (Av. 18 de Julio 1234, Montevideo) desde el exterior y lo entregamos en la casa de tu familia en 24 a 48 horas.',
    );
    expect(shown.canonical).toBe(`${SITE}/${encodeURIComponent('AlmacénLaRambla')}/products`);
    expect(shown.meta('og:type')).toBe('website');
    expect(shown.data.map((entry) => entry.key)).toEqual([['catalog', 'store', product.storeId]]);
  });

  it('answers 404 for a store that does not exist and for a category the store does not have', async () => {
    expect((await page('/NoExiste/products')).status).toBe(404);
    expect((await page('/AlmacénLaRambla/products/987654')).status).toBe(404);
  });
});

describe('compression', () => {
  it('sends the HTML compressed as the browser accepts it', async () => {
    const url = `/AlmacenLaRambla/productDetails?id=${product.id}`;
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('"@type":"Product"');
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('"@type":"Product"');
  });
});

describe('the home page', () => {
  it('carries Organization JSON-LD and its canonical URL', async () => {
    const shown = await page('/');
    expect(shown.status).toBe(200);
    expect(shown.canonical).toBe(`${SITE}/`);
    expect(shown.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Mandado',
        url: `${SITE}/`,
        logo: `${SITE}/favicon.svg`,
      },
    ]);
  });

  it("leaves the pages it does not describe with the build's head", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/user/wallet' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe("a demo product's link preview (decision 080)", () => {
  it('names a PNG of the SVG drawing as og:image, made at the first request and then kept in the media storage', async () => {
    const stores = (await t.app.inject({ method: 'GET', url: '/v1/stores/city/Montevideo' })).json<
      Array<{ id: number; slug: string; logo: string }>
    >();
    const demoStore = stores.find((store) => store.logo.endsWith('.svg'));
    if (!demoStore) throw new Error('the demo catalog has no store with a drawn logo');
    const sections = (
      await t.app.inject({ method: 'GET', url: `/v1/stores/${demoStore.id}/products/` })
    ).json<Array<{ products: Array<{ id: number; images: string[] }> }>>();
    const demo = sections.flatMap((section) => section.products)[0];
    const drawing = demo?.images[0] ?? '';
    expect(drawing).toMatch(/^\/media\/products\/.+\.svg$/);

    // WhatsApp and Facebook show no SVG: the preview names the drawing's PNG, the store page its logo's.
    const preview = drawing.replace(/^\/media\//, '/media/previews/').replace(/\.svg$/, '.png');
    expect((await page(`/${demoStore.slug}/productDetails?id=${demo?.id}`)).meta('og:image')).toBe(
      `${SITE}${preview}`,
    );
    expect((await page(`/${demoStore.slug}/products`)).meta('og:image')).toMatch(
      /\/media\/previews\/stores\/.+\.png$/,
    );

    const key = `${preview.slice('/media/'.length)}`;
    expect(await t.app.media.get(key)).toBeNull();
    const first = await t.app.inject({ method: 'GET', url: preview });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const { default: sharp } = await import('sharp');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 600,
      height: 600,
    });
    expect((await t.app.media.get(key))?.body.equals(first.rawPayload)).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: preview });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    expect(
      (await t.app.inject({ method: 'GET', url: '/media/previews/products/no-existe.png' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/previews/photos/1/x.png' })).statusCode).toBe(
      404,
    );
  });
});
