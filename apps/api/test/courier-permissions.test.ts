import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/authorization.ts';
import { readOperatorProofPhoto, reopenCourierLink } from '../src/modules/courier/courier.service.ts';
import type { StaffStoreOrder } from '../src/modules/order-status/order-status.presenter.ts';
import { addStoreMember, createProduct, createStore, makeOperator, type TestStore } from './factories.ts';
import { createFastUser, type FastUser } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { type SessionHeaders, TEST_ORIGIN, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 17: every edge of the courier link and the proof photo: unknown and expired links, a link used on
// another order's photo, code guessing and the operator's reopening, and who may read a proof photo.
let t: TestApp;
let storeA: TestStore;
let storeB: TestStore;
let memberA: FastUser;
let memberB: FastUser;
let operator: FastUser;
let remitter: FastUser;
let stranger: FastUser;
let courier: SessionHeaders;

const CODE = '5317';
const LINK_NOT_FOUND = { detail: 'Este enlace de entrega no existe o ya venció.' };
const LINK_LOCKED = { detail: 'Este enlace está bloqueado; comunícate con Mandado.' };

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined });
  storeA = await createStore(t.database, { name: `Kiosco A ${Date.now()}` });
  storeB = await createStore(t.database, { name: `Kiosco B ${Date.now()}` });
  [memberA, memberB, operator, remitter, stranger] = await Promise.all([
    createFastUser(t.database, 'Marta'),
    createFastUser(t.database, 'Bruno'),
    createFastUser(t.database, 'Olga'),
    createFastUser(t.database, 'Ana'),
    createFastUser(t.database, 'Sara'),
  ]);
  await addStoreMember(t.database, storeA.id, memberA.id);
  await addStoreMember(t.database, storeB.id, memberB.id);
  await makeOperator(t.database, operator.id);
  courier = await visitorHeaders(t.app);
});
afterAll(() => t.close());

interface Ready {
  id: number;
  number: string;
  groupNumber: string;
  token: string;
}

/** A paid delivery order of store A, ready, with its courier link. */
async function readyOrder(): Promise<Ready> {
  const product = await createProduct(t.database, storeA.id);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    stores: [
      {
        storeId: storeA.id,
        storeName: storeA.name,
        status: 'preparing_to_delivery',
        lines: [{ productId: product.id }],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  await t.database.db.execute(
    sql`update store_orders set delivery_code = ${CODE} where id = ${storeOrder.id}`,
  );
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/merchant/stores/${storeA.id}/orders/${storeOrder.number}/status/`,
    headers: memberA.headers,
    payload: { from: 'preparing_to_delivery', to: 'ready_to_delivery' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<StaffStoreOrder>().courier_url?.split('/entrega/')[1] ?? '';
  return { id: storeOrder.id, number: storeOrder.number, groupNumber: order.number, token };
}

function courierGet(token: string) {
  return t.app.inject({ method: 'GET', url: `/v1/courier/${token}/` });
}

function courierPost(token: string, action: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: `/v1/courier/${token}/${action}`, headers: courier, payload });
}

function delivered(token: string, code: string, extra: Record<string, unknown> = {}) {
  return courierPost(token, 'delivered/', { recipient_name: 'Rosa Fernández', code, ...extra });
}

async function uploadPhoto(token: string): Promise<string> {
  const body = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/courier/${token}/photos/`,
    headers: { ...courier, 'content-type': 'image/png' },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ photo_id: string }>().photo_id;
}

describe('a link that is not one', () => {
  it('answers 404 in Spanish for an unknown token, and for a malformed one', async () => {
    const unknown = await courierGet(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(LINK_NOT_FOUND);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect((await courierPost(randomBytes(32).toString('base64url'), 'picked-up/')).statusCode).toBe(404);
    expect((await courierGet('corto')).statusCode).toBe(404);
  });

  it('stops working a week after delivery', async () => {
    const order = await readyOrder();
    expect((await delivered(order.token, CODE)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update store_orders set delivered_at = now() - interval '6 days 23 hours' where id = ${order.id}`,
    );
    expect((await courierGet(order.token)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update store_orders set delivered_at = now() - interval '8 days' where id = ${order.id}`,
    );
    const expired = await courierGet(order.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(LINK_NOT_FOUND);
    expect((await courierPost(order.token, 'attempts/', { reason: 'nobody_home' })).statusCode).toBe(404);
  });

  it('refuses a POST without the CSRF token', async () => {
    const order = await readyOrder();
    const bare = await t.app.inject({
      method: 'POST',
      url: `/v1/courier/${order.token}/picked-up/`,
      headers: { origin: TEST_ORIGIN },
      payload: {},
    });
    expect(bare.statusCode).toBe(403);
    const row = await queryRows<{ status: string }>(
      t.database,
      sql`select status from store_orders where id = ${order.id}`,
    );
    expect(row[0]?.status).toBe('ready_to_delivery');
  });
});

describe("a link used on another order's photo", () => {
  it('cannot name a photo uploaded through another link', async () => {
    const first = await readyOrder();
    const second = await readyOrder();
    const photoOfFirst = await uploadPhoto(first.token);
    const borrowed = await delivered(second.token, CODE, { photo_id: photoOfFirst });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json()).toEqual({ photo_id: ['No encontramos esa foto. Vuelve a sacarla.'] });
    const [row] = await queryRows<{ status: string; proof_media_key: string | null }>(
      t.database,
      sql`select status, proof_media_key from store_orders where id = ${second.id}`,
    );
    expect(row).toEqual({ status: 'ready_to_delivery', proof_media_key: null });
  });

  it('takes only images, and no more once delivered', async () => {
    const order = await readyOrder();
    const text = await t.app.inject({
      method: 'POST',
      url: `/v1/courier/${order.token}/photos/`,
      headers: { ...courier, 'content-type': 'image/jpeg' },
      payload: Buffer.from('no soy una foto'),
    });
    expect(text.statusCode).toBe(400);
    expect((await delivered(order.token, CODE)).statusCode).toBe(200);
    const late = await t.app.inject({
      method: 'POST',
      url: `/v1/courier/${order.token}/photos/`,
      headers: { ...courier, 'content-type': 'image/jpeg' },
      payload: Buffer.from([0xff, 0xd8, 0xff]),
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('guessing the code', () => {
  it('locks the link after five wrong codes until an operator reopens it', async () => {
    const order = await readyOrder();
    const answers: Array<[number, unknown]> = [];
    for (const code of ['0000', '1111', '2222', '3333', '4444']) {
      const response = await delivered(order.token, code);
      answers.push([response.statusCode, response.json()]);
    }
    expect(answers).toEqual([
      [400, { detail: 'El código no es correcto. Te quedan 4 intentos.' }],
      [400, { detail: 'El código no es correcto. Te quedan 3 intentos.' }],
      [400, { detail: 'El código no es correcto. Te quedan 2 intentos.' }],
      [400, { detail: 'El código no es correcto. Te queda 1 intento.' }],
      [423, LINK_LOCKED],
    ]);

    // Locked: the right code, the page and every other call are refused, and the counter too.
    const right = await delivered(order.token, CODE);
    expect([right.statusCode, right.json()]).toEqual([423, LINK_LOCKED]);
    expect((await courierGet(order.token)).statusCode).toBe(423);
    expect((await courierPost(order.token, 'picked-up/')).statusCode).toBe(423);
    const counter = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${storeA.id}/orders/${order.number}/deliver/`,
      headers: memberA.headers,
      payload: { code: CODE, recipient_name: 'Rosa Fernández' },
    });
    expect(counter.statusCode).toBe(423);

    // Only an operator reopens it.
    const reopenUrl = `/v1/admin/store-orders/${order.number}/courier-link/reopen/`;
    const byMember = await t.app.inject({ method: 'POST', url: reopenUrl, headers: memberA.headers });
    expect(byMember.statusCode).toBe(403);
    const reopened = await t.app.inject({ method: 'POST', url: reopenUrl, headers: operator.headers });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<StaffStoreOrder>().status).toBe('ready_to_delivery');
    const [row] = await queryRows<{ code_failures: number; courier_locked_at: Date | null }>(
      t.database,
      sql`select code_failures, courier_locked_at from store_orders where id = ${order.id}`,
    );
    expect(row).toEqual({ code_failures: 0, courier_locked_at: null });
    const history = await queryRows<Record<string, unknown>>(
      t.database,
      sql`select from_status, to_status, actor_role, actor_user_id, reason from store_order_history
          where store_order_id = ${order.id} order by id desc limit 1`,
    );
    expect(history[0]).toEqual({
      from_status: 'ready_to_delivery',
      to_status: 'ready_to_delivery',
      actor_role: 'operator',
      actor_user_id: operator.id,
      reason: 'Enlace de entrega reabierto',
    });

    const afterReopen = await courierGet(order.token);
    expect(afterReopen.statusCode).toBe(200);
    expect(afterReopen.json()).toMatchObject({ code_tries_left: 5 });
    expect((await delivered(order.token, CODE)).statusCode).toBe(200);
  });
});

describe('the proof photo', () => {
  let order: Ready;
  beforeAll(async () => {
    order = await readyOrder();
    const photoId = await uploadPhoto(order.token);
    expect((await delivered(order.token, CODE, { photo_id: photoId })).statusCode).toBe(200);
  });

  function get(url: string, who: FastUser | null) {
    return t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.headers.cookie } : {} });
  }

  it("is 404 to a member of another store, by either store's path", async () => {
    const underA = await get(`/v1/merchant/stores/${storeA.id}/orders/${order.number}/proof-photo`, memberB);
    expect(underA.statusCode).toBe(404);
    const underB = await get(`/v1/merchant/stores/${storeB.id}/orders/${order.number}/proof-photo`, memberB);
    expect(underB.statusCode).toBe(404);
    expect(
      (await get(`/v1/merchant/stores/${storeA.id}/orders/${order.number}/proof-photo`, memberA)).statusCode,
    ).toBe(200);
  });

  it('is 404 to a shopper who is not the remitter, and to the remitter under another order', async () => {
    const url = `/v1/orders/${order.groupNumber}/store-orders/${order.number}/proof-photo`;
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, remitter)).statusCode).toBe(200);
    const other = await readyOrder();
    const mixed = `/v1/orders/${other.groupNumber}/store-orders/${order.number}/proof-photo`;
    expect((await get(mixed, remitter)).statusCode).toBe(404);
    // No photo yet.
    const none = `/v1/orders/${other.groupNumber}/store-orders/${other.number}/proof-photo`;
    expect((await get(none, remitter)).statusCode).toBe(404);
  });

  it('is refused to non-operators in the back office', async () => {
    const url = `/v1/admin/store-orders/${order.number}/proof-photo`;
    expect((await get(url, memberA)).statusCode).toBe(403);
    expect((await get(url, remitter)).statusCode).toBe(403);
    expect((await get(url, operator)).statusCode).toBe(200);
  });
});

describe('the rate limits', () => {
  it('count every call per link', async () => {
    const limited = await createTestApp({ rateLimits: { courierPerToken: { max: 2, windowSeconds: 600 } } });
    try {
      const token = randomBytes(32).toString('base64url');
      const codes: number[] = [];
      for (let call = 0; call < 3; call += 1) {
        codes.push((await limited.app.inject({ method: 'GET', url: `/v1/courier/${token}/` })).statusCode);
      }
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

/**
 * Starts an upload of a large body, sends only its first bytes and waits for the answer: a status before
 * the rest arrives means the request was refused without its body being read (a route that read it would
 * wait for the rest, and time out here).
 */
async function statusBeforeBody(
  app: TestApp['app'],
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.destroy();
      reject(new Error('no answer before the body was sent'));
    }, 3000);
    const pending = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-type': 'image/jpeg', 'content-length': String(4 * 1024 * 1024) },
      },
      (response) => {
        clearTimeout(timer);
        response.resume();
        pending.destroy();
        resolve(response.statusCode ?? 0);
      },
    );
    pending.on('error', () => {});
    pending.write(Buffer.alloc(1024));
  });
}

describe('a photo upload (security review)', () => {
  it('is refused without the CSRF token before its body is read', async () => {
    const other = await createTestApp();
    try {
      // The visitor's cookie, without the X-CSRFToken header that goes with it.
      const { cookie } = await visitorHeaders(other.app);
      const token = randomBytes(32).toString('base64url');
      const status = await statusBeforeBody(other.app, `/v1/courier/${token}/photos/`, { cookie });
      expect(status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('counts the link and the photo limits before its body is read', async () => {
    const limited = await createTestApp({
      rateLimits: { courierPhotoPerToken: { max: 0, windowSeconds: 600 } },
    });
    try {
      const visitor = await visitorHeaders(limited.app);
      const token = randomBytes(32).toString('base64url');
      const { origin: _origin, ...headers } = visitor;
      const status = await statusBeforeBody(limited.app, `/v1/courier/${token}/photos/`, headers);
      expect(status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a link after the order ended (security review)', () => {
  async function endAt(order: Ready, status: string, daysAgo: number): Promise<void> {
    await t.database.db.execute(sql`update store_orders set status = ${status} where id = ${order.id}`);
    await t.database.db.execute(
      sql`update store_order_history set created_at = now() - ${daysAgo}::integer * interval '1 day'
          where store_order_id = ${order.id}`,
    );
  }

  it('stops working a week after the order was rejected', async () => {
    const order = await readyOrder();
    await endAt(order, 'rejected', 6);
    expect((await courierGet(order.token)).statusCode).toBe(200);
    await endAt(order, 'rejected', 8);
    const expired = await courierGet(order.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(LINK_NOT_FOUND);
  });

  it('stops working a week after an operator marked it delivered by hand (no delivered_at)', async () => {
    const order = await readyOrder();
    await endAt(order, 'delivered', 8);
    const expired = await courierGet(order.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(LINK_NOT_FOUND);
    expect((await courierPost(order.token, 'attempts/', { reason: 'nobody_home' })).statusCode).toBe(404);
  });

  it("offers nothing to do while the order is 'Con problemas'", async () => {
    const order = await readyOrder();
    await t.database.db.execute(sql`update store_orders set status = 'warning' where id = ${order.id}`);
    const view = await courierGet(order.token);
    expect(view.statusCode).toBe(200);
    expect(view.json<{ actions: string[] }>().actions).toEqual([]);
    expect((await courierPost(order.token, 'picked-up/')).statusCode).toBe(409);
  });
});

describe('an attempt note (security review)', () => {
  it('may not carry a link, a domain or an e-mail', async () => {
    const order = await readyOrder();
    for (const note of [
      'Llama a evil.example',
      'Ver https://x.co',
      'Escribe a ana@correo.uy',
      'www.premio',
    ]) {
      const refused = await courierPost(order.token, 'attempts/', { reason: 'other', note });
      expect(refused.statusCode, note).toBe(400);
      expect(refused.json()).toEqual({ note: ['Escribe la nota sin enlaces ni correos.'] });
    }
    const fine = await courierPost(order.token, 'attempts/', {
      reason: 'other',
      note: 'Timbre roto, Sr. Gómez',
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe("the operator's calls in the service (security review)", () => {
  it('refuse a merchant called directly: 403', async () => {
    const order = await readyOrder();
    const merchant: Actor = {
      userId: memberA.id,
      roles: ['remitter', 'merchant'],
      storeIds: [storeA.id],
      ownedStoreIds: [],
      operatorGroup: null,
    };
    await expect(
      reopenCourierLink(t.database.db, merchant, order.number, t.app.publicUrl),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      readOperatorProofPhoto(t.database.db, merchant, t.app.media, order.number),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
