import type { CourierStoreOrder } from '@mandado/shared/courier.schemas';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeliveryFacts } from '../src/modules/courier/courier.service.ts';
import type { StaffStoreOrder } from '../src/modules/order-status/order-status.presenter.ts';
import { addStoreMember, createProduct, createStore, makeOperator, type TestStore } from './factories.ts';
import { createFastUser, type FastUser } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 17, handing over: the courier link made by 'Listo para entregar', the courier's calls, the code at
// the door and at the counter, and who may see the proof photo.
let t: TestApp;
let storeA: TestStore;
let storeB: TestStore;
let memberA: FastUser;
let memberB: FastUser;
let operator: FastUser;
let remitter: FastUser;
let courier: SessionHeaders;

/** A code no fixture text contains (the address holds 1234), so "never in the answer" means something. */
const CODE = '8642';

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined });
  storeA = await createStore(t.database, { name: `Almacén A ${Date.now()}` });
  storeB = await createStore(t.database, { name: `Almacén B ${Date.now()}` });
  [memberA, memberB, operator, remitter] = await Promise.all([
    createFastUser(t.database, 'Marta'),
    createFastUser(t.database, 'Bruno'),
    createFastUser(t.database, 'Olga'),
    createFastUser(t.database, 'Ana'),
  ]);
  await addStoreMember(t.database, storeA.id, memberA.id);
  await addStoreMember(t.database, storeB.id, memberB.id);
  await makeOperator(t.database, operator.id);
  courier = await visitorHeaders(t.app);
});
afterAll(() => t.close());

interface Placed {
  id: number;
  number: string;
  groupNumber: string;
}

/** A paid order of `store` in preparation, with two lines (3 + 2 units) and the known code. */
async function placeInPreparation(
  store: TestStore,
  delivery: 'standard' | 'pickup' = 'standard',
): Promise<Placed> {
  const [first, second] = await Promise.all([
    createProduct(t.database, store.id),
    createProduct(t.database, store.id),
  ]);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'preparing_to_delivery',
        lines: [
          { productId: first?.id ?? null, quantity: 3, total: '30.00' },
          { productId: second?.id ?? null, quantity: 2, total: '20.00' },
        ],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  await t.database.db.execute(
    sql`update store_orders set delivery_code = ${CODE} where id = ${storeOrder.id}`,
  );
  if (delivery === 'pickup') {
    await t.database.db.execute(
      sql`update order_groups set delivery = 'pickup', pickup_name = 'Rosa Fernández', pickup_phone = '+59891123456'
          where id = ${order.groupId}`,
    );
  }
  return { id: storeOrder.id, number: storeOrder.number, groupNumber: order.number };
}

async function markReady(store: TestStore, member: FastUser, number: string): Promise<StaffStoreOrder> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/merchant/stores/${store.id}/orders/${number}/status/`,
    headers: member.headers,
    payload: { from: 'preparing_to_delivery', to: 'ready_to_delivery' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffStoreOrder>();
}

/** A delivery order ready for its courier: its number, id and the link's token. */
async function readyForCourier(): Promise<Placed & { token: string }> {
  const placed = await placeInPreparation(storeA);
  const staff = await markReady(storeA, memberA, placed.number);
  const token = staff.courier_url?.split('/entrega/')[1] ?? '';
  return { ...placed, token };
}

function courierCall(method: 'GET' | 'POST', token: string, action = '', payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url: `/v1/courier/${token}/${action}`,
    headers: method === 'POST' ? courier : {},
    ...(payload ? { payload } : {}),
  });
}

function delivered(token: string, code: string, extra: Record<string, unknown> = {}) {
  return courierCall('POST', token, 'delivered/', { recipient_name: 'Rosa Fernández', code, ...extra });
}

/** A phone-like photo: noise, so the JPEG is well over the API's 64 KB JSON body limit. */
async function photoBytes(): Promise<Buffer> {
  const bytes = await sharp({
    create: {
      width: 900,
      height: 700,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect(bytes.length).toBeGreaterThan(64 * 1024);
  return bytes;
}

function uploadPhoto(token: string, body: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/courier/${token}/photos/`,
    headers: { ...courier, 'content-type': 'image/jpeg' },
    payload: body,
  });
}

async function statusOf(id: number): Promise<Record<string, unknown>> {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database,
    sql`select status, code_failures, courier_locked_at, delivered_at, received_by, proof_media_key, courier_token
        from store_orders where id = ${id}`,
  );
  return row ?? {};
}

async function historyOf(id: number) {
  return queryRows<{ from_status: string | null; to_status: string; actor_role: string; reason: string }>(
    t.database,
    sql`select from_status, to_status, actor_role, reason from store_order_history
        where store_order_id = ${id} order by id`,
  );
}

async function mailsAbout(number: string) {
  return queryRows<{ subject: string; text_body: string; to_address: string }>(
    t.database,
    sql`select subject, text_body, to_address from email_outbox where subject like ${`%${number}%`} order by id`,
  );
}

describe('the courier link', () => {
  it('is made by "Listo para entregar" on a delivery, and carried as courier_url', async () => {
    const placed = await placeInPreparation(storeA);
    const staff = await markReady(storeA, memberA, placed.number);
    expect(staff.courier_url).toMatch(/^http:\/\/localhost:3000\/entrega\/[A-Za-z0-9_-]{43}$/);
    const row = await statusOf(placed.id);
    expect(staff.courier_url?.endsWith(String(row.courier_token))).toBe(true);
  });

  it('is not made for a pick-up order', async () => {
    const placed = await placeInPreparation(storeA, 'pickup');
    const staff = await markReady(storeA, memberA, placed.number);
    expect(staff.courier_url).toBeNull();
    expect((await statusOf(placed.id)).courier_token).toBeNull();
  });

  it('walks the whole way: picked up, a failed attempt, delivered with the code and a photo, then shows only the outcome', async () => {
    const order = await readyForCourier();

    const opened = await courierCall('GET', order.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const view = opened.json<CourierStoreOrder>();
    expect(view).toMatchObject({
      number: order.number,
      status: 'ready_to_delivery',
      store: { name: storeA.name, address: 'Av. Italia 2800' },
      recipient: {
        first_name: 'Rosa',
        last_name: 'Fernández',
        address_line1: 'Av. 18 de Julio 1234',
        city: 'Montevideo',
        maps_link: 'https://www.google.com/maps?q=-34.9058,-56.1913',
        mobile_number: '+59891123456',
        delivery_notes: 'Tocar timbre',
        meeting_point: null,
      },
      packages: { lines: 2, units: 5 },
      attempts: [],
      actions: ['picked_up', 'delivered', 'attempt'],
      code_tries_left: 5,
      delivered: null,
    });
    // Never the code, the prices or the remitter.
    expect(opened.body).not.toContain(CODE);
    expect(opened.body).not.toMatch(/code"|total|subtotal|price|@ejemplo\.com/);

    const picked = await courierCall('POST', order.token, 'picked-up/');
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<CourierStoreOrder>().status).toBe('in_transit');
    expect(picked.json<CourierStoreOrder>().actions).toEqual(['delivered', 'attempt']);
    // Picked up once is picked up: a second tap says so (issue 27) and writes nothing.
    const again = await courierCall('POST', order.token, 'picked-up/');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Ya marcaste este pedido como retirado: está en camino.' });

    const attempt = await courierCall('POST', order.token, 'attempts/', { reason: 'nobody_home' });
    expect(attempt.statusCode, attempt.body).toBe(200);
    const afterAttempt = attempt.json<CourierStoreOrder>();
    expect(afterAttempt.status).toBe('delivery_attempt');
    expect(afterAttempt.attempts).toMatchObject([
      { reason: 'nobody_home', reason_label: 'Nadie en casa', note: '' },
    ]);
    // The courier still holds it: no 'Retiré el pedido' again, and the API refuses it too.
    expect(afterAttempt.actions).toEqual(['delivered', 'attempt']);
    expect((await courierCall('POST', order.token, 'picked-up/')).statusCode).toBe(409);

    const photo = await uploadPhoto(order.token, await photoBytes());
    expect(photo.statusCode, photo.body).toBe(201);
    const { photo_id: photoId } = photo.json<{ photo_id: string }>();

    const wrong = await delivered(order.token, '0000', { photo_id: photoId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'El código no es correcto. Te quedan 4 intentos.' });

    const done = await delivered(order.token, CODE, { photo_id: photoId });
    expect(done.statusCode, done.body).toBe(200);
    const final = done.json<CourierStoreOrder>();
    expect(final.status).toBe('delivered');
    expect(final.actions).toEqual([]);
    expect(final.delivered?.received_by).toBe('Rosa Fernández');

    const row = await statusOf(order.id);
    expect(row).toMatchObject({ status: 'delivered', code_failures: 0, received_by: 'Rosa Fernández' });
    expect(row.proof_media_key).toBe(`proofs/${order.id}/${photoId}.webp`);
    expect(row.delivered_at).not.toBeNull();

    const history = await historyOf(order.id);
    expect(history.slice(-4).map((change) => [change.to_status, change.actor_role])).toEqual([
      ['ready_to_delivery', 'merchant'],
      ['in_transit', 'courier'],
      ['delivery_attempt', 'courier'],
      ['delivered', 'courier'],
    ]);
    expect(history.find((change) => change.to_status === 'delivery_attempt')?.reason).toBe('Nadie en casa');

    const mails = await mailsAbout(order.number);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `No pudimos entregar tu pedido ${order.number}`,
      `Tu pedido ${order.number} fue entregado`,
    ]);
    expect(mails[0]?.text_body).toContain('Motivo: Nadie en casa');
    expect(mails[1]?.text_body).toContain('Lo recibió Rosa Fernández el ');
    expect(mails[1]?.text_body).toContain('(hora de Montevideo)');
    expect(mails[1]?.text_body).toContain('La foto de la entrega está en tu pedido, en Mis Compras.');
    expect(mails[1]?.text_body).toContain(`/user/orders/${order.groupNumber}`);
    expect(mails[1]?.to_address).toBe(remitter.email);

    // The payer's views get the attempts, the proof and the code from one call.
    const facts = (await listDeliveryFacts(t.database.db, [order.id])).get(order.id);
    expect(facts?.deliveryCode).toBe(CODE);
    expect(facts?.attempts.map((item) => item.reason)).toEqual(['nobody_home']);
    expect(facts?.proof).toMatchObject({ receivedBy: 'Rosa Fernández', hasPhoto: true });

    // The remitter, the store's members and operators read the photo.
    for (const [url, who] of [
      [`/v1/orders/${order.groupNumber}/store-orders/${order.number}/proof-photo`, remitter],
      [`/v1/merchant/stores/${storeA.id}/orders/${order.number}/proof-photo`, memberA],
      [`/v1/admin/store-orders/${order.number}/proof-photo`, operator],
    ] as const) {
      const image = await t.app.inject({ method: 'GET', url, headers: { cookie: who.headers.cookie } });
      expect(image.statusCode, `${url} ${image.body}`).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('private, no-store');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }

    // Within a week of delivery the link still opens, with the outcome only: no address, phones or notes.
    const later = await courierCall('GET', order.token);
    expect(later.statusCode).toBe(200);
    expect(later.json<CourierStoreOrder>()).toMatchObject({
      status: 'delivered',
      recipient: null,
      attempts: [],
      actions: [],
      delivered: { received_by: 'Rosa Fernández' },
    });
    expect(later.body).not.toContain(CODE);
    expect(later.body).not.toMatch(/18 de Julio|\+59891123456|Tocar timbre|Nadie en casa/);
  });

  it('sends the order to operators after the second failed attempt', async () => {
    const order = await readyForCourier();
    const note = await courierCall('POST', order.token, 'attempts/', { reason: 'other' });
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual({ note: ['Cuenta qué pasó.'] });
    const multiline = await courierCall('POST', order.token, 'attempts/', { reason: 'other', note: 'a\nb' });
    expect(multiline.statusCode).toBe(400);

    expect(
      (await courierCall('POST', order.token, 'attempts/', { reason: 'wrong_address' })).statusCode,
    ).toBe(200);
    const second = await courierCall('POST', order.token, 'attempts/', {
      reason: 'other',
      note: 'El portero no dejó pasar',
    });
    expect(second.statusCode, second.body).toBe(200);
    const view = second.json<CourierStoreOrder>();
    expect(view.status).toBe('warning');
    expect(view.actions).toEqual([]);
    expect(view.attempts.map((item) => [item.reason, item.note])).toEqual([
      ['wrong_address', ''],
      ['other', 'El portero no dejó pasar'],
    ]);
    const history = await historyOf(order.id);
    expect(history.slice(-2)).toMatchObject([
      { from_status: 'ready_to_delivery', to_status: 'delivery_attempt', actor_role: 'courier' },
      {
        from_status: 'delivery_attempt',
        to_status: 'warning',
        actor_role: 'system',
        reason: 'Dos intentos de entrega fallidos',
      },
    ]);
    // Nothing more to do on the link until operators send it out again.
    expect((await courierCall('POST', order.token, 'picked-up/')).statusCode).toBe(409);
    expect((await delivered(order.token, CODE)).statusCode).toBe(409);
  });

  it('lets one of two simultaneous deliveries win', async () => {
    const order = await readyForCourier();
    const answers = await Promise.all([delivered(order.token, CODE), delivered(order.token, CODE)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const deliveries = (await historyOf(order.id)).filter((change) => change.to_status === 'delivered');
    expect(deliveries).toHaveLength(1);
    expect(
      (await mailsAbout(order.number)).filter((mail) => mail.subject.includes('entregado')),
    ).toHaveLength(1);
  });

  it('checks the body: a name with a link, a code that is not 4 digits', async () => {
    const order = await readyForCourier();
    const link = await delivered(order.token, CODE, { recipient_name: 'Rosa www.ejemplo.com' });
    expect(link.statusCode).toBe(400);
    expect(link.json()).toHaveProperty('recipient_name');
    const short = await delivered(order.token, '12');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ code: ['El código tiene 4 dígitos.'] });
    // Bad input is no guess.
    expect((await statusOf(order.id)).code_failures).toBe(0);
  });
});

describe('the code at the counter (pick-up)', () => {
  it('marks a pick-up delivered with the code, counting wrong ones', async () => {
    const placed = await placeInPreparation(storeA, 'pickup');
    await markReady(storeA, memberA, placed.number);
    const url = `/v1/merchant/stores/${storeA.id}/orders/${placed.number}/deliver/`;

    const wrong = await t.app.inject({
      method: 'POST',
      url,
      headers: memberA.headers,
      payload: { code: '1111', recipient_name: 'Rosa Fernández' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'El código no es correcto. Te quedan 4 intentos.' });

    const right = await t.app.inject({
      method: 'POST',
      url,
      headers: memberA.headers,
      payload: { code: CODE, recipient_name: 'Rosa Fernández' },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<StaffStoreOrder>()).toMatchObject({ status: 'delivered', courier_url: null });
    expect(await statusOf(placed.id)).toMatchObject({ code_failures: 0, received_by: 'Rosa Fernández' });
    expect((await historyOf(placed.id)).at(-1)).toMatchObject({
      to_status: 'delivered',
      actor_role: 'merchant',
    });
    const [mail] = (await mailsAbout(placed.number)).filter((item) => item.subject.includes('entregado'));
    expect(mail?.text_body).toContain('Los detalles de la entrega están en tu pedido, en Mis Compras.');
  });

  it("is refused to another store's member: 403 under their store's path, 404 for the order under their own", async () => {
    const placed = await placeInPreparation(storeA, 'pickup');
    await markReady(storeA, memberA, placed.number);
    const other = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${storeA.id}/orders/${placed.number}/deliver/`,
      headers: memberB.headers,
      payload: { code: CODE, recipient_name: 'Rosa Fernández' },
    });
    expect(other.statusCode).toBe(403);
    const underOwn = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${storeB.id}/orders/${placed.number}/deliver/`,
      headers: memberB.headers,
      payload: { code: CODE, recipient_name: 'Rosa Fernández' },
    });
    expect(underOwn.statusCode).toBe(404);
    expect((await statusOf(placed.id)).status).toBe('ready_to_delivery');
  });
});
