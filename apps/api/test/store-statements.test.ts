import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { Statement, StatementSummary } from '@mandado/shared/statement.schemas';
import { statementWeekOf } from '@mandado/shared/statements';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRefund, refundLineUnits } from '../src/flows/refund.flow.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { createFastUser, orderBody, placeOrderRequest, prepareCheckout } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 18: per week (Monday to Sunday, Montevideo), the delivered store orders, goods, refunds, commission
// at each order's frozen rate, shipping, and the net due; pending or paid; CSV.
let t: TestApp;
let store: TestStore;
let owner: TestUser;
let staff: TestUser;
let remitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.database);
  [owner, staff, remitter] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  await addStoreMember(t.database, store.id, owner.id, 'owner');
  await addStoreMember(t.database, store.id, staff.id, 'staff');
});
afterAll(() => t.close());

/** An operator of the back office (admin:read), for the statements' admin view. */
async function operatorHeaders() {
  const operator = await createFastUser(t.database, 'Olga');
  await makeOperator(t.database, operator.id);
  return operator;
}

/** A store order of `total` USD delivered at `deliveredAt`, placed when the store's rate was `rate` %. */
async function delivered(total: string, deliveredAt: Date, rate: string, refund?: string) {
  const product = await createProduct(t.database, store.id);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: 'paid',
    status: 'confirmed',
    stores: [{ storeId: store.id, status: 'delivered', lines: [{ productId: product.id, total }] }],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  await t.database.db.execute(
    sql`update store_orders set delivered_at = ${deliveredAt.toISOString()}, commission_rate = ${rate} where id = ${storeOrder.id}`,
  );
  if (refund) {
    await t.database.db.execute(sql`
      insert into refunds (group_id, store_order_id, amount, reason, destination, status, actor_role)
      values (${order.groupId}, ${storeOrder.id}, ${refund}, 'line_unavailable', 'original_payment', 'succeeded', 'owner')
    `);
  }
  return storeOrder.number;
}

describe('weekly statements', () => {
  it('show pesos at the rate of each payment, today’s only for an older order, and say which (issue 31)', async () => {
    const own = await createStore(t.database);
    const ownOwner = await createUser(t.app);
    await addStoreMember(t.database, own.id, ownOwner.id, 'owner');
    const week = statementWeekOf(new Date(Date.now() - 21 * 86_400_000));
    const olderWeek = statementWeekOf(new Date(Date.now() - 28 * 86_400_000));
    const deliver = async (total: string, weekStart: string, pesoRate: string | null) => {
      const product = await createProduct(t.database, own.id);
      const order = await insertPlacedOrder(t.database, {
        remitterId: remitter.id,
        paymentStatus: 'paid',
        status: 'confirmed',
        stores: [{ storeId: own.id, status: 'delivered', lines: [{ productId: product.id, total }] }],
      });
      const storeOrder = order.storeOrders[0];
      if (!storeOrder) throw new Error('no store order');
      await t.database.db.execute(
        sql`update store_orders set delivered_at = ${`${weekStart}T15:00:00Z`}, commission_rate = '10.00' where id = ${storeOrder.id}`,
      );
      await t.database.db.execute(
        sql`update order_groups set peso_rate = ${pesoRate} where id = ${order.groupId}`,
      );
    };
    // Paid at 40 and at 42 $U per US$: US$ 100 + US$ 10 is $U 4.000 + $U 420, not US$ 110 at today's 40,15.
    await deliver('100.00', week, '40.00000000');
    await deliver('10.00', week, '42.00000000');
    await deliver('10.00', olderWeek, null);

    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${own.id}/statements/`,
      headers: ownOwner.headers,
    });
    const results = list.json<{ results: StatementSummary[] }>().results;
    const paidAtTwoRates = results.find((summary) => summary.week_start === week);
    expect(paidAtTwoRates?.pesos).toEqual({
      goods: '4420.00',
      refunds: '0.00',
      commission: '442.00',
      net: '3978.00',
      basis: 'payment',
      rate: null,
      basis_text: 'En pesos al cambio de cada pago',
    });
    const older = results.find((summary) => summary.week_start === olderWeek);
    expect(older?.pesos).toMatchObject({ goods: '401.50', basis: 'today', rate: '40.15' });
    expect(older?.pesos?.basis_text).toContain('al cambio de hoy (1 US$ = 40,15 $U)');

    const admin = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/statements/?week=${week}&store_id=${own.id}`,
      headers: (await operatorHeaders()).headers,
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json<{ stores: StatementSummary[] }>().stores[0]?.pesos?.net).toBe('3978.00');

    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${own.id}/statements/${week}/`,
      headers: ownOwner.headers,
    });
    expect(detail.json<Statement>().lines.map((line) => line.pesos?.net)).toEqual(['3600.00', '378.00']);
    // In the CSV each line names its payment's rate; the total, made at two rates, names none.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${own.id}/statements/${week}/csv/`,
      headers: ownOwner.headers,
    });
    expect(csv.body).toContain(',4000.00,0.00,400.00,3600.00,40\n');
    expect(csv.body).toContain(',420.00,0.00,42.00,378.00,42\n');
    expect(csv.body).toContain(',4420.00,0.00,442.00,3978.00,\n');

    // A line sold in pesos counts at its own price, and a refund that kept its pesos at those: 2 × $U 119,00
    // charged US$ 5,92 reads $U 238,00 (not $U 237,69), and refunded whole leaves $U 0,00 to pay.
    const pesoWeek = statementWeekOf(new Date(Date.now() - 35 * 86_400_000));
    for (const refunded of [false, true]) {
      const product = await createProduct(t.database, own.id);
      const order = await insertPlacedOrder(t.database, {
        remitterId: remitter.id,
        paymentStatus: 'paid',
        status: 'confirmed',
        stores: [{ storeId: own.id, status: 'delivered', lines: [{ productId: product.id, total: '5.92' }] }],
      });
      const storeOrder = order.storeOrders[0];
      if (!storeOrder) throw new Error('no store order');
      await t.database.db.execute(sql`
        update store_orders set delivered_at = ${`${pesoWeek}T15:00:00Z`}, commission_rate = '10.00' where id = ${storeOrder.id};
      `);
      await t.database.db.execute(sql`
        update order_lines set currency = 'UYU', unit_price = '119.00', quantity = 2 where store_order_id = ${storeOrder.id}
      `);
      await t.database.db.execute(sql`
        update order_groups set peso_rate = '40.15', display_currency = 'UYU', display_rate = '40.15' where id = ${order.groupId}
      `);
      if (refunded) {
        await t.database.db.execute(sql`
          insert into refunds (group_id, store_order_id, amount, display_amount, reason, destination, status, actor_role)
          values (${order.groupId}, ${storeOrder.id}, '5.92', '238.00', 'store_rejected', 'original_payment', 'succeeded', 'system')
        `);
      }
    }
    const pesoDetail = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${own.id}/statements/${pesoWeek}/`,
      headers: ownOwner.headers,
    });
    const pesoStatement = pesoDetail.json<Statement>();
    expect(
      pesoStatement.lines.map((line) => [line.pesos?.goods, line.pesos?.refunds, line.pesos?.net]),
    ).toEqual([
      ['238.00', '0.00', '214.20'],
      ['238.00', '238.00', '0.00'],
    ]);
    expect(pesoStatement.pesos).toMatchObject({ goods: '476.00', refunds: '238.00', net: '214.20' });

    // The CSVs carry the pesos too, last: the owner's and the operators' (';'). Lines kept in pesos convert
    // nothing, so they name no rate.
    const pesoCsv = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${own.id}/statements/${pesoWeek}/csv/`,
      headers: ownOwner.headers,
    });
    expect(pesoCsv.body).toContain('neto,productos_uyu,reembolsos_uyu,comision_uyu,neto_uyu,cambio');
    expect(pesoCsv.body).toContain(',238.00,0.00,23.80,214.20,\n');
    expect(pesoCsv.body).toContain(',5.92,5.92,10.00,0.00,0.00,0.00,238.00,238.00,0.00,0.00,\n');
    expect(pesoCsv.body).toContain('Total,,11.84,5.92,,0.59,0.00,5.33,476.00,238.00,23.80,214.20,\n');
    const adminCsv = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/statements/export.csv?week=${pesoWeek}&store_id=${own.id}`,
      headers: (await operatorHeaders()).headers,
    });
    expect(adminCsv.statusCode, adminCsv.body).toBe(200);
    expect(adminCsv.body).toContain(';referencia;productos_uyu;reembolsos_uyu;comision_uyu;neto_uyu;cambio');
    expect(adminCsv.body).toContain(';;238.00;0.00;23.80;214.20;\n');
    expect(adminCsv.body).toContain(';476.00;238.00;23.80;214.20;\n');
  });

  it('add up the week to the cent, at each order’s frozen rate, and download as CSV', async () => {
    const now = new Date();
    const week = statementWeekOf(now);
    const monday = new Date(`${week}T15:00:00Z`); // noon in Montevideo
    const first = await delivered('100.00', monday, '10.00');
    await delivered('33.35', new Date(monday.getTime() + 3_600_000), '12.50', '3.35');
    // Last week's Sunday, 23:30 in Montevideo, belongs to last week.
    await delivered('50.00', new Date(Date.parse(`${week}T02:30:00Z`)), '10.00');

    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/statements/`,
      headers: owner.headers,
    });
    const [thisWeek, lastWeek] = list.json<{ results: StatementSummary[] }>().results;
    expect(thisWeek).toMatchObject({
      week_start: week,
      orders: 2,
      goods: '133.35',
      refunds: '3.35',
      // 10 % of 100.00 = 10.00; 12.5 % of (33.35 − 3.35) = 3.75.
      commission: '13.75',
      net: '116.25',
      status: 'pending',
      currency: 'USD',
    });
    expect(lastWeek).toMatchObject({ orders: 1, goods: '50.00', commission: '5.00', net: '45.00' });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/statements/${week}/`,
      headers: owner.headers,
    });
    const statement = detail.json<Statement>();
    expect(statement.lines.map((line) => [line.number, line.commission_rate, line.net])).toEqual([
      [first, '10.00', '90.00'],
      [expect.any(String), '12.50', '26.25'],
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/statements/${week}/csv/`,
      headers: owner.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('pedido,entregado,productos,reembolsos,comision_pct,comision,envio,neto');
    expect(csv.body).toContain('Total,,133.35,3.35,,13.75,0.00,116.25');
  });

  it('nets a line refunded by unit and then again by amount only once (issue 27)', async () => {
    const ownStore = await createStore(t.database);
    const ownOwner = await createUser(t.app);
    await addStoreMember(t.database, ownStore.id, ownOwner.id, 'owner');
    const order = await insertPlacedOrder(t.database, {
      remitterId: remitter.id,
      paymentStatus: 'paid',
      status: 'confirmed',
      stores: [
        {
          storeId: ownStore.id,
          status: 'delivered',
          lines: [
            { productId: null, quantity: 2, total: '12.58' },
            { productId: null, total: '10.00' },
          ],
        },
      ],
    });
    const storeOrderId = order.storeOrders[0]?.id ?? 0;
    await t.database.db.execute(
      sql`update store_orders set delivered_at = now(), commission_rate = '10.00' where id = ${storeOrderId}`,
    );
    const [line] = await queryRows<{ id: number }>(
      t.database,
      sql`select id from order_lines where store_order_id = ${storeOrderId} order by position limit 1`,
    );
    const common = {
      storeOrderId,
      orderLineId: line?.id ?? 0,
      reason: 'operator' as const,
      destination: 'wallet' as const,
      actor: { role: 'operator' as const, userId: null },
    };
    // 1 of 2 units (US$ 6,29), then the whole line twice: only the other US$ 6,29 is left to give back.
    const given = [
      await t.app.db.transaction((tx) => refundLineUnits(tx, { ...common, units: 1 })),
      await t.app.db.transaction((tx) => decideRefund(tx, { ...common, amountMinor: 1_258 })),
      await t.app.db.transaction((tx) => decideRefund(tx, { ...common, amountMinor: 1_258 })),
    ].map((decision) => decision?.amountMinor ?? null);
    expect(given).toEqual([629, 629, null]);

    const week = statementWeekOf(new Date());
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${ownStore.id}/statements/${week}/`,
      headers: ownOwner.headers,
    });
    // 22.58 sold, 12.58 refunded, 10 % of the 10.00 kept: 9.00 due.
    expect(detail.json<Statement>()).toMatchObject({
      goods: '22.58',
      refunds: '12.58',
      commission: '1.00',
      net: '9.00',
    });
  });

  it('shows a paid week with its transfer reference', async () => {
    const week = statementWeekOf(new Date());
    await t.database.db.execute(sql`
      insert into store_statement_payments (store_id, week_start, reference, amount)
      values (${store.id}, ${week}, 'BROU 123456', '116.25')
    `);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/statements/${week}/`,
      headers: owner.headers,
    });
    expect(detail.json<Statement>()).toMatchObject({ status: 'paid', reference: 'BROU 123456' });
  });

  it('is for owners; a day that is not a Monday is a 400', async () => {
    const forStaff = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/statements/`,
      headers: staff.headers,
    });
    expect(forStaff.statusCode).toBe(403);
    expect(forStaff.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.ownersOnly);
    const tuesday = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/statements/2026-11-24/`,
      headers: owner.headers,
    });
    expect(tuesday.statusCode).toBe(400);
  });

  it('freezes the store’s commission rate on the store order when it is placed', async () => {
    Object.assign(t.app, { kickMailWorker: () => undefined });
    const fixture = await prepareCheckout(t.database, { stores: 1 });
    const shop = fixture.stores[0];
    if (!shop) throw new Error('no store');
    await t.database.db.execute(sql`update stores set commission_rate = 12.5 where id = ${shop.id}`);
    const body = await orderBody(t.app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    expect((await placeOrderRequest(t.app, fixture.user, body)).statusCode).toBe(201);
    // The operators change the rate later: the order keeps the one it was placed with.
    await t.database.db.execute(sql`update stores set commission_rate = 8 where id = ${shop.id}`);
    const rows = await queryRows<{ rate: string }>(
      t.database,
      sql`select commission_rate::text as rate from store_orders where store_id = ${shop.id}`,
    );
    expect(rows).toEqual([{ rate: '12.50' }]);
  });
});
