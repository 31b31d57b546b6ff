import { CHECKOUT_MESSAGES, type Coupon } from '@mandado/shared/checkout.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFastUser, insertCoupon } from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Issue 16 part B: what a new shopper tripped on in checkout. */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('POST /v1/coupon/user/ with the subtotal the checkout shows', () => {
  it('refuses a coupon the cart does not reach the minimum of, naming the minimum in Spanish', async () => {
    const { app, database } = testApp;
    const user = await createFastUser(database);
    await insertCoupon(database, {
      code: 'ENVIOMIN',
      type: 'discount_amount',
      value: '5.00',
      minimumPurchase: '30.00',
    });
    const check = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/v1/coupon/user/', headers: user.headers, payload });

    const below = await check({ coupon: 'enviomin', subtotal: '15.00' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ detail: CHECKOUT_MESSAGES.couponMinimum('30.00') });
    expect(below.json<{ detail: string }>().detail).toBe(
      'Este cupón requiere una compra mínima de US$ 30.00.',
    );

    const enough = await check({ coupon: 'ENVIOMIN', subtotal: '30.00' });
    expect(enough.statusCode).toBe(200);
    expect(enough.json<Coupon>().minimum_purchase).toBe('30.00');

    // Without a subtotal (an older client) the terms still come back, minimum included.
    expect((await check({ coupon: 'ENVIOMIN' })).statusCode).toBe(200);
    // A subtotal that is not an amount is a field error, not a crash.
    expect((await check({ coupon: 'ENVIOMIN', subtotal: 'quince' })).statusCode).toBe(400);
  });
});
