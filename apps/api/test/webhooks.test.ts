import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  WebhookDeliveryPage,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@mandado/shared/admin-webhooks.schemas';
import type { OrderGroup, PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../src/modules/webhooks/webhook-address.ts';
import { webhookErrorText } from '../src/modules/webhooks/webhook-error-text.ts';
import { postWebhook } from '../src/modules/webhooks/webhook-sender.ts';
import { startWebhookWorker, type WebhookWorker } from '../src/modules/webhooks/webhook-worker.ts';
import { enqueueWebhookEvent, enqueueWebhookEvents } from '../src/modules/webhooks/webhooks.service.ts';
import { makeOperator } from './factories.ts';
import {
  COLOMBIAN_PHONE,
  createFastUser,
  type FastUser,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Verify = (header: string, body: string, secret: string, toleranceSeconds?: number) => boolean;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let testApp: TestApp;
let worker: WebhookWorker;
let partner: Server;
let partnerUrl: string;
/** What the partner's server got, in order; it answers with the next queued status, else 200. */
const received: Received[] = [];
const answers: number[] = [];
let operator: FastUser;
/** The README's verification snippet, read from the README itself and run as written. */
let verify: Verify;
let snippetDir: string;

async function loadReadmeSnippet(): Promise<Verify> {
  const readme = await readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Webhooks'));
  const match = /```js\n([\s\S]*?)\n```/.exec(section);
  if (!match?.[1]) throw new Error('no verification snippet in the README');
  snippetDir = await mkdtemp(path.join(tmpdir(), 'mandado-webhook-snippet-'));
  const file = path.join(snippetDir, 'verify.mjs');
  await writeFile(file, match[1]);
  const module = (await import(pathToFileURL(file).href)) as { verifyMandadoSignature: Verify };
  return module.verifyMandadoSignature;
}

beforeAll(async () => {
  verify = await loadReadmeSnippet();
  partner = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.shift() ?? 200, { connection: 'close' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/hooks`;
  testApp = await createTestApp({ webhooks: { allowLoopback: true } });
  worker = startWebhookWorker({
    db: testApp.database.db,
    log: testApp.app.log,
    policy: { allowLoopback: true },
    intervalMs: 3_600_000,
    timeoutMs: 5000,
    random: () => 0.5,
  });
  operator = await createFastUser(testApp.database, 'Olga');
  await makeOperator(testApp.database, operator.id, 'administracion');
});

afterAll(async () => {
  await worker.stop();
  await testApp.close();
  await new Promise<void>((resolve) => partner.close(() => resolve()));
  await rm(snippetDir, { recursive: true, force: true });
});

function admin(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return testApp.app.inject({
    method,
    url,
    headers: operator.headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

async function createEndpoint(events: string[], url = partnerUrl): Promise<WebhookEndpointWithSecret> {
  const response = await admin('POST', '/v1/admin/webhooks/', { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

async function pause(id: number, disabled = true): Promise<void> {
  const response = await admin('PUT', `/v1/admin/webhooks/${id}/`, { disabled });
  expect(response.statusCode, response.body).toBe(200);
}

async function deliveriesOf(id: number): Promise<WebhookDeliveryPage> {
  const response = await admin('GET', `/v1/admin/webhooks/${id}/deliveries/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDeliveryPage>();
}

/** Makes every pending delivery due now: the worker's retries without waiting. */
async function makeDueNow(): Promise<void> {
  await testApp.database.db.execute(
    sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`,
  );
}

async function placeTransfer(): Promise<PlaceOrderResult> {
  const { app, database } = testApp;
  const fixture = await prepareCheckout(database, {
    stores: 2,
    stock: 3,
    price: '12.00',
    phone: COLOMBIAN_PHONE,
  });
  const body = await orderBody(app, fixture.user, {
    beneficiaryId: fixture.beneficiaryId,
    payment: { method: 'bank_transfer' },
  });
  const response = await placeOrderRequest(app, fixture.user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PlaceOrderResult>();
}

async function markPaid(number: string): Promise<OrderGroup> {
  const response = await admin('POST', `/v1/admin/orders/${number}/mark-paid/`, { reference: 'TRX-1' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderGroup>();
}

function parsed(delivery: Received): {
  id: string;
  type: string;
  created: number;
  data: Record<string, unknown>;
} {
  return JSON.parse(delivery.body);
}

describe('partners’ endpoints', () => {
  it('are registered with a secret shown once, listed without it; bad URLs and events are 400', async () => {
    const created = await createEndpoint(['order.paid']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ url: partnerUrl, events: ['order.paid'], disabled: false });
    const list = await admin('GET', '/v1/admin/webhooks/');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain('whsec_');
    expect(list.json<WebhookEndpointList>().results.some((endpoint) => endpoint.id === created.id)).toBe(
      true,
    );

    for (const url of [
      'http://partner.example/hooks',
      'https://10.1.2.3/hooks',
      'https://169.254.169.254/',
      'ftp://x.example/',
    ]) {
      const refused = await admin('POST', '/v1/admin/webhooks/', { url, events: ['order.paid'] });
      expect(refused.statusCode, url).toBe(400);
      expect(Object.keys(refused.json<Record<string, unknown>>())).toEqual(['url']);
    }
    const noEvents = await admin('POST', '/v1/admin/webhooks/', { url: partnerUrl, events: [] });
    expect(noEvents.statusCode).toBe(400);
    const unknownEvent = await admin('POST', '/v1/admin/webhooks/', {
      url: partnerUrl,
      events: ['order.created'],
    });
    expect(unknownEvent.statusCode).toBe(400);
    const [audit] = await rows<{ n: number }>(
      testApp.database,
      sql`select count(*)::int as n from audit_events where subject = ${`webhook:${created.id}`}`,
    );
    expect(audit?.n).toBe(1);
    await pause(created.id);
  });

  it('a support operator may list them but not create one', async () => {
    const support = await createFastUser(testApp.database, 'Sara');
    await makeOperator(testApp.database, support.id, 'soporte');
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/v1/admin/webhooks/',
      headers: support.headers,
    });
    expect(list.statusCode).toBe(200);
    const create = await testApp.app.inject({
      method: 'POST',
      url: '/v1/admin/webhooks/',
      headers: support.headers,
      payload: { url: partnerUrl, events: ['order.paid'] },
    });
    expect(create.statusCode).toBe(403);
  });
});

describe('order.paid', () => {
  it('is delivered signed, retried after a 500, listed with its attempts, replayed, and signed twice after a rotation', async () => {
    const endpoint = await createEndpoint(['order.paid']);
    const order = await placeTransfer();
    received.length = 0;
    answers.push(500);
    const paid = await markPaid(order.order.number);
    const [row] = await rows<{ n: number }>(
      testApp.database,
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    expect(row?.n).toBe(1);

    await worker.drain();
    expect(received).toHaveLength(1);
    let page = await deliveriesOf(endpoint.id);
    expect(page.results[0]).toMatchObject({ status: 'pending', attempt_count: 1, last_status_code: 500 });
    const firstTry = page.results[0];
    // Back-off: 30 s (± jitter, pinned at the middle) after the first failure.
    const due = Date.parse(firstTry?.next_attempt_at ?? '') - Date.parse(firstTry?.attempts[0]?.at ?? '');
    expect(due).toBeGreaterThan(25_000);
    expect(due).toBeLessThan(35_000);
    // Not due yet: a drain sends nothing.
    await worker.drain();
    expect(received).toHaveLength(1);

    await makeDueNow();
    await worker.drain();
    expect(received).toHaveLength(2);
    const delivery = received[1];
    if (!delivery) throw new Error('no delivery');
    expect(delivery.headers['content-type']).toBe('application/json');
    const signature = String(delivery.headers['mandado-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(signature, delivery.body, endpoint.secret)).toBe(true);
    const event = parsed(delivery);
    expect(delivery.headers['mandado-event-id']).toBe(event.id);
    expect(event).toMatchObject({
      type: 'order.paid',
      data: {
        order_number: paid.number,
        payment_status: 'paid',
        payment_method: 'bank_transfer',
        total: paid.total,
      },
    });
    expect(Math.abs(event.created - Date.now() / 1000)).toBeLessThan(60);
    // Both tries sent the same bytes.
    expect(received[0]?.body).toBe(delivery.body);
    // Nothing personal: no names, e-mails, addresses or phones.
    expect(delivery.body).not.toMatch(/@|Rosa|Pereira|18 de Julio|\+57/);

    page = await deliveriesOf(endpoint.id);
    expect(page.results[0]).toMatchObject({ status: 'delivered', attempt_count: 2, last_status_code: 200 });
    expect(page.results[0]?.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);

    // A wrong secret, a changed body or an old timestamp do not verify.
    expect(verify(signature, delivery.body, `${endpoint.secret}x`)).toBe(false);
    expect(verify(signature, delivery.body.replace('paid', 'pending'), endpoint.secret)).toBe(false);
    expect(verify(signature, delivery.body, endpoint.secret, -1)).toBe(false);

    // Replay: a new delivery of the same event, due now.
    const deliveryId = page.results[0]?.id;
    const replay = await admin('POST', `/v1/admin/webhook-deliveries/${deliveryId}/replay/`);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.json()).toMatchObject({ status: 'pending', event_id: event.id });
    await worker.drain();
    expect(received).toHaveLength(3);
    expect(received[2]?.body).toBe(delivery.body);
    expect(received[2]?.headers['mandado-event-id']).toBe(event.id);

    // Rotation: the new secret shown once; both sign for 24 hours.
    const rotated = await admin('POST', `/v1/admin/webhooks/${endpoint.id}/rotate-secret/`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, previous_secret_until } = rotated.json<WebhookEndpointWithSecret>();
    expect(newSecret).not.toBe(endpoint.secret);
    expect(Date.parse(previous_secret_until ?? '') - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    await admin('POST', `/v1/admin/webhook-deliveries/${deliveryId}/replay/`);
    await worker.drain();
    const afterRotation = received[3];
    if (!afterRotation) throw new Error('no delivery after the rotation');
    const header = String(afterRotation.headers['mandado-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verify(header, afterRotation.body, newSecret)).toBe(true);
    expect(verify(header, afterRotation.body, endpoint.secret)).toBe(true);
    expect(verify(header, afterRotation.body, 'whsec_other')).toBe(false);
    // Once the 24 hours are over, only the new secret signs.
    await testApp.database.db.execute(
      sql`update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = ${endpoint.id}`,
    );
    await admin('POST', `/v1/admin/webhook-deliveries/${deliveryId}/replay/`);
    await worker.drain();
    const later = received[4];
    if (!later) throw new Error('no delivery after the 24 hours');
    expect(String(later.headers['mandado-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(String(later.headers['mandado-signature']), later.body, endpoint.secret)).toBe(false);

    const audit = await rows<{ action: string }>(
      testApp.database,
      sql`select action from audit_events where subject = ${`webhook:${endpoint.id}`} order by id`,
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'webhook.created',
      'webhook.delivery_replayed',
      'webhook.secret_rotated',
      'webhook.delivery_replayed',
      'webhook.delivery_replayed',
    ]);
    await pause(endpoint.id);
  });

  it('gives up 24 hours after the event, and a paused endpoint gets nothing new', async () => {
    const endpoint = await createEndpoint(['order.paid']);
    const order = await placeTransfer();
    received.length = 0;
    await markPaid(order.order.number);
    await testApp.database.db.execute(
      sql`update webhook_deliveries set created_at = now() - interval '23 hours 59 minutes 50 seconds' where endpoint_id = ${endpoint.id}`,
    );
    answers.push(503);
    await worker.drain();
    expect(received).toHaveLength(1);
    const page = await deliveriesOf(endpoint.id);
    expect(page.results[0]).toMatchObject({ status: 'failed', last_status_code: 503, next_attempt_at: null });
    await makeDueNow();
    await worker.drain();
    expect(received).toHaveLength(1);

    await pause(endpoint.id);
    await markPaid((await placeTransfer()).order.number);
    expect((await deliveriesOf(endpoint.id)).results).toHaveLength(1);
  });
});

describe('order.paid by card', () => {
  it('is written where a card payment lands (the finalize path)', async () => {
    const endpoint = await createEndpoint(['order.paid']);
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stores: 1, stock: 3, price: '7.00' });
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    received.length = 0;
    await worker.drain();
    expect(received).toHaveLength(1);
    const event = parsed(received[0] as Received);
    expect(event).toMatchObject({
      type: 'order.paid',
      data: { order_number: placed.json<PlaceOrderResult>().order.number, payment_method: 'card' },
    });
    await pause(endpoint.id);
  });
});

describe('store_order.status_changed and refund.succeeded', () => {
  it('are delivered with the moves of a paid transfer and a refund as credit', async () => {
    const endpoint = await createEndpoint(['store_order.status_changed', 'refund.succeeded']);
    const order = await placeTransfer();
    received.length = 0;
    const paid = await markPaid(order.order.number);
    const storeOrder = paid.stores[0];
    if (!storeOrder) throw new Error('no store order');
    const refund = await admin('POST', `/v1/admin/store-orders/${storeOrder.number}/refunds/`, {
      amount: '2.00',
      destination: 'wallet',
      note: 'Falta un producto',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const moved = await admin('POST', `/v1/admin/store-orders/${storeOrder.number}/status/`, {
      from: 'approved',
      to: 'preparing_to_delivery',
      reason: '',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await worker.drain();
    const events = received.map((delivery) => {
      expect(verify(String(delivery.headers['mandado-signature']), delivery.body, endpoint.secret)).toBe(
        true,
      );
      return parsed(delivery);
    });
    const changes = events.filter((event) => event.type === 'store_order.status_changed');
    expect(
      changes.map((event) => [event.data.store_order_number, event.data.from_status, event.data.to_status]),
    ).toEqual(
      expect.arrayContaining([
        [paid.stores[0]?.number, 'pending', 'approved'],
        [paid.stores[1]?.number, 'pending', 'approved'],
        [storeOrder.number, 'approved', 'preparing_to_delivery'],
      ]),
    );
    expect(changes).toHaveLength(3);
    expect(changes[0]?.data).toMatchObject({ order_number: paid.number, currency: 'USD' });
    const refunds = events.filter((event) => event.type === 'refund.succeeded');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.data).toMatchObject({
      order_number: paid.number,
      store_order_number: storeOrder.number,
      amount: '2.00',
      currency: 'USD',
      destination: 'wallet',
    });
    // The operator's note stays in the back office.
    expect(JSON.stringify(refunds[0])).not.toContain('Falta');
    // Each event once, each with its own id.
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    await pause(endpoint.id);
  });
});

describe('the outbox and the addresses', () => {
  it('writes no delivery when the event’s transaction rolls back', async () => {
    const endpoint = await createEndpoint(['refund.succeeded']);
    await expect(
      testApp.database.db.transaction(async (tx) => {
        const written = await enqueueWebhookEvent(tx, 'refund.succeeded', { refund_id: -42 });
        expect(written).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [row] = await rows<{ n: number }>(
      testApp.database,
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    expect(row?.n).toBe(0);
    await pause(endpoint.id);
  });

  it('pages an endpoint’s deliveries by cursor in a constant number of queries', async () => {
    const endpoint = await createEndpoint(['refund.succeeded']);
    await testApp.database.db.transaction((tx) =>
      enqueueWebhookEvents(
        tx,
        'refund.succeeded',
        Array.from({ length: 21 }, (_, index) => ({ refund_id: -100 - index })),
      ),
    );
    await pause(endpoint.id);
    const before = testApp.queries.length;
    const first = await deliveriesOf(endpoint.id);
    const firstQueries = testApp.queries.length - before;
    expect(first.results).toHaveLength(20);
    expect(first.next_cursor).not.toBeNull();
    const second = await admin(
      'GET',
      `/v1/admin/webhooks/${endpoint.id}/deliveries/?cursor=${first.next_cursor}`,
    );
    expect(second.json<WebhookDeliveryPage>()).toMatchObject({ next_cursor: null });
    expect(second.json<WebhookDeliveryPage>().results).toHaveLength(1);
    // Session lookup + the endpoint + the page + its attempts, whatever the page's size.
    expect(firstQueries).toBeLessThanOrEqual(5);
    const bad = await admin('GET', `/v1/admin/webhooks/${endpoint.id}/deliveries/?cursor=99999999999`);
    expect(bad.statusCode).toBe(400);
  });

  it('closes the connection once the status arrives, even when the answer’s body never ends', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const endless = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/plain' });
      const stream = setInterval(() => response.write('x'.repeat(1024)), 5);
      response.on('close', () => {
        clearInterval(stream);
        closed();
      });
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const port = (endless.address() as AddressInfo).port;
      const answer = await postWebhook(
        { url: `http://127.0.0.1:${port}/`, body: '{}', eventId: 'e', secrets: ['s'], timestamp: 1 },
        { allowLoopback: true },
        2000,
      );
      expect(answer).toMatchObject({ statusCode: 200, error: null });
      const outcome = await Promise.race([
        connectionClosed.then(() => 'closed'),
        new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 2000)),
      ]);
      expect(outcome).toBe('closed');
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((resolve) => endless.close(() => resolve()));
    }
  });

  it('tells operators why an attempt failed in plain Spanish, never with TLS or resolver internals', async () => {
    const internals = /SSL|OpenSSL|routines|error:|ECONN|ENOTFOUND|getaddrinfo|socket/i;
    const attempt = (url: string, timeoutMs = 2000) =>
      postWebhook(
        { url, body: '{}', eventId: 'e', secrets: ['s'], timestamp: 1 },
        { allowLoopback: true },
        timeoutMs,
      );
    // Nothing listens there any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await attempt(`http://127.0.0.1:${closedPort}/`);
    expect(refused).toMatchObject({
      statusCode: null,
      error: 'El servidor rechazó la conexión: no hay nada escuchando en esa dirección y puerto.',
      cause: 'ECONNREFUSED',
    });
    // https:// to a server that speaks plain HTTP: OpenSSL's 'wrong version number', said plainly.
    const port = (partner.address() as AddressInfo).port;
    const tls = await attempt(`https://127.0.0.1:${port}/hooks`);
    expect(tls.statusCode).toBeNull();
    expect(tls.error).toMatch(/HTTPS/);
    expect(tls.error).not.toMatch(internals);
    // A server that accepts and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const late = await attempt(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, 300);
      expect(late).toMatchObject({ statusCode: null, error: 'El servidor no respondió en 1 s.' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    // Certificates and names, by Node's codes; anything unknown reads as the plain fallback.
    expect(webhookErrorText({ code: 'CERT_HAS_EXPIRED' })).toBe('El certificado HTTPS del servidor venció.');
    expect(webhookErrorText({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })).toBe(
      'El certificado HTTPS del servidor es autofirmado.',
    );
    expect(webhookErrorText({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' })).toBe(
      'El certificado HTTPS del servidor es de otro nombre.',
    );
    expect(webhookErrorText({ code: 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE' })).toBe(
      'No se pudo establecer la conexión segura (HTTPS) con el servidor.',
    );
    expect(webhookErrorText({ code: 'ENOTFOUND' })).toBe('No existe ese nombre de servidor (DNS).');
    expect(
      webhookErrorText(
        Object.assign(new Error('error:0A000086:SSL routines::certificate verify failed'), {}),
      ),
    ).toBe('No se pudo conectar con el servidor.');
  });

  it('never calls a private address, whether stored by hand or reached through a name', async () => {
    const endpoint = await createEndpoint(['refund.succeeded']);
    // An address the API refuses, written behind its back.
    await testApp.database.db.execute(
      sql`update webhook_endpoints set url = 'http://10.0.0.1/hooks' where id = ${endpoint.id}`,
    );
    await testApp.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, 'refund.succeeded', { refund_id: -1 }),
    );
    await worker.drain();
    const [delivery] = (await deliveriesOf(endpoint.id)).results;
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: null });
    expect(delivery?.last_error).toMatch(/^La dirección 10\.0\.0\.1 no es pública/);
    await pause(endpoint.id);

    // A name that resolves to this machine, when loopback is not allowed (production): refused at connect.
    const port = (partner.address() as AddressInfo).port;
    const before = received.length;
    const answer = await postWebhook(
      { url: `http://localhost:${port}/hooks`, body: '{}', eventId: 'e', secrets: ['s'], timestamp: 1 },
      { allowLoopback: false },
    );
    expect(answer).toMatchObject({ statusCode: null, error: expect.stringMatching(/no es pública/) });
    expect(received.length).toBe(before);
    const literal = await postWebhook(
      { url: `http://[::ffff:127.0.0.1]:${port}/`, body: '{}', eventId: 'e', secrets: ['s'], timestamp: 1 },
      { allowLoopback: false },
    );
    expect(literal.error).toMatch(/no es pública/);

    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '64:ff9b::a00:1',
      '::ffff:0:7f00:1',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '2002:808:808::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
