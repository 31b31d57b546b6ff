import type { ReturnRequest, ReturnsOverview } from '@mandado/shared/returns-schemas';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, createProduct, createStore, makeOperator, type TestStore } from './factories.ts';
import {
  createFastUser,
  type FastUser,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
} from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 32 item 1 (decision 076): a return from 'Mis Compras' or the tracking link, the store's answer, the
// operator's overrule, the courier's reverse pickup with its code, and the refund once the store has the goods.
let t: TestApp;
let store: TestStore;
let member: FastUser;
let operator: FastUser;
let payments: FastUser;
let remitter: FastUser;
let stranger: FastUser;
let visitor: SessionHeaders;

const HOUR = 3600_000;
/** A 1×1 PNG: a real image the server checks by content and re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const REASON = 'La remera vino en otro talle del que pedí.';

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, {
    kickMailWorker: () => undefined,
    kickRefundWorker: () => undefined,
    kickPushWorker: () => undefined,
  });
  store = await createStore(t.database, { name: `Tienda devoluciones ${Date.now()}` });
  [member, operator, payments, remitter, stranger] = await Promise.all([
    createFastUser(t.database, 'Marta'),
    createFastUser(t.database, 'Olga'),
    createFastUser(t.database, 'Pablo'),
    createFastUser(t.database, 'Ana'),
    createFastUser(t.database, 'Iván'),
  ]);
  await addStoreMember(t.database, store.id, member.id);
  await makeOperator(t.database, operator.id, 'administracion');
  await makeOperator(t.database, payments.id, 'pagos');
  visitor = await visitorHeaders(t.app);
});
afterAll(() => t.close());

interface Delivered {
  number: string;
  storeOrderNumber: string;
  storeOrderId: number;
  token: string;
  /** 3 units for US$ 30, returnable. */
  shirtLineId: number;
  /** 1 unit for US$ 10, not returnable (snapshot on the line). */
  soapLineId: number;
}

/** A card-paid order of the store delivered `deliveredAgo` ms ago (an hour by default). */
async function delivered(options: { deliveredAgo?: number; paymentMethod?: 'card' | 'bank_transfer' } = {}) {
  const [shirt, soap] = await Promise.all([
    createProduct(t.database, store.id),
    createProduct(t.database, store.id),
  ]);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentMethod: options.paymentMethod ?? 'card',
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'delivered',
        lines: [
          { productId: shirt?.id ?? null, quantity: 3, total: '30.00' },
          { productId: soap?.id ?? null, quantity: 1, total: '10.00' },
        ],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  const deliveredAt = new Date(Date.now() - (options.deliveredAgo ?? HOUR));
  await t.database.db.execute(
    sql`update store_orders set delivered_at = ${deliveredAt.toISOString()} where id = ${storeOrder.id}`,
  );
  const lines = await queryRows<{ id: number; product_id: number }>(
    t.database,
    sql`select id, product_id from order_lines where store_order_id = ${storeOrder.id} order by position`,
  );
  const soapLine = lines.find((line) => line.product_id === soap?.id);
  await t.database.db.execute(sql`update order_lines set returnable = false where id = ${soapLine?.id ?? 0}`);
  return {
    number: order.number,
    storeOrderNumber: storeOrder.number,
    storeOrderId: storeOrder.id,
    token: order.trackingToken,
    shirtLineId: lines.find((line) => line.product_id === shirt?.id)?.id ?? 0,
    soapLineId: soapLine?.id ?? 0,
  } satisfies Delivered;
}

function json(method: 'GET' | 'POST', url: string, headers: SessionHeaders, payload?: object): InjectOptions {
  return { method, url, headers, ...(payload ? { payload } : {}) };
}

function newReturn(order: Delivered, quantity = 2, refundTo: 'card' | 'credit' = 'card') {
  return {
    storeOrderNumber: order.storeOrderNumber,
    lines: [{ lineId: order.shirtLineId, quantity }],
    reason: REASON,
    refundTo,
  };
}

async function ask(order: Delivered, body: object = newReturn(order)) {
  return t.app.inject(json('POST', `/v1/orders/${order.number}/returns/`, remitter.headers, body));
}

async function askOk(order: Delivered, body: object = newReturn(order)): Promise<ReturnRequest> {
  const response = await ask(order, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReturnRequest>();
}

const storeUrl = (path: string) => `/v1/merchant/stores/${store.id}/returns/${path}`;

async function decide(id: number, body: object) {
  return t.app.inject(json('POST', storeUrl(`${id}/decision/`), member.headers, body));
}

async function countReturns(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from return_requests`,
  );
  return Number(row?.n ?? 0);
}

function tokenOf(link: string | null): string {
  const token = link?.split('/').pop();
  if (!token) throw new Error(`no courier link: ${link}`);
  return token;
}

describe('a return from request to refund', () => {
  it('goes remitter → store → courier with the code → store received, and refunds once', async () => {
    const order = await delivered();
    const overview = await t.app.inject(json('GET', `/v1/orders/${order.number}/returns/`, remitter.headers));
    expect(overview.statusCode, overview.body).toBe(200);
    const [storeOrder] = overview.json<ReturnsOverview>().storeOrders;
    expect(storeOrder).toMatchObject({ open: true, closedReason: null });
    expect(storeOrder?.lines).toEqual([
      expect.objectContaining({ lineId: order.shirtLineId, returnableQuantity: 3, returnable: true }),
      expect.objectContaining({ lineId: order.soapLineId, returnableQuantity: 0, returnable: false }),
    ]);

    const asked = await askOk(order);
    expect(asked).toMatchObject({
      status: 'requested',
      statusText: 'Solicitada',
      requestedBy: 'remitter',
      courierLink: null,
      lines: [{ lineId: order.shirtLineId, quantity: 2, unitPriceText: 'US$ 10,00' }],
    });
    expect(asked.pickupCode).toMatch(/^\d{4}$/);
    const code = asked.pickupCode ?? '';
    const [mail] = await queryRows<{ to_address: string }>(
      t.database,
      sql`select to_address from email_outbox where kind = 'return.requested' and group_id = (select id from order_groups where number = ${order.number})`,
    );
    expect(mail?.to_address).toBe(member.email);

    const accepted = await decide(asked.id, { accept: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const acceptedReturn = accepted.json<ReturnRequest>();
    expect(acceptedReturn).toMatchObject({ status: 'accepted', pickupCode: null });
    const token = tokenOf(acceptedReturn.courierLink);
    expect(acceptedReturn.courierLink).toContain('/entrega/devolucion/');

    const courierView = await t.app.inject(json('GET', `/v1/courier-returns/${token}/`, visitor));
    expect(courierView.statusCode, courierView.body).toBe(200);
    expect(courierView.json()).toMatchObject({ status: 'accepted', lines: [{ quantity: 2 }] });
    expect(courierView.body).not.toContain(code);

    const wrongCode = code === '0000' ? '1111' : '0000';
    const wrong = await t.app.inject(
      json('POST', `/v1/courier-returns/${token}/picked-up/`, visitor, { code: wrongCode }),
    );
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().detail).toContain('El código no coincide');

    const pickedUp = await t.app.inject(
      json('POST', `/v1/courier-returns/${token}/picked-up/`, visitor, { code }),
    );
    expect(pickedUp.statusCode, pickedUp.body).toBe(200);
    expect(pickedUp.json()).toMatchObject({ status: 'picked_up', statusText: 'Retirada por el repartidor' });

    const received = await t.app.inject(json('POST', storeUrl(`${asked.id}/received/`), member.headers));
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<ReturnRequest>()).toMatchObject({
      status: 'received',
      statusText: 'Recibida y reembolsada',
      refundText: 'US$ 20,00 a la tarjeta',
    });
    const again = await t.app.inject(json('POST', storeUrl(`${asked.id}/received/`), member.headers));
    expect(again.statusCode, again.body).toBe(409);

    const refunds = await queryRows<{ amount: string; units: number; destination: string }>(
      t.database,
      sql`select amount::text, units, destination from refunds where store_order_id = ${order.storeOrderId} and reason = 'customer_return'`,
    );
    expect(refunds).toEqual([{ amount: '20.00', units: 2, destination: 'original_payment' }]);

    // The units that came back cannot be asked for again; the third one can.
    const after = await t.app.inject(json('GET', `/v1/orders/${order.number}/returns/`, remitter.headers));
    expect(after.json<ReturnsOverview>().storeOrders[0]?.lines[0]?.returnableQuantity).toBe(1);
    expect(after.json<ReturnsOverview>().requests[0]).toMatchObject({ status: 'received', pickupCode: null });
  });

  it('gives the shipping back too when every unit of the store order comes back (Ley 17.250, art. 16)', async () => {
    const order = await delivered();
    await t.database.db.execute(sql`update order_lines set returnable = true where id = ${order.soapLineId}`);
    await t.database.db.execute(
      sql`update store_orders set shipping = 4.00, total = total + 4 where id = ${order.storeOrderId}`,
    );
    await t.database.db.execute(
      sql`update order_groups set shipping = shipping + 4, total = total + 4 where number = ${order.number}`,
    );
    const asked = await askOk(order, {
      storeOrderNumber: order.storeOrderNumber,
      lines: [
        { lineId: order.shirtLineId, quantity: 3 },
        { lineId: order.soapLineId, quantity: 1 },
      ],
      reason: REASON,
      refundTo: 'card',
    });
    const accepted = await decide(asked.id, { accept: true });
    const token = tokenOf(accepted.json<ReturnRequest>().courierLink);
    const pickedUp = await t.app.inject(
      json('POST', `/v1/courier-returns/${token}/picked-up/`, visitor, { code: asked.pickupCode }),
    );
    expect(pickedUp.statusCode, pickedUp.body).toBe(200);
    const received = await t.app.inject(json('POST', storeUrl(`${asked.id}/received/`), member.headers));
    expect(received.statusCode, received.body).toBe(200);
    // US$ 30 + US$ 10 of goods and the US$ 4 of shipping: everything paid for the store order.
    expect(received.json<ReturnRequest>().refundText).toBe('US$ 44,00 a la tarjeta');
    const refunds = await queryRows<{ amount: string; units: number | null }>(
      t.database,
      sql`select amount::text, units from refunds where store_order_id = ${order.storeOrderId} order by id`,
    );
    expect(refunds).toEqual([
      { amount: '30.00', units: 3 },
      { amount: '10.00', units: 1 },
      { amount: '4.00', units: null },
    ]);
  });

  it('lets the family ask from the tracking link, as credit', async () => {
    const order = await delivered();
    const overview = await t.app.inject(json('GET', `/v1/tracking/${order.token}/returns/`, visitor));
    expect(overview.statusCode, overview.body).toBe(200);
    const response = await t.app.inject(
      json('POST', `/v1/tracking/${order.token}/returns/`, visitor, newReturn(order, 1, 'credit')),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ReturnRequest>()).toMatchObject({ requestedBy: 'family', refundTo: 'credit' });
    const mine = await t.app.inject(json('GET', `/v1/orders/${order.number}/returns/`, remitter.headers));
    expect(mine.json<ReturnsOverview>().requests.map((request) => request.requestedBy)).toEqual(['family']);
  });

  it('lets the remitter cancel a request the store has not answered', async () => {
    const order = await delivered();
    const asked = await askOk(order);
    const cancel = await t.app.inject(
      json('POST', `/v1/orders/${order.number}/returns/${asked.id}/cancel/`, remitter.headers),
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<ReturnRequest>().status).toBe('cancelled');
    // Its units are free again.
    await askOk(order, newReturn(order, 3));
  });
});

describe('the optional photo', () => {
  it('goes with the request, for the store and the requester only, and only for its own order', async () => {
    const order = await delivered();
    const other = await delivered();
    const upload = (number: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/orders/${number}/returns/photos/`,
        headers: { ...remitter.headers, 'content-type': 'image/png' },
        payload: PNG,
      });
    const uploaded = await upload(order.number);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { photoId } = uploaded.json<{ photoId: string }>();
    const otherPhoto = (await upload(other.number)).json<{ photoId: string }>().photoId;

    const foreign = await ask(order, { ...newReturn(order), photoId: otherPhoto });
    expect(foreign.statusCode, foreign.body).toBe(400);
    const asked = await askOk(order, { ...newReturn(order), photoId });
    expect(asked.photoUrl).toBe(`/v1/orders/${order.number}/returns/${asked.id}/photo/`);

    const mine = await t.app.inject(json('GET', asked.photoUrl ?? '', remitter.headers));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    const forStore = await t.app.inject(json('GET', storeUrl(`${asked.id}/photo/`), member.headers));
    expect(forStore.statusCode).toBe(200);
    const forStranger = await t.app.inject(json('GET', asked.photoUrl ?? '', stranger.headers));
    expect(forStranger.statusCode).toBe(404);
  });
});

describe('a refusal and its overrule', () => {
  it('needs a reason, and an operator holding returns:manage can accept it after all (audited)', async () => {
    const order = await delivered();
    const asked = await askOk(order);
    const bare = await decide(asked.id, { accept: false, reason: 'No.' });
    expect(bare.statusCode, bare.body).toBe(400);
    const refused = await decide(asked.id, { accept: false, reason: 'La prenda vino usada y sin etiqueta.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<ReturnRequest>()).toMatchObject({
      status: 'refused',
      refusalReason: 'La prenda vino usada y sin etiqueta.',
      courierLink: null,
    });

    const overruleBody = { reason: 'Las fotos muestran la etiqueta puesta.' };
    const denied = await t.app.inject(
      json('POST', `/v1/admin/returns/${asked.id}/overrule/`, payments.headers, overruleBody),
    );
    expect(denied.statusCode).toBe(403);
    const overruled = await t.app.inject(
      json('POST', `/v1/admin/returns/${asked.id}/overrule/`, operator.headers, overruleBody),
    );
    expect(overruled.statusCode, overruled.body).toBe(200);
    expect(overruled.json<ReturnRequest>()).toMatchObject({
      status: 'accepted',
      overruleReason: overruleBody.reason,
    });
    expect(overruled.json<ReturnRequest>().courierLink).toContain('/entrega/devolucion/');
    const [audit] = await queryRows<{ actor_role: string; actor_user_id: number }>(
      t.database,
      sql`select actor_role, actor_user_id from audit_events where action = 'return.overruled' and subject = ${`return:${asked.id}`}`,
    );
    expect(audit).toEqual({ actor_role: 'operator', actor_user_id: operator.id });
    const twice = await t.app.inject(
      json('POST', `/v1/admin/returns/${asked.id}/overrule/`, operator.headers, overruleBody),
    );
    expect(twice.statusCode).toBe(409);

    const list = await t.app.inject(
      json('GET', `/v1/admin/returns/?storeId=${store.id}&status=accepted`, operator.headers),
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((item: ReturnRequest) => item.id)).toContain(asked.id);
  });
});

describe('requests that change nothing', () => {
  it('answers each in Spanish with a 4xx', async () => {
    const order = await delivered();
    const late = await delivered({ deliveredAgo: 30 * 24 * HOUR });
    const transfer = await delivered({ paymentMethod: 'bank_transfer' });
    const before = await countReturns();

    const afterDeadline = await ask(late, newReturn(late));
    expect(afterDeadline.statusCode).toBe(409);
    expect(afterDeadline.json().detail).toMatch(/^El plazo terminó el \d+ de /);

    const notReturnable = await ask(order, {
      ...newReturn(order),
      lines: [{ lineId: order.soapLineId, quantity: 1 }],
    });
    expect(notReturnable.statusCode).toBe(422);
    expect(notReturnable.json().lines[0]).toContain('no admite devolución');

    const tooMany = await ask(order, newReturn(order, 4));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().lines[0]).toBe('Puedes devolver como máximo 3 unidades de este producto.');

    const otherLine = await ask(order, {
      ...newReturn(order),
      lines: [{ lineId: late.shirtLineId, quantity: 1 }],
    });
    expect(otherLine.statusCode).toBe(400);

    const card = await ask(transfer, newReturn(transfer, 1, 'card'));
    expect(card.statusCode).toBe(400);

    const someoneElses = await t.app.inject(
      json('POST', `/v1/orders/${order.number}/returns/`, stranger.headers, newReturn(order)),
    );
    expect(someoneElses.statusCode).toBe(404);
    expect(someoneElses.json().detail).toBe('No encontramos ese pedido.');

    const forged = await t.app.inject(
      json('POST', `/v1/tracking/${'A'.repeat(43)}/returns/`, visitor, newReturn(order)),
    );
    expect(forged.statusCode).toBe(404);
    const forgedCourier = await t.app.inject(
      json('POST', `/v1/courier-returns/${'B'.repeat(43)}/picked-up/`, visitor, { code: '1234' }),
    );
    expect(forgedCourier.statusCode).toBe(404);

    const shortReason = await ask(order, { ...newReturn(order), reason: 'Feo' });
    expect(shortReason.statusCode).toBe(400);

    expect(await countReturns()).toBe(before);

    // A second request for the same units: the first holds all 3.
    await askOk(order, newReturn(order, 3));
    const second = await ask(order, newReturn(order, 1));
    expect(second.statusCode).toBe(422);
    expect(second.json().lines[0]).toBe('Ya pediste devolver todas las unidades de este producto.');
    expect(await countReturns()).toBe(before + 1);

    // Another store's member sees none of it.
    const otherStore = await createStore(t.database);
    const outsider = await createFastUser(t.database, 'Raúl');
    await addStoreMember(t.database, otherStore.id, outsider.id);
    const peek = await t.app.inject(json('GET', storeUrl(''), outsider.headers));
    expect(peek.statusCode).toBe(403);
  });
});

describe("the product's flag", () => {
  it('is frozen on the order line when the order is placed', async () => {
    const checkout = await prepareCheckout(t.database, { perStore: 2 });
    const [kept, sealed] = checkout.products;
    await t.database.db.execute(sql`update products set returnable = false where id = ${sealed?.id ?? 0}`);
    const placed = await placeOrderRequest(
      t.app,
      checkout.user,
      await orderBody(t.app, checkout.user, { beneficiaryId: checkout.beneficiaryId }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    await t.database.db.execute(sql`update products set returnable = true where id = ${sealed?.id ?? 0}`);
    const lines = await queryRows<{ product_id: number; returnable: boolean }>(
      t.database,
      sql`select product_id, returnable from order_lines where product_id in (${kept?.id ?? 0}, ${sealed?.id ?? 0}) order by product_id`,
    );
    expect(lines).toEqual([
      { product_id: kept?.id, returnable: true },
      { product_id: sealed?.id, returnable: false },
    ]);
  });

  it("defaults by the store's kind and the owner changes it", async () => {
    const pharmacy = await createStore(t.database, { name: `Farmacia ${Date.now()}` });
    await t.database.db.execute(sql`update stores set kind = 'pharmacy' where id = ${pharmacy.id}`);
    await addStoreMember(t.database, pharmacy.id, member.id);
    await createProduct(t.database, pharmacy.id);
    const [category] = await queryRows<{ id: number }>(
      t.database,
      sql`select id from categories where store_id = ${pharmacy.id} limit 1`,
    );
    const body = {
      name: 'Jabón neutro',
      description: '',
      category_id: category?.id ?? 0,
      price: '120',
      discounted_price: null,
      stock: 5,
      active: true,
      images: [],
    };
    const created = await t.app.inject(
      json('POST', `/v1/merchant/stores/${pharmacy.id}/products/`, member.headers, body),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().returnable).toBe(false);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/v1/merchant/stores/${pharmacy.id}/products/${created.json().id}/`,
      headers: member.headers,
      payload: { ...body, returnable: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().returnable).toBe(true);

    // The CSV: without the column a new row takes the kind's default and a known one keeps its flag.
    const importCsv = (csv: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/merchant/stores/${pharmacy.id}/products/import/`,
        headers: { ...member.headers, 'content-type': 'text/csv' },
        payload: csv,
      });
    const plain = await importCsv(
      'nombre;categoria;precio;stock\nJabón neutro;Categoría de prueba;120;5\nAlcohol en gel;Categoría de prueba;90;3\n',
    );
    expect(plain.statusCode, plain.body).toBe(200);
    const flagged = await importCsv(
      'nombre;categoria;precio;stock;admite_devolucion\nTermómetro;Categoría de prueba;300;2;sí\n',
    );
    expect(flagged.statusCode, flagged.body).toBe(200);
    const flags = await queryRows<{ name: string; returnable: boolean }>(
      t.database,
      sql`select name, returnable from products where store_id = ${pharmacy.id} and name in ('Jabón neutro', 'Alcohol en gel', 'Termómetro') order by name`,
    );
    expect(flags).toEqual([
      { name: 'Alcohol en gel', returnable: false },
      { name: 'Jabón neutro', returnable: true },
      { name: 'Termómetro', returnable: true },
    ]);
    const exported = await t.app.inject(
      json('GET', `/v1/merchant/stores/${pharmacy.id}/products/export/`, member.headers),
    );
    expect(exported.body).toContain('admite_devolucion');
    expect(exported.body).toContain('Alcohol en gel,,Categoría de prueba,90.00,,3,sí,no');
  });
});
