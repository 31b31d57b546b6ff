import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRefund } from '../src/flows/refund.flow.ts';
import { enqueueEmail } from '../src/modules/mail/mail.service.ts';
import { captureMailTransport } from '../src/modules/mail/mail-transport.ts';
import { type MailWorker, startMailWorker } from '../src/modules/mail/mail-worker.ts';
import { mayReadMetrics } from '../src/modules/observability/metrics.routes.ts';
import { runDueRefunds } from '../src/modules/refunds/refund-worker.ts';
import { trustedProxyTest } from '../src/trusted-proxy.ts';
import {
  beneficiaryInput,
  cityId,
  createBeneficiary,
  createProduct,
  createStore,
  makeOperator,
} from './factories.ts';
import {
  createFastUser,
  fillCart,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  sandboxToken,
} from './order-factories.ts';
import { logIn, registerUser, uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

const METRICS_TOKEN = 'metricas-secretas-de-prueba';
const REMOTE = '203.0.113.7';

let t: TestApp;
const logLines: string[] = [];
let mailDir: string;
let mailWorker: MailWorker;

beforeAll(async () => {
  t = await createTestApp({
    metricsToken: METRICS_TOKEN,
    // Everything a request or a worker writes at debug level and above, as the server would print it.
    logLevel: 'debug',
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  mailDir = await mkdtemp(path.join(tmpdir(), 'mandado-observability-mail-'));
  // Without SMTP, as a developer runs it: captured e-mails, logged through the app's logger.
  mailWorker = startMailWorker({
    db: t.database.db,
    transport: captureMailTransport(t.app.log, mailDir),
    log: t.app.log,
    intervalMs: 60_000,
  });
});
afterAll(async () => {
  await mailWorker.stop();
  await t.close();
  await rm(mailDir, { recursive: true, force: true });
});

async function scrape(options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method: 'GET', url: '/metrics', ...options });
}

/** The value of one series (`name{labels}`) in a scrape, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers loopback in Prometheus text format with HTTP, outbox, order, processor and process metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/v1/csrf-token/' });
    await enqueueEmail(t.database.db, { to: uniqueEmail(), subject: 'Hola', text: 'Hola' });
    await t.database.db.execute(
      sql`update email_outbox set created_at = now() - interval '90 seconds' where status = 'pending'`,
    );

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    // Every line is a comment or `name{labels} value`: what Prometheus parses.
    for (const line of text.split('\n').filter((candidate) => candidate !== '')) {
      expect(line).toMatch(/^(# (HELP|TYPE) [a-zA-Z_:][\w:]* .+|[a-zA-Z_:][\w:]*(\{.*\})? [-+\d.eEInfa]+)$/);
    }
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/v1/csrf-token/",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    for (const outbox of ['mail', 'push', 'webhooks', 'refunds']) {
      expect(sample(text, `mandado_outbox_pending{outbox="${outbox}"}`)).toBeGreaterThanOrEqual(0);
      expect(
        sample(text, `mandado_outbox_oldest_pending_age_seconds{outbox="${outbox}"}`),
      ).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'mandado_outbox_pending{outbox="mail"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mandado_outbox_oldest_pending_age_seconds{outbox="mail"}')).toBeGreaterThanOrEqual(
      89,
    );
    for (const name of [
      'mandado_orders_placed_total',
      'mandado_orders_paid_total',
      'mandado_orders_failed_total',
      'mandado_refunds_total',
      'mandado_payment_processor_duration_seconds',
      'mandado_payment_processor_errors_total',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(`# HELP ${name} `);
    }
    // The pool exists on PostgreSQL only; PGlite is one in-process connection.
    if (t.database.engine === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toMatch(/^db_pool_connections\{/m);
    }
    await mailWorker.drain();
  });

  it('asks anyone else for the bearer token, and a forwarded request even from loopback', async () => {
    expect((await scrape({ remoteAddress: REMOTE })).statusCode).toBe(401);
    const wrong = await scrape({ remoteAddress: REMOTE, headers: { authorization: 'Bearer otra-cosa' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Las métricas piden el token de métricas.' });
    expect(wrong.body).not.toContain('http_request_duration_seconds');
    const right = await scrape({
      remoteAddress: REMOTE,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    // A proxy on this machine that nobody told us to trust: its clients must not pass for loopback.
    const proxied = await scrape({ headers: { 'x-forwarded-for': REMOTE } });
    expect(proxied.statusCode).toBe(401);
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('lets only loopback in when METRICS_TOKEN is unset', () => {
    const request = (peer: string, headers: Record<string, string> = {}) =>
      ({ socket: { remoteAddress: peer }, headers }) as unknown as FastifyRequest;
    const noProxy = trustedProxyTest(false);
    expect(mayReadMetrics(request(REMOTE, { authorization: 'Bearer ' }), null, noProxy)).toBe(false);
    expect(mayReadMetrics(request(REMOTE, { authorization: 'Bearer null' }), null, noProxy)).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1'), null, noProxy)).toBe(true);
    expect(mayReadMetrics(request('::ffff:127.0.0.1'), null, noProxy)).toBe(true);
    expect(mayReadMetrics(request('127.0.0.1', { 'x-forwarded-for': REMOTE }), null, noProxy)).toBe(false);
    // A local proxy that adds other relay headers, or none at all: once TRUST_PROXY names it, what it relays
    // is the internet's, never this machine's (the review's nginx without X-Forwarded-For).
    expect(mayReadMetrics(request('127.0.0.1', { 'x-real-ip': REMOTE }), null, noProxy)).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1', { forwarded: `for=${REMOTE}` }), null, noProxy)).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1'), null, trustedProxyTest('127.0.0.1'))).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1'), null, trustedProxyTest('loopback'))).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1'), null, trustedProxyTest('10.0.0.0/8'))).toBe(true);
  });
});

describe('mandado_refunds_total', () => {
  it('counts every refund whose money moved, by destination, after its commit', async () => {
    const operator = await createFastUser(t.database, 'Olga');
    await makeOperator(t.database, operator.id);
    const fixture = await prepareCheckout(t.database, { stores: 1, price: '12.00' });
    const placed = await placeOrderRequest(
      t.app,
      fixture.user,
      await orderBody(t.app, fixture.user, { beneficiaryId: fixture.beneficiaryId }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const storeOrder = placed.json<PlaceOrderResult>().order.stores[0];
    if (!storeOrder) throw new Error('no store order');
    const url = `/v1/admin/store-orders/${storeOrder.number}/refunds/`;
    const refund = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: operator.headers, payload });
    const wallet = 'mandado_refunds_total{destination="wallet",outcome="succeeded"}';
    const card = 'mandado_refunds_total{destination="original_payment",outcome="succeeded"}';
    const count = async (series: string) => sample((await scrape()).body, series) ?? 0;
    const walletBefore = await count(wallet);
    const cardBefore = await count(card);

    // Credit: settled in the transaction that decided it, counted once it committed.
    const credit = await refund({ amount: '2.00', destination: 'wallet', note: 'Llegó roto' });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(await count(wallet)).toBe(walletBefore + 1);

    // The card: decided now, counted when the worker has given the money back at the processor.
    const toCard = await refund({ amount: '3.00', destination: 'original_payment', note: 'Llegó tarde' });
    expect(toCard.statusCode, toCard.body).toBe(201);
    expect(await count(card)).toBe(cardBefore);
    const settled = await runDueRefunds({
      db: t.app.db,
      payments: t.app.payments,
      log: t.app.log,
      publicUrl: t.app.publicUrl,
      kickMailWorker: () => {},
    });
    expect(settled).toBe(1);
    expect(await count(card)).toBe(cardBefore + 1);

    // A credit refund whose transaction rolled back moved no money: not counted.
    const [row] = await queryRows<{ id: number }>(
      t.database,
      sql`select id from store_orders where number = ${storeOrder.number}`,
    );
    if (!row) throw new Error('no store order row');
    await expect(
      t.database.db.transaction(async (tx) => {
        await decideRefund(tx, {
          storeOrderId: row.id,
          amountMinor: 100,
          reason: 'operator',
          destination: 'wallet',
          actor: { role: 'operator', userId: operator.id },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count(wallet)).toBe(walletBefore + 1);
  });
});

describe('request ids', () => {
  it('answers X-Request-Id and writes it on every log line of the request', async () => {
    const before = logLines.length;
    const response = await t.app.inject({ method: 'GET', url: '/v1/no-existe/' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logLines.slice(before).map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(lines.every((line) => line.reqId === id)).toBe(true);
    // A client cannot pick its id (no trusted proxy here): its requests never pass for someone else's.
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/v1/csrf-token/',
      headers: { 'x-request-id': 'elegido-por-mi' },
    });
    expect(chosen.headers['x-request-id']).not.toBe('elegido-por-mi');
  });

  it('keeps the id only of the proxy TRUST_PROXY names, not of a client that reaches the port itself', async () => {
    const proxied = await createTestApp({ trustProxy: '10.0.0.1' });
    try {
      const send = (remoteAddress: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/health',
          remoteAddress,
          headers: { 'x-request-id': 'elegido-por-el-proxy', 'x-forwarded-for': '203.0.113.9' },
        });
      expect((await send('10.0.0.1')).headers['x-request-id']).toBe('elegido-por-el-proxy');
      expect((await send('203.0.113.9')).headers['x-request-id']).not.toBe('elegido-por-el-proxy');
    } finally {
      await proxied.close();
    }
  });
});

describe('logs', () => {
  it('hold no e-mail, phone, address, token, card or password after a purchase, a login and a reset', async () => {
    const before = logLines.length;
    const { app, database } = t;
    const email = uniqueEmail('privada');
    const password = 'clave-secreta-del-prado';
    const newPassword = 'otra-clave-de-malvin';
    const phone = '+1 415 555 2671';
    const user = await registerUser(app, { email, password, phone_number: phone });
    const session = await logIn(app, email, password);

    // A purchase with a new card, to a family member's address.
    const store = await createStore(database);
    const product = await createProduct(database, store.id, { price: '12.00', currency: 'USD', stock: 5 });
    const [row] = await queryRows<{ id: number }>(database, sql`select id from users where email = ${email}`);
    if (!row) throw new Error('no user row');
    await fillCart(database, row.id, [{ productId: product.id, quantity: 1 }]);
    const address = 'Bulevar Artigas 4321 apto 7';
    const familyPhone = '(099) 765 432';
    const beneficiary = await createBeneficiary(
      app,
      { headers: session },
      beneficiaryInput(await cityId(database), {
        address_line1: address,
        mobile_number: familyPhone,
        email: 'familia.privada@ejemplo.com',
      }),
    );
    const cardToken = sandboxToken('4242 4242 4242 4242');
    const body = await orderBody(
      app,
      { headers: session },
      {
        beneficiaryId: beneficiary.beneficiary_id,
        payment: { method: 'card', token: cardToken, save_card: true },
      },
    );
    const countersBefore = (await scrape()).body;
    const placed = await placeOrderRequest(app, { headers: session }, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<PlaceOrderResult>().payment).toEqual({ status: 'succeeded' });
    // Counted once committed, with the processor's latency.
    const countersAfter = (await scrape()).body;
    for (const series of [
      'mandado_orders_placed_total{payment_method="card"}',
      'mandado_orders_paid_total{payment_method="card"}',
      'mandado_payment_processor_duration_seconds_count{processor="sandbox",operation="charge",result="ok"}',
    ]) {
      expect(sample(countersAfter, series), series).toBe((sample(countersBefore, series) ?? 0) + 1);
    }
    const [tracking] = await queryRows<{ token: string }>(
      database,
      sql`select tracking_token as token from order_groups where remitter_id = ${row.id}`,
    );

    // A reset: requested, its e-mail captured, the link opened and the new password set.
    const reset = await app.inject({
      method: 'POST',
      url: '/v1/password-reset/',
      headers: await visitorHeaders(app),
      payload: { email },
    });
    expect(reset.statusCode).toBe(202);
    await mailWorker.drain();
    const [resetMail] = await queryRows<{ id: number }>(
      database,
      sql`select id from email_outbox where to_address = ${email} and kind = 'password.reset'`,
    );
    if (!resetMail) throw new Error('no reset e-mail');
    const captured = await readFile(path.join(mailDir, `${resetMail.id}.eml`), 'utf8');
    const link = /https?:\/\/\S+password-reset\?token=\S+/.exec(captured)?.[0];
    if (!link) throw new Error(`no link in ${captured}`);
    const resetToken = new URL(link).searchParams.get('token') ?? '';
    await app.inject({ method: 'GET', url: `/password-reset?token=${resetToken}` });
    const confirmed = await app.inject({
      method: 'POST',
      url: '/v1/password-reset/confirm/',
      headers: await visitorHeaders(app),
      payload: { token: resetToken, password: newPassword },
    });
    expect(confirmed.statusCode).toBe(200);
    if (tracking?.token) await app.inject({ method: 'GET', url: `/v1/tracking/${tracking.token}/` });
    // A failed login writes its own lines too.
    await app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: await visitorHeaders(app),
      payload: { username: email, password: 'no-es-la-clave' },
    });

    const logged = logLines.slice(before).join('\n');
    if (process.env.SHOW_LOGS) console.log(logged);
    // The flows did write lines: requests, the captured e-mails.
    expect(logged).toContain('request completed');
    expect(logged).toContain('E-mail captured');
    const session_token = /mandado_session=([^;]+)/.exec(user.headers.cookie)?.[1];
    const secrets = {
      email,
      'e-mail domain part': email.split('@')[0] ?? email,
      'family e-mail': 'familia.privada@ejemplo.com',
      phone,
      'phone E.164': '+14155552671',
      'phone digits': '4155552671',
      address,
      'address street': 'Bulevar Artigas',
      'family phone': familyPhone,
      'family phone digits': '765 432',
      password,
      newPassword,
      'wrong password': 'no-es-la-clave',
      'card number': '4242424242424242',
      'card number spaced': '4242 4242 4242 4242',
      'card label': '•••• 4242',
      'card token': cardToken,
      'reset token': resetToken,
      'tracking token': tracking?.token ?? 'no-tracking-token',
      'session token': session_token ?? 'no-session-token',
      'csrf token': session['x-csrftoken'],
      'beneficiary name': 'Fernández',
      'remitter name': 'Pereira',
    };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(logged.includes(secret), `${what} is in the logs`).toBe(false);
    }
  });
});
