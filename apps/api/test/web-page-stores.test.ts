import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CITY_COOKIE } from '@mandado/shared/city-cookie';
import { CITY_DATA_ELEMENT_ID } from '@mandado/shared/web-page-data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cityId, createStore } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Decision 084: /stores is rendered on the server for the only served city, or with several for the city the
// visitor's city cookie names, from the city's stores embedded in the HTML (a stand-in server entry here,
// which writes the keys and the store names it was given, besides the seed's demo stores of Montevideo);
// without a known city the page is the shell.
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head><title>Mandado Compras Online</title></head>
  <body><div id="root"></div></body>
</html>`;

const ENTRY = `
export async function renderPage(url, data) {
  const parts = data.map((entry) => {
    const key = entry.key.join('/');
    if (key === 'page-city') return key + ':' + entry.value.name;
    if (entry.key[0] === 'stores') return key + ':' + entry.value.map((store) => store.name).sort().join('+');
    return key;
  });
  return { markup: '<main><p>' + parts.join(',') + '</p></main>', modules: [] };
}
`;

let root: string;
let t: TestApp;
let montevideo: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'mandado-stores-page-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), ENTRY);
  t = await createTestApp({ webDistDir: path.join(root, 'dist') });
  montevideo = await cityId(t.database);
  await createStore(t.database, { name: 'Almacén del Prado' });
  await createStore(t.database, { name: 'Farmacia Costera', city: 'Ciudad de la Costa' });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function storesPage(cookie?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/stores',
    headers: cookie === undefined ? {} : { cookie: `${CITY_COOKIE}=${cookie}` },
  });
  const html = response.body;
  const cityData = new RegExp(
    `<script type="application/json" id="${CITY_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html)?.[1];
  return {
    status: response.statusCode,
    root: html.slice(html.indexOf('<div id="root">')),
    cityData: cityData === undefined ? null : (JSON.parse(cityData) as Array<{ key: unknown[] }>),
  };
}

describe('/stores rendered on the server', () => {
  it('renders the only served city’s stores, embedded, whatever the cookie says', async () => {
    for (const cookie of [undefined, String(montevideo), '999999', 'Montevideo']) {
      const page = await storesPage(cookie);
      expect(page.status).toBe(200);
      expect(page.root).toMatch(
        /^<div id="root"><main><p>cities,stores\/Montevideo:[^,]*Almacén del Prado[^,]*<\/p>/,
      );
      expect(page.root).not.toContain('Farmacia Costera');
      expect(page.cityData?.map((entry) => entry.key)).toEqual([['cities'], ['stores', 'Montevideo']]);
    }
  });

  it('with several served cities, renders the city the cookie names and ignores an unknown or malformed one', async () => {
    await t.database.db.execute(sql`update cities set served = true where name = 'Ciudad de la Costa'`);
    // The page reads the served cities and a city's stores at most once a minute: the next minute sees it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const costa = await cityId(t.database, 'Ciudad de la Costa');

    const chosen = await storesPage(String(costa));
    expect(chosen.status).toBe(200);
    expect(chosen.root).toContain(
      '<main><p>cities,stores/Canelones:Farmacia Costera,page-city:Ciudad de la Costa</p>',
    );
    expect(chosen.cityData?.map((entry) => entry.key)).toEqual([
      ['cities'],
      ['stores', 'Canelones'],
      ['page-city'],
    ]);
    const other = await storesPage(String(montevideo));
    expect(other.root).toMatch(
      /<p>cities,stores\/Montevideo:[^,]*Almacén del Prado[^,]*,page-city:Montevideo<\/p>/,
    );
    expect(other.root).not.toContain('Farmacia Costera');

    // No cookie, a city that is not served (Salto), an id of no city, and values that are no plain id: the
    // empty root and no city data, as before; the browser then renders the page from its stored city.
    const salto = await cityId(t.database, 'Salto');
    for (const cookie of [
      undefined,
      String(salto),
      '999999',
      '',
      'abc',
      `${montevideo}x`,
      '-1',
      '0',
      '1e3',
    ]) {
      const page = await storesPage(cookie);
      expect(page.status, `cookie ${cookie}`).toBe(200);
      expect(page.root, `cookie ${cookie}`).toMatch(/^<div id="root"><\/div>/);
      expect(page.cityData, `cookie ${cookie}`).toBeNull();
    }
  });
});
