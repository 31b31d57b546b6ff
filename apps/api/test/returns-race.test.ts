import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, createProduct, createStore, type TestStore } from './factories.ts';
import { createFastUser, type FastUser } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Decision 076: two 'Recibida' for one return at once (two phones of the store's team) give back the money
// once. The return's row lock orders them; the second finds the status moved and hears 409. On PostgreSQL
// the two transactions really overlap.
let t: TestApp;
let store: TestStore;
let member: FastUser;
let remitter: FastUser;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, {
    kickMailWorker: () => undefined,
    kickRefundWorker: () => undefined,
    kickPushWorker: () => undefined,
  });
  store = await createStore(t.database, { name: `Tienda carrera ${Date.now()}` });
  [member, remitter] = await Promise.all([
    createFastUser(t.database, 'Marta'),
    createFastUser(t.database, 'Ana'),
  ]);
  await addStoreMember(t.database, store.id, member.id);
});
afterAll(() => t.close());

/** A return of 2 of 3 units (US$ 30 the line) the courier already collected, to the card. */
async function pickedUpReturn(): Promise<{ id: number; storeOrderId: number }> {
  const product = await createProduct(t.database, store.id);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'delivered',
        lines: [{ productId: product.id, quantity: 3, total: '30.00' }],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  const [row] = await queryRows<{ id: number }>(
    t.database,
    sql`insert into return_requests (group_id, store_order_id, store_id, status, requested_by, reason, refund_to, deadline_at)
      values (${order.groupId}, ${storeOrder.id}, ${store.id}, 'picked_up', 'remitter', 'Vino en otro talle.', 'card', now() + interval '7 days')
      returning id`,
  );
  const id = row?.id ?? 0;
  await t.database.db.execute(sql`
    insert into return_request_lines (return_request_id, order_line_id, quantity)
    select ${id}, id, 2 from order_lines where store_order_id = ${storeOrder.id}`);
  return { id, storeOrderId: storeOrder.id };
}

describe('receiving a return twice at once', () => {
  it('refunds once: one 200, one 409', async () => {
    const { id, storeOrderId } = await pickedUpReturn();
    const receive = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/merchant/stores/${store.id}/returns/${id}/received/`,
        headers: member.headers,
      });
    const answers = await Promise.all([receive(), receive()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refunds = await queryRows<{ amount: string }>(
      t.database,
      sql`select amount::text from refunds where store_order_id = ${storeOrderId}`,
    );
    expect(refunds).toEqual([{ amount: '20.00' }]);
  });
});
