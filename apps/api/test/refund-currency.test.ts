/**
 * A refund in the currency the line was paid in (issue 31): a '$U 238,00' line (2 × $U 119,00, charged
 * US$ 5,92 at 1 US$ = 40,15 $U) refunded whole reads '$U 238,00' with the dollars and the rate of the
 * payment, in the API, the e-mail and the order page's data — not the round trip '$U 237,69'. The charge's
 * ledger stays in dollars to the cent (`audit:payments` stays clean). An order shown in dollars reads dollars.
 */

import type { OrderGroup, PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import type { Refund } from '@mandado/shared/refund.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { addStoreMember, createProduct, createStore, makeOperator } from './factories.ts';
import {
  createFastUser,
  type FastUser,
  fillCart,
  insertBeneficiary,
  orderBody,
  placeOrderRequest,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let operator: FastUser;

beforeAll(async () => {
  t = await createTestApp();
  operator = await createFastUser(t.database, 'Olga');
  await makeOperator(t.database, operator.id);
});
afterAll(async () => {
  expect(await auditPayments(t.app.db)).toEqual([]);
  await t.close();
});

/** A card order of one line, 2 × $U 119,00 from one store, shown to the remitter in `display`. */
async function placePesoLine(display: 'UYU' | 'USD') {
  const store = await createStore(t.database);
  const product = await createProduct(t.database, store.id, { price: '119.00', currency: 'UYU' });
  const user = await createFastUser(t.database, 'Ana');
  await fillCart(t.database, user.id, [{ productId: product.id, quantity: 2 }]);
  const beneficiaryId = await insertBeneficiary(t.database, user.id);
  const body = await orderBody(t.app, user, { beneficiaryId });
  const placed = await placeOrderRequest(t.app, user, { ...body, display_currency: display });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order } = placed.json<PlaceOrderResult>();
  const storeOrder = order.stores[0];
  const [row] = await rows<{ id: number }>(
    t.database,
    sql`select l.id from order_lines l join store_orders so on so.id = l.store_order_id
        where so.number = ${storeOrder?.number ?? ''}`,
  );
  const shown = storeOrder?.lines[0];
  if (!storeOrder || !row || !shown) throw new Error('no line');
  const line = { id: row.id, total: shown.total };
  const merchant = await createFastUser(t.database, 'Mario');
  await addStoreMember(t.database, store.id, merchant.id);
  return { user, order, storeOrder, line, store, merchant };
}

function refundUnits(storeOrderNumber: string, lineId: number, units: number) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/admin/store-orders/${storeOrderNumber}/refunds/`,
    headers: operator.headers,
    payload: { units, line_id: lineId, destination: 'wallet', note: '' },
  });
}

async function emailsTo(to: string) {
  return rows<{ subject: string; text_body: string }>(
    t.database,
    sql`select subject, text_body from email_outbox where to_address = ${to} and kind = 'refund.succeeded' order by id`,
  );
}

async function refundsOnOrderPage(user: FastUser, number: string): Promise<Refund[]> {
  const page = await t.app.inject({ method: 'GET', url: `/v1/orders/${number}/`, headers: user.headers });
  expect(page.statusCode, page.body).toBe(200);
  return page.json<OrderGroup>().stores.flatMap((store) => store.refunds);
}

describe('a refund in the currency the line was paid in', () => {
  it('a whole $U 238,00 line refunded reads $U 238,00, with the dollars and the rate of the payment', async () => {
    const { user, order, storeOrder, line } = await placePesoLine('UYU');
    expect(line.total).toBe('5.92');

    const response = await refundUnits(storeOrder.number, line.id, 2);
    expect(response.statusCode, response.body).toBe(201);
    const refund = response.json<Refund>();
    expect(refund).toMatchObject({
      amount: '5.92',
      display_amount: '238.00',
      display_currency: 'UYU',
      display_rate: '40.15000000',
    });
    expect(await refundsOnOrderPage(user, order.number)).toMatchObject([
      { amount: '5.92', display_amount: '238.00', display_currency: 'UYU' },
    ]);
    // The order page gets the rate it was paid at, to show its pesos at it.
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.number}/`,
      headers: user.headers,
    });
    expect(page.json<OrderGroup>()).toMatchObject({ display_currency: 'UYU', display_rate: '40.15000000' });

    const [email] = await emailsTo(user.email);
    expect(email?.subject).toBe(`Te devolvimos $U 238,00 de tu pedido ${storeOrder.number}`);
    expect(email?.text_body).toContain(
      'Te devolvimos $U 238,00 (US$ 5,92 al cambio del pago, 1 US$ = 40,15 $U)',
    );
    expect(email?.text_body).not.toContain('237,69');

    // The back office's timeline names both, with the rate of the payment.
    const admin = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/orders/${order.number}/`,
      headers: operator.headers,
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.body).toContain('Devolución de US$ 5,92 = $U 238,00 (1 US$ = 40,15 $U, al pagar)');
  });

  it('units refunded one by one add up to the line in pesos and to the charge in dollars', async () => {
    const { user, order, storeOrder, line } = await placePesoLine('UYU');
    const first = await refundUnits(storeOrder.number, line.id, 1);
    const second = await refundUnits(storeOrder.number, line.id, 1);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const refunds = await refundsOnOrderPage(user, order.number);
    expect(refunds.map((refund) => refund.display_amount)).toEqual(['119.00', '119.00']);
    expect(refunds.map((refund) => refund.amount)).toEqual(['2.96', '2.96']);
    const [ledger] = await rows<{ refunded: string }>(
      t.database,
      sql`select sum(amount)::text as refunded from wallet_entries
          where user_id = ${user.id} and kind = 'refunded'`,
    );
    expect(ledger?.refunded).toBe('5.92');
  });

  it('a rejected store order gives back its block as shown: the line in pesos and the shipping at the rate', async () => {
    const { user, order, storeOrder, store, merchant } = await placePesoLine('UYU');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${store.id}/orders/${storeOrder.number}/status/`,
      headers: merchant.headers,
      payload: { from: 'approved', to: 'rejected', reason: 'Sin stock' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [refund] = await rows<{ amount: string; display_amount: string; shipping: string }>(
      t.database,
      sql`select r.amount::text as amount, r.display_amount::text as display_amount, so.shipping::text as shipping
          from refunds r join store_orders so on so.id = r.store_order_id where so.number = ${storeOrder.number}`,
    );
    const shippingCents = Math.round(Number(refund?.shipping) * 100);
    // The shipping shown in pesos is the dollars at the order's rate, half up; the line is exactly $U 238,00.
    const shownShipping = Math.floor((shippingCents * 4015 + 50) / 100);
    const pesos = ((23800 + shownShipping) / 100).toFixed(2).replace('.', ',');
    expect(refund?.display_amount?.replace('.', ',')).toBe(pesos);
    expect(order.total).toBe(refund?.amount);
    // The rejection e-mail promises the same figure, with the dollars and the rate.
    const [told] = await rows<{ text_body: string }>(
      t.database,
      sql`select text_body from email_outbox where to_address = ${user.email} and text_body like '%Te devolvemos%'`,
    );
    expect(told?.text_body).toContain(`Te devolvemos $U ${pesos} (US$ `);
    expect(told?.text_body).toContain('al cambio del pago, 1 US$ = 40,15 $U)');
  });

  it('an order shown in dollars is refunded in dollars', async () => {
    const { user, storeOrder, line } = await placePesoLine('USD');
    const response = await refundUnits(storeOrder.number, line.id, 2);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Refund>()).toMatchObject({
      amount: '5.92',
      display_amount: null,
      display_currency: 'USD',
    });
    const [email] = await emailsTo(user.email);
    expect(email?.subject).toBe(`Te devolvimos US$ 5,92 de tu pedido ${storeOrder.number}`);
    expect(email?.text_body).not.toContain('$U');
  });
});
