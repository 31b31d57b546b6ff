import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import type { WeeklyHours } from '@mandado/shared/store-hours';
import { substitutionQuestionSchema } from '@mandado/shared/substitution.schemas';
import { substitutionDeadline } from '@mandado/shared/substitution-deadline';
import { SUBSTITUTION_MESSAGES } from '@mandado/shared/substitution-texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushWorker } from '../src/modules/store-inbox/push-worker.ts';
import { addStoreMember, createProduct, createStore, type TestProduct, type TestStore } from './factories.ts';
import { createFastUser, type FastUser } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 29 item 1, the parts of decision 073: the remitter answers inline in 'Mis Compras' (the same one
 * answer as the signed link), is asked by Web Push on the browsers they opted in from (a real local push
 * service, npm web-push-testing, decrypts what we send), and the store's wait counts within its hours.
 */
interface PushTestingServer {
  startServer(): void;
  _server?: { close(callback: () => void): void };
}
const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => unknown;
};
const WebPushTestingServer = require('web-push-testing/src/server.js') as {
  new (model: unknown, port: number): PushTestingServer;
};

async function freePort(): Promise<number> {
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let t: TestApp;
let pushServer: PushTestingServer;
let pushBase: string;
let store: TestStore;
let rice: TestProduct;
let cheaper: TestProduct;
let owner: FastUser;
let remitter: FastUser;
let stranger: FastUser;

beforeAll(async () => {
  const port = await freePort();
  pushServer = new WebPushTestingServer(new PushApiModel(), port);
  const log = console.log;
  console.log = () => {};
  try {
    pushServer.startServer();
    await new Promise<void>((resolve) => setTimeout(resolve, 200));
  } finally {
    console.log = log;
  }
  pushBase = `http://localhost:${port}`;
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined, kickRefundWorker: () => undefined });
  store = await createStore(t.database, { name: `Almacén Reemplazos ${Date.now()}` });
  rice = await createProduct(t.database, store.id, { name: 'Arroz 1 kg', price: '10.00', currency: 'USD' });
  cheaper = await createProduct(t.database, store.id, {
    name: 'Arroz integral',
    price: '8.00',
    currency: 'USD',
  });
  [owner, remitter, stranger] = await Promise.all([
    createFastUser(t.database, 'Marta'),
    createFastUser(t.database, 'Lucía'),
    createFastUser(t.database, 'Pablo'),
  ]);
  await addStoreMember(t.database, store.id, owner.id, 'owner');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => (pushServer._server ? pushServer._server.close(resolve) : resolve()));
});

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) {
  return t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
}

/** A paid card order of 5 × rice; the store proposes 3 × the cheaper one for the 3 it lacks. */
async function proposedQuestion(): Promise<{ id: number; deadline: Date; storeOrderId: number }> {
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: 'paid',
    paymentMethod: 'card',
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'approved',
        lines: [{ productId: rice.id, quantity: 5, total: '50.00' }],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  const [line] = await queryRows<{ id: number }>(
    t.database,
    sql`select id from order_lines where store_order_id = ${storeOrder.id}`,
  );
  if (!line) throw new Error('no line');
  const proposed = await inject(
    'POST',
    `/v1/merchant/stores/${store.id}/orders/${storeOrder.number}/lines/${line.id}/substitute-question/`,
    owner.headers,
    { from: 'approved', available_quantity: 2, substitute: { product_id: cheaper.id, quantity: 3 } },
  );
  expect(proposed.statusCode, proposed.body).toBe(200);
  const [question] = await queryRows<{ id: number; deadline_at: string }>(
    t.database,
    sql`select id, deadline_at::text from substitution_questions where order_line_id = ${line.id}`,
  );
  if (!question) throw new Error('no question');
  return { id: question.id, deadline: new Date(question.deadline_at), storeOrderId: storeOrder.id };
}

describe("the same choice inline in 'Mis Compras'", () => {
  it('answers a question of your own order once; the signed link then says it is answered', async () => {
    const question = await proposedQuestion();
    const url = `/v1/substitutions/mine/${question.id}/answer/`;
    expect((await inject('POST', url, await visitorHeaders(t.app), { answer: 'accept' })).statusCode).toBe(
      401,
    );
    const notMine = await inject('POST', url, stranger.headers, { answer: 'accept' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ detail: SUBSTITUTION_MESSAGES.notYours });

    const open = await inject('GET', '/v1/substitutions/', remitter.headers);
    expect(
      open.json<{ results: Array<{ question: { id: number } }> }>().results.map((r) => r.question.id),
    ).toContain(question.id);
    const answered = await inject('POST', url, remitter.headers, { answer: 'refund_credit' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(substitutionQuestionSchema.parse(answered.json())).toMatchObject({
      status: 'answered',
      answer: 'refund_credit',
      answered_by: 'remitter',
    });
    // Refused as credit: the 3 missing units (30.00) come back to the wallet, once.
    const refunds = await queryRows<{ amount: string; destination: string }>(
      t.database,
      sql`select amount::text, destination from refunds where store_order_id = ${question.storeOrderId}`,
    );
    expect(refunds).toEqual([{ amount: '30.00', destination: 'wallet' }]);

    const again = await inject('POST', url, remitter.headers, { answer: 'accept' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: SUBSTITUTION_MESSAGES.alreadyAnswered });
    const [mail] = await queryRows<{ text_body: string }>(
      t.database,
      sql`select text_body from email_outbox where to_address = ${remitter.email}
          and kind = 'store_order.substitute_proposed' order by id desc limit 1`,
    );
    const token = mail?.text_body.match(/\/reemplazo\/([^\s]+)/)?.[1] ?? '';
    const byLink = await inject('POST', `/v1/substitutions/${token}/answer/`, await visitorHeaders(t.app), {
      answer: 'accept',
    });
    expect(byLink.statusCode).toBe(409);
    expect(
      await queryRows(t.database, sql`select 1 from refunds where store_order_id = ${question.storeOrderId}`),
    ).toHaveLength(1);
  });
});

describe('Web Push to the remitter', () => {
  async function pushService<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${pushBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`push service ${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  it('opts in, is asked by push with the signed link, and a subscription the service dropped (410) goes', async () => {
    const key = await inject('GET', '/v1/me/push/key/', { cookie: remitter.headers.cookie });
    expect(key.statusCode).toBe(200);
    expect((await inject('GET', '/v1/me/push/key/', {})).statusCode).toBe(401);
    const { data: browser } = await pushService<{
      data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
    }>('/subscribe', {
      userVisibleOnly: 'true',
      applicationServerKey: key.json<{ public_key: string }>().public_key,
    });
    const registered = await inject('POST', '/v1/me/push/subscriptions/', remitter.headers, {
      endpoint: browser.endpoint,
      keys: browser.keys,
    });
    expect(registered.statusCode, registered.body).toBe(204);
    const status = await inject('POST', '/v1/me/push/subscriptions/status/', remitter.headers, {
      endpoint: browser.endpoint,
    });
    expect(status.json()).toEqual({ subscribed: true });
    // Someone else cannot take this browser's endpoint over.
    const taken = await inject('POST', '/v1/me/push/subscriptions/', stranger.headers, {
      endpoint: browser.endpoint,
      keys: browser.keys,
    });
    expect(taken.statusCode).toBe(409);

    await proposedQuestion();
    const worker = startPushWorker({
      db: t.database.db,
      keys: t.app.vapidKeys,
      log: t.app.log,
      intervalMs: 60_000,
      endpoints: { allowLocalEndpoints: true },
    });
    try {
      await worker.drain();
      const { data } = await pushService<{ data: { messages: string[] } }>('/get-notifications', {
        clientHash: browser.clientHash,
      });
      const messages = data.messages.map((message) => JSON.parse(message) as { title: string; url: string });
      expect(messages).toHaveLength(1);
      expect(messages[0]?.title).toMatch(/^¿Aceptas un reemplazo\? Pedido /);
      expect(messages[0]?.url).toMatch(/\/reemplazo\/[^/]+$/);
      // The store's members' new-order pushes never go to a shopper's browser.
      const staffRows = await queryRows(
        t.database,
        sql`select 1 from push_subscriptions where user_id = ${remitter.id} and audience = 'staff'`,
      );
      expect(staffRows).toHaveLength(0);

      const expired = await fetch(`${pushBase}/expire-subscription/${browser.clientHash}`, {
        method: 'POST',
      });
      expect(expired.status).toBe(200);
      await proposedQuestion();
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const left = await queryRows(
      t.database,
      sql`select 1 from push_subscriptions where endpoint = ${browser.endpoint}`,
    );
    expect(left).toHaveLength(0);
  });
});

describe('Web Push of the delivery to the remitter', () => {
  it("writes 'delivered' and 'attempt failed' pushes to the shopper's browsers only", async () => {
    const shopper = await createFastUser(t.database, 'Inés');
    const endpoint = `http://localhost:9/push/${shopper.id}`;
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    expect(
      (await inject('POST', '/v1/me/push/subscriptions/', shopper.headers, { endpoint, keys })).statusCode,
    ).toBe(204);
    const order = await insertPlacedOrder(t.database, {
      remitterId: shopper.id,
      stores: [
        {
          storeId: store.id,
          storeName: store.name,
          status: 'in_transit',
          lines: [{ productId: rice.id, quantity: 1, total: '10.00' }],
        },
      ],
    });
    const storeOrder = order.storeOrders[0];
    if (!storeOrder) throw new Error('no store order');
    const token = `${'p'.repeat(31)}${String(storeOrder.id).padStart(12, '0')}`;
    await t.database.db.execute(
      sql`update store_orders set delivery_code = '8642', courier_token = ${token} where id = ${storeOrder.id}`,
    );
    const courier = await visitorHeaders(t.app);
    const attempt = await inject('POST', `/v1/courier/${token}/attempts/`, courier, {
      reason: 'nobody_home',
      note: '',
    });
    expect(attempt.statusCode, attempt.body).toBe(200);
    const delivered = await inject('POST', `/v1/courier/${token}/delivered/`, courier, {
      recipient_name: 'Rosa Fernández',
      code: '8642',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const pushes = await queryRows<{ payload: { title: string; body: string; url: string } }>(
      t.database,
      sql`select o.payload from push_outbox o join push_subscriptions s on s.id = o.subscription_id
          where s.user_id = ${shopper.id} order by o.id`,
    );
    expect(pushes.map((push) => push.payload.title)).toEqual([
      `No pudimos entregar el pedido ${storeOrder.number}`,
      `Pedido ${storeOrder.number} entregado`,
    ]);
    expect(pushes[1]?.payload.body).toBe(`${store.name}: lo recibió Rosa Fernández.`);
    expect(pushes[1]?.payload.url).toMatch(new RegExp(`/user/orders/${order.number}$`));
  });
});

describe("the store's wait, within its hours", () => {
  it('the owner sets it (5 to 120), and a question asked while the store is closed waits for it to open', async () => {
    const path = `/v1/merchant/stores/${store.id}/substitution-wait/`;
    expect((await inject('GET', path, owner.headers)).json()).toEqual({ wait_minutes: 20 });
    const tooLong = await inject('PUT', path, owner.headers, { wait_minutes: 121 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Escribe entre 5 y 120 minutos');
    const set = await inject('PUT', path, owner.headers, { wait_minutes: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ wait_minutes: 30 });

    // No hours: the plain 30 minutes.
    const before = Date.now();
    const plain = await proposedQuestion();
    expect(plain.deadline.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(plain.deadline.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);

    // Open one hour a day, starting two hours from now on Montevideo's clock: nothing counts until then.
    const mvdHour = new Date(Date.now() - 3 * 3600_000).getUTCHours();
    const from = (mvdHour + 2) % 24 <= 22 ? (mvdHour + 2) % 24 : 1;
    const range = [
      { from: `${String(from).padStart(2, '0')}:00`, to: `${String(from + 1).padStart(2, '0')}:00` },
    ];
    const hours: WeeklyHours = {
      monday: range,
      tuesday: range,
      wednesday: range,
      thursday: range,
      friday: range,
      saturday: range,
      sunday: range,
    };
    await t.database.db.execute(
      sql`update stores set opening_hours = ${JSON.stringify(hours)}::jsonb where id = ${store.id}`,
    );
    const askedFrom = new Date();
    const closed = await proposedQuestion();
    const expected = substitutionDeadline(hours, askedFrom, 30).getTime();
    expect(Math.abs(closed.deadline.getTime() - expected)).toBeLessThan(5000);
    expect(closed.deadline.getTime() - askedFrom.getTime()).toBeGreaterThan(60 * 60_000);
  });
});
