import type { CurrencyList } from '@mandado/shared/currency.schemas';
import type { GoLiveChecklist } from '@mandado/shared/go-live';
import type { OrderEarningsView } from '@mandado/shared/order-earnings';
import { PAYOUT_MESSAGES } from '@mandado/shared/payout-account.schemas';
import { rutCheckDigit } from '@mandado/shared/rut';
import type { Statement } from '@mandado/shared/statement.schemas';
import { statementWeekOf } from '@mandado/shared/statements';
import type { StoreSales } from '@mandado/shared/store-sales.schemas';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStoreMember,
  cityId,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 31 items 2 and 3: the checklist a store passes before 'Publicar', the payout account (owners only,
// validated, masked, audited, e-mailed), the approval e-mail, and what the store earns per order.
let t: TestApp;
let store: TestStore;
let owner: TestUser;
let staff: TestUser;
let operator: TestUser;
let remitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.database, { status: 'pending' });
  [owner, staff, operator, remitter] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
  await Promise.all([
    addStoreMember(t.database, store.id, owner.id, 'owner'),
    addStoreMember(t.database, store.id, staff.id, 'staff'),
    makeOperator(t.database, operator.id),
  ]);
});
afterAll(() => t.close());

function call(user: TestUser, method: InjectOptions['method'], url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

const ACCOUNT = {
  bank: 'brou',
  account_number: '001234567-00001',
  holder_name: 'Almacén La Esquina S.A.',
  holder_document: '21.123456.001-9',
};

describe('the payout account', () => {
  it('is the owner’s alone, validated, shown masked, audited and e-mailed', async () => {
    const url = `/v1/merchant/stores/${store.id}/payout-account/`;
    expect((await call(owner, 'GET', url)).json()).toEqual({ account: null });
    expect((await call(staff, 'PUT', url, ACCOUNT)).statusCode).toBe(403);
    expect((await call(staff, 'GET', url)).statusCode).toBe(403);

    const wrong = await call(owner, 'PUT', url, {
      ...ACCOUNT,
      account_number: '1234567',
      holder_document: '1.234.567-3',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      account_number: [PAYOUT_MESSAGES.accountDigits('BROU', 14)],
      holder_document: [PAYOUT_MESSAGES.holderDocument],
    });

    const saved = await call(owner, 'PUT', url, ACCOUNT);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      bank: 'brou',
      bank_name: 'BROU',
      account_masked: '•••• 0001',
      holder_name: 'Almacén La Esquina S.A.',
      holder_document_kind: 'rut',
      holder_document_masked: '•••• 0019',
    });
    expect(saved.body).not.toContain('00123456700001');

    // A CI is a holder document too; the change is audited masked and e-mailed to the owner.
    const changed = await call(owner, 'PUT', url, {
      ...ACCOUNT,
      bank: 'itau',
      account_number: '7654321',
      holder_document: '1.234.567-2',
    });
    expect(changed.json()).toMatchObject({ bank_name: 'Itaú', holder_document_kind: 'ci' });
    const audits = await queryRows<{ detail: unknown }>(
      t.database,
      sql`select detail from audit_events where action = 'store.payout_account_changed' and store_id = ${store.id} order by id`,
    );
    expect(audits.map((row) => row.detail)).toEqual([
      { before: null, after: { account: 'BROU •••• 0001', holder: ACCOUNT.holder_name } },
      {
        before: { account: 'BROU •••• 0001', holder: ACCOUNT.holder_name },
        after: { account: 'Itaú •••• 4321', holder: ACCOUNT.holder_name },
      },
    ]);
    const mails = await queryRows<{ text_body: string }>(
      t.database,
      sql`select text_body from email_outbox where to_address = ${owner.email} and subject like '%cuenta donde te pagamos%' order by id`,
    );
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text_body).toContain('cambió de BROU •••• 0001 a Itaú •••• 4321');

    // The statements name it.
    const statements = await call(owner, 'GET', `/v1/merchant/stores/${store.id}/statements/`);
    expect(statements.json()).toMatchObject({ payout_account: 'Itaú •••• 4321' });
  });
});

describe('going live', () => {
  it('publishes a store only once its checklist is done, and says what is missing', async () => {
    const fresh = await createStore(t.database, { status: 'pending' });
    const goLive = async () =>
      (await call(operator, 'GET', `/v1/admin/stores/${fresh.id}/go-live/`)).json<GoLiveChecklist>();
    expect((await goLive()).items.map((item) => [item.key, item.done])).toEqual([
      ['owner', false],
      ['products', false],
      ['hours', false],
      ['phone', false],
      ['payout', false],
    ]);
    const refused = await call(operator, 'POST', `/v1/admin/stores/${fresh.id}/reopen/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toContain('el dueño aceptó la invitación');

    const freshOwner = await createUser(t.app);
    await addStoreMember(t.database, fresh.id, freshOwner.id, 'owner');
    for (let index = 0; index < 5; index += 1) {
      const product = await createProduct(t.database, fresh.id);
      // Four with a photo: a product without one does not count.
      if (index < 4) {
        await t.database.db.execute(
          sql`update products set images = '["/media/a.webp"]' where id = ${product.id}`,
        );
      }
    }
    await t.database.db.execute(sql`update stores set phone = '+59891123456' where id = ${fresh.id}`);
    const hours = await call(freshOwner, 'PUT', `/v1/merchant/stores/${fresh.id}/hours/`, {
      hours: {
        monday: [{ from: '09:00', to: '18:00' }],
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [],
        saturday: [],
        sunday: [],
      },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    await call(freshOwner, 'PUT', `/v1/merchant/stores/${fresh.id}/payout-account/`, ACCOUNT);

    const merchantView = await call(freshOwner, 'GET', `/v1/merchant/stores/${fresh.id}/go-live/`);
    expect(merchantView.json<GoLiveChecklist>()).toMatchObject({ ready: false });
    expect(merchantView.json<GoLiveChecklist>().items.filter((item) => !item.done)).toEqual([
      expect.objectContaining({ key: 'products', label: expect.stringContaining('(tienes 4)') }),
    ]);
    expect((await call(operator, 'POST', `/v1/admin/stores/${fresh.id}/reopen/`)).statusCode).toBe(409);

    // The checklist's items are settings: four products are enough once operators say so.
    const setting = await call(operator, 'PUT', '/v1/admin/settings/go_live_min_products/', { value: '4' });
    expect(setting.statusCode, setting.body).toBe(200);
    expect((await goLive()).ready).toBe(true);
    const published = await call(operator, 'POST', `/v1/admin/stores/${fresh.id}/reopen/`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'approved' });
    await call(operator, 'PUT', '/v1/admin/settings/go_live_min_products/', { value: '5' });
  });

  it('e-mails the approval: approved, what is left, and the link to the checklist', async () => {
    let rut = '';
    for (let sequence = 765_432; !rut; sequence += 1) {
      const first11 = `21${sequence}001`;
      const check = rutCheckDigit(first11);
      if (check !== null) rut = `${first11}${check}`;
    }
    const email = uniqueEmail('aprobada');
    const applied = await t.app.inject({
      method: 'POST',
      url: '/v1/store-applications/',
      headers: await visitorHeaders(t.app),
      payload: {
        store_name: `Farmacia Aprobada ${Date.now()}`,
        kind: 'pharmacy',
        address_line1: 'Av. Brasil 2500',
        city_id: await cityId(t.database),
        latitude: -34.9,
        longitude: -56.16,
        contact_name: 'Ana Pérez',
        email,
        phone: '099 123 456',
        rut,
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const approved = await call(
      operator,
      'POST',
      `/v1/admin/store-applications/${applied.json<{ id: number }>().id}/approve/`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const [mail] = await queryRows<{ subject: string; text_body: string }>(
      t.database,
      sql`select subject, text_body from email_outbox where to_address = ${email} and subject like '%Aprobamos%'`,
    );
    expect(mail?.subject).toContain('te invitó');
    expect(mail?.text_body).toMatch(/\/comercio\/invitacion\/[A-Za-z0-9_-]{43}/);
    expect(mail?.text_body).toContain('- La cuenta bancaria donde te pagamos');
    expect(mail?.text_body).toContain('- Al menos 5 productos a la venta con foto y precio');
    expect(mail?.text_body).toContain('/comercio/tienda');
  });
});

describe('what the store earns', () => {
  it('shows each order’s lines, subtotal, commission and net in $U, adding up to the cent', async () => {
    const product = await createProduct(t.database, store.id);
    const order = await insertPlacedOrder(t.database, {
      remitterId: remitter.id,
      stores: [
        {
          storeId: store.id,
          status: 'approved',
          lines: [
            { productId: product.id, quantity: 3, total: '14.25' },
            { productId: product.id, quantity: 1, name: 'Aceite', total: '3.09' },
          ],
        },
      ],
    });
    const storeOrder = order.storeOrders[0];
    if (!storeOrder) throw new Error('no store order');
    // Priced in pesos as the store sells; one of three units was not available; 12.5 % frozen on the order.
    await t.database.db.execute(sql`
      update order_lines set currency = 'UYU',
        unit_price = case when name = 'Aceite' then 123.50 else 189.90 end,
        available_quantity = case when name = 'Aceite' then null else 2 end
      where store_order_id = ${storeOrder.id}`);
    await t.database.db.execute(
      sql`update store_orders set commission_rate = 12.50 where id = ${storeOrder.id}`,
    );

    const url = `/v1/merchant/stores/${store.id}/orders/${storeOrder.number}/earnings/`;
    const answer = await call(staff, 'GET', url);
    expect(answer.statusCode, answer.body).toBe(200);
    const earnings = answer.json<OrderEarningsView>();
    expect(earnings).toMatchObject({
      currency: 'UYU',
      goods: '693.20',
      not_supplied: '189.90',
      subtotal: '503.30',
      commission_rate: '12.50',
      // 12.5 % of 503.30 = 62.9125, half up to 62.91.
      commission: '62.91',
      net: '440.39',
    });
    expect(earnings.lines).toEqual([
      expect.objectContaining({ quantity: 3, supplied: 2, unit_price: '189.90', total: '569.70' }),
      expect.objectContaining({ name: 'Aceite', quantity: 1, supplied: 1, unit_price: '123.50' }),
    ]);

    // Another store's member, or an order not paid yet, gets nothing.
    const stranger = await createUser(t.app);
    const other = await createStore(t.database);
    await addStoreMember(t.database, other.id, stranger.id, 'owner');
    expect(
      (await call(stranger, 'GET', `/v1/merchant/stores/${other.id}/orders/${storeOrder.number}/earnings/`))
        .statusCode,
    ).toBe(404);

    // Delivered this week, the statement's commission for it is the inbox's (same rule, same cents in US$).
    await t.database.db.execute(
      sql`update store_orders set status = 'delivered', delivered_at = now() where id = ${storeOrder.id}`,
    );
    const week = statementWeekOf(new Date());
    const statement = (
      await call(owner, 'GET', `/v1/merchant/stores/${store.id}/statements/${week}/`)
    ).json<Statement>();
    expect(statement.payout_account).toBe('Itaú •••• 4321');
    const operators = await call(operator, 'GET', `/v1/admin/statements/?week=${week}&store_id=${store.id}`);
    expect(operators.json<{ stores: unknown[] }>().stores).toEqual([
      expect.objectContaining({ store_id: store.id, payout_account: 'Itaú •••• 4321' }),
    ]);
    expect(statement.lines.find((line) => line.number === storeOrder.number)).toMatchObject({
      goods: '17.34',
      commission_rate: '12.50',
      // 12.5 % of 17.34 = 2.1675 → 2.17.
      commission: '2.17',
      net: '15.17',
    });
  });

  it('sums the owner’s sales page in $U: by day and week, average ticket, top products and rates', async () => {
    // Beside the order above (supplied $U 503,30), a rejected one: it sells nothing and counts in the rate.
    const product = await createProduct(t.database, store.id);
    await insertPlacedOrder(t.database, {
      remitterId: remitter.id,
      stores: [{ storeId: store.id, status: 'rejected', lines: [{ productId: product.id, total: '5.00' }] }],
    });
    expect((await call(staff, 'GET', `/v1/merchant/stores/${store.id}/sales/`)).statusCode).toBe(403);
    const answer = await call(owner, 'GET', `/v1/merchant/stores/${store.id}/sales/`);
    expect(answer.statusCode, answer.body).toBe(200);
    const sales = answer.json<StoreSales>();
    expect(sales).toMatchObject({
      currency: 'UYU',
      orders: 1,
      sales: '503.30',
      average_ticket: '503.30',
      unavailable_rate: 50,
      rejected_rate: 50,
    });
    expect(sales.days).toHaveLength(28);
    expect(sales.days.at(-1)).toMatchObject({ orders: 1, sales: '503.30' });
    expect(sales.weeks).toHaveLength(8);
    expect(sales.weeks.at(-1)).toMatchObject({ orders: 1, sales: '503.30' });
    expect(sales.top_products[0]).toMatchObject({ units: 2, sales: '379.80' });
  });
  it('counts goods sold in dollars at the peso rate of their payment, orders older than that rate at today’s', async () => {
    const dollarStore = await createStore(t.database);
    const dollarOwner = await createUser(t.app);
    await addStoreMember(t.database, dollarStore.id, dollarOwner.id, 'owner');
    const product = await createProduct(t.database, dollarStore.id, { name: 'Lentes de sol' });
    // US$ 10,00 for two, one supplied, paid at 40 $U per US$: US$ 5,00 → $U 200,00 whatever today's rate is.
    const atRate = await insertPlacedOrder(t.database, {
      remitterId: remitter.id,
      stores: [{ storeId: dollarStore.id, lines: [{ productId: product.id, quantity: 2, total: '10.00' }] }],
    });
    await t.database.db.execute(sql`update order_groups set peso_rate = 40 where id = ${atRate.groupId}`);
    await t.database.db.execute(
      sql`update order_lines set available_quantity = 1 where store_order_id = ${atRate.storeOrders[0]?.id ?? 0}`,
    );
    // Paid before the rate was kept (no peso_rate): US$ 1,00 at today's rate.
    await insertPlacedOrder(t.database, {
      remitterId: remitter.id,
      stores: [{ storeId: dollarStore.id, lines: [{ productId: product.id, quantity: 1, total: '1.00' }] }],
    });
    const today = (await t.app.inject({ method: 'GET', url: '/v1/currencies/' })).json<CurrencyList>();
    const todayRate = Number(today.rates.rates.UYU);
    expect(todayRate).not.toBe(40);
    const expected = (20_000 + Math.round(100 * todayRate)) / 100;

    const sales = (
      await call(dollarOwner, 'GET', `/v1/merchant/stores/${dollarStore.id}/sales/`)
    ).json<StoreSales>();
    expect(sales).toMatchObject({ orders: 2, sales: expected.toFixed(2), unavailable_rate: 50 });
    expect(sales.top_products).toEqual([{ name: 'Lentes de sol', units: 2, sales: expected.toFixed(2) }]);
  });
});
