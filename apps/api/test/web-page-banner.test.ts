import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADDRESS_KNOWN_COOKIE, SITE_DATA_ELEMENT_ID } from '@mandado/shared/web-page-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore, createUser, makeOperator, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Decision 085: every browse page embeds the promo banner's public settings as of the server's minute, and
// the server's markup renders the banner from them, so it is in the first paint instead of appearing over the
// page after hydration (CLS). The markup is cached a minute per URL and data: switching the banner off or
// changing it must not be served from the old markup. The stand-in entry renders what the shop's banner
// renders from the same data (its text, or nothing without one).
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head><title>Mandado Compras Online</title></head>
  <body><div id="root"></div></body>
</html>`;

const ENTRY = `
let renders = 0;
export async function renderPage(url, data, siteData = []) {
  renders += 1;
  const banner = siteData.find((entry) => entry.key[0] === 'promo-banner');
  const aside = banner ? '<aside class="promo-banner"><strong>' + banner.value.text + '</strong></aside>' : '';
  return { markup: aside + '<main data-render="' + renders + '">' + url + '</main>', modules: [] };
}
`;

interface BannerEntry {
  key: string[];
  value: { text: string; endAt: number; at: number };
}

let root: string;
let t: TestApp;
let admin: TestUser;
let productUrl: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'mandado-banner-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), ENTRY);
  t = await createTestApp({ webDistDir: path.join(root, 'dist') });
  admin = await createUser(t.app);
  await makeOperator(t.database, admin.id, 'administracion');
  const store = await createStore(t.database, { name: 'Almacén del Sur' });
  const product = await createProduct(t.database, store.id, { name: 'Yerba' });
  productUrl = `/AlmacenDelSur/productDetails?id=${product.id}`;
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function page(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  const html = response.body;
  const block = html.match(
    new RegExp(`<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">([^<]*)`),
  );
  return {
    status: response.statusCode,
    siteData: block?.[1] ? (JSON.parse(block[1]) as BannerEntry[]) : null,
    root: html.slice(html.indexOf('<div id="root">')),
  };
}

async function setSetting(key: string, value: unknown) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/v1/admin/settings/${key}/`,
    headers: admin.headers,
    payload: { value: String(value) },
  });
  expect(response.statusCode).toBe(200);
}

describe('the promo banner in a browse page', () => {
  it("is embedded with the server's minute and rendered in the markup; switched off or changed, the next answer follows", async () => {
    const endAt = Math.floor(Date.now() / 1000) + 2 * 24 * 3600;
    await setSetting('header_banner_text', 'Semana del asado.');
    await setSetting('header_banner_end_at', endAt);

    const before = Math.floor(Date.now() / 60_000) * 60;
    const on = await page(productUrl);
    expect(on.status).toBe(200);
    expect(on.siteData).toEqual([
      { key: ['promo-banner'], value: { text: 'Semana del asado.', endAt, at: expect.any(Number) } },
    ]);
    const at = on.siteData?.[0]?.value.at ?? 0;
    expect(at % 60).toBe(0);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(on.root).toContain('<aside class="promo-banner"><strong>Semana del asado.</strong></aside>');
    // Every browse page carries it, not only the rendered ones (the shop's banner then needs no who-am-I).
    expect((await page('/stores')).siteData?.[0]?.value.text).toBe('Semana del asado.');

    // Within the same minute, the markup cache must not serve the banner that was changed or switched off.
    await setSetting('header_banner_text', 'Ofertas de primavera.');
    const changed = await page(productUrl);
    expect(changed.root).toContain('<strong>Ofertas de primavera.</strong>');
    expect(changed.root).not.toContain('Semana del asado.');

    await setSetting('header_banner_end_at', 0);
    const off = await page(productUrl);
    expect(off.siteData).toBeNull();
    expect(off.root).not.toContain('promo-banner');
    expect(off.root).toContain(`<main data-render=`);
  });

  it('is not embedded in a 404', async () => {
    await setSetting('header_banner_end_at', Math.floor(Date.now() / 1000) + 24 * 3600);
    const missing = await page('/AlmacenDelSur/productDetails?id=987654321');
    expect(missing.status).toBe(404);
    expect(missing.siteData).toBeNull();
  });
});

describe('a browser that has an address', () => {
  it("gets the class that keeps the markup's address bar from being painted; others and the shell do not", async () => {
    const withCookie = await t.app.inject({
      method: 'GET',
      url: productUrl,
      headers: { cookie: `${ADDRESS_KNOWN_COOKIE}=1` },
    });
    expect(withCookie.body).toContain('<html lang="es" class="address-known">');
    const without = await t.app.inject({ method: 'GET', url: productUrl });
    expect(without.body).toContain('<html lang="es">');
    // A 404 has no markup, hence no bar to hide.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/AlmacenDelSur/productDetails?id=987654321',
      headers: { cookie: `${ADDRESS_KNOWN_COOKIE}=1` },
    });
    expect(missing.body).toContain('<html lang="es">');
  });
});
