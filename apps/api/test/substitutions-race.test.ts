import { SUBSTITUTION_MESSAGES } from '@mandado/shared/substitution-texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDueSubstitutionsFlow } from '../src/flows/substitution.flow.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  type TestProduct,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Engine-sensitive (ENGINE_SENSITIVE_API_FILES): the answer and the wait time race for one row lock and one
// compare-and-set, which PGlite serialises and PostgreSQL runs on two connections.
let t: TestApp;
let store: TestStore;
let rice: TestProduct;
let cheaper: TestProduct;
let member: TestUser;
let remitter: TestUser;
const noop = () => undefined;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.database);
  rice = await createProduct(t.database, store.id, { price: '10.00', currency: 'USD' });
  cheaper = await createProduct(t.database, store.id, { price: '8.00', currency: 'USD' });
  member = await createUser(t.app);
  remitter = await createUser(t.app);
  await addStoreMember(t.database, store.id, member.id);
});
afterAll(() => t.close());

async function askedQuestion(): Promise<{ storeOrderId: number; lineId: number; token: string }> {
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: 'paid',
    paymentMethod: 'card',
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'approved',
        lines: [{ productId: rice.id, quantity: 5, total: '50.00' }],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  const [line] = await queryRows<{ id: number }>(
    t.database,
    sql`select id from order_lines where store_order_id = ${storeOrder.id}`,
  );
  if (!line) throw new Error('no line');
  const proposed = await t.app.inject({
    method: 'POST',
    url: `/v1/merchant/stores/${store.id}/orders/${storeOrder.number}/lines/${line.id}/substitute-question/`,
    headers: member.headers,
    payload: { from: 'approved', available_quantity: 2, substitute: { product_id: cheaper.id, quantity: 3 } },
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const [mail] = await queryRows<{ text_body: string }>(
    t.database,
    sql`select text_body from email_outbox where to_address = ${remitter.email}
        and kind = 'store_order.substitute_proposed' order by id desc limit 1`,
  );
  const token = mail?.text_body.match(/\/reemplazo\/([^\s]+)/)?.[1];
  if (!token) throw new Error('no link');
  return { storeOrderId: storeOrder.id, lineId: line.id, token };
}

describe('an answer arriving while the wait time runs out', () => {
  it('applies exactly once: the remitter’s refund or the preference’s substitute, never both', async () => {
    const visitor = await visitorHeaders(t.app);
    const deps = { publicUrl: 'http://localhost', kickMailWorker: noop, kickRefundWorker: noop };
    for (let round = 0; round < 3; round += 1) {
      const { storeOrderId, lineId, token } = await askedQuestion();
      const [answered, applied] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/v1/substitutions/${token}/answer/`,
          headers: visitor,
          payload: { answer: 'refund_credit' },
        }),
        applyDueSubstitutionsFlow(t.app.db, new Date(Date.now() + 21 * 60_000), deps),
      ]);
      const refunds = await queryRows<{ amount: string; reason: string; destination: string }>(
        t.database,
        sql`select amount::text, reason, destination from refunds where store_order_id = ${storeOrderId}`,
      );
      const [question] = await queryRows<{ answer: string; answered_by: string }>(
        t.database,
        sql`select answer, answered_by from substitution_questions where order_line_id = ${lineId}`,
      );
      const [line] = await queryRows<{ available_quantity: number }>(
        t.database,
        sql`select available_quantity from order_lines where id = ${lineId}`,
      );
      expect(line?.available_quantity).toBe(2);
      if (answered.statusCode === 200) {
        expect(question).toEqual({ answer: 'refund_credit', answered_by: 'remitter' });
        expect(refunds).toEqual([{ amount: '30.00', reason: 'line_unavailable', destination: 'wallet' }]);
      } else {
        expect(answered.statusCode).toBe(409);
        expect(answered.json()).toEqual({ detail: SUBSTITUTION_MESSAGES.alreadyAnswered });
        expect(applied).toBeGreaterThanOrEqual(1);
        expect(question).toEqual({ answer: 'accept', answered_by: 'wait_time' });
        expect(refunds).toEqual([
          { amount: '6.00', reason: 'cheaper_substitute', destination: 'original_payment' },
        ]);
      }
    }
  });
});
