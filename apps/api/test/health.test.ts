import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createReadiness } from '../src/modules/health/readiness.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// The probes of issue 27, on either engine: proxies and the chaos drill rely on these answers.
const readiness = createReadiness();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ readiness });
});
afterAll(async () => {
  await t.close();
});

describe('GET /health (liveness)', () => {
  it('answers 200 without a database statement', async () => {
    const before = t.queries.length;
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(t.queries.length).toBe(before);
  });
});

describe('GET /ready (readiness)', () => {
  it('answers 200 when the database answers, migrations are applied and nothing is wrong', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 while draining, and a request still served then is told to close its connection', async () => {
    readiness.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not-ready',
        reasons: ['draining'],
        detail: SERVER_MESSAGES.notReady,
      });
      const served = await t.app.inject({ method: 'GET', url: '/v1/cities/' });
      expect(served.statusCode).toBe(200);
      expect(served.headers.connection).toBe('close');
      // Liveness is not readiness: a draining process is alive.
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      readiness.draining = false;
    }
  });

  it("answers 503 when this role's workers are not running", async () => {
    readiness.workerProblems = () => ['workers-not-running'];
    try {
      const response = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ reasons: ['workers-not-running'] });
    } finally {
      readiness.workerProblems = () => [];
    }
  });

  it('answers 503 while a migration of this release is not applied', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database,
      sql`delete from drizzle.__drizzle_migrations
          where id = (select id from drizzle.__drizzle_migrations order by created_at desc limit 1)
          returning id, hash, created_at::text`,
    );
    if (!newest) throw new Error('no applied migrations');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ reasons: ['migrations-pending'] });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });
});

describe('a MANDADO_ROLE=worker instance', () => {
  it('serves only the probes and the metrics', async () => {
    const worker = await buildApp({ database: t.database, surface: 'health' });
    try {
      expect((await worker.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await worker.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      // Operators scrape workers too: their outboxes, processor calls and refunds are counted there.
      const metrics = await worker.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('# HELP mandado_outbox_pending ');
      expect(metrics.body).toContain('# HELP mandado_refunds_total ');
      expect(metrics.body).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/ready",status="200"\} 1$/m,
      );
      expect(
        (await worker.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode,
      ).toBe(401);
      const api = await worker.inject({ method: 'GET', url: '/v1/cities/' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ detail: SERVER_MESSAGES.routeNotFound });
    } finally {
      await worker.close();
    }
  });
});

// Last: it closes the database under the app.
describe('a database that is gone', () => {
  it('answers the API with 503 in Spanish and Retry-After, /ready 503 and /health 200', async () => {
    await t.database.close();
    // Closed once is enough: the file's own close() then only drops its database.
    t.database.close = async () => {};
    const answer = await t.app.inject({ method: 'GET', url: '/v1/cities/' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ detail: SERVER_MESSAGES.serviceUnavailable });
    expect(answer.headers['retry-after']).toBe('5');
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ reasons: ['database-unavailable'] });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
