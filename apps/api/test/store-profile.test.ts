import { deliveryWindow } from '@mandado/shared/delivery-window';
import { MESSAGES } from '@mandado/shared/messages';
import { MONTEVIDEO_OFFSET_MS } from '@mandado/shared/montevideo-time';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import { nextOpening, WEEKDAYS, type WeeklyHours } from '@mandado/shared/store-hours';
import type { MerchantStoreProfile } from '@mandado/shared/store-profile.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, createStore, createUser, type TestStore, type TestUser } from './factories.ts';
import { orderBody, placeOrderRequest, prepareCheckout } from './order-factories.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 18, the store's profile (decision 047): name, phone, address and pin, logo, and hours per weekday.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined });
});
afterAll(() => t.close());

/** A 1×1 PNG: a real image the server checks by content and re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const CLOSED_WEEK: WeeklyHours = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};

const WORKING_WEEK: WeeklyHours = {
  ...CLOSED_WEEK,
  monday: [{ from: '09:00', to: '18:00' }],
  saturday: [
    { from: '09:00', to: '13:00' },
    { from: '16:00', to: '20:00' },
  ],
};

async function memberOf(storeId: number, role: 'owner' | 'staff' = 'owner'): Promise<TestUser> {
  const user = await createUser(t.app);
  await addStoreMember(t.database, storeId, user.id, role);
  return user;
}

function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Almacén Renovado ${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
    phone: '099 123 456',
    address_line1: 'Av. 18 de Julio 1500',
    address_line2: 'Local 2',
    latitude: -34.9055,
    longitude: -56.1851,
    ...overrides,
  };
}

async function call(
  user: Pick<TestUser, 'headers'> | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: response.statusCode,
    body: response.json<MerchantStoreProfile & { detail?: string } & Record<string, string[]>>(),
  };
}

const profileUrl = (storeId: number) => `/v1/merchant/stores/${storeId}/profile/`;
const hoursUrl = (storeId: number) => `/v1/merchant/stores/${storeId}/hours/`;
const logoUrl = (storeId: number) => `/v1/merchant/stores/${storeId}/logo/`;

async function shopStore(storeId: number) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/stores/city/Montevideo' });
  const stores =
    response.json<Array<{ id: number; name: string; logo: string; hours: WeeklyHours | null }>>();
  return stores.find((store) => store.id === storeId);
}

async function auditRows(storeId: number) {
  return queryRows<{ action: string; actor_role: string; detail: Record<string, unknown> }>(
    t.database,
    sql`select action, actor_role, detail from audit_events where store_id = ${storeId} order by id`,
  );
}

describe('who may read and change the profile', () => {
  let store: TestStore;
  let other: TestStore;
  let owner: TestUser;
  let staff: TestUser;
  let otherOwner: TestUser;
  let visitor: Pick<TestUser, 'headers'>;

  beforeAll(async () => {
    visitor = { headers: await visitorHeaders(t.app) };
    store = await createStore(t.database);
    other = await createStore(t.database);
    owner = await memberOf(store.id);
    staff = await memberOf(store.id, 'staff');
    otherOwner = await memberOf(other.id);
  });

  it('lets members read it and only owners change it, in Spanish', async () => {
    const read = await call(staff, 'GET', profileUrl(store.id));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: store.id, name: store.name, phone: '', hours: null });

    for (const [method, url, payload] of [
      ['PUT', profileUrl(store.id), profileBody()],
      ['PUT', hoursUrl(store.id), { hours: WORKING_WEEK }],
    ] as const) {
      const byStaff = await call(staff, method, url, payload);
      expect(byStaff.status).toBe(403);
      expect(byStaff.body.detail).toBe(SERVER_MESSAGES.ownersOnly);
      expect((await call(otherOwner, method, url, payload)).status).toBe(403);
      expect((await call(visitor, method, url, payload)).status).toBe(401);
    }
    const logoByStaff = await t.app.inject({
      method: 'POST',
      url: logoUrl(store.id),
      headers: { ...staff.headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(logoByStaff.statusCode).toBe(403);
    expect((await call(otherOwner, 'GET', profileUrl(store.id))).status).toBe(403);
    expect((await call(owner, 'GET', profileUrl(999_999))).status).toBe(403);
    expect((await call(null, 'GET', profileUrl(store.id))).status).toBe(401);
  });
});

describe('the profile', () => {
  it('saves name, phone, address and pin with an audit row, and the shop shows the new name', async () => {
    const store = await createStore(t.database);
    const owner = await memberOf(store.id);
    const etag = async () =>
      (await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/products/` })).headers.etag;
    const before = await etag();

    const body = profileBody();
    const saved = await call(owner, 'PUT', profileUrl(store.id), body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: body.name,
      phone: '+59899123456',
      address_line1: 'Av. 18 de Julio 1500',
      address_line2: 'Local 2',
      latitude: -34.9055,
      longitude: -56.1851,
      city: 'Montevideo',
    });
    expect((await call(owner, 'GET', profileUrl(store.id))).body.phone).toBe('+59899123456');
    expect((await shopStore(store.id))?.name).toBe(body.name);
    // The stores trigger moves the catalog revision: the shop's cached store page gets a new ETag.
    expect(await etag()).not.toBe(before);

    const [row] = await auditRows(store.id);
    expect(row).toMatchObject({ action: 'store.profile', actor_role: 'owner' });
    expect(row?.detail).toMatchObject({
      name: { from: store.name, to: body.name },
      phone: { from: '', to: '+59899123456' },
    });
  });

  it('refuses a name another store has (also with other spaces or case) with a Spanish 409', async () => {
    const taken = await createStore(t.database, { name: `Farmacia Central ${Date.now()}` });
    const store = await createStore(t.database);
    const owner = await memberOf(store.id);
    for (const name of [taken.name, taken.name.replaceAll(' ', '').toUpperCase()]) {
      const refused = await call(owner, 'PUT', profileUrl(store.id), profileBody({ name }));
      expect(refused.status).toBe(409);
      expect(refused.body.name).toEqual([SERVER_MESSAGES.storeNameTaken]);
    }
    // Its own name is not "taken".
    const same = await call(owner, 'PUT', profileUrl(store.id), profileBody({ name: store.name }));
    expect(same.status).toBe(200);
  });

  it.each([
    [{ phone: '123' }, 'phone', MESSAGES.invalidPhone],
    [{ phone: '' }, 'phone', MESSAGES.required],
    [{ name: '   ' }, 'name', MESSAGES.required],
    [{ name: 'Tienda\nNueva' }, 'name', MESSAGES.singleLineText],
    [{ address_line1: '' }, 'address_line1', MESSAGES.required],
    [{ latitude: 0, longitude: 0 }, 'latitude', MESSAGES.mapPinRequired],
    [{ latitude: -10, longitude: -56.18 }, 'latitude', MESSAGES.mapPinInUruguay],
    // Inside Uruguay, outside the served city: Salto.
    [{ latitude: -31.3833, longitude: -57.9667 }, 'latitude', SERVER_MESSAGES.mapPinInServedCity],
  ])('refuses %o', async (overrides, field, message) => {
    const store = await createStore(t.database);
    const owner = await memberOf(store.id);
    const refused = await call(owner, 'PUT', profileUrl(store.id), profileBody(overrides));
    expect(refused.status).toBe(400);
    expect(refused.body[field]).toContain(message);
    expect(await auditRows(store.id)).toEqual([]);
  });
});

describe('the logo', () => {
  it('is checked by content, re-encoded, served publicly and shown by the shop', async () => {
    const store = await createStore(t.database);
    const owner = await memberOf(store.id);
    const notAnImage = await t.app.inject({
      method: 'POST',
      url: logoUrl(store.id),
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: Buffer.from('Esto es texto, no una imagen.png'),
    });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.imageNotSupported);

    const uploaded = await t.app.inject({
      method: 'POST',
      url: logoUrl(store.id),
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(uploaded.statusCode).toBe(200);
    const { logo } = uploaded.json<MerchantStoreProfile>();
    expect(logo).toMatch(new RegExp(`^/media/logos/${store.id}/[0-9a-f-]{36}\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await shopStore(store.id))?.logo).toBe(logo);
    expect(
      (await t.app.inject({ method: 'GET', url: logo.replace(/[0-9a-f]{4}\.webp$/, '0000.webp') }))
        .statusCode,
    ).toBe(404);

    const rows = await auditRows(store.id);
    expect(rows).toEqual([{ action: 'store.logo', actor_role: 'owner', detail: { from: '', to: logo } }]);
  });
});

describe('the hours', () => {
  it('saves a week, padded and in order, which the shop reads; null takes it away', async () => {
    const store = await createStore(t.database);
    const owner = await memberOf(store.id);
    const saved = await call(owner, 'PUT', hoursUrl(store.id), {
      hours: {
        ...WORKING_WEEK,
        saturday: [
          { from: '16:00', to: '20:00' },
          { from: '9:00', to: '13:00' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.hours).toEqual(WORKING_WEEK);
    expect((await shopStore(store.id))?.hours).toEqual(WORKING_WEEK);
    const [row] = await auditRows(store.id);
    expect(row).toMatchObject({ action: 'store.hours', detail: { from: null, to: WORKING_WEEK } });

    const cleared = await call(owner, 'PUT', hoursUrl(store.id), { hours: null });
    expect(cleared.body.hours).toBeNull();
    expect((await shopStore(store.id))?.hours).toBeNull();
  });

  it.each([
    [
      {
        ...CLOSED_WEEK,
        monday: [
          { from: '09:00', to: '13:00' },
          { from: '12:00', to: '20:00' },
        ],
      },
      `Lunes: ${STAFF_MESSAGES.hoursOverlap}`,
    ],
    [
      { ...CLOSED_WEEK, friday: [{ from: '18:00', to: '09:00' }] },
      `Viernes: ${STAFF_MESSAGES.hoursEndBeforeStart}`,
    ],
    [{ ...CLOSED_WEEK, friday: [{ from: '10:00', to: '10:00' }] }, STAFF_MESSAGES.hoursEndBeforeStart],
    [{ ...CLOSED_WEEK, sunday: [{ from: '25:00', to: '26:00' }] }, STAFF_MESSAGES.invalidClock],
    [{ ...CLOSED_WEEK, sunday: [{ from: 'mediodía', to: '14:00' }] }, STAFF_MESSAGES.invalidClock],
    [
      {
        ...CLOSED_WEEK,
        monday: [
          { from: '08:00', to: '09:00' },
          { from: '10:00', to: '11:00' },
          { from: '12:00', to: '13:00' },
        ],
      },
      STAFF_MESSAGES.hoursTooManyRanges(2),
    ],
    [CLOSED_WEEK, STAFF_MESSAGES.hoursNeverOpen],
    [{ monday: [{ from: '09:00', to: '13:00' }] }, MESSAGES.invalidValue],
  ])('refuses %o', async (hours, message) => {
    const store = await createStore(t.database);
    const owner = await memberOf(store.id);
    const refused = await call(owner, 'PUT', hoursUrl(store.id), { hours });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(message);
  });

  it('still takes an order outside hours, and counts the delivery window from the next opening', async () => {
    const fixture = await prepareCheckout(t.database, { stores: 1 });
    const store = fixture.stores[0];
    if (!store) throw new Error('no store');
    const owner = await memberOf(store.id);
    // Open only on the weekday three days from now (Montevideo), 10:00 to 12:00: closed right now.
    const inThreeDays = new Date(Date.now() + MONTEVIDEO_OFFSET_MS + 3 * 86_400_000);
    const day = WEEKDAYS[(inThreeDays.getUTCDay() + 6) % 7] ?? 'monday';
    const hours: WeeklyHours = { ...CLOSED_WEEK, [day]: [{ from: '10:00', to: '12:00' }] };
    expect((await call(owner, 'PUT', hoursUrl(store.id), { hours })).status).toBe(200);

    const body = await orderBody(t.app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const placed = await placeOrderRequest(t.app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    const [group] = await queryRows<{ delivery_from: string }>(
      t.database,
      sql`select delivery_from from order_groups where remitter_id = ${fixture.user.id}`,
    );
    expect(group?.delivery_from).toBe(deliveryWindow(nextOpening(hours, new Date())).from);
    expect(group?.delivery_from).not.toBe(deliveryWindow(new Date()).from);
  });
});
