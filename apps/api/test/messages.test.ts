import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminOrderDetail } from '@mandado/shared/admin-orders.schemas';
import { MONTEVIDEO_OFFSET_MS } from '@mandado/shared/montevideo-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MessageSender,
  type MessagingConfig,
  smsSender,
  twilioSignature,
  whatsAppSender,
  whatsAppSignature,
} from '../src/modules/messages/message-channels.ts';
import { enqueueOrderMessage } from '../src/modules/messages/messages.service.ts';
import { startMessagesWorker } from '../src/modules/messages/messages-worker.ts';
import type { StaffStoreOrder } from '../src/modules/order-status/order-status.presenter.ts';
import { addStoreMember, createProduct, createStore, makeOperator, type TestStore } from './factories.ts';
import { createFastUser, type FastUser } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 29, item 2: WhatsApp and SMS to the family and the remitter, sent to local peers that speak the
// WhatsApp Cloud API and Twilio's REST API, with their signed callbacks, BAJA/STOP and quiet hours.

interface PeerRequest {
  path: string;
  authorization: string;
  contentType: string;
  body: string;
}

/** One local HTTP server answering as both providers; `answer` chooses the next status (500, 400, …). */
let peer: Server;
let peerUrl = '';
const received: PeerRequest[] = [];
let answer = 200;
let sequence = 0;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => resolve(text));
  });
}

let t: TestApp;
let store: TestStore;
let member: FastUser;
let operator: FastUser;
let remitter: FastUser;
let courier: SessionHeaders;
let messaging: MessagingConfig;

const PUBLIC_URL = 'http://localhost:3000';
const CODE = '8642';

beforeAll(async () => {
  peer = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        contentType: request.headers['content-type'] ?? '',
        body,
      });
      sequence += 1;
      const status = answer;
      response.writeHead(status === 200 && request.url?.includes('Messages.json') ? 201 : status, {
        'content-type': 'application/json',
      });
      if (status !== 200) return response.end('{"error":{"message":"nope"}}');
      response.end(
        request.url?.includes('Messages.json')
          ? JSON.stringify({ sid: `SM${sequence}`, status: 'queued' })
          : JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${sequence}` }] }),
      );
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  messaging = {
    whatsapp: {
      token: 'wa-token',
      phoneNumberId: 'PN1',
      apiUrl: `${peerUrl}/v21.0`,
      appSecret: 'app-secret',
      verifyToken: 'verify-me',
    },
    sms: { apiUrl: peerUrl, accountSid: 'AC1', authToken: 'sms-token', from: '+15005550006' },
  };
  t = await createTestApp({ messaging, publicUrl: PUBLIC_URL });
  store = await createStore(t.database, { name: `Almacén ${Date.now()}` });
  [member, operator, remitter] = await Promise.all([
    createFastUser(t.database, 'Marta'),
    createFastUser(t.database, 'Olga'),
    createFastUser(t.database, 'Ana'),
  ]);
  await addStoreMember(t.database, store.id, member.id);
  await makeOperator(t.database, operator.id);
  courier = await visitorHeaders(t.app);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => peer.close(resolve));
});

/** Noon in Montevideo on the day after `from`: past any 08:00 deferral, and inside sending hours. */
function noonAfter(from: Date): Date {
  const local = new Date(from.getTime() + MONTEVIDEO_OFFSET_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, 12) - MONTEVIDEO_OFFSET_MS,
  );
}

/** An instant at `hour`:`minute` in Montevideo, some day after today. */
function montevideoAt(hour: number, minute: number, daysAhead = 2): Date {
  const local = new Date(Date.now() + MONTEVIDEO_OFFSET_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + daysAhead, hour, minute) -
      MONTEVIDEO_OFFSET_MS,
  );
}

async function drain(sender: MessageSender, now: Date): Promise<void> {
  const worker = startMessagesWorker({
    db: t.database.db,
    log: t.app.log,
    messaging,
    publicUrl: PUBLIC_URL,
    sender,
    now: () => now,
  });
  await worker.drain();
  await worker.stop();
}

const whatsApp = () => whatsAppSender(messaging.whatsapp ?? (undefined as never));
const sms = () => smsSender(messaging.sms ?? (undefined as never), `${PUBLIC_URL}/v1/messages/sms/status/`);

interface OutboxRow {
  id: number;
  kind: string;
  audience: string;
  to_phone: string;
  channel: string | null;
  status: string;
  deferred_reason: string | null;
  provider_message_id: string | null;
  attempts: number;
  next_attempt_at: string;
}

function messagesOf(storeOrderId: number): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    t.database,
    sql`select id, kind, audience, to_phone, channel, status, deferred_reason, provider_message_id, attempts,
          next_attempt_at::text from message_outbox where store_order_id = ${storeOrderId} order by id`,
  );
}

async function placeInPreparation(
  delivery: 'standard' | 'pickup' = 'standard',
): Promise<{ id: number; number: string; groupNumber: string }> {
  const product = await createProduct(t.database, store.id);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'preparing_to_delivery',
        lines: [{ productId: product?.id ?? null, quantity: 1, total: '30.00' }],
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
      sql`update order_groups set delivery = 'pickup', pickup_name = 'Rosa Fernández', pickup_phone = '+59891999888'
          where id = ${order.groupId}`,
    );
  }
  return { id: storeOrder.id, number: storeOrder.number, groupNumber: order.number };
}

async function markReady(number: string): Promise<StaffStoreOrder> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/merchant/stores/${store.id}/orders/${number}/status/`,
    headers: member.headers,
    payload: { from: 'preparing_to_delivery', to: 'ready_to_delivery' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffStoreOrder>();
}

function courierPost(token: string, action: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: `/v1/courier/${token}/${action}`, headers: courier, payload });
}

async function timelineOf(groupNumber: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/orders/${groupNumber}/`,
    headers: operator.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<AdminOrderDetail>()
    .timeline.filter((entry) => entry.kind === 'message')
    .map((entry) => `${entry.title} | ${entry.detail}`);
}

function postWhatsApp(payload: unknown, secret = 'app-secret') {
  const body = Buffer.from(JSON.stringify(payload));
  return t.app.inject({
    method: 'POST',
    url: '/v1/messages/whatsapp/webhook/',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsAppSignature(secret, body) },
    payload: body,
  });
}

function postSms(path: 'status' | 'inbound', params: Record<string, string>, token = 'sms-token') {
  const url = `/v1/messages/sms/${path}/`;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, `${PUBLIC_URL}${url}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('the order’s messages by WhatsApp', () => {
  it('writes them in the flows, sends approved templates, and moves them on with signed statuses', async () => {
    const placed = await placeInPreparation();
    const token = (await markReady(placed.number)).courier_url?.split('/entrega/')[1] ?? '';
    expect((await courierPost(token, 'picked-up/')).statusCode).toBe(200);
    const attempt = await courierPost(token, 'attempts/', { reason: 'nobody_home', note: '' });
    expect(attempt.statusCode, attempt.body).toBe(200);
    const done = await courierPost(token, 'delivered/', { recipient_name: 'Rosa Fernández', code: CODE });
    expect(done.statusCode, done.body).toBe(200);

    const rows = await messagesOf(placed.id);
    expect(rows.map((row) => `${row.kind}→${row.audience}`)).toEqual([
      'order_coming→beneficiary',
      'attempt_failed→beneficiary',
      'attempt_failed→remitter',
      'delivered→remitter',
    ]);
    // E.164: the beneficiary's Uruguayan mobile and the remitter's account phone.
    expect(rows[0]?.to_phone).toBe('+59891123456');
    expect(rows[2]?.to_phone).toBe('+14155552671');

    received.length = 0;
    await drain(whatsApp(), noonAfter(new Date()));
    expect(received).toHaveLength(4);
    // Sent by several lanes at once: found by template, not by arrival order.
    const sentBodies = received.map((request) => JSON.parse(request.body));
    const byTemplate = (name: string) => sentBodies.find((body) => body.template.name === name);
    const coming = byTemplate('mandado_pedido_en_camino');
    const delivered = byTemplate('mandado_pedido_entregado');
    expect(received[0]?.path).toBe('/v21.0/PN1/messages');
    expect(received[0]?.authorization).toBe('Bearer wa-token');
    expect(coming).toMatchObject({ messaging_product: 'whatsapp', to: '59891123456', type: 'template' });
    const comingTexts = coming.template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(comingTexts).toContain(CODE);
    expect(comingTexts.at(-1)).toMatch(/^http:\/\/localhost:3000\/seguimiento\//);
    // The remitter never gets the code; the delivered message links the order page with the proof.
    const deliveredTexts = delivered.template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(deliveredTexts).not.toContain(CODE);
    expect(deliveredTexts).toContain('Rosa Fernández');
    expect(deliveredTexts.at(-1)).toBe(`${PUBLIC_URL}/user/orders/${placed.groupNumber}`);

    const sent = await messagesOf(placed.id);
    expect(sent.every((row) => row.status === 'sent' && row.channel === 'whatsapp')).toBe(true);
    const wamid = sent[3]?.provider_message_id ?? '';
    const statuses = (status: string) => ({
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ value: { statuses: [{ id: wamid, status, recipient_id: '14155552671' }] } }] }],
    });
    expect((await postWhatsApp(statuses('read'))).statusCode).toBe(200);
    // Out of order: 'delivered' after 'read' changes nothing.
    expect((await postWhatsApp(statuses('delivered'))).statusCode).toBe(200);
    const forged = await postWhatsApp(statuses('failed'), 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().detail).toBe('La firma del proveedor de mensajes no es válida para este contenido.');
    expect((await messagesOf(placed.id))[3]?.status).toBe('read');

    const timeline = await timelineOf(placed.groupNumber);
    expect(timeline[0]).toMatch(
      /^Mensaje: El pedido va en camino \| A quien recibe \(\+598 •••• 456\) · WhatsApp · enviado/,
    );
    expect(timeline[3]).toMatch(
      /^Mensaje: Pedido entregado \| A quien compra \(\+1 •••• 671\) · WhatsApp · leído/,
    );
  });

  it('tells the family it is coming when the store itself marks it on its way', async () => {
    const placed = await placeInPreparation();
    await markReady(placed.number);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${store.id}/orders/${placed.number}/status/`,
      headers: member.headers,
      payload: { from: 'ready_to_delivery', to: 'in_transit' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await messagesOf(placed.id);
    expect(rows.map((row) => `${row.kind}→${row.audience}`)).toEqual(['order_coming→beneficiary']);
    await drain(whatsApp(), noonAfter(new Date()));
  });

  it('answers Meta’s subscription check only with the verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/v1/messages/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/v1/messages/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('tells a pick-up’s collector it is ready, with the code', async () => {
    const placed = await placeInPreparation('pickup');
    await markReady(placed.number);
    const [row] = await messagesOf(placed.id);
    expect(row).toMatchObject({ kind: 'order_coming', audience: 'beneficiary', to_phone: '+59891999888' });
    received.length = 0;
    await drain(whatsApp(), noonAfter(new Date()));
    const sent = JSON.parse(received[0]?.body ?? '{}');
    expect(sent.template.name).toBe('mandado_pedido_para_retirar');
    expect(sent.template.components[0].parameters.map((p: { text: string }) => p.text)).toContain(CODE);
  });
});

describe('the order’s messages by SMS', () => {
  it('sends the texts other flows ask for, with signed delivery statuses', async () => {
    const placed = await placeInPreparation();
    const now = montevideoAt(10, 0);
    await t.database.db.transaction(async (tx) => {
      expect(await enqueueOrderMessage(tx, { kind: 'courier_arrived', storeOrder: placed.id, now })).toBe(1);
      await enqueueOrderMessage(tx, {
        kind: 'substitution_question',
        storeOrder: placed.id,
        missing: 'Leche entera 1 L',
        offered: 'Leche descremada 1 L',
        now,
      });
    });
    received.length = 0;
    await drain(sms(), now);
    expect(received).toHaveLength(2);
    expect(received[0]?.path).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(received[0]?.authorization).toBe(`Basic ${Buffer.from('AC1:sms-token').toString('base64')}`);
    const forms = received.map((request) => new URLSearchParams(request.body));
    const arrived = forms.find((form) => form.get('To') === '+59891123456') ?? new URLSearchParams();
    const question = forms.find((form) => form.get('To') === '+14155552671') ?? new URLSearchParams();
    expect(arrived.get('From')).toBe('+15005550006');
    expect(arrived.get('Body')).toContain(`llegó el repartidor con tu pedido ${placed.number}`);
    expect(arrived.get('Body')).toContain(CODE);
    expect(arrived.get('Body')).toContain('Responde BAJA');
    expect(arrived.get('StatusCallback')).toBe(`${PUBLIC_URL}/v1/messages/sms/status/`);
    expect(question.get('Body')).toContain('Leche descremada 1 L');

    const [first] = await messagesOf(placed.id);
    const sid = first?.provider_message_id ?? '';
    expect(sid).toMatch(/^SM\d+$/);
    const forged = await postSms('status', { MessageSid: sid, MessageStatus: 'failed' }, 'guess');
    expect(forged.statusCode).toBe(401);
    const ok = await postSms('status', { MessageSid: sid, MessageStatus: 'delivered', AccountSid: 'AC1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/xml/);
    expect((await messagesOf(placed.id))[0]?.status).toBe('delivered');
  });

  it('stops messages to a number that answered BAJA on that channel, until ALTA', async () => {
    const placed = await placeInPreparation();
    const now = montevideoAt(11, 0);
    const reply = await postSms('inbound', { From: '+59891123456', Body: ' Baja. ', MessageSid: 'SMin1' });
    expect(reply.statusCode).toBe(200);
    await t.database.db.transaction((tx) =>
      enqueueOrderMessage(tx, {
        kind: 'attempt_failed',
        storeOrder: placed.id,
        reason: 'No había nadie',
        now,
      }),
    );
    received.length = 0;
    await drain(sms(), now);
    // The remitter still hears by SMS; the family's number does not, and the back office says why.
    expect(received.map((request) => new URLSearchParams(request.body).get('To'))).toEqual(['+14155552671']);
    const rows = await messagesOf(placed.id);
    expect(rows.map((row) => row.status)).toEqual(['opted_out', 'sent']);
    expect((await timelineOf(placed.groupNumber))[0]).toContain('no enviado: baja');

    // Per channel: the same number still gets WhatsApp; its STOP there stops that too.
    await t.database.db.transaction((tx) =>
      enqueueOrderMessage(tx, { kind: 'courier_arrived', storeOrder: placed.id, now }),
    );
    await drain(whatsApp(), now);
    expect((await messagesOf(placed.id)).at(-1)?.status).toBe('sent');
    const stop = await postWhatsApp({
      entry: [
        {
          changes: [{ value: { messages: [{ from: '59891123456', type: 'text', text: { body: 'stop' } }] } }],
        },
      ],
    });
    expect(stop.statusCode).toBe(200);
    await t.database.db.transaction((tx) =>
      enqueueOrderMessage(tx, { kind: 'courier_arrived', storeOrder: placed.id, now }),
    );
    await drain(whatsApp(), now);
    expect((await messagesOf(placed.id)).at(-1)?.status).toBe('opted_out');

    expect((await postSms('inbound', { From: '+59891123456', Body: 'ALTA' })).statusCode).toBe(200);
    await t.database.db.transaction((tx) =>
      enqueueOrderMessage(tx, { kind: 'courier_arrived', storeOrder: placed.id, now }),
    );
    await drain(sms(), now);
    expect((await messagesOf(placed.id)).at(-1)?.status).toBe('sent');
  });

  it('sends nothing between 21:00 and 08:00 in Montevideo: the message waits for 08:00', async () => {
    const placed = await placeInPreparation();
    const night = montevideoAt(23, 30);
    await t.database.db.transaction((tx) =>
      enqueueOrderMessage(tx, { kind: 'courier_arrived', storeOrder: placed.id, now: night }),
    );
    const [row] = await messagesOf(placed.id);
    expect(row?.deferred_reason).toBe('quiet_hours');
    expect(new Date(row?.next_attempt_at ?? '').toISOString()).toBe(montevideoAt(8, 0, 3).toISOString());
    expect((await timelineOf(placed.groupNumber))[0]).toContain('no enviado: horario');

    received.length = 0;
    await drain(sms(), montevideoAt(7, 59, 3));
    expect(received).toHaveLength(0);
    await drain(sms(), montevideoAt(8, 1, 3));
    expect(received).toHaveLength(1);
    expect((await messagesOf(placed.id))[0]).toMatchObject({ status: 'sent', deferred_reason: null });
  });

  it('retries a provider’s failure through the outbox, and fails a permanent refusal at once', async () => {
    const placed = await placeInPreparation();
    const now = montevideoAt(12, 0);
    await t.database.db.transaction((tx) =>
      enqueueOrderMessage(tx, {
        kind: 'attempt_failed',
        storeOrder: placed.id,
        reason: 'Dirección incorrecta',
        now,
      }),
    );
    answer = 503;
    await drain(sms(), now);
    let rows = await messagesOf(placed.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    answer = 400;
    await drain(sms(), new Date(now.getTime() + 60 * 60 * 1000));
    rows = await messagesOf(placed.id);
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
    answer = 200;
  });
});
