import type { PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { WEEKDAYS } from '@mandado/shared/store-hours';
import { lastChoosableDay, montevideoDayOf, type StoreWindow, slotText } from '@mandado/shared/store-windows';
import { type DeliverySlots, WINDOW_MESSAGES } from '@mandado/shared/store-windows.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, createProduct, createStore, makeOperator } from './factories.ts';
import {
  COLOMBIAN_PHONE,
  createFastShoppers,
  createFastUser,
  type FastUser,
  fillCart,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ rateLimits: { placeOrderPerIp: { max: 100_000, windowSeconds: 600 } } });
});
afterAll(async () => {
  await testApp.close();
});

/** The same window every day of the week, so the tests do not depend on the day they run. */
function everyDay(from: string, to: string, capacity: number, cutoff = 0): StoreWindow[] {
  return WEEKDAYS.map((weekday) => ({ weekday, from, to, capacity, cutoff_minutes: cutoff }));
}

async function setWindows(storeId: number, windows: StoreWindow[]): Promise<void> {
  await testApp.database.db.execute(
    sql`insert into store_delivery_windows (store_id, windows) values (${storeId}, ${JSON.stringify(windows)}::jsonb)`,
  );
}

async function slotsOf(user: FastUser, day?: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `/v1/checkout/delivery-slots/${day ? `?day=${day}` : ''}`,
    headers: user.headers,
  });
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('delivery windows at checkout', () => {
  it('offers the default windows, earliest first, and an order without a choice takes the earliest', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const listed = await slotsOf(fixture.user);
    expect(listed.statusCode).toBe(200);
    const [store] = listed.json<DeliverySlots>().stores;
    const earliest = store?.slots[0];
    if (!earliest) throw new Error('no windows offered');
    // Monday to Friday, 9–13 and 14–18 (the defaults), in Montevideo's text.
    expect(earliest.text).toMatch(/^(lun|mar|mié|jue|vie) \d{1,2}\/\d{1,2}, (9:00 a 13:00|14:00 a 18:00)$/);
    expect(earliest.full).toBe(false);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const placed = await placeOrderRequest(app, fixture.user, {
      ...body,
      gift_message: '¡Feliz cumple, mamá!',
    });
    expect(placed.statusCode).toBe(201);
    const [row] = await rows<{ starts: string; gift: string | null }>(
      database,
      sql`select so.window_starts_at as starts, g.gift_message as gift from store_orders so
          join order_groups g on g.id = so.group_id where g.number = ${placed.json<PlaceOrderResult>().order.number}`,
    );
    expect(new Date(row?.starts ?? '').toISOString()).toBe(earliest.starts_at);
    expect(row?.gift).toBe('¡Feliz cumple, mamá!');
  });

  it('sells a window once per place when shoppers take its last places at the same time', async () => {
    const { app, database } = testApp;
    const store = await createStore(database);
    await setWindows(store.id, everyDay('10:00', '12:00', 3));
    // A product each: no product row lock queues them, only the window's own lock can.
    const products = await Promise.all(
      Array.from({ length: 8 }, () =>
        createProduct(database, store.id, { stock: 50, price: '5.00', currency: 'USD' }),
      ),
    );
    const users = await createFastShoppers(database, 8, [{ productId: products[0]?.id ?? 0, quantity: 1 }]);
    await Promise.all(
      users.map((user, index) =>
        fillCart(database, user.id, [{ productId: products[index]?.id ?? 0, quantity: 1 }]),
      ),
    );
    const first = users[0];
    if (!first) throw new Error('no shoppers');
    const slot = (await slotsOf(first)).json<DeliverySlots>().stores[0]?.slots[0];
    if (!slot) throw new Error('no window');
    const bodies = await Promise.all(
      users.map((user) => orderBody(app, user, { beneficiaryId: user.beneficiaryId })),
    );
    const responses = await Promise.all(
      users.map((user, index) =>
        placeOrderRequest(app, user, {
          ...bodies[index],
          delivery_slots: [{ store_id: store.id, starts_at: slot.starts_at }],
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expect(refused.json()).toEqual({
        delivery_slots: [
          WINDOW_MESSAGES.windowFull(slotText({ startsAt: slot.starts_at, endsAt: slot.ends_at })),
        ],
      });
    }
    const [held] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from store_orders where store_id = ${store.id} and window_starts_at = ${slot.starts_at}`,
    );
    expect(held?.n).toBe(3);
    // Nothing of the refused orders stayed: 3 units sold of 8 × 50.
    const [stock] = await rows<{ stock: number }>(
      database,
      sql`select sum(stock)::int as stock from products where store_id = ${store.id}`,
    );
    expect(stock?.stock).toBe(397);
    // The checkout now shows it full to a shopper who was refused (their cart is still full).
    const refusedShopper = users[statuses.indexOf(400)];
    if (!refusedShopper) throw new Error('no refused shopper');
    const again = (await slotsOf(refusedShopper)).json<DeliverySlots>().stores[0]?.slots[0];
    expect(again).toMatchObject({ starts_at: slot.starts_at, full: true });
  });

  it('places carts holding the same two stores in opposite orders at the same time, without a deadlock', async () => {
    const { app, database } = testApp;
    const stores = [await createStore(database), await createStore(database)];
    for (const store of stores) await setWindows(store.id, everyDay('08:00', '20:00', 1000));
    const count = 16;
    // A product of each store per shopper: no product row lock queues the checkouts, only the windows' locks.
    const [ofFirst, ofSecond] = await Promise.all(
      stores.map((store) =>
        Promise.all(
          Array.from({ length: count }, () =>
            createProduct(database, store.id, { stock: 50, price: '5.00', currency: 'USD' }),
          ),
        ),
      ),
    );
    const deadlocks = async () =>
      (
        await rows<{ n: number }>(
          database,
          sql`select coalesce(sum(deadlocks), 0)::int as n from pg_stat_database where datname = current_database()`,
        )
      )[0]?.n ?? 0;
    const deadlocksBefore = await deadlocks();
    // Each cart is filled below, store by store in its own order.
    const users = await createFastShoppers(database, count, [
      { productId: ofFirst?.[0]?.id ?? 0, quantity: 1 },
    ]);
    // Half the carts had the second store's product added first: before the fix each checkout took both
    // stores' earliest window in its cart's order, and two in opposite orders waited for each other.
    await Promise.all(
      users.map((user, index) => {
        const lines = [
          { productId: ofFirst?.[index]?.id ?? 0, quantity: 1 },
          { productId: ofSecond?.[index]?.id ?? 0, quantity: 1 },
        ];
        return fillCart(database, user.id, index % 2 === 0 ? lines : lines.reverse());
      }),
    );
    const bodies = await Promise.all(
      users.map((user) => orderBody(app, user, { beneficiaryId: user.beneficiaryId })),
    );
    const responses = await Promise.all(
      users.map((user, index) => placeOrderRequest(app, user, bodies[index] as (typeof bodies)[number])),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(users.map(() => 201));
    // Retries hide a deadlock from the shopper but not from PostgreSQL's count (its statistics land within
    // the second): the locks are taken in one order, so there is none to retry.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await deadlocks()).toBe(deadlocksBefore);
  });

  it('refuses a past window, a day beyond 14 days and an unknown window in Spanish, changing nothing', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const storeId = fixture.stores[0]?.id ?? 0;
    // 0:00 with no cut-off: today's window started already, whatever the hour the test runs.
    await setWindows(storeId, everyDay('00:00', '00:30', 5));
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const today = montevideoDayOf(new Date());
    const startOf = (day: string) => new Date(Date.parse(`${day}T03:00:00.000Z`)).toISOString();
    const cases: Array<[string, string]> = [
      [
        startOf(today),
        WINDOW_MESSAGES.windowClosed(
          slotText({
            startsAt: startOf(today),
            endsAt: new Date(Date.parse(startOf(today)) + 1_800_000).toISOString(),
          }),
        ),
      ],
      [startOf(addDays(lastChoosableDay(new Date()), 1)), WINDOW_MESSAGES.dayTooFar],
      [
        new Date(Date.parse(startOf(addDays(today, 1))) + 3_600_000).toISOString(),
        WINDOW_MESSAGES.windowUnknown,
      ],
    ];
    for (const [startsAt, message] of cases) {
      const refused = await placeOrderRequest(app, fixture.user, {
        ...body,
        delivery_slots: [{ store_id: storeId, starts_at: startsAt }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ delivery_slots: [message] });
    }
    const tooFar = await slotsOf(fixture.user, addDays(today, 15));
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json()).toEqual({ delivery_slots: [WINDOW_MESSAGES.dayTooFar] });
    const [orders] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from order_groups where remitter_id = ${fixture.user.id}`,
    );
    expect(orders?.n).toBe(0);
    const [stock] = await rows<{ stock: number }>(
      database,
      sql`select stock from products where id = ${fixture.products[0]?.id ?? 0}`,
    );
    expect(stock?.stock).toBe(10);
  });

  it('moves a transfer settled after its window’s cut-off to the next window with room', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { phone: COLOMBIAN_PHONE });
    const storeId = fixture.stores[0]?.id ?? 0;
    await setWindows(storeId, everyDay('10:00', '12:00', 5));
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'bank_transfer' },
    });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    const number = placed.json<PlaceOrderResult>().order.number;
    // Time passes: the window it chose is a past one by the time the money arrives.
    await database.db.execute(
      sql`update store_orders set window_starts_at = now() - interval '2 days', window_ends_at = now() - interval '2 days' + interval '2 hours', window_cutoff_at = now() - interval '2 days' where number = ${`${number}-1`}`,
    );
    const operator = await createFastUser(database, 'Olga');
    await makeOperator(database, operator.id);
    const paid = await app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${number}/mark-paid/`,
      headers: operator.headers,
      payload: { reference: 'TRX-1' },
    });
    expect(paid.statusCode).toBe(200);
    const [row] = await rows<{ cutoff: string }>(
      database,
      sql`select window_cutoff_at as cutoff from store_orders where number = ${`${number}-1`}`,
    );
    expect(new Date(row?.cutoff ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("a store's windows", () => {
  it('are set by its owner, refused in Spanish when they overlap, and read by operators', async () => {
    const { app, database } = testApp;
    const store = await createStore(database);
    const owner = await createFastUser(database, 'Olivia');
    await addStoreMember(database, store.id, owner.id, 'owner');
    const url = `/v1/merchant/stores/${store.id}/delivery-windows/`;
    const before = await app.inject({ method: 'GET', url, headers: owner.headers });
    expect(before.json()).toMatchObject({ defaults: true });
    const overlap = await app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: {
        windows: [
          { weekday: 'saturday', from: '9:00', to: '13:00', capacity: 10, cutoff_minutes: 120 },
          { weekday: 'saturday', from: '12:00', to: '14:00', capacity: 10, cutoff_minutes: 120 },
        ],
      },
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toEqual({ windows: [WINDOW_MESSAGES.windowsOverlap('Sábado')] });
    const saved = await app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: {
        windows: [{ weekday: 'saturday', from: '9:00', to: '13:00', capacity: 10, cutoff_minutes: 120 }],
      },
    });
    expect(saved.statusCode).toBe(200);
    const operator = await createFastUser(database, 'Olga');
    await makeOperator(database, operator.id);
    const read = await app.inject({
      method: 'GET',
      url: `/v1/admin/stores/${store.id}/delivery-windows/`,
      headers: operator.headers,
    });
    expect(read.json()).toEqual({
      defaults: false,
      windows: [{ weekday: 'saturday', from: '09:00', to: '13:00', capacity: 10, cutoff_minutes: 120 }],
    });
  });
});
