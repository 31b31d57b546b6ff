import type { AdminCoupon, AdminCouponList } from '@mandado/shared/admin-coupons.schemas';
import type {
  AdminCurrency,
  AdminSetting,
  AdminZoneList,
  SettingChange,
} from '@mandado/shared/admin-settings.schemas';
import type { CurrencyList } from '@mandado/shared/currency.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, makeOperator, type TestUser } from './factories.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 19: settings from the registry, coupons, currency rate overrides and delivery zones in the back
 * office. Each change is validated in Spanish, takes effect for the shop at once and leaves an audit row.
 */
let t: TestApp;
let admin: TestUser;
let support: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app);
  await makeOperator(t.database, admin.id, 'administracion');
  support = await createUser(t.app);
  await makeOperator(t.database, support.id, 'soporte');
});
afterAll(() => t.close());

async function call(
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function auditRows(subject: string) {
  return queryRows<{ action: string; actor_user_id: number; detail: Record<string, unknown> }>(
    t.database,
    sql`select action, actor_user_id, detail from audit_events where subject = ${subject} order by id`,
  );
}

describe('settings', () => {
  it('lists every registry entry the issue names, with its value, type, Spanish label and bounds', async () => {
    const response = await call(support, 'GET', '/v1/admin/settings/');
    expect(response.statusCode).toBe(200);
    const settings = response.json<{ results: AdminSetting[] }>().results;
    const keys = settings.map((setting) => setting.key);
    for (const key of [
      'free_shipping_threshold',
      'shipping_fee_in_city',
      'shipping_fee_outside_city',
      'header_banner_text',
      'header_banner_end_at',
      'support_whatsapp_number',
      'support_email',
      'support_hours',
      'manual_payment_days',
      'unpaid_orders_max_total',
      'unpaid_orders_max_units_per_product',
      'default_commission_rate',
    ]) {
      expect(keys).toContain(key);
    }
    expect(settings.find((setting) => setting.key === 'free_shipping_threshold')).toMatchObject({
      label: 'Envío gratis desde',
      type: 'money',
      value: '80.00',
      default: '80.00',
      public: true,
      min: 0,
      max: 1000,
    });
  });

  it('refuses a value by the registry rules, in Spanish, and changes nothing', async () => {
    const cases: [string, string, string][] = [
      ['free_shipping_threshold', 'ochenta', 'Escribe un monto en dólares, como 80 o 80.50.'],
      ['free_shipping_threshold', '5000', 'Debe estar entre US$ 0 y US$ 1000.'],
      ['manual_payment_days', '0', 'Debe estar entre 1 y 30.'],
      ['support_email', 'soporte@', 'Escribe un correo electrónico válido.'],
      [
        'manual_payment_countries',
        'CO, Chile',
        'Escribe códigos de país de dos letras separados por comas, como CO, CL, PE.',
      ],
      ['default_commission_rate', '60', 'Debe estar entre 0 % y 50 %.'],
    ];
    for (const [key, value, reason] of cases) {
      const response = await call(admin, 'PUT', `/v1/admin/settings/${key}/`, { value });
      expect(response.statusCode, `${key}=${value}`).toBe(400);
      expect(response.json()).toEqual({ value: [reason] });
    }
    expect((await call(admin, 'PUT', '/v1/admin/settings/no_such_key/', { value: '1' })).statusCode).toBe(
      404,
    );
    expect((await call(support, 'PUT', '/v1/admin/settings/support_hours/', { value: 'x' })).statusCode).toBe(
      403,
    );
    expect(await auditRows('setting:free_shipping_threshold')).toEqual([]);
  });

  it('stores a new free-shipping threshold that the shop shows at once, with its history', async () => {
    const response = await call(admin, 'PUT', '/v1/admin/settings/free_shipping_threshold/', {
      value: '95,5',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminSetting>().value).toBe('95.50');

    const whoami = await t.app.inject({ method: 'GET', url: '/v1/whoami/' });
    expect(
      whoami.json<{ settings: { free_shipping_threshold: string } }>().settings.free_shipping_threshold,
    ).toBe('95.50');

    // The same value again changes nothing and records nothing.
    await call(admin, 'PUT', '/v1/admin/settings/free_shipping_threshold/', { value: '95.50' });
    const rows = await auditRows('setting:free_shipping_threshold');
    expect(rows).toEqual([
      { action: 'setting.changed', actor_user_id: admin.id, detail: { before: '80.00', after: '95.50' } },
    ]);

    const history = await call(support, 'GET', '/v1/admin/settings/free_shipping_threshold/history/');
    expect(history.statusCode).toBe(200);
    const changes = history.json<{ results: SettingChange[] }>().results;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ by: admin.email, before: '80.00', after: '95.50' });
  });

  it('gives the public banner text and shipping fees to the shop', async () => {
    await call(admin, 'PUT', '/v1/admin/settings/header_banner_text/', { value: 'Semana del asado.' });
    await call(admin, 'PUT', '/v1/admin/settings/shipping_fee_in_city/', { value: '1.99' });
    const whoami = await t.app.inject({ method: 'GET', url: '/v1/whoami/' });
    expect(whoami.json<{ settings: Record<string, unknown> }>().settings).toMatchObject({
      header_banner_text: 'Semana del asado.',
      shipping_fee_in_city: '1.99',
      shipping_fee_outside_city: '4.99',
    });
  });
});

describe('coupons', () => {
  const base = {
    code: 'invierno-10',
    type: 'discount_percentage',
    value: '10',
    minimum_purchase: '20',
    valid_from: null,
    valid_until: null,
    max_uses_total: 100,
    max_uses_per_user: 1,
  };
  let coupon: AdminCoupon;

  it('creates a coupon, unique by code, and lists it', async () => {
    const created = await call(admin, 'POST', '/v1/admin/coupons/', base);
    expect(created.statusCode).toBe(201);
    coupon = created.json<AdminCoupon>();
    expect(coupon).toMatchObject({
      code: 'INVIERNO-10',
      value: '10.00',
      minimum_purchase: '20.00',
      uses_count: 0,
    });

    const again = await call(admin, 'POST', '/v1/admin/coupons/', { ...base, code: ' Invierno-10 ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: ['Ya existe un cupón con ese código.'] });

    const bad = await call(admin, 'POST', '/v1/admin/coupons/', { ...base, code: 'OTRO', value: '120' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ value: ['Un porcentaje no puede pasar de 100.'] });

    const list = await call(support, 'GET', '/v1/admin/coupons/?q=invierno');
    expect(list.json<AdminCouponList>().results.map((row) => row.code)).toEqual(['INVIERNO-10']);
    expect((await call(support, 'POST', '/v1/admin/coupons/', base)).statusCode).toBe(403);
    expect((await auditRows('coupon:INVIERNO-10')).map((row) => row.action)).toEqual(['coupon.created']);
  });

  it('answers two creations of one new code at the same moment with one coupon and one 409, never a 500', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => call(admin, 'POST', '/v1/admin/coupons/', { ...base, code: 'PRIMAVERA-5' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('keeps a used coupon’s type and value, but lets it be ended', async () => {
    await t.database.db.execute(sql`update coupons set uses_count = 1 where id = ${coupon.id}`);
    const changed = await call(admin, 'PUT', `/v1/admin/coupons/${coupon.id}/`, { ...base, value: '15' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ detail: string }>().detail).toMatch(/^Este cupón ya se usó/);

    const now = new Date().toISOString();
    const ended = await call(admin, 'PUT', `/v1/admin/coupons/${coupon.id}/`, { ...base, valid_until: now });
    expect(ended.statusCode).toBe(200);
    expect(ended.json<AdminCoupon>().valid_until).toBe(now);

    // The shop refuses it from now on.
    const shopper = await createUser(t.app);
    const check = await call(shopper, 'POST', '/v1/coupon/user/', { coupon: 'invierno-10' });
    expect(check.statusCode).toBe(400);
    const rows = await auditRows('coupon:INVIERNO-10');
    expect(rows.map((row) => row.action)).toEqual(['coupon.created', 'coupon.updated']);
    expect(rows[1]?.detail).toMatchObject({ before: { valid_until: null }, after: { valid_until: now } });
  });
});

describe('currency rates', () => {
  it('overrides a rate for the shop, and removes the override', async () => {
    const listed = (await call(support, 'GET', '/v1/admin/currencies/')).json<{ results: AdminCurrency[] }>();
    const uyu = listed.results.find((row) => row.code === 'UYU');
    expect(uyu?.override).toBeNull();
    expect(uyu?.rate_in_force).toBe(uyu?.rate);

    const bad = await call(admin, 'PUT', '/v1/admin/currencies/UYU/override/', { rate: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      rate: ['Escribe una tasa mayor que cero, como 40.15 (unidades por 1 US$).'],
    });
    expect((await call(admin, 'PUT', '/v1/admin/currencies/USD/override/', { rate: '2' })).statusCode).toBe(
      400,
    );
    expect((await call(admin, 'PUT', '/v1/admin/currencies/XXX/override/', { rate: '2' })).statusCode).toBe(
      404,
    );

    // A slip of a zero (425 for 42,5) would reprice the whole shop: refused, with the range that is accepted.
    const slip = await call(admin, 'PUT', '/v1/admin/currencies/UYU/override/', { rate: '425' });
    expect(slip.statusCode).toBe(400);
    expect(slip.json<{ rate: string[] }>().rate[0]).toMatch(
      /^Esa tasa se aleja demasiado de la cotización del día/,
    );
    const set = await call(admin, 'PUT', '/v1/admin/currencies/uyu/override/', { rate: '42,5' });
    expect(set.statusCode).toBe(200);
    expect(set.json<{ results: AdminCurrency[] }>().results.find((row) => row.code === 'UYU')).toMatchObject({
      override: { rate: '42.5', set_by: admin.email },
      rate_in_force: '42.5',
    });
    const shop = (await t.app.inject({ method: 'GET', url: '/v1/currencies/' })).json<CurrencyList>();
    expect(shop.rates.rates.UYU).toBe('42.5');

    expect((await call(admin, 'DELETE', '/v1/admin/currencies/UYU/override/')).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', '/v1/admin/currencies/UYU/override/')).statusCode).toBe(404);
    const back = (await t.app.inject({ method: 'GET', url: '/v1/currencies/' })).json<CurrencyList>();
    expect(back.rates.rates.UYU).toBe(uyu?.rate);
    expect((await auditRows('currency:UYU')).map((row) => [row.action, row.detail])).toEqual([
      ['currency.override_set', { before: null, after: '42.5' }],
      ['currency.override_removed', { before: '42.5', after: null }],
    ]);
  });
});

describe('delivery zones', () => {
  /** A square around a point, as GeoJSON writes it: [longitude, latitude], the ring closed. */
  function square(latitude: number, longitude: number, half: number): number[][] {
    return [
      [longitude - half, latitude - half],
      [longitude + half, latitude - half],
      [longitude + half, latitude + half],
      [longitude - half, latitude + half],
      [longitude - half, latitude - half],
    ];
  }
  function feature(properties: Record<string, unknown>, ring: unknown[][]) {
    return { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [ring] } };
  }
  const area = feature({ name: 'Centro ampliado', kind: 'service_area' }, square(-34.9, -56.17, 0.05));
  const meeting = feature(
    { name: 'Plaza Cagancha', kind: 'meeting_point', note: 'Frente a la Columna de la Paz.' },
    square(-34.9065, -56.1913, 0.003),
  );

  it('starts from the gazetteer and refuses bad GeoJSON in Spanish', async () => {
    const first = (await call(support, 'GET', '/v1/admin/zones/')).json<AdminZoneList>();
    expect(first.source).toBe('gazetteer');
    expect(first.zones.filter((zone) => zone.kind === 'service_area')).toHaveLength(1);

    const open = square(-34.9, -56.17, 0.1).slice(0, 4);
    const swapped = square(-34.9, -56.17, 0.1).map(([lon = 0, lat = 0]) => [lat, lon]);
    const worded = [['-56.1', '-34.9'], ...square(-34.9, -56.17, 0.1).slice(1)];
    const cases: [unknown, string][] = [
      [{}, 'Sube un GeoJSON de tipo FeatureCollection con polígonos.'],
      [{ type: 'FeatureCollection', features: [] }, 'El archivo no tiene zonas.'],
      [
        { type: 'FeatureCollection', features: [feature({ name: 'A', kind: 'service_area' }, open)] },
        'El contorno de la zona 1 no está cerrado: el último punto debe repetir el primero.',
      ],
      [
        { type: 'FeatureCollection', features: [feature({ name: 'A', kind: 'service_area' }, swapped)] },
        'La zona 1 tiene puntos fuera de Uruguay (¿latitud y longitud al revés?).',
      ],
      [
        { type: 'FeatureCollection', features: [feature({ name: 'A', kind: 'service_area' }, worded)] },
        'La zona 1 tiene un punto que no es [longitud, latitud] en grados (el orden de GeoJSON).',
      ],
      [
        {
          type: 'FeatureCollection',
          features: [feature({ name: 'Buenos Aires', kind: 'service_area' }, square(-34.6, -58.4, 0.05))],
        },
        'La zona 1 tiene puntos fuera de Uruguay (¿latitud y longitud al revés?).',
      ],
      [
        {
          type: 'FeatureCollection',
          features: [area, feature({ name: 'B', kind: 'otro' }, square(-34.9, -56.2, 0.01))],
        },
        'La zona 2 debe tener kind "service_area" o "meeting_point".',
      ],
      [
        { type: 'FeatureCollection', features: [meeting] },
        'Sube exactamente un área de servicio (kind "service_area").',
      ],
    ];
    for (const [body, detail] of cases) {
      const response = await call(admin, 'PUT', '/v1/admin/zones/', body);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    expect(
      (await call(support, 'PUT', '/v1/admin/zones/', { type: 'FeatureCollection', features: [area] }))
        .statusCode,
    ).toBe(403);
  });

  it('replaces the zones, and the zone lookup uses the new ones at once', async () => {
    const reverse = async (latitude: number, longitude: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/geo/reverse/?latitud=${latitude}&longitud=${longitude}`,
        })
      ).json<{
        place: { zone: { in_service_area: boolean; meeting_point: { name: string; note?: string } | null } };
      }>().place.zone;
    expect((await reverse(-34.9065, -56.1913)).meeting_point).toBeNull();

    const response = await call(admin, 'PUT', '/v1/admin/zones/', {
      type: 'FeatureCollection',
      features: [area, meeting],
    });
    expect(response.statusCode).toBe(200);
    const zones = response.json<AdminZoneList>();
    expect(zones.source).toBe('uploaded');
    expect(zones.zones.map((zone) => [zone.name, zone.kind, zone.note])).toEqual([
      ['Centro ampliado', 'service_area', ''],
      ['Plaza Cagancha', 'meeting_point', 'Frente a la Columna de la Paz.'],
    ]);
    // Stored as [latitude, longitude], the closing vertex dropped.
    const [latitude, longitude] = zones.zones[1]?.polygon[0] ?? [0, 0];
    expect(latitude).toBeCloseTo(-34.9095, 6);
    expect(longitude).toBeCloseTo(-56.1943, 6);
    expect(zones.zones[1]?.polygon).toHaveLength(4);

    expect(await reverse(-34.9065, -56.1913)).toEqual({
      in_service_area: true,
      meeting_point: { name: 'Plaza Cagancha', note: 'Frente a la Columna de la Paz.' },
    });
    // Cerro Norte, a gazetteer zone, is now outside the uploaded service area.
    expect((await reverse(-34.869, -56.264)).in_service_area).toBe(false);
    const rows = await auditRows('zones');
    expect(rows.map((row) => row.action)).toEqual(['zones.replaced']);
    expect(rows[0]?.detail).toMatchObject({ before: 'gazetteer' });
  });
});
