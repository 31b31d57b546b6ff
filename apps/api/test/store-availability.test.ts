import { deliveryWindow } from '@mandado/shared/delivery-window';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import type { MerchantAvailability } from '@mandado/shared/store-availability.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, createProduct, createStore, createUser, type TestUser } from './factories.ts';
import { orderBody, placeOrderRequest, prepareCheckout } from './order-factories.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 18: 'Pausar ahora' with a time it reopens by itself, and a scheduled closure with a note. Shoppers see
// why; adding the store's products is refused; an order already in the cart counts from the reopening.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function ownerOf(storeId: number, role: 'owner' | 'staff' = 'owner'): Promise<TestUser> {
  const user = await createUser(t.app);
  await addStoreMember(t.database, storeId, user.id, role);
  return user;
}

async function setAvailability(user: TestUser, storeId: number, body: unknown) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/v1/merchant/stores/${storeId}/availability/`,
    headers: user.headers,
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json<MerchantAvailability & { detail?: string }>() };
}

async function shopStore(storeId: number) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/stores/city/Montevideo' });
  const stores = response.json<Array<{ id: number; availability: MerchantAvailability }>>();
  return stores.find((store) => store.id === storeId);
}

describe('a paused store', () => {
  it('shows "Pausada", refuses a new product in the cart with the reason, and reopens by itself', async () => {
    const store = await createStore(t.database, { name: `Verdulería pausada ${Date.now()}` });
    const product = await createProduct(t.database, store.id);
    const owner = await ownerOf(store.id);
    const until = new Date(Date.now() + 2 * HOUR).toISOString();

    const paused = await setAvailability(owner, store.id, { paused_until: until, closure: null });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ state: 'paused', badge: 'Pausada', paused_until: until });
    expect((await shopStore(store.id))?.availability).toMatchObject({ state: 'paused', badge: 'Pausada' });

    const buyer = await createUser(t.app);
    await t.app.inject({ method: 'PUT', url: '/v1/cart/city/Montevideo', headers: buyer.headers });
    const add = await t.app.inject({
      method: 'POST',
      url: '/v1/cart/add/',
      headers: buyer.headers,
      payload: { product_id: product.id, quantity: 1 },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json<{ detail: string }>().detail).toContain('pausó sus pedidos');

    // The pause ends on time with no write: a pause that ended a second ago reads as open.
    await t.database.db.execute(
      sql`update stores set paused_until = now() - interval '1 second' where id = ${store.id}`,
    );
    expect((await shopStore(store.id))?.availability.state).toBe('open');
    const later = await t.app.inject({
      method: 'POST',
      url: '/v1/cart/add/',
      headers: buyer.headers,
      payload: { product_id: product.id, quantity: 1 },
    });
    expect(later.statusCode).toBe(200);
  });

  it('counts the delivery window of an order already in the cart from the reopening, and the checkout says so first', async () => {
    const fixture = await prepareCheckout(t.database, { stores: 1 });
    const store = fixture.stores[0];
    if (!store) throw new Error('no store');
    const owner = await ownerOf(store.id);
    const from = new Date(Date.now() + HOUR);
    const to = new Date(Date.now() + 5 * 24 * HOUR);
    const closed = await setAvailability(owner, store.id, {
      paused_until: null,
      closure: { from: from.toISOString(), to: to.toISOString(), note: 'Inventario anual' },
    });
    expect(closed.body.state).toBe('open');
    // Move the closure's start into the past, as the clock would.
    await t.database.db.execute(
      sql`update stores set closed_from = now() - interval '1 hour' where id = ${store.id}`,
    );
    expect((await shopStore(store.id))?.availability).toMatchObject({
      state: 'closed',
      note: 'Inventario anual',
    });

    // The checkout shows the window the order will get before it is placed.
    const options = await t.app.inject({
      method: 'GET',
      url: '/v1/checkout/options/',
      headers: fixture.user.headers,
    });
    expect(options.json<{ delivery_window: { from: string } }>().delivery_window).toEqual(deliveryWindow(to));

    const body = await orderBody(t.app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const placed = await placeOrderRequest(t.app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    const [group] = await queryRows<{ delivery_from: string }>(
      t.database,
      sql`select delivery_from from order_groups where remitter_id = ${fixture.user.id}`,
    );
    expect(group?.delivery_from).toBe(deliveryWindow(to).from);
    expect(group?.delivery_from).not.toBe(deliveryWindow(new Date()).from);
  });
});

describe('who sets it, and what is refused', () => {
  it('lets only owners set it, members read it, in Spanish', async () => {
    const store = await createStore(t.database);
    const staff = await ownerOf(store.id, 'staff');
    const stranger = await createUser(t.app);
    const body = { paused_until: new Date(Date.now() + HOUR).toISOString(), closure: null };
    const byStaff = await setAvailability(staff, store.id, body);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.detail).toBe(SERVER_MESSAGES.ownersOnly);
    expect((await setAvailability(stranger, store.id, body)).status).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/availability/`,
      headers: staff.headers,
    });
    expect(read.statusCode).toBe(200);
  });

  it.each([
    [{ paused_until: new Date(Date.now() - HOUR).toISOString(), closure: null }, SERVER_MESSAGES.pauseInPast],
    [
      { paused_until: new Date(Date.now() + 100 * HOUR).toISOString(), closure: null },
      'Puedes pausar hasta 72',
    ],
    [{ paused_until: 'mañana', closure: null }, STAFF_MESSAGES.invalidDate],
    [
      {
        paused_until: null,
        closure: { from: '2027-01-02T12:00:00Z', to: '2027-01-01T12:00:00Z', note: '' },
      },
      STAFF_MESSAGES.closureEndsBeforeStart,
    ],
    [
      {
        paused_until: null,
        closure: { from: '2020-01-01T12:00:00Z', to: '2020-01-02T12:00:00Z', note: '' },
      },
      SERVER_MESSAGES.closureInPast,
    ],
  ])('refuses %o', async (body, message) => {
    const store = await createStore(t.database);
    const owner = await ownerOf(store.id);
    const answer = await setAvailability(owner, store.id, body);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
  });

  it('writes an audit row with the change', async () => {
    const store = await createStore(t.database);
    const owner = await ownerOf(store.id);
    await setAvailability(owner, store.id, {
      paused_until: new Date(Date.now() + HOUR).toISOString(),
      closure: null,
    });
    const rows = await queryRows<{ action: string; actor_role: string }>(
      t.database,
      sql`select action, actor_role from audit_events where store_id = ${store.id}`,
    );
    expect(rows).toEqual([{ action: 'store.availability', actor_role: 'owner' }]);
  });
});
