import { CHECKOUT_MESSAGES, type PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import type { Coupon } from '@mandado/shared/coupon.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { staffStoreOrderListSchema } from '@mandado/shared/staff-order.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember } from './factories.ts';
import {
  createFastUser,
  insertCoupon,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
} from './order-factories.ts';
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
    expect(below.json()).toEqual({ detail: CHECKOUT_MESSAGES.couponMinimum('US$ 30') });
    expect(below.json<{ detail: string }>().detail).toBe('Este cupón requiere una compra mínima de US$ 30.');

    const enough = await check({ coupon: 'ENVIOMIN', subtotal: '30.00' });
    expect(enough.statusCode).toBe(200);
    expect(enough.json<Coupon>().minimum_purchase).toBe('30.00');

    // Without a subtotal (an older client) the terms still come back, minimum included.
    expect((await check({ coupon: 'ENVIOMIN' })).statusCode).toBe(200);
    // A subtotal that is not an amount is a field error, not a crash.
    expect((await check({ coupon: 'ENVIOMIN', subtotal: 'quince' })).statusCode).toBe(400);
  });
});

describe('store orders carry the pin', () => {
  it('the order and the merchant’s store order show the latitude, longitude and a maps link', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    const pin = {
      latitude: -34.9058,
      longitude: -56.1913,
      maps_link: 'https://www.google.com/maps?q=-34.9058,-56.1913',
    };
    expect(order.beneficiary).toMatchObject(pin);
    expect(order.pickup_contact).toBeNull();

    const merchant = await createFastUser(database, 'Tienda');
    const store = fixture.stores[0];
    if (!store) throw new Error('no store');
    await addStoreMember(database, store.id, merchant.id);
    const listed = await app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/`,
      headers: merchant.headers,
    });
    expect(listed.statusCode).toBe(200);
    const [storeOrder] = staffStoreOrderListSchema.parse(listed.json()).results;
    expect(storeOrder?.beneficiary).toMatchObject(pin);
  });
});

describe('pick-up names who collects it, with no address or pin', () => {
  it('places a pick-up with only the contact’s name and phone (masked), and shows them to the store', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      delivery: 'pickup',
    });
    const placed = await placeOrderRequest(app, fixture.user, {
      ...body,
      beneficiary_id: null,
      pickup_contact: { name: 'Marta Suárez', phone: '99123456' },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    expect(order.delivery).toBe('pickup');
    expect(order.pickup_contact).toEqual({ name: 'Marta Suárez', phone: '(099) 123456' });
    expect(order.beneficiary).toMatchObject({
      first_name: 'Marta Suárez',
      mobile_number: '(099) 123456',
      address_line1: '',
      latitude: null,
      longitude: null,
      maps_link: null,
    });
    expect(order.beneficiary.city.name).toBe('Montevideo');

    const merchant = await createFastUser(database, 'Tienda');
    const store = fixture.stores[0];
    if (!store) throw new Error('no store');
    await addStoreMember(database, store.id, merchant.id);
    const listed = await app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/`,
      headers: merchant.headers,
    });
    const [storeOrder] = staffStoreOrderListSchema.parse(listed.json()).results;
    expect(storeOrder?.pickup_contact).toEqual({ name: 'Marta Suárez', phone: '(099) 123456' });
  });

  it('refuses a pick-up without its contact, a bad phone, and a delivery without a beneficiary (Spanish 400s)', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const pickup = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      delivery: 'pickup',
    });
    const noContact = await placeOrderRequest(app, fixture.user, { ...pickup, beneficiary_id: null });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json()).toEqual({ pickup_contact: [CHECKOUT_MESSAGES.pickupContactRequired] });

    const badPhone = await placeOrderRequest(app, fixture.user, {
      ...pickup,
      beneficiary_id: null,
      pickup_contact: { name: 'Marta', phone: '991234567' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(JSON.stringify(badPhone.json())).toContain(MESSAGES.invalidPhone);

    const standard = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const noBeneficiary = await placeOrderRequest(app, fixture.user, { ...standard, beneficiary_id: null });
    expect(noBeneficiary.statusCode).toBe(400);
    expect(noBeneficiary.json()).toEqual({ beneficiary_id: [CHECKOUT_MESSAGES.beneficiaryRequired] });
  });
});
