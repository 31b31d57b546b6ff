import {
  type OrderGroup,
  orderGroupSchema,
  orderListSchema,
  type PlaceOrderResult,
  type Tracking,
  trackingSchema,
} from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttempts, refunds } from '../src/db/schema/fulfilment.ts';
import { orderGroups, orderLines, storeOrders } from '../src/db/schema/orders.ts';
import {
  type CheckoutFixture,
  createFastUser,
  type FastUser,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 17, what the payer and the family member see after payment: refunds, line changes, attempts and the
 * proof in `GET /v1/orders/:number/` and 'Mis Compras'; the delivery code, attempts and line changes (no
 * prices) on the tracking page. The fulfilment rows are written straight into the tables, so these views are
 * tested apart from the store's, the courier's and the refund worker's endpoints.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface PaidOrder {
  fixture: CheckoutFixture;
  order: OrderGroup;
  groupId: number;
  trackingToken: string;
  stores: Array<{ id: number; number: string; total: string; deliveryCode: string; lineIds: number[] }>;
}

/** A card order paid through the sandbox: `stores` stores, two products each at US$ 10, 5 units per line. */
async function placePaidOrder(stores: number): Promise<PaidOrder> {
  const fixture = await prepareCheckout(t.database, { stores, perStore: 2, price: '10.00', quantity: 5 });
  const body = await orderBody(t.app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
  const response = await placeOrderRequest(t.app, fixture.user, body);
  expect(response.statusCode).toBe(201);
  const order = response.json<PlaceOrderResult>().order;
  expect(order.payment_status).toBe('paid');
  const [group] = await t.database.db
    .select({ id: orderGroups.id, trackingToken: orderGroups.trackingToken })
    .from(orderGroups)
    .where(eq(orderGroups.number, order.number));
  if (!group) throw new Error('group not found');
  const storeRows = await t.database.db
    .select({
      id: storeOrders.id,
      number: storeOrders.number,
      total: storeOrders.total,
      deliveryCode: storeOrders.deliveryCode,
    })
    .from(storeOrders)
    .where(eq(storeOrders.groupId, group.id))
    .orderBy(asc(storeOrders.id));
  const withLines = [];
  for (const row of storeRows) {
    const lines = await t.database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.storeOrderId, row.id))
      .orderBy(asc(orderLines.position), asc(orderLines.id));
    withLines.push({ ...row, lineIds: lines.map((line) => line.id) });
  }
  return { fixture, order, groupId: group.id, trackingToken: group.trackingToken, stores: withLines };
}

function storeOf(paid: PaidOrder, index: number) {
  const store = paid.stores[index];
  if (!store) throw new Error(`no store order ${index}`);
  return store;
}

function lineOf(paid: PaidOrder, storeIndex: number, lineIndex: number): number {
  const id = storeOf(paid, storeIndex).lineIds[lineIndex];
  if (id === undefined) throw new Error(`no line ${lineIndex}`);
  return id;
}

async function setStatus(
  storeOrderId: number,
  status: string,
  proof?: Partial<typeof storeOrders.$inferInsert>,
) {
  await t.database.db
    .update(storeOrders)
    .set({ status, ...proof })
    .where(eq(storeOrders.id, storeOrderId));
}

async function addRefund(
  paid: PaidOrder,
  storeOrderId: number,
  values: { amount: string; reason: string; destination?: string; status?: string; lineId?: number },
) {
  await t.database.db.insert(refunds).values({
    groupId: paid.groupId,
    storeOrderId,
    orderLineId: values.lineId ?? null,
    amount: values.amount,
    reason: values.reason,
    destination: values.destination ?? 'original_payment',
    status: values.status ?? 'succeeded',
    actorRole: 'system',
    settledAt: values.status === 'pending' ? null : new Date('2026-11-25T15:00:00Z'),
  });
}

async function getOrder(user: FastUser, number: string) {
  const before = t.queries.length;
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/orders/${number}/`,
    headers: { cookie: user.headers.cookie },
  });
  return { response, queries: t.queries.length - before };
}

async function getTracking(token: string): Promise<{ body: Tracking; raw: string }> {
  const response = await t.app.inject({ method: 'GET', url: `/v1/tracking/${token}/` });
  expect(response.statusCode).toBe(200);
  return { body: trackingSchema.parse(response.json()), raw: response.body };
}

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

const PRICE_KEYS = /price|total|subtotal|amount|discount|shipping|credit|refund|payment|note|email/i;

describe('GET /v1/orders/:number/ after fulfilment (issue 17)', () => {
  let paid: PaidOrder;
  beforeAll(async () => {
    paid = await placePaidOrder(2);
  });

  it('starts with nothing changed, refunded or attempted', async () => {
    const { response } = await getOrder(paid.fixture.user, paid.order.number);
    expect(response.statusCode).toBe(200);
    const order = orderGroupSchema.parse(response.json());
    expect(order).toMatchObject({ refunded: '0.00', refund_status: 'none' });
    for (const store of order.stores) {
      expect(store.refunds).toEqual([]);
      expect(store.delivery).toEqual({ attempts: [], proof: null });
      for (const line of store.lines) {
        expect(line).toMatchObject({ available_quantity: null, substitute: null });
      }
    }
  });

  it('shows line changes, refunds (partly refunded), attempts, then the proof with its photo', async () => {
    const storeA = storeOf(paid, 0);
    const storeB = storeOf(paid, 1);
    // Store A: 3 of 5 of the first line, the second replaced by a cheaper product; on its way after a failed try.
    await t.database.db
      .update(orderLines)
      .set({ availableQuantity: 3 })
      .where(eq(orderLines.id, lineOf(paid, 0, 0)));
    await t.database.db
      .update(orderLines)
      .set({
        availableQuantity: 0,
        substitute: {
          productId: paid.fixture.products[0]?.id ?? 0,
          name: 'Yerba Canarias 1 kg',
          image: null,
          quantity: 5,
          unitPriceUsd: '8.00',
          totalUsd: '40.00',
        },
      })
      .where(eq(orderLines.id, lineOf(paid, 0, 1)));
    await addRefund(paid, storeA.id, {
      amount: '20.00',
      reason: 'line_unavailable',
      lineId: lineOf(paid, 0, 0),
    });
    await addRefund(paid, storeA.id, {
      amount: '10.00',
      reason: 'cheaper_substitute',
      lineId: lineOf(paid, 0, 1),
      status: 'pending',
    });
    await t.database.db.insert(deliveryAttempts).values({
      storeOrderId: storeA.id,
      reason: 'nobody_home',
      note: 'Toqué timbre dos veces',
      actorRole: 'courier',
      createdAt: new Date('2026-11-25T17:10:00Z'),
    });
    await setStatus(storeA.id, 'in_transit');
    // Store B turned the order down: its whole total back to the wallet.
    await setStatus(storeB.id, 'rejected');
    await addRefund(paid, storeB.id, {
      amount: storeB.total,
      reason: 'store_rejected',
      destination: 'wallet',
    });

    const { response } = await getOrder(paid.fixture.user, paid.order.number);
    expect(response.statusCode).toBe(200);
    const order = orderGroupSchema.parse(response.json());
    const refunded = 2000 + 1000 + parseMoney(storeB.total);
    expect(order).toMatchObject({
      refunded: formatMinorAsDecimal(refunded),
      refund_status: 'partial',
      refund_status_label: 'Reembolsado en parte',
    });
    const [a, b] = order.stores;
    expect(a?.status_label).toBe('En camino');
    expect(a?.lines.map((line) => [line.available_quantity, line.substitute])).toEqual([
      [3, null],
      [
        0,
        {
          name: 'Yerba Canarias 1 kg',
          image: null,
          quantity: 5,
          unit_price: '8.00',
          currency: 'USD',
          total: '40.00',
        },
      ],
    ]);
    expect(a?.refunds.map((refund) => [refund.amount, refund.reason_label, refund.status_label])).toEqual([
      ['20.00', 'Producto no disponible', 'Reembolsado'],
      ['10.00', 'Reemplazo más barato', 'En proceso'],
    ]);
    expect(a?.refunds[0]).toMatchObject({
      store_order_number: storeA.number,
      destination_label: 'Al medio de pago original',
      settled: '2026-11-25T15:00:00.000Z',
    });
    expect(a?.delivery).toEqual({
      attempts: [
        {
          reason: 'nobody_home',
          reason_label: 'Nadie en casa',
          note: 'Toqué timbre dos veces',
          at: '2026-11-25T17:10:00.000Z',
        },
      ],
      proof: null,
    });
    expect(b?.refunds).toEqual([
      expect.objectContaining({
        store_order_number: storeB.number,
        line_name: null,
        amount: storeB.total,
        reason: 'store_rejected',
        destination_label: 'Como crédito en tu cuenta',
      }),
    ]);
    expect(b?.delivery).toEqual({ attempts: [], proof: null });

    // Delivered with a photo: when, who, and the photo's authorised address.
    await setStatus(storeA.id, 'delivered', {
      deliveredAt: new Date('2026-11-25T18:40:00Z'),
      receivedBy: 'Ana',
      proofMediaKey: 'proofs/prueba.webp',
    });
    const delivered = orderGroupSchema.parse(
      (await getOrder(paid.fixture.user, paid.order.number)).response.json(),
    );
    expect(delivered.stores[0]?.delivery.proof).toEqual({
      delivered_at: '2026-11-25T18:40:00.000Z',
      received_by: 'Ana',
      photo_url: `/v1/orders/${paid.order.number}/store-orders/${storeA.number}/proof-photo`,
    });
  });

  it("says 'Reembolsado' once the refunds reach what was paid, in the order and in 'Mis Compras'", async () => {
    const full = await placePaidOrder(1);
    const store = storeOf(full, 0);
    await setStatus(store.id, 'rejected');
    await addRefund(full, store.id, { amount: store.total, reason: 'store_rejected' });
    const order = orderGroupSchema.parse(
      (await getOrder(full.fixture.user, full.order.number)).response.json(),
    );
    expect(order).toMatchObject({
      refunded: full.order.total,
      refund_status: 'full',
      refund_status_label: 'Reembolsado',
    });

    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/orders/',
      headers: { cookie: full.fixture.user.headers.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(orderListSchema.parse(list.json()).results).toEqual([
      expect.objectContaining({
        number: full.order.number,
        refund_status: 'full',
        refund_status_label: 'Reembolsado',
      }),
    ]);
    const partly = await t.app.inject({
      method: 'GET',
      url: '/v1/orders/',
      headers: { cookie: paid.fixture.user.headers.cookie },
    });
    expect(orderListSchema.parse(partly.json()).results[0]).toMatchObject({ refund_status: 'partial' });
  });

  it('reads a two-store order with refunds and attempts in as many queries as a fresh one-store order', async () => {
    const fresh = await placePaidOrder(1);
    const one = await getOrder(fresh.fixture.user, fresh.order.number);
    const busy = await getOrder(paid.fixture.user, paid.order.number);
    expect(one.response.statusCode).toBe(200);
    expect(busy.response.statusCode).toBe(200);
    expect(busy.queries).toBe(one.queries);
  });

  it('is a 404 for another remitter, as before', async () => {
    const stranger = await createFastUser(t.database, 'Luis');
    const { response } = await getOrder(stranger, paid.order.number);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Yerba');
  });
});

describe('GET /v1/tracking/:token/ after fulfilment (issue 17)', () => {
  it('shows the delivery code until the handover, the attempts without notes, and line changes by name only', async () => {
    const paid = await placePaidOrder(2);
    const storeA = storeOf(paid, 0);
    const storeB = storeOf(paid, 1);

    // Paid and approved: the code of each store order is there for the beneficiary.
    const approved = await getTracking(paid.trackingToken);
    expect(approved.body.stores.map((store) => [store.status, store.delivery_code])).toEqual([
      ['approved', storeA.deliveryCode],
      ['approved', storeB.deliveryCode],
    ]);
    expect(storeA.deliveryCode).toMatch(/^\d{4}$/);
    expect(approved.body.stores[0]?.attempts).toEqual([]);

    await t.database.db
      .update(orderLines)
      .set({ availableQuantity: 3 })
      .where(eq(orderLines.id, lineOf(paid, 0, 0)));
    await t.database.db
      .update(orderLines)
      .set({
        availableQuantity: 0,
        substitute: {
          productId: paid.fixture.products[0]?.id ?? 0,
          name: 'Yerba Canarias 1 kg',
          image: null,
          quantity: 5,
          unitPriceUsd: '8.37',
          totalUsd: '41.85',
        },
      })
      .where(eq(orderLines.id, lineOf(paid, 0, 1)));
    await addRefund(paid, storeA.id, {
      amount: '13.33',
      reason: 'line_unavailable',
      lineId: lineOf(paid, 0, 0),
    });
    await t.database.db.insert(deliveryAttempts).values({
      storeOrderId: storeA.id,
      reason: 'wrong_address',
      note: 'Llamé al 099 123 456 y nadie contestó',
      actorRole: 'courier',
      createdAt: new Date('2026-11-25T14:10:00Z'),
    });
    await setStatus(storeA.id, 'in_transit');
    await setStatus(storeB.id, 'rejected');

    const moving = await getTracking(paid.trackingToken);
    const [a, b] = moving.body.stores;
    expect(a).toMatchObject({
      status: 'in_transit',
      status_label: 'En camino',
      delivery_code: storeA.deliveryCode,
    });
    expect(b).toMatchObject({ status: 'rejected', delivery_code: null });
    expect(a?.attempts).toEqual([
      { reason: 'wrong_address', reason_label: 'Dirección incorrecta', at: '2026-11-25T14:10:00.000Z' },
    ]);
    expect(a?.lines.map((line) => [line.quantity, line.available_quantity, line.substitute])).toEqual([
      [5, 3, null],
      [5, 0, { name: 'Yerba Canarias 1 kg', quantity: 5, image: null }],
    ]);
    // No prices, refunds or the courier's words: neither as keys nor as values.
    expect(keysOf(moving.body).filter((key) => PRICE_KEYS.test(key))).toEqual([]);
    for (const secret of ['8.37', '41.85', '13.33', '10.00', '50.00', 'nadie contestó', '099 123']) {
      expect(moving.raw).not.toContain(secret);
    }

    // Delivered: the code is gone for good.
    await setStatus(storeA.id, 'delivered', {
      deliveredAt: new Date('2026-11-25T18:40:00Z'),
      receivedBy: 'Rosa',
      proofMediaKey: 'proofs/prueba.webp',
    });
    const done = await getTracking(paid.trackingToken);
    expect(done.body.stores.map((store) => store.delivery_code)).toEqual([null, null]);
    expect(done.raw).not.toContain('proofs/');
    expect(done.body.stores[0]?.status_label).toBe('Entregado');
  });

  it('keeps the code off a cancelled or unpaid store order', async () => {
    const paid = await placePaidOrder(1);
    const store = storeOf(paid, 0);
    await setStatus(store.id, 'pending');
    expect((await getTracking(paid.trackingToken)).body.stores[0]?.delivery_code).toBeNull();
    await setStatus(store.id, 'approved');
    await t.database.db
      .update(orderGroups)
      .set({ status: 'cancelled' })
      .where(eq(orderGroups.id, paid.groupId));
    expect((await getTracking(paid.trackingToken)).body.stores[0]?.delivery_code).toBeNull();
  });
});
