import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_BUDGET_MS, renderedOncePerMinute } from '../src/plugins/web-page-markup.ts';
import { createProduct, createStore } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Decision 079: the API puts the shop's server-rendered markup of a browse page in the HTML's root, from the
// built server entry beside the shop's dist (a stand-in here, which answers by the page's URL), and sends
// the empty shell, never a 500, when the render throws or is late.
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head><title>Mandado Compras Online</title></head>
  <body><div id="root"></div></body>
</html>`;

const ENTRY = `
export async function renderPage(url, data) {
  if (url.toLowerCase().includes('lenta')) return new Promise((resolve) => setTimeout(() => resolve({ markup: '<p>tarde</p>', modules: [] }), ${RENDER_BUDGET_MS * 4}));
  if (url.toLowerCase().includes('rota')) throw new Error('render failed');
  const keys = data.map((entry) => entry.key.join('/')).join(',');
  return { markup: '<main><h1>Página de ' + url + '</h1><p>' + keys + '</p></main>', modules: ['src/page.tsx'] };
}
`;

let root: string;
let t: TestApp;
let storeId: number;
let healthyStoreId: number;
let productId: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'mandado-markup-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), ENTRY);
  mkdirSync(path.join(root, 'dist', '.vite'));
  writeFileSync(
    path.join(root, 'dist', '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/shell.js', css: ['assets/shell.css'], isEntry: true },
      'src/page.tsx': {
        file: 'assets/page.js',
        css: ['assets/page.css'],
        imports: ['_list.js', 'index.html'],
      },
      '_list.js': { file: 'assets/list.js', css: ['assets/list.css'] },
    }),
  );
  t = await createTestApp({ webDistDir: path.join(root, 'dist') });
  const store = await createStore(t.database, { name: 'Almacén Lenta' });
  const other = await createStore(t.database, { name: 'Farmacia Rota' });
  storeId = store.id;
  healthyStoreId = (await createStore(t.database, { name: 'Almacén Sano' })).id;
  productId = (await createProduct(t.database, other.id, { name: 'Curitas' })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function body(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  const html = response.body;
  return {
    status: response.statusCode,
    head: html.slice(0, html.indexOf('</head>')),
    root: html.slice(html.indexOf('<div id="root">')),
  };
}

describe("a browse page's markup", () => {
  it('goes in the root, rendered from the data the page embeds', async () => {
    const page = await body(`/Farmacia/productDetails?id=${productId}`);
    expect(page.status).toBe(200);
    expect(page.root).toContain(
      `<div id="root"><main><h1>Página de /Farmacia/productDetails?id=${productId}</h1>`,
    );
    expect(page.root).toContain(`<p>product/${productId},cities</p>`);
    // The page's chunks' stylesheets (not the shell's, already linked), so the markup paints styled.
    expect(page.head).toContain('<link rel="stylesheet" crossorigin href="/assets/page.css" />');
    expect(page.head).toContain('<link rel="stylesheet" crossorigin href="/assets/list.css" />');
    expect(page.head).not.toContain('shell.css');
    // A store page's render gets its catalog, the served cities and the only city's stores.
    const store = await body('/AlmacénSano/products');
    expect(store.root).toContain(`<p>catalog/store/${healthyStoreId},cities,stores/Montevideo</p>`);
  });

  it('is left out when the render throws or takes over its budget: the shell, with the status it had', async () => {
    const broken = await body(`/FarmaciaRota/products`);
    expect(broken.status).toBe(200);
    expect(broken.root).toMatch(/^<div id="root"><\/div>/);

    const started = Date.now();
    const late = await body('/AlmacénLenta/products');
    expect(late.status).toBe(200);
    expect(late.root).toMatch(/^<div id="root"><\/div>/);
    expect(Date.now() - started).toBeLessThan(RENDER_BUDGET_MS * 3);
    expect(storeId).toBeGreaterThan(0);
  });

  it('is not rendered for a 404', async () => {
    const missing = await body('/NoExiste/products');
    expect(missing.status).toBe(404);
    expect(missing.root).toMatch(/^<div id="root"><\/div>/);
  });
});

describe('the markup cache', () => {
  it('renders a page with the same data once a minute, and again for other data or the next minute', async () => {
    let now = Date.UTC(2026, 10, 27, 21, 0, 10);
    const urls: string[] = [];
    const render = renderedOncePerMinute(
      async (url) => {
        urls.push(url);
        return { markup: `<p>${urls.length}</p>`, modules: [] };
      },
      () => now,
    );
    const catalog = [{ key: ['catalog', 'store', 1], value: [{ name: 'Almacén' }] }];
    expect(await render('/Almacen/products', catalog)).toEqual({ markup: '<p>1</p>', modules: [] });
    now += 40_000;
    expect(await render('/Almacen/products', catalog)).toEqual({ markup: '<p>1</p>', modules: [] });
    // A new revision of the catalog is other data: rendered again.
    expect(await render('/Almacen/products', [{ key: ['catalog', 'store', 1], value: [] }])).toEqual({
      markup: '<p>2</p>',
      modules: [],
    });
    now += 20_000; // 21:01:10, the next minute: the open or closed line may have changed.
    expect(await render('/Almacen/products', catalog)).toEqual({ markup: '<p>3</p>', modules: [] });
    expect(urls).toHaveLength(3);
  });
});
