import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import type { Coupon } from '@mandado/shared/coupon.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFastUser,
  insertCoupon,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
} from './order-factories.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function check(headers: Record<string, string>, coupon: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/v1/coupon/user/', headers, payload: { coupon } });
}

describe('POST /v1/coupon/user/', () => {
  it('answers a usable coupon whatever the case and spaces of the code', async () => {
    const { database } = testApp;
    const user = await createFastUser(database);
    const until = new Date('2099-01-01T00:00:00Z');
    await insertCoupon(database, {
      code: 'PRIMAVERA15',
      type: 'discount_amount',
      value: '15.00',
      minimumPurchase: '40.00',
      validUntil: until,
    });
    const response = await check(user.headers, '  primavera15 ');
    expect(response.statusCode).toBe(200);
    expect(response.json<Coupon>()).toEqual({
      code: 'PRIMAVERA15',
      type: 'discount_amount',
      value: '15.00',
      minimum_purchase: '40.00',
      valid_until: until.toISOString(),
    });
  });

  it('refuses unknown, expired, not yet valid, exhausted and already used coupons with a Spanish 400', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    await insertCoupon(database, { code: 'VIEJO', validUntil: new Date(Date.now() - 60_000) });
    await insertCoupon(database, { code: 'MANANA', validFrom: new Date(Date.now() + 86_400_000) });
    await insertCoupon(database, { code: 'AGOTADO', maxUsesTotal: 5, usesCount: 5 });
    await insertCoupon(database, { code: 'SOLOUNA', maxUsesPerUser: 1 });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      coupon: { code: 'SOLOUNA', terms: { type: 'discount_percentage', value: 1000, minimumPurchase: 0 } },
    });
    expect((await placeOrderRequest(app, fixture.user, body)).statusCode).toBe(201);
    for (const [code, detail] of [
      ['NADA', CHECKOUT_MESSAGES.couponUnknown],
      ['VIEJO', CHECKOUT_MESSAGES.couponExpired],
      ['MANANA', CHECKOUT_MESSAGES.couponNotYet],
      ['AGOTADO', CHECKOUT_MESSAGES.couponExhausted],
      ['SOLOUNA', CHECKOUT_MESSAGES.couponUsedByYou],
    ] as const) {
      const response = await check(fixture.user.headers, code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    // Another user may still use SOLOUNA.
    const other = await createFastUser(database);
    expect((await check(other.headers, 'SOLOUNA')).statusCode).toBe(200);
  });

  it('knows the demo seed’s coupons: two usable, one used up', async () => {
    const user = await createFastUser(testApp.database);
    expect((await check(user.headers, 'BIENVENIDA10')).json()).toMatchObject({
      type: 'discount_percentage',
      value: '10.00',
    });
    expect((await check(user.headers, 'envio5')).json()).toMatchObject({
      type: 'discount_amount',
      value: '5.00',
      minimum_purchase: '30.00',
    });
    const exhausted = await check(user.headers, 'LANZAMIENTO');
    expect(exhausted.statusCode).toBe(400);
    expect(exhausted.json()).toEqual({ detail: CHECKOUT_MESSAGES.couponExhausted });
  });

  it('validates the body and needs a session', async () => {
    const { app, database } = testApp;
    const user = await createFastUser(database);
    const blank = await check(user.headers, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<Record<string, string[]>>().coupon).toContain(MESSAGES.required);
    expect((await check(user.headers, 'X'.repeat(41))).statusCode).toBe(400);
    expect((await check(user.headers, 12)).statusCode).toBe(400);
    const visitor = await check(await visitorHeaders(app), 'PRIMAVERA15');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ detail: SERVER_MESSAGES.notAuthenticated });
  });
});
