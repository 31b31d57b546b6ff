import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { RECEIPT_MESSAGES } from '@mandado/shared/receipt';
import { receiptClaimListSchema } from '@mandado/shared/receipt.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeOrders } from '../src/db/schema/orders.ts';
import { sweepRetentionFlow } from '../src/flows/retention-sweep.flow.ts';
import { type MailTransport, smtpMailTransport } from '../src/modules/mail/mail-transport.ts';
import { type MailWorker, startMailWorker } from '../src/modules/mail/mail-worker.ts';
import { startPushWorker } from '../src/modules/store-inbox/push-worker.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { type MailSink, startMailSink } from './mail-sink.ts';
import { insertPlacedOrder, type PlacedOrderRows } from './order-rows.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 29, the rest of items 3 and 5 (decision 074): 'Falta algo' with an optional photo (checked by content,
 * shown to the operators and the store, erased by the retention sweep), a claim that reaches the store (Web
 * Push against a real local push service) and the remitter (e-mail through a real local SMTP server, and a
 * WhatsApp/SMS row), and an operator's manual 'Entregado' that stamps delivered_at.
 */

interface PushTestingServer {
  startServer(): void;
  _server?: { close(callback: () => void): void };
}
const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => unknown;
};
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: unknown,
  port: number,
) => PushTestingServer;

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

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let t: TestApp;
let pushServer: PushTestingServer;
let pushBase: string;
let sink: MailSink;
let transport: MailTransport;
let mail: MailWorker;
let visitor: SessionHeaders;
let operator: TestUser;
let member: TestUser;
let stranger: TestUser;
let store: TestStore;
let milkId: number;
let breadId: number;
let jpeg: Buffer;

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
  t = await createTestApp({ rateLimits: { tracking: { max: 1000, windowSeconds: 60 } } });
  sink = await startMailSink();
  transport = smtpMailTransport(sink.url, 'Mandado <no-reply@mandado.uy>');
  mail = startMailWorker({
    db: t.database.db,
    transport,
    log: Fastify({ logger: false }).log,
    intervalMs: 60_000,
  });
  store = await createStore(t.database, { name: `Almacén Reclamos ${Date.now()}` });
  const other = await createStore(t.database, { name: `Otro Almacén ${Date.now()}` });
  milkId = (await createProduct(t.database, store.id)).id;
  breadId = (await createProduct(t.database, store.id)).id;
  [operator, member, stranger] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  await makeOperator(t.database, operator.id);
  await addStoreMember(t.database, store.id, member.id);
  await addStoreMember(t.database, other.id, stranger.id);
  visitor = await visitorHeaders(t.app);
  // A phone's photo: a JPEG with EXIF (what the camera writes, GPS included), which we must not keep.
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Rosa' }, IFD3: { GPSLatitudeRef: 'S' } })
    .toBuffer();
});
afterAll(async () => {
  await mail.stop();
  transport.close();
  await sink.close();
  await t.close();
  await new Promise<void>((resolve) => (pushServer._server ? pushServer._server.close(resolve) : resolve()));
});

async function deliveredOrder(
  hoursAgo: number,
  paymentMethod: 'card' | 'bank_transfer' = 'card',
): Promise<{ order: PlacedOrderRows; remitter: TestUser }> {
  const remitter = await createUser(t.app);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentMethod,
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'delivered',
        lines: [
          { productId: milkId, quantity: 2, total: '8.00', name: 'Leche Conaprole 1 L' },
          { productId: breadId, quantity: 1, total: '3.00', name: 'Pan de molde' },
        ],
      },
    ],
  });
  await t.database.db
    .update(storeOrders)
    .set({ deliveredAt: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(storeOrders.groupId, order.groupId));
  return { order, remitter };
}

function photoUrl(order: PlacedOrderRows): string {
  return `/v1/tracking/${order.trackingToken}/stores/${order.storeOrders[0]?.number}/receipt/photos/`;
}

function upload(order: PlacedOrderRows, body: Buffer, contentType = 'image/jpeg') {
  return t.app.inject({
    method: 'POST',
    url: photoUrl(order),
    headers: { ...visitor, 'content-type': contentType },
    payload: body,
  });
}

function answer(order: PlacedOrderRows, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/tracking/${order.trackingToken}/stores/${order.storeOrders[0]?.number}/receipt/`,
    headers: visitor,
    payload: body,
  });
}

async function claims() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/v1/admin/receipt-claims/',
    headers: operator.headers,
  });
  expect(response.statusCode).toBe(200);
  return receiptClaimListSchema.parse(response.json()).results;
}

describe("'Falta algo' with a photo", () => {
  it('keeps a checked photo without its metadata, for the operators and the store only', async () => {
    const { order } = await deliveredOrder(1);
    const uploaded = await upload(order, jpeg);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photoId = uploaded.json<{ photo_id: string }>().photo_id;

    const claimed = await answer(order, {
      answer: 'missing',
      lines: [{ line: 0, quantity: 1 }],
      note: 'Llegó una sola leche',
      photo_id: photoId,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().receipt).toMatchObject({ status: 'claimed', has_photo: true });

    const claim = (await claims()).find((row) => row.store_order_number === order.storeOrders[0]?.number);
    expect(claim?.photo_url).toBe(`/v1/admin/receipt-claims/${claim?.id}/photo`);
    const seen = await t.app.inject({
      method: 'GET',
      url: claim?.photo_url ?? '',
      headers: operator.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    const kept = await sharp(seen.rawPayload).metadata();
    expect(kept.format).toBe('webp');
    expect(kept.exif).toBeUndefined();

    const number = order.storeOrders[0]?.number ?? '';
    const byStore = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/${number}/claim-photo`,
      headers: member.headers,
    });
    expect(byStore.statusCode).toBe(200);
    expect(byStore.rawPayload.equals(seen.rawPayload)).toBe(true);
    // Another store's member, and the remitter-less public, see nothing.
    const byStranger = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/${number}/claim-photo`,
      headers: stranger.headers,
    });
    expect([403, 404]).toContain(byStranger.statusCode);
    const byMember = await t.app.inject({
      method: 'GET',
      url: claim?.photo_url ?? '',
      headers: member.headers,
    });
    expect([401, 403]).toContain(byMember.statusCode);
  });

  it('refuses a file that is not an image, one too big, a photo of another order, and after the answer', async () => {
    const { order } = await deliveredOrder(1);
    const { order: other } = await deliveredOrder(1);
    // A text file renamed .jpg: the bytes decide, not the name or the declared type.
    const fake = await upload(order, Buffer.from('esto no es una foto, es un texto renombrado .jpg'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ detail: SERVER_MESSAGES.imageNotSupported });
    const big = await upload(order, Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: SERVER_MESSAGES.imageTooLarge });

    const othersPhoto = (await upload(other, jpeg)).json<{ photo_id: string }>().photo_id;
    const wrong = await answer(order, {
      answer: 'missing',
      lines: [{ line: 1, quantity: 1 }],
      photo_id: othersPhoto,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ photo_id: [RECEIPT_MESSAGES.photoNotFound] });
    const rows = await queryRows<{ count: number }>(
      t.database,
      sql`select count(*)::int as count from store_order_receipts where store_order_id = ${order.storeOrders[0]?.id}`,
    );
    expect(rows[0]?.count).toBe(0);

    expect((await answer(order, { answer: 'received' })).statusCode).toBe(200);
    const late = await upload(order, jpeg);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: RECEIPT_MESSAGES.alreadyAnswered });
  });

  it('goes with the retention sweep, like the courier’s proof', async () => {
    const { order } = await deliveredOrder(1);
    const photoId = (await upload(order, jpeg)).json<{ photo_id: string }>().photo_id;
    expect(
      (await answer(order, { answer: 'missing', lines: [{ line: 1, quantity: 1 }], photo_id: photoId }))
        .statusCode,
    ).toBe(200);
    const [row] = await queryRows<{ key: string }>(
      t.database,
      sql`select photo_media_key as key from store_order_receipts where store_order_id = ${order.storeOrders[0]?.id}`,
    );
    const key = row?.key ?? '';
    expect(await t.app.media.get(key)).not.toBeNull();
    const delivered = Date.now() - HOUR;
    await sweepRetentionFlow(t.app.db, t.app.media, new Date(delivered + 89 * DAY));
    expect(await t.app.media.get(key)).not.toBeNull();
    await sweepRetentionFlow(t.app.db, t.app.media, new Date(delivered + 91 * DAY));
    expect(await t.app.media.get(key)).toBeNull();
    const after = await queryRows<{ key: string | null; status: string }>(
      t.database,
      sql`select photo_media_key as key, status from store_order_receipts where store_order_id = ${order.storeOrders[0]?.id}`,
    );
    // The claim stays (its lines, note and refund); only the photo goes.
    expect(after).toEqual([{ key: null, status: 'claimed' }]);
  });
});

describe('a claim reaches the store and the remitter', () => {
  it('pushes to the store’s members, e-mails the remitter and writes their WhatsApp/SMS', async () => {
    const key = await t.app.inject({ method: 'GET', url: '/v1/merchant/push/key/', headers: member.headers });
    const publicKey = key.json<{ public_key: string }>().public_key;
    const subscribed = await fetch(`${pushBase}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: publicKey }),
    });
    const { data: browser } = (await subscribed.json()) as {
      data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
    };
    const registered = await t.app.inject({
      method: 'POST',
      url: '/v1/merchant/push/subscriptions/',
      headers: member.headers,
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(registered.statusCode, registered.body).toBe(204);

    // Paid by transfer: the claim's refund goes to the remitter's credit at once, and is announced at once.
    const { order, remitter } = await deliveredOrder(2, 'bank_transfer');
    const claimed = await answer(order, { answer: 'missing', lines: [{ line: 0, quantity: 2 }] });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const number = order.storeOrders[0]?.number ?? '';

    const push = startPushWorker({
      db: t.database.db,
      keys: t.app.vapidKeys,
      log: t.app.log,
      intervalMs: 60_000,
      endpoints: { allowLocalEndpoints: true },
    });
    await push.drain();
    await push.stop();
    const notifications = await fetch(`${pushBase}/get-notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientHash: browser.clientHash }),
    });
    const { data } = (await notifications.json()) as { data: { messages: string[] } };
    expect(data.messages.map((message) => JSON.parse(message))).toContainEqual({
      title: 'Falta algo en un pedido',
      body: `${number}: Rosa avisó que falta Leche Conaprole 1 L (2)`,
      url: '/comercio',
    });

    await mail.drain();
    const email = await sink.waitFor(remitter.email);
    expect(email.subject).toBe(`Falta algo en tu pedido ${number}`);
    expect(email.text).toContain(`Rosa avisó que falta algo en tu pedido ${number}`);
    expect(email.text).toContain('Leche Conaprole 1 L (2)');
    expect(email.text).toContain(`/user/orders/${order.number}`);

    const messages = await queryRows<{ kind: string; audience: string; to_phone: string }>(
      t.database,
      sql`select kind, audience, to_phone from message_outbox where store_order_id = ${order.storeOrders[0]?.id}`,
    );
    expect(messages).toEqual([{ kind: 'receipt_claimed', audience: 'remitter', to_phone: '+14155552671' }]);

    // The operator's one click: the remitter hears of the refund (the refund flow's e-mail and message).
    const claim = (await claims()).find((row) => row.store_order_number === number);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/receipt-claims/${claim?.id}/refund/`,
      headers: operator.headers,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refunded).toBe('8.00');
    await mail.drain();
    expect(
      sink.messages.filter((sent) => sent.to.includes(remitter.email)).map((sent) => sent.subject),
    ).toEqual([
      `Falta algo en tu pedido ${number}`,
      expect.stringMatching(new RegExp(`^Te devolvimos .* de tu pedido ${number}$`)),
    ]);
    const afterRefund = await queryRows<{ kind: string }>(
      t.database,
      sql`select kind from message_outbox where store_order_id = ${order.storeOrders[0]?.id} order by id`,
    );
    expect(afterRefund.map((row) => row.kind)).toEqual(['receipt_claimed', 'refund']);

    // The store sees it on the order's card too.
    const card = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/${number}/`,
      headers: member.headers,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().receipt).toMatchObject({
      status: 'resolved',
      missing: [{ name: 'Leche Conaprole 1 L', quantity: 2 }],
    });
  });

  it("'Recibí todo' tells nobody, and a late or second answer changes nothing", async () => {
    const { order } = await deliveredOrder(1);
    expect((await answer(order, { answer: 'received' })).statusCode).toBe(200);
    const again = await answer(order, { answer: 'missing', lines: [{ line: 0, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: RECEIPT_MESSAGES.alreadyAnswered });
    const { order: late } = await deliveredOrder(49);
    const tooLate = await answer(late, { answer: 'missing', lines: [{ line: 0, quantity: 1 }] });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({ detail: RECEIPT_MESSAGES.windowClosed });
    const written = await queryRows<{ count: number }>(
      t.database,
      sql`select count(*)::int as count from message_outbox where group_id in (${order.groupId}, ${late.groupId})`,
    );
    expect(written[0]?.count).toBe(0);
  });
});

describe("an operator's manual 'Entregado'", () => {
  it('stamps delivered_at, so the receipt window, returns and retention start', async () => {
    const remitter = await createUser(t.app);
    const order = await insertPlacedOrder(t.database, {
      remitterId: remitter.id,
      stores: [{ storeId: store.id, status: 'in_transit', lines: [{ productId: milkId, quantity: 1 }] }],
    });
    const number = order.storeOrders[0]?.number ?? '';
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${number}/status/`,
      headers: operator.headers,
      payload: { from: 'in_transit', to: 'delivered', reason: 'Confirmado por teléfono con Rosa' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await queryRows<{ delivered_at: string | null }>(
      t.database,
      sql`select delivered_at::text from store_orders where number = ${number}`,
    );
    expect(row?.delivered_at).not.toBeNull();
    // The family can now answer on the tracking link.
    const tracking = await t.app.inject({ method: 'GET', url: `/v1/tracking/${order.trackingToken}/` });
    expect(tracking.json().stores[0].receipt).toMatchObject({ status: 'awaiting' });
  });
});
