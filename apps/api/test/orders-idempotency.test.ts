import { CHECKOUT_MESSAGES, type PlaceOrderResult, placeOrderSchema } from '@mandado/shared/checkout.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/catalog.ts';
import { idempotencyKeys } from '../src/db/schema/orders.ts';
import { ordersContextOf } from '../src/modules/orders/orders-context.ts';
import { placeOrder, requestHash } from '../src/modules/orders/place-order.service.ts';
import { newIdempotencyKey, orderBody, placeOrderRequest, prepareCheckout, rows } from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function countFor(userId: number) {
  const [groups] = await rows<{ n: number }>(
    testApp.database,
    sql`select count(*)::int as n from order_groups where remitter_id = ${userId}`,
  );
  const [intents] = await rows<{ n: number }>(
    testApp.database,
    sql`select count(*)::int as n from sandbox_intents where user_id = ${userId}`,
  );
  return { groups: groups?.n ?? -1, intents: intents?.n ?? -1 };
}

describe('Idempotency-Key on POST /v1/orders/', () => {
  it('50 identical requests in parallel make one group and one charge, and all get the first answer', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stores: 2, perStore: 2 });
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const key = newIdempotencyKey();
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => placeOrderRequest(app, fixture.user, body, key)),
    );
    const elapsed = Math.round(performance.now() - started);
    console.info(`idempotency: 50 parallel requests with one key answered in ${elapsed} ms`);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    const first = responses.find((response) => response.headers['idempotent-replayed'] === undefined);
    expect(first).toBeDefined();
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
      49,
    );
    const firstBody = first?.json<PlaceOrderResult>();
    for (const response of responses) expect(response.json()).toEqual(firstBody);
    expect(await countFor(fixture.user.id)).toEqual({ groups: 1, intents: 1 });
    const [stock] = await rows<{ stock: number }>(
      database,
      sql`select stock from ${products} where id = ${fixture.products[0]?.id ?? 0}`,
    );
    expect(stock?.stock).toBe(9);

    // A later retry is a replay too, with the header.
    const retry = await placeOrderRequest(app, fixture.user, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(firstBody);
  });

  it('refuses the key reused with another cart or body with 422', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const key = newIdempotencyKey();
    expect((await placeOrderRequest(app, fixture.user, body, key)).statusCode).toBe(201);
    const other = await prepareCheckout(database);
    const otherBody = await orderBody(app, other.user, { beneficiaryId: other.beneficiaryId });
    // Same user, same key, another cart.
    const reused = await placeOrderRequest(
      app,
      fixture.user,
      { ...otherBody, beneficiary_id: fixture.beneficiaryId },
      key,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ detail: CHECKOUT_MESSAGES.idempotencyKeyReused });
    const changedDelivery = await placeOrderRequest(app, fixture.user, { ...body, delivery: 'pickup' }, key);
    expect(changedDelivery.statusCode).toBe(422);
    // Keys are per user: another user may use the same key for their own order.
    expect((await placeOrderRequest(app, other.user, otherBody, key)).statusCode).toBe(201);
    expect(await countFor(fixture.user.id)).toEqual({ groups: 1, intents: 1 });
  });

  it('needs a well-formed key (400 in Spanish) and gives a key back after a refusal that wrote nothing', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    for (const key of [null, 'corta', 'con espacios 123', 'x'.repeat(256), 'ñandú-123456']) {
      const response = await placeOrderRequest(app, fixture.user, body, key);
      expect(response.statusCode, String(key)).toBe(400);
      expect(response.json()).toEqual({ detail: CHECKOUT_MESSAGES.idempotencyKeyRequired });
    }
    const key = newIdempotencyKey();
    const stale = await placeOrderRequest(app, fixture.user, { ...body, expected_total: '1.00' }, key);
    expect(stale.statusCode).toBe(409);
    // The 409 was not kept: the same key now places the order the shopper reviewed again.
    const fresh = await placeOrderRequest(app, fixture.user, body, key);
    expect(fresh.statusCode).toBe(201);
    expect(await countFor(fixture.user.id)).toEqual({ groups: 1, intents: 1 });
  });

  it('recovers a key left in progress by a request that died: claimed again without a group, answered with one', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const hash = requestHash(placeOrderSchema.parse(body));
    // Died before its transaction committed: no group. A retry places the order.
    const lost = newIdempotencyKey();
    await database.db.insert(idempotencyKeys).values({
      userId: fixture.user.id,
      key: lost,
      requestHash: hash,
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const retried = await placeOrderRequest(app, fixture.user, body, lost);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const number = retried.json<PlaceOrderResult>().order.number;

    // Died after the commit (group written, answer not stored): a retry answers the group as it stands.
    const [group] = await rows<{ id: number }>(
      database,
      sql`select id from order_groups where number = ${number}`,
    );
    const crashed = newIdempotencyKey();
    await database.db.insert(idempotencyKeys).values({
      userId: fixture.user.id,
      key: crashed,
      requestHash: hash,
      groupId: group?.id ?? 0,
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const recovered = await placeOrderRequest(app, fixture.user, body, crashed);
    expect(recovered.statusCode).toBe(201);
    expect(recovered.headers['idempotent-replayed']).toBe('true');
    expect(recovered.json<PlaceOrderResult>().order.number).toBe(number);
    expect(await countFor(fixture.user.id)).toEqual({ groups: 1, intents: 1 });
  });

  it('answers 409 in progress only after waiting for the request that holds the key', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const input = placeOrderSchema.parse(body);
    const key = newIdempotencyKey();
    // Another request holds the key (claimed a moment ago, no answer yet).
    await database.db
      .insert(idempotencyKeys)
      .values({ userId: fixture.user.id, key, requestHash: requestHash(input) });
    const ctx = { ...ordersContextOf(app), idempotencyWaitMs: 300 };
    const actor = {
      userId: fixture.user.id,
      roles: ['remitter' as const],
      storeIds: [],
      ownedStoreIds: [],
      operatorGroup: null,
    };
    const started = performance.now();
    const answer = await placeOrder(ctx, actor, key, input);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer).toEqual({ status: 409, body: { detail: CHECKOUT_MESSAGES.idempotencyInProgress } });
    // When the holder's answer lands while a request waits, the waiter replays it.
    const waiting = placeOrder({ ...ordersContextOf(app), idempotencyWaitMs: 5000 }, actor, key, input);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.db.execute(
      sql`update idempotency_keys set response_status = 201, response_body = '{"hecho":true}'::jsonb where key = ${key}`,
    );
    expect(await waiting).toEqual({ status: 201, body: { hecho: true }, replayed: true });
    expect(await countFor(fixture.user.id)).toEqual({ groups: 0, intents: 0 });
  });
});
