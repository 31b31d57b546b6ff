import { CHECKOUT_MESSAGES, type PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { parseMoney } from '@mandado/shared/money';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckoutFixture,
  COLOMBIAN_PHONE,
  createFastUser,
  fillCart,
  insertBeneficiary,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
  sandboxToken,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 16 A4, decision 031: unpaid transfers and deposits hold stock for days at no cost, so what one
// account's unpaid orders may hold is capped (value and units per product), and a phone-country change does
// not unlock them for some days.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await t.database.db.execute(sql`delete from settings where key like 'unpaid_orders_%'`);
});

async function placeManual(
  fixture: CheckoutFixture,
  method: 'bank_transfer' | 'cash_deposit' = 'bank_transfer',
) {
  const body = await orderBody(t.app, fixture.user, {
    beneficiaryId: fixture.beneficiaryId,
    payment: { method },
  });
  return placeOrderRequest(t.app, fixture.user, body);
}

async function stockOf(productId: number): Promise<number | undefined> {
  const [row] = await rows<{ stock: number }>(
    t.database,
    sql`select stock from products where id = ${productId}`,
  );
  return row?.stock;
}

describe('the unpaid value cap (default US$ 300)', () => {
  it('refuses a transfer that would take the account past US$ 300 unpaid, saying the limit', async () => {
    const fixture = await prepareCheckout(t.database, {
      price: '120.00',
      stock: 20,
      quantity: 2,
      phone: COLOMBIAN_PHONE,
    });
    const productId = fixture.products[0]?.id ?? 0;
    const first = await placeManual(fixture);
    expect(first.statusCode, first.body).toBe(201);
    const held = parseMoney(first.json<PlaceOrderResult>().order.total);

    await fillCart(t.database, fixture.user.id, [{ productId, quantity: 1 }]);
    const refused = await placeManual(fixture, 'cash_deposit');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: CHECKOUT_MESSAGES.unpaidTotalCap(30_000, held) });
    expect(refused.json<{ detail: string }>().detail).toContain(
      'Tus pedidos pendientes de pago no pueden superar US$ 300',
    );
    // Nothing taken: the first order's two units only.
    expect(await stockOf(productId)).toBe(18);

    // A card still works: the cap is about stock held without payment.
    const card = await orderBody(t.app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'card', token: sandboxToken(), save_card: false },
    });
    expect((await placeOrderRequest(t.app, fixture.user, card)).statusCode).toBe(201);
  });

  it('refuses a single order above the cap, and follows the setting', async () => {
    const fixture = await prepareCheckout(t.database, { price: '60.00', stock: 20, phone: COLOMBIAN_PHONE });
    await t.database.db.execute(
      sql`insert into settings (key, value) values ('unpaid_orders_max_total', '50') on conflict (key) do update set value = '50'`,
    );
    const refused = await placeManual(fixture);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'Tus pedidos pendientes de pago no pueden superar US$ 50 en total. Paga esos pedidos, reduce tu carrito o elige otro medio de pago.',
    );
    expect(await stockOf(fixture.products[0]?.id ?? 0)).toBe(20);
  });
});

describe('the units cap per product (default 10)', () => {
  it("counts one product's units across the account's unpaid orders", async () => {
    const fixture = await prepareCheckout(t.database, {
      price: '1.00',
      // Enough stock that the share of every account together (a fifth, issue 27) is not what refuses.
      stock: 100,
      quantity: 8,
      phone: COLOMBIAN_PHONE,
    });
    const product = fixture.products[0];
    if (!product) throw new Error('no product');
    expect((await placeManual(fixture)).statusCode).toBe(201);
    await fillCart(t.database, fixture.user.id, [{ productId: product.id, quantity: 3 }]);
    const refused = await placeManual(fixture);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: CHECKOUT_MESSAGES.unpaidUnitsCap(10, product.name, 8) });
    expect(refused.json<{ detail: string }>().detail).toContain('Puedes reservar hasta 10 unidades');
    expect(await stockOf(product.id)).toBe(92);
    // Two more fit exactly.
    await fillCart(t.database, fixture.user.id, [{ productId: product.id, quantity: 2 }]);
    expect((await placeManual(fixture)).statusCode).toBe(201);
  });

  it('refuses one order with more units than the setting allows, and a paid order frees them', async () => {
    const fixture = await prepareCheckout(t.database, {
      price: '1.00',
      stock: 100,
      quantity: 5,
      phone: COLOMBIAN_PHONE,
    });
    const product = fixture.products[0];
    if (!product) throw new Error('no product');
    await t.database.db.execute(
      sql`insert into settings (key, value) values ('unpaid_orders_max_units_per_product', '4') on conflict (key) do update set value = '4'`,
    );
    const refused = await placeManual(fixture);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: CHECKOUT_MESSAGES.unpaidUnitsCap(4, product.name, 0) });
    await fillCart(t.database, fixture.user.id, [{ productId: product.id, quantity: 4 }]);
    const placed = await placeManual(fixture);
    expect(placed.statusCode).toBe(201);
    // Paid: no longer held unpaid, so the next four fit.
    await t.database.db.execute(
      sql`update order_groups set payment_status = 'paid' where number = ${placed.json<PlaceOrderResult>().order.number}`,
    );
    await fillCart(t.database, fixture.user.id, [{ productId: product.id, quantity: 4 }]);
    expect((await placeManual(fixture)).statusCode).toBe(201);
  });
});

describe('a phone-country change', () => {
  it('does not unlock transfers for 7 days', async () => {
    // A remitter in the United States (no transfers) switches to a Colombian phone.
    const fixture = await prepareCheckout(t.database, { price: '10.00', stock: 10 });
    const update = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: fixture.user.headers,
      payload: { first_name: 'Ana', last_name: 'Pereira', phone_number: COLOMBIAN_PHONE },
    });
    expect(update.statusCode, update.body).toBe(200);
    const refused = await placeManual(fixture);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: CHECKOUT_MESSAGES.phoneCountryChangedRecently(7) });
    expect(await stockOf(fixture.products[0]?.id ?? 0)).toBe(10);

    // Another Colombian number later does not restart the wait; eight days after the change it is offered.
    await t.database.db.execute(
      sql`update users set phone_country_changed_at = now() - interval '8 days' where id = ${fixture.user.id}`,
    );
    const sameCountry = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: fixture.user.headers,
      payload: { first_name: 'Ana', last_name: 'Pereira', phone_number: '+573109876543' },
    });
    expect(sameCountry.statusCode).toBe(200);
    expect((await placeManual(fixture)).statusCode).toBe(201);
  });

  it('leaves an account registered with its phone alone', async () => {
    const fixture = await prepareCheckout(t.database, { phone: COLOMBIAN_PHONE });
    const [row] = await rows<{ changed: string | null }>(
      t.database,
      sql`select phone_country_changed_at as changed from users where id = ${fixture.user.id}`,
    );
    expect(row?.changed).toBeNull();
    expect((await placeManual(fixture)).statusCode).toBe(201);
  });
});

describe('the share of a product every account together may hold unpaid (issue 27)', () => {
  it('is a fifth of its stock: past it, the product or the quantity can be paid only by card', async () => {
    // 20 units: transfers and deposits of all accounts together may hold 4.
    const first = await prepareCheckout(t.database, {
      price: '1.00',
      stock: 20,
      quantity: 3,
      phone: COLOMBIAN_PHONE,
    });
    const product = first.products[0];
    if (!product) throw new Error('no product');
    expect((await placeManual(first)).statusCode).toBe(201);

    // Another account (another e-mail, another phone): its own caps are untouched, the product's share is not.
    const user = await createFastUser(t.database, 'Luis', '+573109876543');
    const second: CheckoutFixture = {
      ...first,
      user,
      beneficiaryId: await insertBeneficiary(t.database, user.id),
    };
    await fillCart(t.database, user.id, [{ productId: product.id, quantity: 2 }]);
    const tooMany = await placeManual(second, 'cash_deposit');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({ detail: CHECKOUT_MESSAGES.unpaidProductShare(product.name, 1) });
    expect(tooMany.json<{ detail: string }>().detail).toContain('solo puedes pedir 1 unidad');

    await fillCart(t.database, user.id, [{ productId: product.id, quantity: 1 }]);
    expect((await placeManual(second)).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(16);

    // The share is used up: even one unit is refused, and the text says card only.
    const third = await createFastUser(t.database, 'Rosa', '+573105551234');
    const thirdFixture: CheckoutFixture = {
      ...first,
      user: third,
      beneficiaryId: await insertBeneficiary(t.database, third.id),
    };
    await fillCart(t.database, third.id, [{ productId: product.id, quantity: 1 }]);
    const refused = await placeManual(thirdFixture);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ detail: string }>().detail).toBe(
      `«${product.name}» solo se puede pagar con tarjeta en este momento: ya hay muchas unidades reservadas esperando transferencias o depósitos.`,
    );
    expect(await stockOf(product.id)).toBe(16);
    // A card still buys it: its stock is held for minutes, not days.
    const card = await orderBody(t.app, third, {
      beneficiaryId: thirdFixture.beneficiaryId,
      payment: { method: 'card', token: sandboxToken(), save_card: false },
    });
    expect((await placeOrderRequest(t.app, third, card)).statusCode).toBe(201);
  });

  it('always lets one unit through, even of a product with less than five', async () => {
    const fixture = await prepareCheckout(t.database, {
      price: '1.00',
      stock: 3,
      quantity: 1,
      phone: COLOMBIAN_PHONE,
    });
    expect((await placeManual(fixture)).statusCode).toBe(201);
  });
});
