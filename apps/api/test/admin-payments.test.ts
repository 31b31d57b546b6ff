import {
  ADMIN_PAYMENTS_MESSAGES,
  type AdminStatementWeek,
  type BankStatementImport,
  type PaymentFindings,
  type PaymentQueue,
} from '@mandado/shared/admin-payments.schemas';
import { statementWeekOf } from '@mandado/shared/statements';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 19, the back office's payments: the queue of transfers and deposits, bank-statement imports (match on
// number AND amount, preview, confirm once), the payments audit's findings, and the operators' statements.
let t: TestApp;
let admin: TestUser;
let pagos: TestUser;
let soporte: TestUser;
let remitter: TestUser;
let store: TestStore;

beforeAll(async () => {
  t = await createTestApp();
  [admin, pagos, soporte, remitter] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
  await makeOperator(t.database, admin.id, 'administracion');
  await makeOperator(t.database, pagos.id, 'pagos');
  await makeOperator(t.database, soporte.id, 'soporte');
  store = await createStore(t.database);
});
afterAll(() => t.close());

/** A checkout of `total` USD in one store, written as checkout leaves it (a transfer awaiting its money by default). */
async function order(
  total: string,
  options: {
    method?: 'bank_transfer' | 'cash_deposit' | 'card';
    paymentStatus?: 'pending' | 'paid';
    country?: string;
    createdAt?: Date;
    remitterId?: number;
  } = {},
) {
  const product = await createProduct(t.database, store.id);
  const placed = await insertPlacedOrder(t.database, {
    remitterId: options.remitterId ?? remitter.id,
    status: 'confirmed',
    paymentStatus: options.paymentStatus ?? 'pending',
    paymentMethod: options.method ?? 'bank_transfer',
    stores: [{ storeId: store.id, status: 'pending', lines: [{ productId: product.id, total }] }],
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  await t.database.db.execute(sql`
    update order_groups set country = ${options.country ?? 'CO'}, expires_at = created_at + interval '3 days'
    where id = ${placed.groupId}
  `);
  return placed;
}

async function importStatement(user: TestUser, text: string, fileName = 'extracto.csv') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/admin/bank-statements/',
    headers: user.headers,
    payload: { file_name: fileName, text },
  });
}

async function auditRows(action: string, subject?: string) {
  return queryRows<{ actor_user_id: number; subject: string; detail: Record<string, unknown> }>(
    t.database,
    subject
      ? sql`select actor_user_id, subject, detail from audit_events where action = ${action} and subject = ${subject} order by id`
      : sql`select actor_user_id, subject, detail from audit_events where action = ${action} order by id`,
  );
}

describe('the transfer queue', () => {
  it('lists transfers and deposits awaiting their money, oldest first, with the deadline; filters by country', async () => {
    const older = await order('30.00', { createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const deposit = await order('12.50', { method: 'cash_deposit', country: 'PE' });
    const card = await order('9.00', { method: 'card' });
    const paid = await order('8.00', { paymentStatus: 'paid' });

    const answer = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/payments/queue/',
      headers: soporte.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const queue = answer.json<PaymentQueue>();
    const numbers = queue.results.map((item) => item.number);
    expect(numbers).toContain(older.number);
    expect(numbers).toContain(deposit.number);
    expect(numbers).not.toContain(card.number);
    expect(numbers).not.toContain(paid.number);
    expect(numbers.indexOf(older.number)).toBeLessThan(numbers.indexOf(deposit.number));
    expect(queue.results.find((item) => item.number === deposit.number)).toMatchObject({
      method: 'cash_deposit',
      country: 'PE',
      total: '12.50',
      currency: 'USD',
      expires_at: expect.any(String),
    });
    expect(queue.countries).toEqual(expect.arrayContaining(['CO', 'PE']));
    expect(queue.next_cursor).toBeNull();

    const peru = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/payments/queue/?country=pe',
      headers: admin.headers,
    });
    expect(peru.json<PaymentQueue>().results.map((item) => item.number)).toEqual([deposit.number]);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/payments/queue/?cursor=nada',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('marks one paid by hand with a reference, through the route that existed, with an audit row', async () => {
    const pending = await order('14.00');
    const answer = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${pending.number}/mark-paid/`,
      headers: pagos.headers,
      payload: { reference: 'BROU 12345' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await auditRows('order.mark_paid', `order:${pending.number}`);
    expect(row).toMatchObject({ actor_user_id: pagos.id, detail: { via: 'manual' } });
    const denied = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${pending.number}/mark-paid/`,
      headers: soporte.headers,
      payload: { reference: 'x' },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('bank-statement import', () => {
  it('matches on the order number AND the exact amount, reading ; a BOM and a decimal comma', async () => {
    const a = await order('24.00');
    const b = await order('31.50');
    const twinOne = await order('18.00');
    const twinTwo = await order('18.00');
    const paid = await order('40.00', { paymentStatus: 'paid' });
    const text = [
      '\uFEFFFecha;Descripción;Importe;Referencia',
      `2026-11-20;TRANSF ${a.number} ANA PEREZ;24,00;OP-1`,
      `2026-11-20;TRANSF ${b.number};31,00;`,
      '2026-11-21;PAGO SIN NUMERO;24,00;',
      `2026-11-21;"Pago ${twinOne.number} y ${twinTwo.number}";18,00;`,
      `2026-11-22;TRANSF ${paid.number};40,00;`,
      '2026-11-22;TRANSF MV-99999999;10,00;',
      '2026-11-22;Comisión bancaria;-1,50;',
    ].join('\r\n');
    const answer = await importStatement(pagos, text);
    expect(answer.statusCode, answer.body).toBe(200);
    const preview = answer.json<BankStatementImport>();
    expect(preview.duplicate).toBe(false);
    expect(preview.confirmed_at).toBeNull();
    expect(preview.rows.map((row) => [row.row_number, row.outcome, row.order_number, row.amount])).toEqual([
      [1, 'matched', a.number, '24.00'],
      [2, 'unmatched', null, '31.00'],
      [3, 'unmatched', null, '24.00'],
      [4, 'ambiguous', null, '18.00'],
      [5, 'already_paid', paid.number, '40.00'],
      [6, 'unmatched', null, '10.00'],
      [7, 'unmatched', null, '-1.50'],
    ]);
    expect(preview.rows[1]?.note).toContain('no coincide');
    expect(preview.rows[3]?.note).toContain(twinOne.number);
    expect(preview.counts).toEqual({ matched: 1, unmatched: 4, ambiguous: 1, already_paid: 1, paid: 0 });
    // Nothing is paid by the preview.
    const [group] = await queryRows<{ payment_status: string }>(
      t.database,
      sql`select payment_status from order_groups where id = ${a.groupId}`,
    );
    expect(group?.payment_status).toBe('pending');
    expect(await auditRows('bank_statement.import', `bank_statement:${preview.id}`)).toHaveLength(1);
  });

  it('reads , with English names; a row repeating a payment is ambiguous, not paid twice', async () => {
    const a = await order('1234.50');
    const answer = await importStatement(
      pagos,
      `date,description,amount,currency\n2026-11-20,"${a.number.toLowerCase()} ana",1234.50,usd\n2026-11-21,${a.number},"1.234,50",USD\n`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<BankStatementImport>().rows.map((row) => row.outcome)).toEqual([
      'matched',
      'ambiguous',
    ]);
  });

  it('confirm pays every match at once, once, even when two confirmations race; the same file again pays nothing', async () => {
    const a = await order('11.00');
    const b = await order('22.00');
    const text = `fecha;concepto;importe\n2026-11-20;${a.number};11,00\n2026-11-20;Pago ${b.number};22\n2026-11-20;nada;5,00\n`;
    const preview = (await importStatement(pagos, text)).json<BankStatementImport>();
    expect(preview.counts.matched).toBe(2);

    const [first, second] = await Promise.all(
      [admin, pagos].map((user) =>
        t.app.inject({
          method: 'POST',
          url: `/v1/admin/bank-statements/${preview.id}/confirm/`,
          headers: user.headers,
          payload: {},
        }),
      ),
    );
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    const confirmed = second?.json<BankStatementImport>();
    expect(confirmed?.confirmed_at).not.toBeNull();
    expect(confirmed?.rows.map((row) => row.outcome)).toEqual(['paid', 'paid', 'unmatched']);

    const groups = await queryRows<{ number: string; payment_status: string; paid_reference: string }>(
      t.database,
      sql`select number, payment_status, paid_reference from order_groups where id in (${a.groupId}, ${b.groupId}) order by id`,
    );
    expect(groups).toEqual([
      { number: a.number, payment_status: 'paid', paid_reference: a.number },
      { number: b.number, payment_status: 'paid', paid_reference: `Pago ${b.number}` },
    ]);
    // The same path as 'Marcar pagado': the store orders approved, the e-mail, one audit row per order.
    const [history] = await queryRows<{ to_status: string; actor_role: string }>(
      t.database,
      sql`select h.to_status, h.actor_role from store_order_history h join store_orders s on s.id = h.store_order_id
          where s.group_id = ${a.groupId} order by h.id desc limit 1`,
    );
    expect(history).toEqual({ to_status: 'approved', actor_role: 'operator' });
    const mails = await queryRows<{ subject: string }>(
      t.database,
      sql`select subject from email_outbox where to_address = ${remitter.email} and subject like ${`%${a.number}%`}`,
    );
    expect(mails.length).toBeGreaterThanOrEqual(1);
    const marks = await auditRows('order.mark_paid', `order:${a.number}`);
    expect(marks).toHaveLength(1);
    expect(marks[0]?.detail).toMatchObject({ via: 'bank_statement', bank_statement_import_id: preview.id });
    expect(await auditRows('bank_statement.confirm', `bank_statement:${preview.id}`)).toHaveLength(1);

    // The same file again: the earlier import, its rows paid, nothing stored or paid again.
    const again = await importStatement(admin, text, 'otra-vez.csv');
    expect(again.statusCode).toBe(200);
    const repeated = again.json<BankStatementImport>();
    expect(repeated).toMatchObject({ id: preview.id, duplicate: true, file_name: 'extracto.csv' });
    expect(repeated.rows.map((row) => row.outcome)).toEqual(['paid', 'paid', 'unmatched']);
    const confirmAgain = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/bank-statements/${preview.id}/confirm/`,
      headers: admin.headers,
      payload: {},
    });
    expect(confirmAgain.statusCode).toBe(200);
    expect(await auditRows('order.mark_paid', `order:${a.number}`)).toHaveLength(1);

    // A new file paying an order this one paid: already paid.
    const later = await importStatement(pagos, `fecha;concepto;importe\n2026-11-23;${a.number};11,00\n`);
    expect(later.json<BankStatementImport>().rows[0]?.outcome).toBe('already_paid');

    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/bank-statements/',
      headers: soporte.headers,
    });
    expect(list.statusCode).toBe(200);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/bank-statements/${preview.id}/`,
      headers: soporte.headers,
    });
    expect(detail.json<BankStatementImport>().counts).toMatchObject({ paid: 2, unmatched: 1 });
  });

  it('a row matched in the preview but paid by hand before the confirmation is left already paid', async () => {
    const a = await order('7.00');
    const preview = (
      await importStatement(pagos, `fecha;concepto;importe\n2026-11-20;${a.number};7,00\n`)
    ).json<BankStatementImport>();
    await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${a.number}/mark-paid/`,
      headers: pagos.headers,
      payload: { reference: 'a mano' },
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/bank-statements/${preview.id}/confirm/`,
      headers: pagos.headers,
      payload: {},
    });
    expect(confirmed.json<BankStatementImport>().rows[0]?.outcome).toBe('already_paid');
    expect(await auditRows('order.mark_paid', `order:${a.number}`)).toHaveLength(1);
  });

  it("leaves a row paying the confirming operator's own order for someone else on the team", async () => {
    const own = await order('11.00', { remitterId: pagos.id });
    const other = await order('12.00');
    const preview = (
      await importStatement(
        pagos,
        `fecha;concepto;importe\n2026-11-20;${own.number};11,00\n2026-11-20;${other.number};12,00\n`,
      )
    ).json<BankStatementImport>();
    expect(preview.counts).toMatchObject({ matched: 2 });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/bank-statements/${preview.id}/confirm/`,
      headers: pagos.headers,
      payload: {},
    });
    const rows = confirmed.json<BankStatementImport>().rows;
    expect(rows.find((row) => row.order_number === own.number)).toMatchObject({
      outcome: 'unmatched',
      note: expect.stringMatching(/^Es un pedido tuyo: pídele a otra persona del equipo/),
    });
    expect(rows.find((row) => row.order_number === other.number)?.outcome).toBe('paid');
    expect(await auditRows('order.mark_paid', `order:${own.number}`)).toHaveLength(0);

    const byColleague = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${own.number}/mark-paid/`,
      headers: admin.headers,
      payload: { reference: 'Extracto, fila 1' },
    });
    expect(byColleague.statusCode, byColleague.body).toBe(200);
  });

  it('refuses a bad file with a 400 in Spanish, and soporte with a 403', async () => {
    const cases: Array<[string, string]> = [
      ['fecha;importe\n2026-11-20;3,00\n', ADMIN_PAYMENTS_MESSAGES.statementColumns],
      ['fecha;concepto;importe\n', ADMIN_PAYMENTS_MESSAGES.statementEmpty],
      [
        'fecha;concepto;importe\n2026-11-20;MV-1;tres pesos\n',
        ADMIN_PAYMENTS_MESSAGES.statementAmount(1, 'tres pesos'),
      ],
      ['fecha;concepto;importe\n2026-11-20;"MV-1;3\n', ADMIN_PAYMENTS_MESSAGES.statementQuotes(1)],
    ];
    for (const [text, detail] of cases) {
      const answer = await importStatement(pagos, text);
      expect(answer.statusCode, text).toBe(400);
      expect(answer.json(), text).toEqual({ detail });
    }
    const empty = await importStatement(pagos, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ detail?: string; text?: string[] }>().text).toEqual([
      ADMIN_PAYMENTS_MESSAGES.statementEmpty,
    ]);
    expect((await importStatement(soporte, 'fecha;concepto;importe\n1;x;1\n')).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/bank-statements/999999/',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: ADMIN_PAYMENTS_MESSAGES.statementNotFound });
  });
});

describe('the payments audit on the screen', () => {
  it('lists what audit:payments finds', async () => {
    const user = await createUser(t.app);
    await t.database.db.execute(sql`update users set credit = '5.00' where id = ${user.id}`);
    const answer = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/payments/audit/',
      headers: soporte.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<PaymentFindings>().results).toContainEqual({
      kind: 'ledger_mismatch',
      subject: `usuario ${user.id}`,
      detail: expect.stringContaining('5.00'),
    });
  });
});

describe('statements in the back office', () => {
  it('show last week per store and for shipping, are paid once with a reference, and export as CSV', async () => {
    const lastWeek = statementWeekOf(new Date(Date.now() - 7 * 86_400_000));
    const delivered = await insertPlacedOrder(t.database, {
      remitterId: remitter.id,
      status: 'confirmed',
      paymentStatus: 'paid',
      stores: [
        {
          storeId: store.id,
          status: 'delivered',
          lines: [{ productId: (await createProduct(t.database, store.id)).id, total: '100.00' }],
        },
      ],
    });
    const storeOrder = delivered.storeOrders[0];
    if (!storeOrder) throw new Error('no store order');
    await t.database.db.execute(sql`
      update store_orders set delivered_at = ${`${lastWeek}T15:00:00Z`}, commission_rate = '10.00',
        shipping = '4.00', total = total + 4 where id = ${storeOrder.id}
    `);

    const week = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/statements/?store_id=${store.id}`,
      headers: soporte.headers,
    });
    expect(week.statusCode, week.body).toBe(200);
    const statement = week.json<AdminStatementWeek>();
    expect(statement).toMatchObject({ week_start: lastWeek, closed: true });
    expect(statement.stores).toEqual([
      expect.objectContaining({
        store_id: store.id,
        orders: 1,
        goods: '100.00',
        commission: '10.00',
        net: '90.00',
        status: 'pending',
      }),
    ]);
    expect(statement.shipping).toMatchObject({ shipping: '4.00', orders: 1, status: 'pending' });

    const storePaid = `/v1/admin/statements/stores/${store.id}/${lastWeek}/paid/`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: storePaid,
          headers: soporte.headers,
          payload: { reference: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const paid = await t.app.inject({
      method: 'POST',
      url: storePaid,
      headers: pagos.headers,
      payload: { reference: 'TRF-881' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'TRF-881', net: '90.00' });
    const twice = await t.app.inject({
      method: 'POST',
      url: storePaid,
      headers: pagos.headers,
      payload: { reference: 'TRF-882' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: ADMIN_PAYMENTS_MESSAGES.statementAlreadyPaid });
    // The owner sees it paid in /comercio (the same table).
    const [payment] = await queryRows<{ amount: string; reference: string }>(
      t.database,
      sql`select amount, reference from store_statement_payments where store_id = ${store.id} and week_start = ${lastWeek}`,
    );
    expect(payment).toEqual({ amount: '90.00', reference: 'TRF-881' });
    expect(await auditRows('statement.paid', `statement:${store.id}/${lastWeek}`)).toHaveLength(1);

    const shipping = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/statements/shipping/${lastWeek}/paid/`,
      headers: admin.headers,
      payload: { reference: 'REP-77' },
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect(shipping.json()).toMatchObject({ status: 'paid', reference: 'REP-77', shipping: '4.00' });
    expect(await auditRows('statement.shipping_paid', `shipping_statement:${lastWeek}`)).toHaveLength(1);

    // This week is not over: nothing to pay yet. A date that is not a Monday: 400.
    const thisWeek = statementWeekOf(new Date());
    const open = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/statements/shipping/${thisWeek}/paid/`,
      headers: admin.headers,
      payload: { reference: 'x' },
    });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({ detail: ADMIN_PAYMENTS_MESSAGES.statementWeekOpen });
    const tuesday = new Date(Date.parse(`${lastWeek}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const notMonday = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/statements/?week=${tuesday}`,
      headers: admin.headers,
    });
    expect(notMonday.statusCode).toBe(400);
    expect(notMonday.json()).toEqual({ detail: ADMIN_PAYMENTS_MESSAGES.weekNotMonday });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/statements/export.csv?week=${lastWeek}`,
      headers: soporte.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFtienda;pedido;entregado')).toBe(true);
    expect(csv.body).toContain(`;${storeOrder.number};`);
    expect(csv.body).toContain('Total tienda;;100.00;0.00;;10.00;4.00;90.00;pagado;TRF-881');
    expect(csv.body).toContain('Total envíos;;;;;;4.00;;pagado;REP-77');

    // Issue 31: one store's detail, named by the store, without the couriers' shipping.
    const oneStore = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/statements/export.csv?week=${lastWeek}&store_id=${store.id}`,
      headers: soporte.headers,
    });
    expect(oneStore.statusCode).toBe(200);
    expect(oneStore.headers['content-disposition']).toContain(
      `liquidaciones-${lastWeek}-tienda-${store.id}.csv`,
    );
    expect(oneStore.body).toContain(`;${storeOrder.number};`);
    expect(oneStore.body).toContain('Total tienda;;100.00;0.00;;10.00;4.00;90.00;pagado;TRF-881');
    expect(oneStore.body).not.toContain('Total envíos');
    const otherStore = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/statements/export.csv?week=${lastWeek}&store_id=${store.id + 100_000}`,
      headers: soporte.headers,
    });
    expect(otherStore.body).not.toContain(storeOrder.number);
  });
});
