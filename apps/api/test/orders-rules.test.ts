import {
  CHECKOUT_MESSAGES,
  type CheckoutConflict,
  type CheckoutOptions,
  type PlaceOrderResult,
} from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { SANDBOX_CARD_MESSAGES } from '@mandado/shared/sandbox-cards';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, storeCities } from '../src/db/schema/catalog.ts';
import { cityId } from './factories.ts';
import {
  createFastUser,
  giveCredit,
  insertBeneficiary,
  insertCoupon,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(testApp.database, query);
  return row?.n ?? -1;
}

const TEN_PERCENT = { type: 'discount_percentage' as const, value: 1000, minimumPurchase: 0 };

describe('coupons at checkout', () => {
  it('counts a use once per group and refuses a second use by the same user', async () => {
    const { app, database } = testApp;
    const code = `UNAVEZ${Date.now()}`;
    const couponId = await insertCoupon(database, { code, maxUsesPerUser: 1 });
    const fixture = await prepareCheckout(database, { price: '20.00' });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      coupon: { code: code.toLowerCase(), terms: TEN_PERCENT },
    });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<PlaceOrderResult>().order).toMatchObject({ coupon: code, discount: '2.00' });
    expect(await count(sql`select uses_count as n from coupons where id = ${couponId}`)).toBe(1);
    // The same shopper fills the cart again and tries the coupon once more.
    const again = await prepareCheckout(database, { price: '20.00' });
    await database.db.execute(
      sql`insert into cart_lines (user_id, product_id, quantity) values (${fixture.user.id}, ${again.products[0]?.id ?? 0}, 1)`,
    );
    const second = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      coupon: { code, terms: TEN_PERCENT },
    });
    const refused = await placeOrderRequest(app, fixture.user, second);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ coupon: [CHECKOUT_MESSAGES.couponUsedByYou] });
  });

  it('refuses unknown, exhausted, expired, not yet valid and below-minimum coupons (400, Spanish)', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { price: '20.00' });
    const stamp = Date.now();
    const cases: Array<[string, Parameters<typeof insertCoupon>[1] | null, string]> = [
      [`NOEXISTE${stamp}`, null, CHECKOUT_MESSAGES.couponUnknown],
      [
        `AGOTADO${stamp}`,
        { code: `AGOTADO${stamp}`, maxUsesTotal: 2, usesCount: 2 },
        CHECKOUT_MESSAGES.couponExhausted,
      ],
      [
        `VENCIDO${stamp}`,
        { code: `VENCIDO${stamp}`, validUntil: new Date(Date.now() - 1000) },
        CHECKOUT_MESSAGES.couponExpired,
      ],
      [
        `FUTURO${stamp}`,
        { code: `FUTURO${stamp}`, validFrom: new Date(Date.now() + 86_400_000) },
        CHECKOUT_MESSAGES.couponNotYet,
      ],
      [
        `MINIMO${stamp}`,
        { code: `MINIMO${stamp}`, minimumPurchase: '100.00' },
        CHECKOUT_MESSAGES.couponMinimum('US$ 100'),
      ],
    ];
    for (const [code, coupon, message] of cases) {
      if (coupon) await insertCoupon(database, coupon);
      const body = await orderBody(app, fixture.user, {
        beneficiaryId: fixture.beneficiaryId,
        coupon: { code, terms: TEN_PERCENT },
      });
      const response = await placeOrderRequest(app, fixture.user, body);
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual({ coupon: [message] });
    }
    expect(
      await count(sql`select count(*)::int as n from order_groups where remitter_id = ${fixture.user.id}`),
    ).toBe(0);
  });

  it('takes an amount coupon off the goods, spread onto the lines', async () => {
    const { app, database } = testApp;
    const code = `MONTO${Date.now()}`;
    await insertCoupon(database, { code, type: 'discount_amount', value: '5.00', minimumPurchase: '30.00' });
    const fixture = await prepareCheckout(database, { stores: 2, perStore: 2, price: '9.99' });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      coupon: { code, terms: { type: 'discount_amount', value: 500, minimumPurchase: 3000 } },
    });
    const response = await placeOrderRequest(app, fixture.user, body);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<PlaceOrderResult>().order;
    expect(order.discount).toBe('5.00');
    const lineDiscounts = order.stores.flatMap((store) =>
      store.lines.map((line) => parseMoney(line.discount)),
    );
    expect(lineDiscounts.reduce((sum, value) => sum + value, 0)).toBe(500);
    for (const store of order.stores) {
      expect(store.lines.reduce((sum, line) => sum + parseMoney(line.discount), 0)).toBe(
        parseMoney(store.discount),
      );
    }
  });
});

describe('credit', () => {
  it('is capped at the total: nothing to charge, the ledger records it and who-am-I equals the ledger', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stores: 2, price: '10.00' });
    await giveCredit(database, fixture.user.id, '500.00');
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      credit: '500.00',
    });
    expect(body.expected_total).toBe('0.00');
    const response = await placeOrderRequest(app, fixture.user, body);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<PlaceOrderResult>();
    expect(result.payment).toEqual({ status: 'succeeded' });
    expect(result.order).toMatchObject({ total: '0.00', payment_status: 'paid', credit: '25.98' });
    expect(result.order.stores.map((store) => store.credit)).toEqual(['12.99', '12.99']);
    expect(
      await count(sql`select count(*)::int as n from sandbox_intents where user_id = ${fixture.user.id}`),
    ).toBe(0);
    const ledger = await rows<{ kind: string; amount: string }>(
      database,
      sql`select kind, amount from wallet_entries where user_id = ${fixture.user.id} order by id`,
    );
    expect(ledger).toEqual([
      { kind: 'adjustment', amount: '500.00' },
      { kind: 'spent', amount: '-25.98' },
    ]);
    const whoami = await app.inject({ method: 'GET', url: '/v1/whoami/', headers: fixture.user.headers });
    const credit = whoami.json<{ whoami: { credit: string } }>().whoami.credit;
    expect(credit).toBe('474.02');
    expect(parseMoney(credit)).toBe(ledger.reduce((sum, entry) => sum + parseMoney(entry.amount), 0));
  });

  it('above the balance is refused (400) and nothing is written', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    await giveCredit(database, fixture.user.id, '2.00');
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId, credit: '3.00' });
    const response = await placeOrderRequest(app, fixture.user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ credit: [CHECKOUT_MESSAGES.creditTooHigh] });
    expect(
      await count(sql`select count(*)::int as n from order_groups where remitter_id = ${fixture.user.id}`),
    ).toBe(0);
  });
});

describe('a cart that changed since the review', () => {
  async function expectNothingWritten(userId: number, productId: number, stock: number) {
    expect(await count(sql`select count(*)::int as n from order_groups where remitter_id = ${userId}`)).toBe(
      0,
    );
    expect(await count(sql`select count(*)::int as n from sandbox_intents where user_id = ${userId}`)).toBe(
      0,
    );
    expect(await count(sql`select stock as n from products where id = ${productId}`)).toBe(stock);
  }

  it('answers 409 listing a new price, less stock, a line added, a quantity and a store that stopped delivering', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stores: 3, perStore: 1, quantity: 2 });
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const [a, b, c] = fixture.products;
    if (!a || !b || !c) throw new Error('three products');
    await database.db.update(products).set({ price: '11.50' }).where(eq(products.id, a.id));
    await database.db.update(products).set({ stock: 1 }).where(eq(products.id, b.id));
    await database.db.delete(storeCities).where(eq(storeCities.storeId, c.storeId));
    const response = await placeOrderRequest(app, fixture.user, body);
    expect(response.statusCode).toBe(409);
    const conflict = response.json<CheckoutConflict>();
    expect(conflict.detail).toBe(CHECKOUT_MESSAGES.cartChanged);
    expect(conflict.changes).toEqual([
      { product_id: a.id, name: a.name, change: 'price', now: '11.50' },
      { product_id: b.id, name: b.name, change: 'stock', now: '1' },
      { product_id: c.id, name: c.name, change: 'unavailable', now: null },
    ]);
    await expectNothingWritten(fixture.user.id, b.id, 1);

    const other = await prepareCheckout(database, { quantity: 1 });
    const otherBody = await orderBody(app, other.user, { beneficiaryId: other.beneficiaryId });
    const extra = await prepareCheckout(database);
    await database.db.execute(
      sql`insert into cart_lines (user_id, product_id, quantity) values (${other.user.id}, ${extra.products[0]?.id ?? 0}, 1)`,
    );
    await database.db.execute(
      sql`update cart_lines set quantity = 3 where user_id = ${other.user.id} and product_id = ${other.products[0]?.id ?? 0}`,
    );
    const changed = await placeOrderRequest(app, other.user, otherBody);
    expect(changed.statusCode).toBe(409);
    expect(changed.json<CheckoutConflict>().changes.map((change) => change.change)).toEqual([
      'quantity',
      'added',
    ]);
  });

  it('answers 409 with the new total when only the total differs (e.g. the free-shipping threshold moved)', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const response = await placeOrderRequest(app, fixture.user, {
      ...body,
      expected_total: formatMinorAsDecimal(parseMoney(body.expected_total) - 1),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<CheckoutConflict>().changes).toEqual([
      { product_id: 0, name: '', change: 'total', now: body.expected_total },
    ]);
    await expectNothingWritten(fixture.user.id, fixture.products[0]?.id ?? 0, 10);
  });
});

describe('invalid input gets a Spanish 4xx', () => {
  it('refuses bad bodies, foreign or misplaced beneficiaries, missing cards and methods not offered', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });

    const noBeneficiary = await placeOrderRequest(app, fixture.user, { ...body, beneficiary_id: undefined });
    expect(noBeneficiary.statusCode).toBe(400);
    expect(noBeneficiary.json()).toEqual({ beneficiary_id: [CHECKOUT_MESSAGES.beneficiaryRequired] });
    const noLines = await placeOrderRequest(app, fixture.user, { ...body, lines: [] });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json()).toEqual({ lines: [CHECKOUT_MESSAGES.cartEmpty] });
    for (const bad of [
      { ...body, payment: { method: 'cheque' } },
      { ...body, expected_total: 'diez' },
      { ...body, credit: '-1.00' },
      { ...body, delivery: 'drone' },
      { ...body, expected_total: '99999999999999999999.00' },
      { ...body, lines: [{ ...body.lines[0], unit_price: '-10.00' }] },
    ]) {
      const response = await placeOrderRequest(app, fixture.user, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(response.json()).length).toBeGreaterThan(0);
    }

    const stranger = await createFastUser(database);
    const foreignBeneficiary = await insertBeneficiary(database, stranger.id);
    const foreign = await placeOrderRequest(app, fixture.user, {
      ...body,
      beneficiary_id: foreignBeneficiary,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: SERVER_MESSAGES.notFound });

    const elsewhere = await insertBeneficiary(database, fixture.user.id, {
      cityId: await cityId(database, 'Las Piedras'),
    });
    const misplaced = await placeOrderRequest(app, fixture.user, { ...body, beneficiary_id: elsewhere });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json()).toEqual({ beneficiary_id: [CHECKOUT_MESSAGES.beneficiaryOtherCity] });

    const noCard = await placeOrderRequest(app, fixture.user, { ...body, payment: { method: 'card' } });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toEqual({ detail: CHECKOUT_MESSAGES.cardRequired });
    const badToken = await placeOrderRequest(app, fixture.user, {
      ...body,
      payment: { method: 'card', token: 'tok_visa' },
    });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json()).toEqual({ detail: SANDBOX_CARD_MESSAGES.number });
    const unknownCard = await placeOrderRequest(app, fixture.user, {
      ...body,
      payment: { method: 'card', card_id: '6f1c1a5e-3c1b-4d8e-9a57-1b2c3d4e5f60' },
    });
    expect(unknownCard.statusCode).toBe(404);
    const paypal = await placeOrderRequest(app, fixture.user, { ...body, payment: { method: 'paypal' } });
    expect(paypal.statusCode).toBe(400);
    expect(paypal.json()).toEqual({ detail: CHECKOUT_MESSAGES.methodNotOffered });

    // Visitors and requests without the CSRF token.
    const visitor = await app.inject({
      method: 'POST',
      url: '/v1/orders/',
      payload: body as unknown as Record<string, unknown>,
    });
    expect([401, 403]).toContain(visitor.statusCode);
    const noCsrf = await app.inject({
      method: 'POST',
      url: '/v1/orders/',
      headers: { cookie: fixture.user.headers.cookie, 'idempotency-key': 'clave-sin-csrf-1' },
      payload: body as unknown as Record<string, unknown>,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(
      await count(sql`select count(*)::int as n from order_groups where remitter_id = ${fixture.user.id}`),
    ).toBe(0);
  });

  it('reads and confirms only one’s own orders (404 for others’, unknown and malformed numbers; 401 for visitors)', async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database);
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const number = (await placeOrderRequest(app, fixture.user, body)).json<PlaceOrderResult>().order.number;
    const own = await app.inject({
      method: 'GET',
      url: `/v1/orders/${number}/`,
      headers: fixture.user.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const stranger = await createFastUser(database);
    for (const url of [
      `/v1/orders/${number}/`,
      '/v1/orders/MV-1/',
      '/v1/orders/MV-abc/',
      '/v1/orders/%27or%201=1/',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: SERVER_MESSAGES.notFound });
    }
    const confirm = await app.inject({
      method: 'POST',
      url: `/v1/orders/${number}/confirm/`,
      headers: stranger.headers,
    });
    expect(confirm.statusCode).toBe(404);
    const visitor = await app.inject({ method: 'GET', url: `/v1/orders/${number}/` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /v1/checkout/options/', () => {
  it('says what this server offers: the sandbox, no PayPal, the manual countries and days, the delivery window', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/checkout/options/' });
    expect(response.statusCode).toBe(200);
    const options = response.json<CheckoutOptions>();
    expect(options).toMatchObject({
      processor: 'sandbox',
      stripe_publishable_key: null,
      paypal: false,
      manual_payment_countries: ['CO', 'CL', 'PE'],
      manual_payment_days: 3,
    });
    expect(options.delivery_window.from < options.delivery_window.to).toBe(true);
  });

  it('follows the stored settings: countries, days and the bank account', async () => {
    const { app, database } = testApp;
    await database.db.execute(
      sql`update settings set value = 'ES, AR' where key = 'manual_payment_countries'`,
    );
    await database.db.execute(sql`update settings set value = '5' where key = 'manual_payment_days'`);
    await database.db.execute(sql`update settings set value = 'US0099' where key = 'bank_account_number'`);
    try {
      const options = (
        await app.inject({ method: 'GET', url: '/v1/checkout/options/' })
      ).json<CheckoutOptions>();
      expect(options).toMatchObject({ manual_payment_countries: ['ES', 'AR'], manual_payment_days: 5 });
      const fixture = await prepareCheckout(database, { phone: '+34612345678' });
      const body = await orderBody(app, fixture.user, {
        beneficiaryId: fixture.beneficiaryId,
        payment: { method: 'bank_transfer' },
      });
      const response = await placeOrderRequest(app, fixture.user, body);
      expect(response.statusCode).toBe(201);
      const order = response.json<PlaceOrderResult>().order;
      expect(order.instructions?.account_number).toBe('US0099');
      const days =
        (Date.parse(order.instructions?.expires_at ?? '') - Date.parse(order.created)) / 86_400_000;
      expect(Math.round(days)).toBe(5);
    } finally {
      await database.db.execute(
        sql`update settings set value = 'CO,CL,PE' where key = 'manual_payment_countries'`,
      );
      await database.db.execute(sql`update settings set value = '3' where key = 'manual_payment_days'`);
    }
  });
});
