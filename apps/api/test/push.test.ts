import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { STORE_INBOX_MESSAGES } from '@mandado/shared/store-inbox.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePushEndpoint } from '../src/modules/store-inbox/push-endpoint.ts';
import {
  PUSH_MAX_ATTEMPTS,
  pushRetryDelaySeconds,
  startPushWorker,
} from '../src/modules/store-inbox/push-worker.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Web Push against a real local push service: npm web-push-testing, run in this process on a free port. It
 * hands out subscriptions like a browser's push service, checks each message's VAPID signature, decrypts
 * it with the subscription's private key and keeps it for us to read; an expired subscription answers 410.
 */
interface PushTestingServer {
  startServer(): void;
  _server?: { close(callback: () => void): void };
}
type PushTestingModule = {
  new (model: unknown, port: number): PushTestingServer;
};
const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => unknown;
};
const WebPushTestingServer = require('web-push-testing/src/server.js') as PushTestingModule;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let t: TestApp;
let pushServer: PushTestingServer;
let pushBase: string;
let store: TestStore;
let member: TestUser;
let otherMember: TestUser;
let operator: TestUser;
let remitter: TestUser;

beforeAll(async () => {
  const port = await freePort();
  pushServer = new WebPushTestingServer(new PushApiModel(), port);
  // The package logs its start once listening; keep the test output clean.
  const log = console.log;
  console.log = () => {};
  try {
    pushServer.startServer();
    await new Promise<void>((resolve) => setTimeout(resolve, 200));
  } finally {
    console.log = log;
  }
  pushBase = `http://localhost:${port}`;
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
  store = await createStore(t.database, { name: `Almacén Push ${Date.now()}` });
  member = await createUser(t.app, { first_name: 'Marta' });
  otherMember = await createUser(t.app, { first_name: 'Pedro' });
  operator = await createUser(t.app);
  remitter = await createUser(t.app);
  await addStoreMember(t.database, store.id, member.id);
  await addStoreMember(t.database, store.id, otherMember.id);
  await makeOperator(t.database, operator.id);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => (pushServer._server ? pushServer._server.close(resolve) : resolve()));
});

async function pushService<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${pushBase}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** What a member's browser does: read our public key, subscribe at its push service, register with us. */
async function subscribeBrowser(user: TestUser): Promise<BrowserSubscription> {
  const key = await t.app.inject({
    method: 'GET',
    url: '/v1/merchant/push/key/',
    headers: { cookie: user.headers.cookie },
  });
  expect(key.statusCode).toBe(200);
  const publicKey = key.json<{ public_key: string }>().public_key;
  const { data } = await pushService<{ data: BrowserSubscription }>('/subscribe', {
    userVisibleOnly: 'true',
    applicationServerKey: publicKey,
  });
  const registered = await t.app.inject({
    method: 'POST',
    url: '/v1/merchant/push/subscriptions/',
    headers: user.headers,
    payload: { endpoint: data.endpoint, keys: data.keys },
  });
  expect(registered.statusCode, registered.body).toBe(204);
  return data;
}

async function received(subscription: BrowserSubscription): Promise<unknown[]> {
  const { data } = await pushService<{ data: { messages: string[] } }>('/get-notifications', {
    clientHash: subscription.clientHash,
  });
  return data.messages.map((message) => JSON.parse(message));
}

/** A transfer order for the store, then an operator marks it paid: the store orders become 'approved'. */
async function paidTransferOrder(): Promise<{ number: string; storeOrderNumber: string }> {
  const product = await createProduct(t.database, store.id);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: 'pending',
    paymentMethod: 'bank_transfer',
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'pending',
        lines: [{ productId: product.id, quantity: 3 }],
      },
    ],
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/orders/${order.number}/mark-paid/`,
    headers: operator.headers,
    payload: { reference: 'TRX-PUSH' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { number: order.number, storeOrderNumber: order.storeOrders[0]?.number ?? '' };
}

function worker() {
  return startPushWorker({
    db: t.database.db,
    keys: t.app.vapidKeys,
    log: t.app.log,
    intervalMs: 60_000,
    endpoints: { allowLocalEndpoints: true },
  });
}

describe('Web Push for store members', () => {
  it('keeps one VAPID key pair, made on first use and stored for every instance', async () => {
    const first = await t.app.vapidKeys();
    const stored = await queryRows<{ value: { publicKey: string } }>(
      t.database,
      sql`select value from server_keys where name = 'vapid'`,
    );
    expect(stored[0]?.value.publicKey).toBe(first.publicKey);
    expect((await t.app.vapidKeys()).publicKey).toBe(first.publicKey);
  });

  it('refuses endpoints that are not https (or a local push service), and visitors and shoppers', async () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    for (const endpoint of [
      'ftp://push.example/x',
      'http://push.example/x',
      'javascript:alert(1)',
      'https://u:p@push.example/x',
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/v1/merchant/push/subscriptions/',
        headers: member.headers,
        payload: { endpoint, keys },
      });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json()).toEqual({ endpoint: [STORE_INBOX_MESSAGES.pushEndpoint] });
    }
    const shopper = await t.app.inject({
      method: 'POST',
      url: '/v1/merchant/push/subscriptions/',
      headers: remitter.headers,
      payload: { endpoint: 'https://push.example/x', keys },
    });
    expect(shopper.statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'GET', url: '/v1/merchant/push/key/' });
    expect(visitor.statusCode).toBe(401);
  });

  it('e-mails every member and pushes to their subscriptions when an order is paid; the worker delivers', async () => {
    const subscription = await subscribeBrowser(member);
    const { storeOrderNumber } = await paidTransferOrder();

    const mails = await queryRows<{ to_address: string; text_body: string }>(
      t.database,
      sql`select to_address, text_body from email_outbox where subject = ${`Nuevo pedido ${storeOrderNumber}`}
          order by to_address`,
    );
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([member.email, otherMember.email].sort());
    expect(mails[0]?.text_body).toContain('3 productos para Rosa (Montevideo)');
    expect(mails[0]?.text_body).toContain('http://localhost:3000/comercio');

    const rows = await queryRows<{ status: string; payload: { title: string; url: string } }>(
      t.database,
      sql`select o.status, o.payload from push_outbox o join push_subscriptions s on s.id = o.subscription_id
          where s.endpoint = ${subscription.endpoint}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({ title: 'Nuevo pedido', url: '/comercio' });

    const pushWorker = worker();
    await pushWorker.drain();
    await pushWorker.stop();
    const messages = await received(subscription);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: 'Nuevo pedido', url: '/comercio' });
    expect(String((messages[0] as { body: string }).body)).toContain(storeOrderNumber);
    const sent = await queryRows<{ status: string }>(
      t.database,
      sql`select o.status from push_outbox o join push_subscriptions s on s.id = o.subscription_id
          where s.endpoint = ${subscription.endpoint}`,
    );
    expect(sent).toEqual([{ status: 'sent' }]);
  });

  it('keeps a message for later with back-off when the push service fails (500)', async () => {
    // A real HTTP peer that fails, reached with a real browser subscription's keys.
    const failing = createHttpServer((_request, response) => {
      response.statusCode = 500;
      response.end('busy');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const address = failing.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const browser = await subscribeBrowser(member);
      const endpoint = `http://127.0.0.1:${port}/push/${browser.clientHash}`;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/v1/merchant/push/subscriptions/',
        headers: member.headers,
        payload: { endpoint, keys: browser.keys },
      });
      expect(registered.statusCode).toBe(204);
      await paidTransferOrder();
      const pushWorker = worker();
      await pushWorker.drain();
      await pushWorker.stop();
      const rows = await queryRows<{
        status: string;
        attempts: number;
        due_later: boolean;
        last_error: string;
      }>(
        t.database,
        sql`select o.status, o.attempts, o.next_attempt_at > now() + interval '10 seconds' as due_later,
              o.last_error
            from push_outbox o join push_subscriptions s on s.id = o.subscription_id
            where s.endpoint = ${endpoint}`,
      );
      expect(rows).toEqual([
        { status: 'pending', attempts: 1, due_later: true, last_error: expect.stringContaining('500') },
      ]);
      // The peer's body is not kept: only the status and the reason phrase.
      expect(rows[0]?.last_error).not.toContain('busy');
      expect(pushRetryDelaySeconds(1)).toBe(15);
      expect(pushRetryDelaySeconds(PUSH_MAX_ATTEMPTS)).toBeNull();
    } finally {
      await new Promise<void>((resolve) => failing.close(() => resolve()));
    }
  });

  it('deletes a subscription the push service says is gone (410), and a member can unsubscribe', async () => {
    const gone = await subscribeBrowser(otherMember);
    const expired = await fetch(`${pushBase}/expire-subscription/${gone.clientHash}`, { method: 'POST' });
    expect(expired.status).toBe(200);
    await paidTransferOrder();
    const pushWorker = worker();
    await pushWorker.drain();
    await pushWorker.stop();
    const left = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from push_subscriptions where endpoint = ${gone.endpoint}`,
    );
    expect(left[0]?.n).toBe(0);

    const kept = await subscribeBrowser(otherMember);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/v1/merchant/push/subscriptions/',
      headers: otherMember.headers,
      payload: { endpoint: kept.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    const after = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from push_subscriptions where endpoint = ${kept.endpoint}`,
    );
    expect(after[0]?.n).toBe(0);
  });

  it('refuses keys that are not a P-256 point (65 bytes, 0x04) and a 16-byte secret', async () => {
    const good = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    for (const keys of [
      { ...good, p256dh: 'A'.repeat(87) }, // 65 bytes, 0x00 first
      { ...good, p256dh: 'B'.repeat(86) }, // 64 bytes
      { ...good, auth: 'A'.repeat(20) }, // 15 bytes
      { ...good, auth: 'A'.repeat(24) }, // 18 bytes
      { ...good, auth: 'A!'.repeat(11) },
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/v1/merchant/push/subscriptions/',
        headers: member.headers,
        payload: { endpoint: `${pushBase}/push/keys-check`, keys },
      });
      expect(refused.statusCode, JSON.stringify(keys)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(STORE_INBOX_MESSAGES.pushKeys);
    }
  });

  it('accepts only the push services’ hosts over https, and local http outside production', () => {
    const production = { allowLocalEndpoints: false };
    const development = { allowLocalEndpoints: true };
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://updates-autopush.stage.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
    ]) {
      expect(normalizePushEndpoint(endpoint, production), endpoint).toBe(endpoint);
    }
    for (const endpoint of [
      'http://localhost:9999/push/x',
      'http://127.0.0.1:9999/push/x',
      'https://push.example/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/x',
      'https://notify.windows.com.evil.example/x',
    ]) {
      expect(normalizePushEndpoint(endpoint, production), endpoint).toBeNull();
    }
    expect(normalizePushEndpoint('http://localhost:9999/push/x', development)).toBe(
      'http://localhost:9999/push/x',
    );
    expect(normalizePushEndpoint('http://10.0.0.1/push/x', development)).toBeNull();
    expect(normalizePushEndpoint('https://push.example/x', development)).toBeNull();
    // Stored as URL.href: ASCII.
    expect(normalizePushEndpoint('https://fcm.googleapis.com/fcm/send/ü', production)).toBe(
      'https://fcm.googleapis.com/fcm/send/%C3%BC',
    );
  });

  it('refuses an endpoint on another host or too long (a 2000-character CJK one is a 400, not a 500)', async () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    for (const endpoint of [
      'https://push.example/x',
      `https://fcm.googleapis.com/fcm/send/${'漢'.repeat(2000)}`,
      `https://fcm.googleapis.com/fcm/send/${'漢'.repeat(300)}`,
      `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1000)}`,
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/v1/merchant/push/subscriptions/',
        headers: member.headers,
        payload: { endpoint, keys },
      });
      expect(refused.statusCode, endpoint.slice(0, 60)).toBe(400);
      expect(refused.json()).toEqual({ endpoint: [STORE_INBOX_MESSAGES.pushEndpoint] });
    }
    const stored = await t.app.inject({
      method: 'POST',
      url: '/v1/merchant/push/subscriptions/',
      headers: member.headers,
      payload: { endpoint: `https://fcm.googleapis.com/fcm/send/${'漢'.repeat(10)}`, keys },
    });
    expect(stored.statusCode).toBe(204);
    const rows = await queryRows<{ endpoint: string }>(
      t.database,
      sql`select endpoint from push_subscriptions where endpoint like 'https://fcm.googleapis.com/fcm/send/%'`,
    );
    expect(rows).toEqual([{ endpoint: `https://fcm.googleapis.com/fcm/send/${'%E6%BC%A2'.repeat(10)}` }]);
  });

  it('never hands an endpoint over to another user: 409 and the owner keeps it', async () => {
    const subscription = await subscribeBrowser(member);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/v1/merchant/push/subscriptions/',
      headers: otherMember.headers,
      payload: { endpoint: subscription.endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: STORE_INBOX_MESSAGES.pushEndpointTaken });
    const rows = await queryRows<{ user_id: number; auth: string }>(
      t.database,
      sql`select user_id, auth from push_subscriptions where endpoint = ${subscription.endpoint}`,
    );
    expect(rows).toEqual([{ user_id: member.id, auth: subscription.keys.auth }]);
    // The owner registering again (renewed keys) still works.
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/merchant/push/subscriptions/',
      headers: member.headers,
      payload: { endpoint: subscription.endpoint, keys: subscription.keys },
    });
    expect(again.statusCode).toBe(204);
  });

  it('counts a send that throws as one failed attempt of that message and goes on with the batch', async () => {
    await t.database.db.execute(sql`delete from push_outbox`);
    // A row that passed no check of ours (stored by hand): 65 bytes with 0x04 first, yet no point on the
    // curve, so the encryption throws.
    const [broken] = await queryRows<{ id: number }>(
      t.database,
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
          values (${member.id}, ${`${pushBase}/push/broken`}, ${`BA${'A'.repeat(85)}`}, ${'A'.repeat(22)})
          returning id`,
    );
    const good = await subscribeBrowser(otherMember);
    const [goodRow] = await queryRows<{ id: number }>(
      t.database,
      sql`select id from push_subscriptions where endpoint = ${good.endpoint}`,
    );
    const payload = JSON.stringify({ title: 'Nuevo pedido', body: 'Prueba', url: '/comercio' });
    await t.database.db.execute(
      sql`insert into push_outbox (subscription_id, payload)
          values (${broken?.id}, ${payload}::jsonb), (${goodRow?.id}, ${payload}::jsonb)`,
    );
    const pushWorker = worker();
    await pushWorker.drain();
    await pushWorker.stop();
    const rows = await queryRows<{ subscription_id: number; status: string; attempts: number }>(
      t.database,
      sql`select subscription_id, status, attempts from push_outbox order by id`,
    );
    expect(rows).toEqual([
      { subscription_id: broken?.id, status: 'pending', attempts: 1 },
      { subscription_id: goodRow?.id, status: 'sent', attempts: 1 },
    ]);
  });
});
