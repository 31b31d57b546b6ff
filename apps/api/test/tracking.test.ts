import { randomBytes } from 'node:crypto';
import { type Tracking, trackingSchema } from '@mandado/shared/checkout.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, createProduct, createStore, createUser, type TestUser } from './factories.ts';
import { insertPlacedOrder, type PlacedOrderRows } from './order-rows.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let order: PlacedOrderRows;
let merchant: TestUser;
let storeId: number;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
  const store = await createStore(t.database, { name: `Almacén Seguimiento ${Date.now()}` });
  const pharmacy = await createStore(t.database);
  storeId = store.id;
  const milk = await createProduct(t.database, store.id);
  const aspirin = await createProduct(t.database, pharmacy.id);
  const remitter = await createUser(t.app);
  merchant = await createUser(t.app);
  await addStoreMember(t.database, store.id, merchant.id);
  order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    beneficiaryFirstName: 'Marta',
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'approved',
        lines: [{ productId: milk.id, quantity: 3, total: '7.25' }],
      },
      {
        storeId: pharmacy.id,
        storeName: 'Farmacia del Centro',
        lines: [{ productId: aspirin.id, total: '4.10' }],
      },
    ],
  });
});
afterAll(() => t.close());

const PRIVATE_KEYS =
  /price|total|subtotal|amount|discount|shipping|credit|address|phone|mobile|email|last_name|reason|payment|lat|lon/i;

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

describe('GET /v1/tracking/:token/', () => {
  it('opens without a session and shows stores, timelines, the window and the first name only', async () => {
    // The merchant moves one store order, with a private reason the family member must not read.
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${storeId}/orders/${order.storeOrders[0]?.number}/status/`,
      headers: merchant.headers,
      payload: { from: 'approved', to: 'preparing_to_delivery', reason: 'Nota interna del almacén' },
    });
    expect(moved.statusCode).toBe(200);

    const response = await t.app.inject({ method: 'GET', url: `/v1/tracking/${order.trackingToken}/` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    const body = trackingSchema.parse(response.json());
    expect(body).toMatchObject({
      number: order.number,
      beneficiary_first_name: 'Marta',
      delivery: 'standard',
      delivery_window: { from: '2026-11-23', to: '2026-11-24' },
      status: 'confirmed',
    });
    expect(body.stores.map((store) => [store.number, store.store_name, store.status, store.items])).toEqual([
      [
        order.storeOrders[0]?.number,
        expect.stringContaining('Almacén Seguimiento'),
        'preparing_to_delivery',
        3,
      ],
      [order.storeOrders[1]?.number, 'Farmacia del Centro', 'pending', 1],
    ]);
    expect(body.stores[0]?.history.map((change) => change.label)).toEqual([
      'Pendiente',
      'Aprobado',
      'En preparación',
    ]);

    // No prices, no home address, no surname, no reasons: neither as keys nor as values. The store's own
    // public address is there, for a pick-up.
    expect(
      keysOf(response.json()).filter((key) => key !== 'store_address' && PRIVATE_KEYS.test(key)),
    ).toEqual([]);
    expect(response.json<Tracking>().stores.map((store) => store.store_address)).toEqual(
      order.storeOrders.map(() => 'Av. Italia 2800'),
    );
    for (const secret of ['7.25', '4.10', '11.35', 'Fernández', '18 de Julio', 'Nota interna', '+598']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it.each([
    ['an unknown token', randomBytes(32).toString('base64url')],
    ['a short token', 'abc'],
    ['a long token', randomBytes(40).toString('base64url')],
    ['a token with other characters', `${randomBytes(32).toString('base64url').slice(0, 42)}.`],
    ['an injection', encodeURIComponent("' or 1=1 --")],
  ])('answers 404 in Spanish for %s, never 500', async (_label, token) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/tracking/${token}/` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: expect.stringMatching(/^(No encontrado\.|No encontramos ese pedido)/),
    });
  });

  it('is rate limited per client (429 in Spanish)', async () => {
    const limited = await createTestApp({ rateLimits: { tracking: { max: 2, windowSeconds: 60 } } });
    try {
      const token = randomBytes(32).toString('base64url');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: `/v1/tracking/${token}/` })).statusCode,
        );
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /v1/tracking/:token/ lists the products and the sender (issue 16)', () => {
  it("gives each store's lines (name, quantity, picture; no prices) and the sender's first name only", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/tracking/${order.trackingToken}/` });
    expect(response.statusCode).toBe(200);
    const body = trackingSchema.parse(response.json());
    expect(body.sender_first_name).toBe('Ana');
    expect(response.body).not.toContain('Pereira');
    expect(body.stores.map((store) => store.lines.map((line) => line.quantity))).toEqual([[3], [1]]);
    for (const store of body.stores) {
      for (const line of store.lines) {
        // Issue 17 adds what the store had and its substitute, by name: still no price among the keys.
        expect(Object.keys(line).sort()).toEqual([
          'available_quantity',
          'image',
          'name',
          'quantity',
          'substitute',
        ]);
        expect(line.name.length).toBeGreaterThan(0);
      }
    }
  });
});
