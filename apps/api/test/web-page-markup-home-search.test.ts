import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CITY_DATA_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
  type PageDataEntry,
} from '@mandado/shared/web-page-data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecentReads, RECENT_READ_MS } from '../src/modules/web-pages/recent-reads.ts';
import { createProduct, createStore } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Decision 083: home (the city screen) and the search results page are rendered on the server like a store
// page (decision 079). Home's HTML carries the served cities; the results page's the only served city and the
// first page of results, keyed as the shop's search page asks for them and equal to the API's own answer.
// The stand-in server entry answers with the keys of the data it was given.
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head><title>Mandado Compras Online</title></head>
  <body><div id="root"></div></body>
</html>`;

const ENTRY = `
export async function renderPage(url, data) {
  const keys = data.map((entry) => entry.key.join('/')).join(',');
  return { markup: '<main><p>' + keys + '</p></main>', modules: [] };
}
`;

let root: string;
let t: TestApp;
let productName: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'mandado-markup-home-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), ENTRY);
  t = await createTestApp({ webDistDir: path.join(root, 'dist') });
  const store = await createStore(t.database, { name: 'Almacén Búsqueda' });
  productName = 'Yerba Canarias Serena';
  await createProduct(t.database, store.id, { name: productName });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

function embedded(html: string, id: string): PageDataEntry[] {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as PageDataEntry[]) : [];
}

async function page(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  const html = response.body;
  return {
    status: response.statusCode,
    root: html.slice(html.indexOf('<div id="root">')),
    data: embedded(html, PAGE_DATA_ELEMENT_ID),
    cityData: embedded(html, CITY_DATA_ELEMENT_ID),
  };
}

async function apiJson(url: string): Promise<unknown> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the city screen (home)', () => {
  it('is rendered with the served cities embedded, as GET /v1/cities/ lists them', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.root).toContain('<div id="root"><main><p>cities</p></main>');
    const { results } = (await apiJson('/v1/cities/')) as { results: unknown[] };
    expect(home.cityData).toEqual([{ key: ['cities'], value: results }]);
  });
});

describe('the search results page', () => {
  it('is rendered with the only city and its first page of results, as the API answers them', async () => {
    const results = await page('/buscar?q=%20Canarias%20');
    expect(results.status).toBe(200);
    expect(results.root).toContain('<p>search/Montevideo/Canarias/page/1,cities</p>');
    const answer = await apiJson('/v1/products/Montevideo/?search=Canarias&page=1');
    expect(results.data).toEqual([{ key: ['search', 'Montevideo', 'Canarias', 'page', 1], value: answer }]);
    expect(JSON.stringify(results.data)).toContain(productName);
    expect(results.cityData.map((entry) => entry.key)).toEqual([['cities']]);

    // Another page of the same term is its own entry.
    const second = await page('/buscar?q=Canarias&pagina=2');
    expect(second.data[0]?.key).toEqual(['search', 'Montevideo', 'Canarias', 'page', 2]);
  });

  it('renders a search with no results, a short, long or malformed query as its page, never a 500', async () => {
    const none = await page('/buscar?q=zzzqqqxxx');
    expect(none.status).toBe(200);
    expect(none.data).toEqual([
      {
        key: ['search', 'Montevideo', 'zzzqqqxxx', 'page', 1],
        value: { results: [], page: 1, has_next: false },
      },
    ]);
    for (const url of [
      '/buscar?q=ab',
      '/buscar',
      `/buscar?q=${'a'.repeat(101)}`,
      '/buscar?q=%E0%A4%A&pagina=abc',
      '/buscar?q=%3Cscript%3E&pagina=999',
    ]) {
      const odd = await page(url);
      expect(odd.status, url).toBe(200);
      expect(odd.root, url).toMatch(/^<div id="root"><main>/);
      // A term the API would refuse embeds no results: the page says so itself.
      for (const entry of odd.data) expect(entry.key[0], url).toBe('search');
    }
    expect((await page('/buscar?q=ab')).data).toEqual([]);
    expect((await page(`/buscar?q=${'a'.repeat(101)}`)).data).toEqual([]);
  });

  it('is the shell with several served cities: the server cannot know the visitor’s', async () => {
    await t.database.db.execute(sql`update cities set served = true where name = 'Ciudad de la Costa'`);
    // Another term: the one above was read less than RECENT_READ_MS ago.
    const results = await page('/buscar?q=Serena');
    expect(results.status).toBe(200);
    expect(results.root).toMatch(/^<div id="root"><\/div>/);
    expect(results.data).toEqual([]);
  });
});

describe("the search page's recent reads", () => {
  it('share a read for RECENT_READ_MS, then read again; a failed read is not kept', async () => {
    let now = 1_000_000;
    const reads = createRecentReads(RECENT_READ_MS, () => now);
    let count = 0;
    const load = async () => {
      count += 1;
      return count;
    };
    const [first, second] = await Promise.all([reads.read('a', load), reads.read('a', load)]);
    expect([first, second]).toEqual([1, 1]);
    now += RECENT_READ_MS - 1;
    expect(await reads.read('a', load)).toBe(1);
    expect(await reads.read('b', load)).toBe(2);
    now += 1;
    // The bound: a change (a price, the stock) shows at most RECENT_READ_MS later.
    expect(await reads.read('a', load)).toBe(3);

    await expect(reads.read('c', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await reads.read('c', load)).toBe(4);
  });
});
