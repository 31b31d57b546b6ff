import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/catalog.ts';
import { createProduct, createStore } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const INDEX_HTML = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';
const SHELL_JS = `export const products = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Producto ${i}`))};`;
/** PUBLIC_URL: robots.txt and the sitemap write their addresses on it. */
const ORIGIN = 'https://mandado.example';
let distDir: string;
let t: TestApp;

beforeAll(async () => {
  // A stand-in for apps/web/dist: an index.html and hashed assets. robots.txt is the API's own (issue 30: it
  // names the sitemap on the configured origin), served beside the web app.
  distDir = mkdtempSync(path.join(tmpdir(), 'mandado-web-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
  // A hashed asset with the .br and .gz the build writes beside it (packages/build-tools/src/vite-precompress.ts).
  writeFileSync(path.join(distDir, 'assets', 'shell-5678.js'), SHELL_JS);
  writeFileSync(path.join(distDir, 'assets', 'shell-5678.js.br'), brotliCompressSync(SHELL_JS));
  // Level 1: bytes that on-the-fly compression (level 6) would not produce, so the test tells them apart.
  writeFileSync(path.join(distDir, 'assets', 'shell-5678.js.gz'), gzipSync(SHELL_JS, { level: 1 }));
  t = await createTestApp({ webDistDir: distDir, publicUrl: ORIGIN });
  // The store the catalog paths below name: its slug is its name without spaces.
  await createStore(t.database, { name: 'El Dorado' });
  await createStore(t.database, { name: 'Tienda Pendiente', status: 'pending' });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('page routes and the 404 page (decision 014)', () => {
  it.each([
    '/',
    '/stores',
    '/ElDorado/products',
    '/ElDorado/products/Lacteos?x=1',
    '/ElDorado/productDetails?id=12',
    '/allstoresNear/pharmacy',
    '/user/wallet',
    '/password-reset?token=abc',
  ])('%s answers the app with 200', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each(['/nothing-here', '/stores/extra', '/user/settings', '/wp-login.php'])(
    '%s answers the app (its 404 page) with status 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  // Issue 16: the store page shows the 404 page for an unknown store, and the server says so too.
  it.each([
    '/NoExiste/products',
    '/NoExiste/products/12',
    '/TiendaPendiente/products',
    '/El%20Dorado/products',
  ])('%s (no approved store of that slug) answers the app with status 404', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'La dirección solicitada no existe.' });
  });

  it('serves robots.txt as text, keeping crawlers out of the API, accounts, cart and checkout', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n').map((line) => line.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/v1/', '/user', '/checkout', '/cart', '/password-reset']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(response.body).not.toContain('<html');
  });
});

describe('hashed assets, compressed at build time', () => {
  it('sends the .br or .gz the build wrote, as the browser accepts, with a year-long immutable cache', async () => {
    const url = '/assets/shell-5678.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SHELL_JS);
    expect(br.rawPayload.equals(readFileSync(path.join(distDir, 'assets', 'shell-5678.js.br')))).toBe(true);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SHELL_JS);
    expect(gz.rawPayload.equals(readFileSync(path.join(distDir, 'assets', 'shell-5678.js.gz')))).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SHELL_JS);
  });
});

async function sitemap(headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
}

describe('robots.txt and /sitemap.xml (issue 30 item 4)', () => {
  it('robots.txt names the sitemap by its absolute address and still keeps crawlers out of the private pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toContain('Disallow: /checkout');
  });

  it('lists the approved stores and their products on sale, absolute and escaped, rebuilt when the catalog changes', async () => {
    const store = await createStore(t.database, { name: 'Almacén Sitemap Uno' });
    const pending = await createStore(t.database, { name: 'Tienda Sitemap Pendiente', status: 'pending' });
    const onSale = await createProduct(t.database, store.id);
    const switchedOff = await createProduct(t.database, store.id);
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, switchedOff.id));
    const hidden = await createProduct(t.database, pending.id);

    const first = await sitemap();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/xml/);
    expect(first.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    );
    const storePath = `${ORIGIN}/Almac%C3%A9nSitemapUno`;
    expect(first.body).toContain(`<loc>${storePath}/products</loc>`);
    expect(first.body).toContain(`<loc>${storePath}/productDetails?id=${onSale.id}</loc>`);
    expect(first.body).not.toContain(`id=${switchedOff.id}<`);
    expect(first.body).not.toContain(`id=${hidden.id}<`);
    expect(first.body).not.toContain('TiendaSitemapPendiente');
    expect(first.body).not.toMatch(/&(?!#\d+;|amp;)/);

    // The same revision: a 304 for a crawler that has it.
    const etag = String(first.headers.etag);
    expect((await sitemap({ 'if-none-match': etag })).statusCode).toBe(304);

    // A new product moves the revision: a new ETag and the product in the list.
    const added = await createProduct(t.database, store.id);
    const second = await sitemap({ 'if-none-match': etag });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(etag);
    expect(second.body).toContain(`<loc>${storePath}/productDetails?id=${added.id}</loc>`);
  });
});
