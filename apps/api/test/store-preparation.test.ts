import { AUTO_ACCEPT_REASON } from '@mandado/shared/store-preparation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertUnacceptedOrders } from '../src/modules/store-inbox/unaccepted-alert.service.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 31: a store's auto-accept and preparation time, set by its owners, and a paid order of an
// auto-accepting store in preparation at once, through the status move, with a history row saying so.
let t: TestApp;
let owner: TestUser;
let staff: TestUser;
let pagos: TestUser;
let remitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, staff, pagos, remitter] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
  await makeOperator(t.database, pagos.id, 'pagos');
});
afterAll(() => t.close());

async function newStore(): Promise<TestStore> {
  const store = await createStore(t.database);
  await addStoreMember(t.database, store.id, owner.id, 'owner');
  await addStoreMember(t.database, store.id, staff.id, 'staff');
  return store;
}

function preparation(
  store: TestStore,
  who: TestUser,
  payload?: { auto_accept: boolean; preparation_minutes: number | null },
) {
  const url = `/v1/merchant/stores/${store.id}/preparation/`;
  return payload === undefined
    ? t.app.inject({ method: 'GET', url, headers: who.headers })
    : t.app.inject({ method: 'PUT', url, headers: who.headers, payload });
}

/** A transfer awaiting its money in `store`, then marked paid by an operator (the manual payment flow). */
async function paidByTransfer(store: TestStore): Promise<number> {
  const product = await createProduct(t.database, store.id);
  const placed = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    status: 'confirmed',
    paymentStatus: 'pending',
    paymentMethod: 'bank_transfer',
    stores: [{ storeId: store.id, status: 'pending', lines: [{ productId: product.id }] }],
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/orders/${placed.number}/mark-paid/`,
    headers: pagos.headers,
    payload: { reference: `TRF-${placed.groupId}` },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const storeOrder = placed.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  return storeOrder.id;
}

async function historyOf(storeOrderId: number) {
  return queryRows<{ to_status: string; actor_role: string; reason: string }>(
    t.database,
    sql`select to_status, actor_role, reason from store_order_history
        where store_order_id = ${storeOrderId} order by id`,
  );
}

describe('auto-accept and the preparation time', () => {
  it('are off by default, set by owners only, and checked', async () => {
    const store = await newStore();
    const fresh = await preparation(store, staff);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ auto_accept: false, preparation_minutes: null });

    expect((await preparation(store, staff, { auto_accept: true, preparation_minutes: 30 })).statusCode).toBe(
      403,
    );
    const tooLong = await preparation(store, owner, { auto_accept: true, preparation_minutes: 600 });
    expect(tooLong.statusCode).toBe(400);
    const set = await preparation(store, owner, { auto_accept: true, preparation_minutes: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await preparation(store, staff)).json()).toEqual({ auto_accept: true, preparation_minutes: 30 });
    const [audit] = await queryRows<{ count: number }>(
      t.database,
      sql`select count(*)::int as count from audit_events where store_id = ${store.id} and action = 'store.preparation'`,
    );
    expect(audit?.count).toBe(1);
  });

  it('moves a paid order of an auto-accepting store to preparation, saying it was automatic', async () => {
    const auto = await newStore();
    await preparation(auto, owner, { auto_accept: true, preparation_minutes: 20 });
    const manual = await newStore();

    const accepted = await paidByTransfer(auto);
    // After the placing's own row: the payment's approval, then the automatic acceptance.
    expect((await historyOf(accepted)).slice(-2)).toEqual([
      expect.objectContaining({ to_status: 'approved', actor_role: 'operator' }),
      { to_status: 'preparing_to_delivery', actor_role: 'system', reason: AUTO_ACCEPT_REASON },
    ]);
    const waiting = await paidByTransfer(manual);
    expect((await historyOf(waiting)).at(-1)).toMatchObject({ to_status: 'approved' });
  });

  it('alerts the team again by push once an order sits unaccepted past the setting, and operators see it', async () => {
    const store = await newStore();
    await t.database.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values (${staff.id}, ${`https://push.example/${store.id}`}, 'key', 'auth')
    `);
    const storeOrderId = await paidByTransfer(store);
    const [row] = await queryRows<{ number: string; group_number: string }>(
      t.database,
      sql`select so.number, g.number as group_number from store_orders so join order_groups g on g.id = so.group_id
          where so.id = ${storeOrderId}`,
    );
    // Paid 5 minutes ago: within the default 10, nothing yet.
    await t.database.db.execute(
      sql`update order_groups set paid_at = now() - interval '5 minutes' where number = ${row?.group_number}`,
    );
    expect(await alertUnacceptedOrders(t.database.db, new Date())).toBe(0);
    await t.database.db.execute(
      sql`update order_groups set paid_at = now() - interval '11 minutes' where number = ${row?.group_number}`,
    );
    expect(await alertUnacceptedOrders(t.database.db, new Date())).toBe(1);
    // Once per order.
    expect(await alertUnacceptedOrders(t.database.db, new Date())).toBe(0);
    const pushes = await queryRows<{ title: string }>(
      t.database,
      sql`select o.payload->>'title' as title from push_outbox o join push_subscriptions s on s.id = o.subscription_id
          where s.user_id = ${staff.id} and s.endpoint = ${`https://push.example/${store.id}`}`,
    );
    expect(pushes.map((push) => push.title)).toContain('Pedido sin aceptar');

    await makeOperator(t.database, owner.id, 'soporte');
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/orders/?store_id=${store.id}`,
      headers: owner.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const found = list
      .json<{ results: Array<{ number: string; stores: Array<{ unaccepted: boolean }> }> }>()
      .results.find((order) => order.number === row?.group_number);
    expect(found?.stores[0]?.unaccepted).toBe(true);
  });
});
