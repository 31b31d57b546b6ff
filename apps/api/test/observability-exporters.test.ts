import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { enqueueEmail } from '../src/modules/mail/mail.service.ts';
import { captureMailTransport } from '../src/modules/mail/mail-transport.ts';
import { startMailWorker } from '../src/modules/mail/mail-worker.ts';
import { setErrorReporter } from '../src/modules/observability/error-reporting.ts';
import { createSentryReporter } from '../src/modules/observability/sentry-reporter.ts';
import { startTracing, type Tracing } from '../src/modules/observability/tracing-sdk.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { registerUser, uniqueEmail } from './session-helpers.ts';
import {
  type EnvelopeItem,
  type ReceivedSpan,
  type Receiver,
  startOtlpReceiver,
  startSentryReceiver,
} from './telemetry-receivers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const silentLog = Fastify({ logger: false }).log;

function attribute(span: ReceivedSpan, key: string): unknown {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
}

describe('traces over OTLP/HTTP', () => {
  let collector: Receiver<ReceivedSpan>;
  let tracing: Tracing;
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    collector = await startOtlpReceiver();
    tracing = startTracing({ endpoint: collector.url, serviceName: 'mandado-prueba' });
    t = await createTestApp({
      tracing: true,
      logLevel: 'info',
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await tracing.shutdown();
    await collector.close();
  });

  it('sends a request span under the caller’s trace, with its database queries, and processor and outbox spans', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    const email = uniqueEmail('trazada');
    // A POST: its handler runs after the body is read, outside the request's first context.
    const user = await registerUser(t.app, { email });
    // Over a real socket: the body's stream events run outside the context the request arrived in.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/v1/login/`, {
      method: 'POST',
      headers: {
        ...user.headers,
        origin: base,
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${callerSpanId}-01`,
      },
      body: JSON.stringify({ username: email, password: user.password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // The request's lines written inside its span name its trace ('incoming request' comes before the span;
    // its reqId joins it to the others).
    const requestLines = logLines
      .map((line) => JSON.parse(line) as { reqId?: string; traceId?: string; msg: string })
      .filter((line) => line.reqId === login.headers.get('x-request-id') && line.msg !== 'incoming request');
    expect(requestLines.map((line) => line.msg)).toContain('request completed');
    expect(requestLines.every((line) => line.traceId === traceId)).toBe(true);
    // A processor call and an outbox job, outside any request.
    await t.app.payments.card.retrieveByKey(t.database.db, 'order-group-0');
    await enqueueEmail(t.database.db, { to: email, subject: 'Hola', text: 'Hola' });
    const mailDir = await mkdtemp(path.join(tmpdir(), 'mandado-trace-mail-'));
    const worker = startMailWorker({
      db: t.database.db,
      transport: captureMailTransport(silentLog, mailDir),
      log: silentLog,
      intervalMs: 60_000,
    });
    await worker.drain();
    await worker.stop();
    await rm(mailDir, { recursive: true, force: true });
    await tracing.flush();

    await collector.waitUntil((spans) => spans.some((span) => span.name === 'outbox mail'));
    const spans = collector.received;
    const server = spans.find((span) => span.name === 'POST /v1/login/');
    if (!server) throw new Error(`no login span among ${spans.map((span) => span.name).join(', ')}`);
    expect(server.traceId).toBe(traceId);
    expect(server.parentSpanId).toBe(callerSpanId);
    expect(server.kind).toBe(2); // SERVER
    expect(attribute(server, 'http.route')).toBe('/v1/login/');
    expect(attribute(server, 'http.response.status_code')).toBe(200);
    expect(attribute(server, 'mandado.request_id')).toBe(login.headers.get('x-request-id'));
    // The handler's queries are the request's children, with their statements but never their values.
    const queries = spans.filter(
      (span) => span.parentSpanId === server.spanId && span.name.startsWith('db '),
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(String(attribute(queries[0] as ReceivedSpan, 'db.query.text'))).toMatch(/\$1/);
    expect(spans.some((span) => span.name === 'payment sandbox retrieveByKey')).toBe(true);
    const outbox = spans.find((span) => span.name === 'outbox mail') as ReceivedSpan;
    expect(attribute(outbox, 'mandado.outbox.claimed')).toBeGreaterThanOrEqual(1);
    expect(spans.some((span) => span.parentSpanId === outbox.spanId && span.name.startsWith('db '))).toBe(
      true,
    );
    // Nothing personal left with the spans.
    for (const body of collector.bodies) {
      expect(body).not.toContain(email);
      expect(body).not.toContain(user.password);
    }
  });
});

describe('errors to a Sentry DSN', () => {
  let ingest: Receiver<EnvelopeItem>;

  beforeAll(async () => {
    ingest = await startSentryReceiver('42');
  });
  afterAll(async () => {
    setErrorReporter(null);
    await ingest.close();
  });

  it('reports a 500 with its request id and route, and a failed outbox pass, e-mails masked', async () => {
    const reporter = createSentryReporter({
      dsn: `http://clavepublica@${ingest.url.slice('http://'.length)}/42`,
      serviceName: 'mandado-prueba',
      environment: 'test',
    });
    setErrorReporter(reporter);
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/roto/:id/', async () => {
      throw new Error('se rompió para ana.perez@correo.com');
    });
    const response = await app.inject({ method: 'GET', url: '/roto/7/' });
    expect(response.statusCode).toBe(500);

    // An outbox whose database fails: the pass is reported as well as logged.
    const brokenDb = {
      select() {
        throw new Error('la base no responde');
      },
    } as unknown as Database;
    const worker = startMailWorker({
      db: brokenDb,
      transport: captureMailTransport(silentLog, tmpdir()),
      log: silentLog,
    });
    await worker.drain().catch(() => {});
    await worker.stop();
    expect(await reporter.flush(5000)).toBe(true);

    await ingest.waitUntil((items) => items.filter((item) => item.type === 'event').length >= 2);
    const events = ingest.received.filter((item) => item.type === 'event');
    const http = events.find(
      (event) => event.payload.tags && (event.payload.tags as Record<string, string>).route,
    );
    expect(http?.payload).toMatchObject({
      platform: 'node',
      environment: 'test',
      server_name: 'mandado-prueba',
      // Fastify's own ids here (req-1): the app's are UUIDs, checked in observability.test.ts.
      tags: { route: '/roto/:id/', method: 'GET', request_id: expect.stringMatching(/^req-\d+$/) },
      exception: { values: [{ type: 'Error', value: 'se rompió para [email]' }] },
    });
    const exception = http?.payload.exception as
      | { values: { stacktrace?: { frames?: unknown[] } }[] }
      | undefined;
    expect(exception?.values[0]?.stacktrace?.frames?.length).toBeGreaterThan(0);
    const failedPass = events.find((event) => (event.payload.tags as Record<string, string>)?.worker);
    expect(failedPass?.payload).toMatchObject({
      tags: { worker: 'E-mail outbox pass failed' },
      exception: { values: [{ value: 'la base no responde' }] },
    });
    expect(ingest.bodies.join('\n')).not.toContain('ana.perez@correo.com');
    await reporter.close(1000);
  });
});
