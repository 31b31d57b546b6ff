import { CURRENCY_CODES } from '@mandado/shared/country-currency';
import type { CurrencyList } from '@mandado/shared/currency.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/whoami/', () => {
  it('answers a visitor with no user and the public settings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/whoami/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.whoami).toBeNull();
    expect(body.settings.free_shipping_threshold).toBe('80.00');
    expect(body.settings.header_banner_end_at).toBeGreaterThan(Date.now() / 1000);
  });
});

describe('GET /v1/currencies/', () => {
  it('lists the supported currencies with the newest stored rate set', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/currencies/' });
    expect(response.statusCode).toBe(200);
    const body = response.json<CurrencyList>();
    expect(body.results.map((c) => c.code).sort()).toEqual([...CURRENCY_CODES].sort());
    const usd = body.results.find((c) => c.code === 'USD');
    expect(usd).toMatchObject({ symbol: '$', val: '1', decimal_digits: 2 });
    const uyu = body.results.find((c) => c.code === 'UYU');
    expect(Number(uyu?.val)).toBeGreaterThan(30);
    expect(body.rates.base).toBe('USD');
    expect(body.rates.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.rates.rates.UYU).toBe(uyu?.val);
  });

  it('uses a newer rate set as soon as one is stored', async () => {
    await t.database.db.execute(sql`
      insert into currency_rates (rate_date, code, rate)
      select date '2099-01-01', code, case when code = 'UYU' then 44.5 else rate end
      from currency_rates where rate_date = (select max(rate_date) from currency_rates)
    `);
    const body = (await t.app.inject({ method: 'GET', url: '/v1/currencies/' })).json<CurrencyList>();
    expect(body.rates.date).toBe('2099-01-01');
    expect(body.rates.rates.UYU).toBe('44.5');
  });
});

describe('GET /v1/departments/', () => {
  it("lists Uruguay's 19 departments with their main cities, capital first", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/departments/' });
    expect(response.statusCode).toBe(200);
    const { results } = response.json<{
      results: Array<{ id_estado: number; estado: string; ciudades: string[] }>;
    }>();
    expect(results.map((d) => d.id_estado)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(results.find((d) => d.estado === 'Montevideo')?.ciudades).toEqual(['Montevideo']);
    const canelones = results.find((d) => d.estado === 'Canelones');
    expect(canelones?.ciudades[0]).toBe('Canelones');
    expect(canelones?.ciudades.length).toBeGreaterThan(2);
    expect(results.find((d) => d.id_estado === 11)?.estado).toBe('Paysandú');
  });
});

describe('GET /v1/country/', () => {
  it('defaults to Uruguay', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/country/' });
    expect(response.json()).toEqual({ country_code: 'UY' });
  });

  it("takes the region of the browser's preferred language, so a payer in Spain is in Spain (issue 30)", async () => {
    const country = async (acceptLanguage: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/country/',
          headers: { 'accept-language': acceptLanguage },
        })
      ).json();
    expect(await country('es-ES,es;q=0.9,en;q=0.8')).toEqual({ country_code: 'ES' });
    expect(await country('es,en-us;q=0.5')).toEqual({ country_code: 'US' });
    // A language alone names no country: the default stays.
    expect(await country('es')).toEqual({ country_code: 'UY' });
  });
});

describe('POST /v1/city/request/', () => {
  it('stores a request with the e-mail trimmed and lowercased and answers 201', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/city/request/',
      headers: await visitorHeaders(t.app),
      payload: { city: ' Salto ', email: '  Ana.Perez@Correo.COM ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ city: 'Salto', email: 'ana.perez@correo.com' });
    const stored = await queryRows<{ city: string; email: string }>(
      t.database,
      sql`select city, email from city_requests where email = 'ana.perez@correo.com'`,
    );
    expect(stored).toEqual([{ city: 'Salto', email: 'ana.perez@correo.com' }]);
  });

  it.each([
    [{ city: '', email: 'ana@correo.com' }, { city: ['Campo requerido'] }],
    [{ city: 'Salto', email: 'ana@' }, { email: ['Correo electrónico inválido'] }],
    [{ city: 'Salto', email: '   ' }, { email: ['Campo requerido'] }],
    [{ email: 'ana@correo.com' }, { city: ['Campo requerido'] }],
    [{ city: 42, email: 'ana@correo.com' }, { city: ['Campo requerido'] }],
    [{ city: 'x'.repeat(101), email: 'ana@correo.com' }, { city: ['No puede tener más de 100 caracteres.'] }],
  ])('answers 400 with Spanish field messages for %j', async (payload, expected) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/city/request/',
      headers: await visitorHeaders(t.app),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('answers 400 with non_field_errors when the body is not an object', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/city/request/',
      headers: { ...(await visitorHeaders(t.app)), 'content-type': 'application/json' },
      payload: '["Salto"]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().non_field_errors[0]).toMatch(/\p{L}/u);
  });
});
