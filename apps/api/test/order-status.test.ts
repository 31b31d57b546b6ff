import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import type { StoreOrderStatus } from '@mandado/shared/order-status';
import { staffStoreOrderListSchema, staffStoreOrderSchema } from '@mandado/shared/staff-order.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestProduct,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder, type PlacedOrderRows } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
let storeA: TestStore;
let storeB: TestStore;
let productA: TestProduct;
let productB: TestProduct;
let merchantA: TestUser;
let merchantB: TestUser;
let operator: TestUser;
let remitter: TestUser;
let kicks = 0;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
  // The routes wake the mail worker through the decorated function; count the wake-ups.
  Object.assign(t.app, { kickMailWorker: () => kicks++ });
  storeA = await createStore(t.database, { name: `Almacén A ${Date.now()}` });
  storeB = await createStore(t.database, { name: `Almacén B ${Date.now()}` });
  productA = await createProduct(t.database, storeA.id);
  productB = await createProduct(t.database, storeB.id);
  merchantA = await createUser(t.app);
  merchantB = await createUser(t.app);
  operator = await createUser(t.app);
  remitter = await createUser(t.app, { first_name: 'Lucía' });
  await addStoreMember(t.database, storeA.id, merchantA.id);
  await addStoreMember(t.database, storeB.id, merchantB.id);
  await makeOperator(t.database, operator.id);
});
afterAll(() => t.close());

async function placeOrder(
  statusA: StoreOrderStatus = 'approved',
  options: { paymentStatus?: 'pending' | 'paid'; groupStatus?: 'confirmed' | 'awaiting_payment' } = {},
): Promise<PlacedOrderRows> {
  return insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: options.paymentStatus ?? 'paid',
    status: options.groupStatus ?? 'confirmed',
    stores: [
      {
        storeId: storeA.id,
        storeName: storeA.name,
        status: statusA,
        lines: [{ productId: productA.id, quantity: 2 }],
      },
      { storeId: storeB.id, storeName: storeB.name, status: 'approved', lines: [{ productId: productB.id }] },
    ],
  });
}

function numberOf(order: PlacedOrderRows, index: 0 | 1): string {
  const storeOrder = order.storeOrders[index];
  if (!storeOrder) throw new Error('no such store order');
  return storeOrder.number;
}

async function merchantMove(
  user: TestUser,
  storeId: number,
  number: string,
  body: { from: string; to: string; reason?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/merchant/stores/${storeId}/orders/${number}/status/`,
    headers: user.headers,
    payload: body,
  });
}

async function adminMove(
  user: TestUser,
  number: string,
  body: { from: string; to: string; reason?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/admin/store-orders/${number}/status/`,
    headers: user.headers,
    payload: body,
  });
}

async function statusOf(number: string): Promise<string | undefined> {
  const rows = await queryRows<{ status: string }>(
    t.database,
    sql`select status from store_orders where number = ${number}`,
  );
  return rows[0]?.status;
}

async function outboxFor(email: string): Promise<Array<{ subject: string; text_body: string }>> {
  return queryRows(
    t.database,
    sql`select subject, text_body from email_outbox where to_address = ${email} order by id`,
  );
}

describe('POST /v1/merchant/stores/:id/orders/:number/status/', () => {
  it('moves its own store order along the table, with a history row saying who and why', async () => {
    const order = await placeOrder('approved');
    const number = numberOf(order, 0);
    const response = await merchantMove(merchantA, storeA.id, number, {
      from: 'approved',
      to: 'preparing_to_delivery',
      reason: '  armando el pedido ',
    });
    expect(response.statusCode).toBe(200);
    const body = staffStoreOrderSchema.parse(response.json());
    expect(body).toMatchObject({
      number,
      status: 'preparing_to_delivery',
      status_label: 'En preparación',
      group_number: order.number,
      payment_status: 'paid',
      next_statuses: ['ready_to_delivery', 'warning', 'rejected'],
    });
    expect(body.history.at(-1)).toMatchObject({
      from: 'approved',
      to: 'preparing_to_delivery',
      reason: 'armando el pedido',
    });
    const history = await queryRows<{ actor_role: string; actor_user_id: number; reason: string }>(
      t.database,
      sql`select actor_role, actor_user_id, reason from store_order_history
          where store_order_id = ${order.storeOrders[0]?.id} and to_status = 'preparing_to_delivery'`,
    );
    expect(history).toEqual([
      { actor_role: 'merchant', actor_user_id: merchantA.id, reason: 'armando el pedido' },
    ]);
    expect(await statusOf(numberOf(order, 1))).toBe('approved');
  });

  it.each([
    ['approved', 'delivered', CHECKOUT_MESSAGES.statusNotAllowed],
    ['approved', 'fulfilled', CHECKOUT_MESSAGES.statusNotAllowed],
    ['approved', 'approved', CHECKOUT_MESSAGES.statusNotAllowed],
    ['ready_to_delivery', 'approved', CHECKOUT_MESSAGES.statusNotAllowed],
    ['rejected', 'approved', CHECKOUT_MESSAGES.statusNotAllowed],
    ['fulfilled', 'delivered', CHECKOUT_MESSAGES.statusNotAllowed],
    // The table gives this edge to the system and operators only.
    ['delivered', 'fulfilled', CHECKOUT_MESSAGES.statusNotAllowed],
    ['pending', 'approved', CHECKOUT_MESSAGES.statusNotAllowed],
    ['approved', 'rejected', CHECKOUT_MESSAGES.reasonRequired],
    ['ready_to_delivery', 'delivery_attempt', CHECKOUT_MESSAGES.reasonRequired],
  ] as const)('refuses %s → %s with 400 and changes nothing', async (from, to, detail) => {
    const order = await placeOrder(from);
    const number = numberOf(order, 0);
    // A blank reason (what an empty form field sends) reaches the table, which asks for one where it must.
    const response = await merchantMove(merchantA, storeA.id, number, { from, to, reason: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
    expect(await statusOf(number)).toBe(from);
  });

  it('takes an empty reason where the edge needs none, and refuses a reason with a line break', async () => {
    const order = await placeOrder('approved');
    const number = numberOf(order, 0);
    const broken = await merchantMove(merchantA, storeA.id, number, {
      from: 'approved',
      to: 'rejected',
      reason: 'Sin stock\nBcc: alguien@ejemplo.com',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('reason');
    const moved = await merchantMove(merchantA, storeA.id, number, {
      from: 'approved',
      to: 'preparing_to_delivery',
      reason: '',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().history.at(-1).reason).toBe('');
  });

  it('answers 409 when `from` is stale, and only one of two simultaneous moves wins', async () => {
    const order = await placeOrder('approved');
    const number = numberOf(order, 0);
    const stale = await merchantMove(merchantA, storeA.id, number, {
      from: 'pending',
      to: 'warning',
      reason: 'x',
    });
    expect(stale.statusCode).toBe(409);
    // The merchant's 409 also carries the order as it is now (issue 17).
    expect(stale.json()).toMatchObject({
      detail: CHECKOUT_MESSAGES.statusChanged,
      order: { status: 'approved' },
    });

    const moves = await Promise.all([
      merchantMove(merchantA, storeA.id, number, { from: 'approved', to: 'preparing_to_delivery' }),
      merchantMove(merchantA, storeA.id, number, { from: 'approved', to: 'rejected', reason: 'Sin stock' }),
      adminMove(operator, number, { from: 'approved', to: 'preparing_to_delivery' }),
    ]);
    expect(moves.map((move) => move.statusCode).sort()).toEqual([200, 409, 409]);
    const history = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from store_order_history
          where store_order_id = ${order.storeOrders[0]?.id} and from_status = 'approved'`,
    );
    expect(history[0]?.n).toBe(1);
  });

  it('keeps a merchant of store A away from store B orders: 404 under their store, 403 under B', async () => {
    const order = await placeOrder('approved');
    const numberB = numberOf(order, 1);
    const underOwnStore = await merchantMove(merchantA, storeA.id, numberB, {
      from: 'approved',
      to: 'preparing_to_delivery',
    });
    expect(underOwnStore.statusCode).toBe(404);
    expect(underOwnStore.json()).toEqual({ detail: 'No encontrado.' });
    const underOtherStore = await merchantMove(merchantA, storeB.id, numberB, {
      from: 'approved',
      to: 'preparing_to_delivery',
    });
    expect(underOtherStore.statusCode).toBe(403);
    expect(await statusOf(numberB)).toBe('approved');
    // A plain remitter never reaches the portal.
    expect(
      (await merchantMove(remitter, storeB.id, numberB, { from: 'approved', to: 'preparing_to_delivery' }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 404 for unknown, malformed or unconfirmed orders, 400 for a bad body, never 500', async () => {
    const unconfirmed = await placeOrder('pending', {
      groupStatus: 'awaiting_payment',
      paymentStatus: 'pending',
    });
    for (const number of ['MV-999999-1', 'MV-1', 'mv-10234-1', "MV-1'--", numberOf(unconfirmed, 0)]) {
      const response = await merchantMove(merchantA, storeA.id, encodeURIComponent(number), {
        from: 'pending',
        to: 'warning',
        reason: 'x',
      });
      expect(response.statusCode, number).toBe(404);
    }
    const order = await placeOrder('approved');
    const badBody = await merchantMove(merchantA, storeA.id, numberOf(order, 0), {
      from: 'approved',
      to: 'shipped',
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toHaveProperty('to');
  });

  it('e-mails the remitter, in Spanish, on delivered, delivery attempt and rejected', async () => {
    const order = await placeOrder('ready_to_delivery');
    const number = numberOf(order, 0);
    const before = (await outboxFor(remitter.email)).length;
    const kicksBefore = kicks;
    const attempt = await merchantMove(merchantA, storeA.id, number, {
      from: 'ready_to_delivery',
      to: 'delivery_attempt',
      reason: 'No había nadie en casa',
    });
    expect(attempt.statusCode).toBe(200);
    expect(
      (
        await merchantMove(merchantA, storeA.id, number, {
          from: 'delivery_attempt',
          to: 'ready_to_delivery',
        })
      ).statusCode,
    ).toBe(200);
    // Delivered needs the beneficiary's code (issue 17): not a plain move for the store; an operator may
    // record it by hand with a reason.
    const plain = await merchantMove(merchantA, storeA.id, number, {
      from: 'ready_to_delivery',
      to: 'delivered',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().detail).toBe(CHECKOUT_MESSAGES.deliveredNeedsCode);
    expect(
      (
        await adminMove(operator, number, {
          from: 'ready_to_delivery',
          to: 'delivered',
          reason: 'Confirmado por teléfono con la familia',
        })
      ).statusCode,
    ).toBe(200);
    const mails = (await outboxFor(remitter.email)).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `No pudimos entregar tu pedido ${number}`,
      `Tu pedido ${number} fue entregado`,
    ]);
    expect(mails[0]?.text_body).toContain('Hola Lucía:');
    expect(mails[0]?.text_body).toContain('Motivo: No había nadie en casa');
    expect(mails[0]?.text_body).toContain(`/user/orders/${order.number}`);
    expect(kicks).toBe(kicksBefore + 2);

    const other = await placeOrder('approved');
    const rejected = await merchantMove(merchantA, storeA.id, numberOf(other, 0), {
      from: 'approved',
      to: 'rejected',
      reason: 'Producto agotado',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().next_statuses).toEqual([]);
    const last = (await outboxFor(remitter.email)).at(-1);
    expect(last?.subject).toBe(`Tu pedido ${numberOf(other, 0)} fue rechazado`);
    expect(last?.text_body).toContain('Motivo: Producto agotado');
  });

  it('sends no e-mail for the other moves', async () => {
    const order = await placeOrder('approved');
    const before = (await outboxFor(remitter.email)).length;
    await merchantMove(merchantA, storeA.id, numberOf(order, 0), {
      from: 'approved',
      to: 'preparing_to_delivery',
    });
    expect((await outboxFor(remitter.email)).length).toBe(before);
  });
});

describe('POST /v1/admin/store-orders/:number/status/', () => {
  it('lets an operator approve a paid order and complete a delivered one, recorded as operator', async () => {
    const order = await placeOrder('pending');
    const number = numberOf(order, 0);
    const approved = await adminMove(operator, number, { from: 'pending', to: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().next_statuses).toEqual(['preparing_to_delivery', 'rejected']);
    const history = await queryRows<{ actor_role: string; actor_user_id: number }>(
      t.database,
      sql`select actor_role, actor_user_id from store_order_history
          where store_order_id = ${order.storeOrders[0]?.id} and to_status = 'approved'`,
    );
    expect(history).toEqual([{ actor_role: 'operator', actor_user_id: operator.id }]);

    const delivered = await placeOrder('delivered');
    expect(
      (await adminMove(operator, numberOf(delivered, 0), { from: 'delivered', to: 'fulfilled' })).statusCode,
    ).toBe(200);
  });

  it('refuses approval before the payment arrived (400) and does not offer it', async () => {
    const order = await placeOrder('pending', { paymentStatus: 'pending' });
    const number = numberOf(order, 0);
    const response = await adminMove(operator, number, { from: 'pending', to: 'approved' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: CHECKOUT_MESSAGES.paymentRequired });
    expect(await statusOf(number)).toBe('pending');
    const warned = await adminMove(operator, number, {
      from: 'pending',
      to: 'warning',
      reason: 'Falta el pago',
    });
    expect(warned.json().next_statuses).toEqual(['rejected']);
  });

  it('is for operators only: 401 for a visitor, 403 for a remitter or a merchant', async () => {
    const order = await placeOrder('approved');
    const number = numberOf(order, 0);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${number}/status/`,
      payload: { from: 'approved', to: 'preparing_to_delivery' },
    });
    expect([401, 403]).toContain(visitor.statusCode);
    expect(
      (await adminMove(remitter, number, { from: 'approved', to: 'preparing_to_delivery' })).statusCode,
    ).toBe(403);
    expect(
      (await adminMove(merchantA, number, { from: 'approved', to: 'preparing_to_delivery' })).statusCode,
    ).toBe(403);
    expect(await statusOf(number)).toBe('approved');
  });
});

describe('GET /v1/merchant/stores/:id/orders/', () => {
  it("lists only the store's orders of confirmed groups, newest first, in a constant number of queries", async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id);
    const merchant = await createUser(t.app);
    await addStoreMember(t.database, store.id, merchant.id);
    const place = (minutesAgo: number, status: 'confirmed' | 'awaiting_payment' = 'confirmed') =>
      insertPlacedOrder(t.database, {
        remitterId: remitter.id,
        status,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        stores: [
          {
            storeId: store.id,
            status: 'approved',
            lines: [{ productId: product.id }, { productId: null, name: 'Borrado' }],
          },
          { storeId: storeB.id, lines: [{ productId: productB.id }] },
        ],
      });

    const count = async () => {
      const before = t.queries.length;
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/merchant/stores/${store.id}/orders/`,
        headers: { cookie: merchant.headers.cookie },
      });
      expect(response.statusCode).toBe(200);
      return { body: staffStoreOrderListSchema.parse(response.json()), queries: t.queries.length - before };
    };

    const older = await place(30);
    const one = await count();
    expect(one.body.results.map((order) => order.number)).toEqual([numberOf(older, 0)]);
    const newer = await place(5);
    await place(1, 'awaiting_payment');
    for (let i = 0; i < 8; i++) await place(60 + i);
    const ten = await count();
    expect(ten.body.results).toHaveLength(10);
    expect(ten.body.results[0]?.number).toBe(numberOf(newer, 0));
    expect(ten.body.results[1]?.number).toBe(numberOf(older, 0));
    expect(ten.body.results.every((order) => order.store.id === store.id)).toBe(true);
    expect(ten.body.results[0]?.lines).toHaveLength(2);
    expect(ten.queries).toBe(one.queries);
  });

  it('answers 403 for a store the merchant does not work for', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${storeB.id}/orders/`,
      headers: { cookie: merchantA.headers.cookie },
    });
    expect(response.statusCode).toBe(403);
  });
});
