import { randomBytes } from 'node:crypto';
import { trackingSchema } from '@mandado/shared/checkout.schemas';
import { COURIER_ARRIVAL_MESSAGES, COURIER_ARRIVED_NOTE } from '@mandado/shared/courier-arrival';
import { RECEIPT_MESSAGES } from '@mandado/shared/receipt';
import { receiptClaimListSchema, receiptClaimRefundResultSchema } from '@mandado/shared/receipt.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeOrders } from '../src/db/schema/orders.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder, type PlacedOrderRows } from './order-rows.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 29, item 3: the family answers on the tracking link once a store order is delivered ('Recibí todo'
 * or 'Falta algo' with lines), once, within 48 hours; a claim reaches the operators, whose one click refunds
 * the claimed units within the refund caps. Bad input changes nothing and says why in Spanish.
 */

let t: TestApp;
let visitor: SessionHeaders;
let operator: TestUser;
let merchant: TestUser;
let storeId: number;
let milkId: number;
let breadId: number;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { tracking: { max: 1000, windowSeconds: 60 } } });
  const store = await createStore(t.database, { name: `Almacén Recibo ${Date.now()}` });
  storeId = store.id;
  milkId = (await createProduct(t.database, store.id)).id;
  breadId = (await createProduct(t.database, store.id)).id;
  operator = await createUser(t.app);
  await makeOperator(t.database, operator.id);
  merchant = await createUser(t.app);
  await addStoreMember(t.database, store.id, merchant.id);
  visitor = await visitorHeaders(t.app);
});
afterAll(() => t.close());

/** A paid order of two lines (milk ×2 for 8.00, bread ×1 for 3.00), its store order delivered `hoursAgo`. */
async function deliveredOrder(hoursAgo: number | null, status: 'delivered' | 'in_transit' = 'delivered') {
  const remitter = await createUser(t.app);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    stores: [
      {
        storeId,
        status,
        lines: [
          { productId: milkId, quantity: 2, total: '8.00', name: 'Leche Conaprole 1 L' },
          { productId: breadId, quantity: 1, total: '3.00', name: 'Pan de molde' },
        ],
      },
    ],
  });
  if (hoursAgo !== null) {
    await t.database.db
      .update(storeOrders)
      .set({ deliveredAt: new Date(Date.now() - hoursAgo * HOUR) })
      .where(eq(storeOrders.groupId, order.groupId));
  }
  return order;
}

function answer(order: PlacedOrderRows, body: unknown, token = order.trackingToken) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/tracking/${token}/stores/${order.storeOrders[0]?.number}/receipt/`,
    headers: visitor,
    payload: body as Record<string, unknown>,
  });
}

async function receiptRows(order: PlacedOrderRows): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    t.database,
    sql`select count(*)::int as count from store_order_receipts r join store_orders s on s.id = r.store_order_id where s.group_id = ${order.groupId}`,
  );
  return row?.count ?? 0;
}

async function tracked(order: PlacedOrderRows) {
  const response = await t.app.inject({ method: 'GET', url: `/v1/tracking/${order.trackingToken}/` });
  expect(response.statusCode).toBe(200);
  return trackingSchema.parse(response.json()).stores[0]?.receipt;
}

describe('the family answers on the tracking link', () => {
  it("'Recibí todo' is kept once and read as 'Rosa confirmó que recibió todo el …'", async () => {
    const order = await deliveredOrder(1);
    expect(await tracked(order)).toMatchObject({ status: 'awaiting', at: null, text: null });

    const response = await answer(order, { answer: 'received' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().detail).toBe(RECEIPT_MESSAGES.received);
    const receipt = await tracked(order);
    expect(receipt?.status).toBe('received');
    expect(receipt?.text).toMatch(/^Rosa confirmó que recibió todo el \d{2}\/\d{2} a las \d{2}:\d{2}$/);

    // A second answer, even a different one, changes nothing.
    const again = await answer(order, { answer: 'missing', lines: [{ line: 0, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(RECEIPT_MESSAGES.alreadyAnswered);
    expect((await tracked(order))?.status).toBe('received');
    expect(await receiptRows(order)).toBe(1);
  });

  it('refuses a forged link, another order, an undelivered one and bad lines, writing nothing', async () => {
    const order = await deliveredOrder(2);
    const other = await deliveredOrder(2);
    const forged = await answer(order, { answer: 'received' }, randomBytes(32).toString('base64url'));
    expect(forged.statusCode).toBe(404);
    expect(forged.json().detail).toBe(RECEIPT_MESSAGES.notFound);
    // This link with the other order's store order number: not this link's order.
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/v1/tracking/${order.trackingToken}/stores/${other.storeOrders[0]?.number}/receipt/`,
      headers: visitor,
      payload: { answer: 'received' },
    });
    expect(crossed.statusCode).toBe(404);
    const malformed = await answer(order, { answer: 'received' }, 'no-es-un-token');
    expect(malformed.statusCode).toBe(404);

    const beyond = await answer(order, { answer: 'missing', lines: [{ line: 5, quantity: 1 }] });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().lines).toEqual([RECEIPT_MESSAGES.unknownLine]);
    const tooMany = await answer(order, { answer: 'missing', lines: [{ line: 1, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().lines).toEqual([RECEIPT_MESSAGES.tooMany(1)]);
    const phishing = await answer(order, {
      answer: 'missing',
      lines: [{ line: 0, quantity: 1 }],
      note: 'Reclama en https://mandado-devoluciones.example',
    });
    expect(phishing.statusCode).toBe(400);
    expect(phishing.json().note).toEqual(['Escribe el comentario sin enlaces ni correos.']);
    const none = await answer(order, { answer: 'missing', lines: [] });
    expect(none.statusCode).toBe(400);
    const unknown = await answer(order, { answer: 'maybe' });
    expect(unknown.statusCode).toBe(400);

    const onTheWay = await deliveredOrder(null, 'in_transit');
    const early = await answer(onTheWay, { answer: 'received' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(RECEIPT_MESSAGES.notDelivered);
    expect(await tracked(onTheWay)).toBeNull();

    for (const each of [order, other, onTheWay]) expect(await receiptRows(each)).toBe(0);
  });

  it('after 48 hours the order counts as received and a claim is refused', async () => {
    const order = await deliveredOrder(49);
    const receipt = await tracked(order);
    expect(receipt).toMatchObject({ status: 'received', automatic: true });
    expect(receipt?.text).toMatch(/^Sin respuesta en 48 horas: el pedido cuenta como recibido/);
    const late = await answer(order, { answer: 'missing', lines: [{ line: 0, quantity: 1 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(RECEIPT_MESSAGES.windowClosed);
    expect(await receiptRows(order)).toBe(0);
  });
});

describe("'Falta algo' reaches the operators, who refund the claimed line in one click", () => {
  it('lists the claim and refunds one unit of the milk, once', async () => {
    const order = await deliveredOrder(3);
    const claimed = await answer(order, {
      answer: 'missing',
      lines: [{ line: 0, quantity: 1 }],
      note: 'Llegó una sola leche',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().receipt).toMatchObject({
      status: 'claimed',
      missing: [{ name: 'Leche Conaprole 1 L', quantity: 1 }],
      note: 'Llegó una sola leche',
    });
    expect(claimed.json().receipt.text).toMatch(/^Rosa avisó que falta algo el /);

    // The store sees it on its order, and its inbox's ETag moved so a phone polling it reads it.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${storeId}/orders/${order.storeOrders[0]?.number}/`,
      headers: merchant.headers,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().receipt).toMatchObject({
      status: 'claimed',
      missing: [{ name: 'Leche Conaprole 1 L', quantity: 1 }],
    });
    const [note] = await queryRows<{ reason: string }>(
      t.database,
      sql`select h.reason from store_order_history h join store_orders s on s.id = h.store_order_id where s.group_id = ${order.groupId} and h.from_status = h.to_status`,
    );
    expect(note?.reason).toBe('Rosa avisó que falta: Leche Conaprole 1 L (1). «Llegó una sola leche»');

    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/receipt-claims/?open=true',
      headers: operator.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const claim = receiptClaimListSchema
      .parse(list.json())
      .results.find((item) => item.store_order_number === order.storeOrders[0]?.number);
    expect(claim).toMatchObject({ status: 'claimed', lines: [{ name: 'Leche Conaprole 1 L', quantity: 1 }] });

    // A visitor or a remitter cannot reach it.
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/receipt-claims/',
      headers: visitor,
    });
    expect(stranger.statusCode).toBe(401);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/receipt-claims/${claim?.id}/refund/`,
      headers: operator.headers,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const result = receiptClaimRefundResultSchema.parse(refund.json());
    // One of two units of a line that cost 8.00.
    expect(result.refunded).toBe('4.00');
    expect(result.claim.status).toBe('resolved');
    const rows = await queryRows<{ amount: string; units: number; reason: string }>(
      t.database,
      sql`select amount::text as amount, units, reason from refunds where group_id = ${order.groupId}`,
    );
    expect(rows).toEqual([{ amount: '4.00', units: 1, reason: 'receipt_claim' }]);
    expect((await tracked(order))?.status).toBe('resolved');

    const twice = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/receipt-claims/${claim?.id}/refund/`,
      headers: operator.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(RECEIPT_MESSAGES.claimNotOpen);
    const after = await queryRows<{ count: number }>(
      t.database,
      sql`select count(*)::int as count from refunds where group_id = ${order.groupId}`,
    );
    expect(after[0]?.count).toBe(1);
  });
});

describe("the courier's 'Llegué' (item 5)", () => {
  it('notes the arrival once per trip and the tracking page shows it', async () => {
    const order = await deliveredOrder(null, 'in_transit');
    const storeOrderId = order.storeOrders[0]?.id ?? 0;
    const token = `${'a'.repeat(31)}${String(storeOrderId).padStart(12, '0')}`;
    await t.database.db
      .update(storeOrders)
      .set({ courierToken: token, courierLinkCreatedAt: new Date() })
      .where(eq(storeOrders.id, storeOrderId));
    const arrive = () =>
      t.app.inject({ method: 'POST', url: `/v1/courier/${token}/arrived/`, headers: visitor });

    const before = await t.app.inject({ method: 'GET', url: `/v1/tracking/${order.trackingToken}/` });
    expect(trackingSchema.parse(before.json()).stores[0]?.arrived_at).toBeNull();
    const first = await arrive();
    expect(first.statusCode, first.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/v1/tracking/${order.trackingToken}/` });
    expect(trackingSchema.parse(after.json()).stores[0]?.arrived_at).toEqual(expect.any(String));

    const again = await arrive();
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(COURIER_ARRIVAL_MESSAGES.alreadyArrived);
    const notes = await queryRows<{ count: number }>(
      t.database,
      sql`select count(*)::int as count from store_order_history where store_order_id = ${storeOrderId} and reason = ${COURIER_ARRIVED_NOTE}`,
    );
    expect(notes[0]?.count).toBe(1);
  });
});
