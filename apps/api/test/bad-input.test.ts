import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, createStore, createUser, makeOperator, type TestUser } from './factories.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('bad input never gives a 500', () => {
  it.each([
    '/v1/nothing-here',
    '/v1/',
    '/v1',
    '/v1/products/',
    '/v1/stores/city/',
    '/v1/orders/frequently_bought_together/',
  ])('an unknown API path %s is a JSON 404 in Spanish', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().detail).toMatch(/\p{L}/u);
  });

  it.each([
    ['GET', '/v1/users/exists/a%00b@ejemplo.com', undefined],
    ['GET', '/v1/users/email/register/?email=a%00b@ejemplo.com', undefined],
    ['GET', '/v1/stores/city/Monte%00video', undefined],
    ['POST', '/v1/login/', { username: 'a\u0000b@ejemplo.com', password: 'x' }],
    ['POST', '/v1/city/request/', { city: 'Sal\u0000to', email: 'ana@ejemplo.com' }],
  ] as const)('a NUL character in %s %s is bad input, not a 500', async (method, url, payload) => {
    const response = await t.app.inject({
      method,
      url,
      ...(payload ? { payload, headers: await visitorHeaders(t.app) } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Valor inválido.' });
  });

  it('a method the route does not take is a 404, not a 500', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/v1/cities/' });
    expect(response.statusCode).toBe(404);
  });

  it('an over-long path parameter is a 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/stores/city/${'a'.repeat(5000)}` });
    expect(response.statusCode).toBe(404);
  });

  it('a huge payload is refused with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/city/request/',
      payload: { city: 'x'.repeat(200_000), email: 'ana@correo.com' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'La solicitud es demasiado grande.' });
  });

  it.each(['abc', '0', '-1', '01', '0x1', '1e0', '1.0', '%201', '99999999999', '2147483648'])(
    'a product id written %s is a request for nothing we have: 404 in Spanish',
    async (id) => {
      const response = await t.app.inject({ method: 'GET', url: `/v1/products/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toMatch(/\p{L}/u);
    },
  );

  it('malformed JSON is a 400 with a Spanish detail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/city/request/',
      headers: { 'content-type': 'application/json' },
      payload: '{"city": "Salto", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'El cuerpo de la solicitud no es un JSON válido.' });
  });

  it('a body that is not JSON is a 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/city/request/',
      headers: { 'content-type': 'text/plain' },
      payload: 'city=Salto',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toMatch(/JSON/);
  });

  it('a search given as an array is a 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/products/Montevideo/?search=leche&search=pan',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().search[0]).toMatch(/\p{L}/u);
  });

  it('an unknown media file is a 404 and a path escape is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/products/nada.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/../package.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/%2e%2e/x.svg' })).statusCode).toBe(404);
  });
});

describe('the back office’s bad input never gives a 500 (issue 19)', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(t.app);
    await makeOperator(t.database, admin.id, 'administracion');
  });

  const coupon = (dates: { valid_from: string | null; valid_until: string | null }) => ({
    code: 'FECHA-RARA',
    type: 'discount_amount',
    value: '5',
    minimum_purchase: '0',
    max_uses_total: null,
    max_uses_per_user: null,
    ...dates,
  });

  it.each([
    // Cursors past an integer id's range, and days the database has no room for (year 0, after 9999).
    ['GET', '/v1/admin/people/?cursor=9999999999', undefined],
    ['GET', '/v1/admin/coupons/?cursor=9999999999', undefined],
    ['POST', '/v1/admin/coupons/', coupon({ valid_from: '0000-01-01T00:00:00Z', valid_until: null })],
    ['POST', '/v1/admin/coupons/', coupon({ valid_from: '0001-01-01T00:00:00+23:59', valid_until: null })],
    ['POST', '/v1/admin/coupons/', coupon({ valid_from: null, valid_until: '9999-12-31T23:59:59Z' })],
    ['GET', '/v1/admin/orders/?from=0000-01-01', undefined],
    ['GET', '/v1/admin/orders/?to=9999-12-31', undefined],
    ['GET', '/v1/admin/orders/export.csv?from=0000-01-01', undefined],
    ['GET', '/v1/admin/audit/?from=0000-01-01', undefined],
    ['GET', '/v1/admin/audit/?to=9999-12-31', undefined],
    ['GET', '/v1/admin/statements/?week=0000-01-03', undefined],
    ['GET', '/v1/admin/statements/export.csv?week=9999-12-27', undefined],
    ['POST', '/v1/admin/statements/shipping/0000-01-03/paid/', { reference: 'TRX-1' }],
  ] as const)('%s %s is a 4xx in Spanish', async (method, url, payload) => {
    const response = await t.app.inject({
      method,
      url,
      headers: admin.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.body).toMatch(/\p{L}/u);
  });

  it('a merchant’s statement of year 0 or 9999 is a 4xx', async () => {
    const owner = await createUser(t.app);
    const store = await createStore(t.database);
    await addStoreMember(t.database, store.id, owner.id, 'owner');
    for (const week of ['0000-01-03', '9999-12-27']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/merchant/stores/${store.id}/statements/${week}/`,
        headers: owner.headers,
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
  });
});

describe('served media and headers', () => {
  it('serves a product image we generated, cacheable, with an ETag', async () => {
    const product = (await t.app.inject({ method: 'GET', url: '/v1/products/1' })).json();
    const response = await t.app.inject({ method: 'GET', url: product.images[0] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(response.body.startsWith('<svg')).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: product.images[0],
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/cities/' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/cities/', '/v1/by-categories/products/{city}', '/v1/products/{city}/']),
    );
  });
});
