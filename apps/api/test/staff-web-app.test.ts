import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 17: one process serves the shop and the staff app, each with its own index.html and 404 list.
const SHOP_HTML = '<!doctype html><html lang="es"><body><div id="root">tienda</div></body></html>';
const STAFF_HTML = '<!doctype html><html lang="es"><body><div id="root">comercios</div></body></html>';
let root: string;
let t: TestApp;

beforeAll(async () => {
  // Stand-ins for apps/web/dist and apps/staff/dist (whose build puts its files under /staff/assets/).
  root = mkdtempSync(path.join(tmpdir(), 'mandado-dists-'));
  const web = path.join(root, 'web');
  const staff = path.join(root, 'staff');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  mkdirSync(path.join(staff, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), SHOP_HTML);
  writeFileSync(path.join(web, 'assets', 'shell-1234.js'), 'console.log("tienda")');
  writeFileSync(path.join(staff, 'index.html'), STAFF_HTML);
  writeFileSync(path.join(staff, 'assets', 'index-abcd.js'), 'console.log("comercios")');
  t = await createTestApp({ webDistDir: web, staffDistDir: staff });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the staff app beside the shop (issue 17)', () => {
  it.each(['/comercio', '/comercio/', '/admin', '/admin?x=1', '/entrega/Zm9vYmFyYmF6'])(
    '%s answers the staff app with 200',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(STAFF_HTML);
    },
  );

  it.each(['/comercio/nada', '/admin/tiendas/x/y', '/entrega', '/entrega/abc/extra'])(
    '%s answers the staff app (its 404 page) with status 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(STAFF_HTML);
    },
  );

  it('leaves the shop its pages and its 404s', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/stores' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(SHOP_HTML);
    for (const url of ['/comerciox', '/administracion', '/staff/', '/staff/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(SHOP_HTML);
    }
  });

  it('serves each app its hashed files with the immutable cache, apart', async () => {
    const staff = await t.app.inject({ method: 'GET', url: '/staff/assets/index-abcd.js' });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(staff.body).toBe('console.log("comercios")');
    const shop = await t.app.inject({ method: 'GET', url: '/assets/shell-1234.js' });
    expect(shop.statusCode).toBe(200);
    expect(shop.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Neither app's files are reachable under the other's folder.
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abcd.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/staff/assets/shell-1234.js' })).statusCode).toBe(404);
  });

  it('keeps the API JSON and a staff path asked with POST a JSON 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/v1/comercio' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'La dirección solicitada no existe.' });
    const post = await t.app.inject({ method: 'POST', url: '/comercio', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/application\/json/);
  });
});
