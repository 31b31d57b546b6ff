import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { drainInstance } from '../src/drain.ts';
import { createReadiness, type Readiness } from '../src/modules/health/readiness.ts';
import { databaseUrlFor } from './postgres-admin.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 27: one of two instances on one PostgreSQL is restarted under load and no caller sees a 5xx. The
 * instances are real HTTP servers on loopback ports, each with its own pool; SIGTERM's drain is the one the
 * server runs (drainInstance). In front of them, a proxy as small as the README's: it probes /ready, sends to
 * instances that are ready, and tries the other one when a connection fails before an answer (Caddy's
 * lb_try_duration, nginx's proxy_next_upstream error). `npm run bench -- --chaos` does the same with two
 * `node apps/api/src/server.ts` processes and a real SIGTERM (its 'rolling restart A' phase).
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.warn('rolling-restart.test.ts: skipped, DATABASE_URL is not set (two instances need PostgreSQL)');
}

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  readiness: Readiness;
  port: number;
  ready: boolean;
}

let first: TestApp | null = null;
const open: Instance[] = [];
afterAll(async () => {
  for (const instance of open) {
    await instance.app.close().catch(() => {});
    await instance.database.close().catch(() => {});
  }
  await first?.close();
});

async function startInstance(url: string, port = 0): Promise<Instance> {
  const database = await openDatabase({ databaseUrl: url, poolMax: 4 });
  const readiness = createReadiness();
  const app = await buildApp({ database, readiness });
  // A request that is still running when SIGTERM arrives (a checkout talking to a processor).
  app.get('/slow-for-test', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { finished: true };
  });
  await app.listen({ host: '127.0.0.1', port });
  const instance: Instance = {
    app,
    database,
    readiness,
    port: (app.server.address() as AddressInfo).port,
    ready: true,
  };
  open.push(instance);
  return instance;
}

describe.skipIf(!databaseUrl)('a rolling restart of one of two instances under load', () => {
  it('gives no 5xx and no failed request', { timeout: 30_000 }, async () => {
    if (!databaseUrl) return;
    first = await createTestApp();
    const [row] = await queryRows<{ name: string }>(first.database, sql`select current_database() as name`);
    if (!row) throw new Error('no database name');
    const url = databaseUrlFor(databaseUrl, row.name);
    const a = await startInstance(url);
    const b = await startInstance(url);
    const upstreams: Instance[] = [a, b];

    // The proxy's active health check: /ready every 50 ms.
    let probing = true;
    const prober = (async () => {
      while (probing) {
        await Promise.all(
          upstreams.map(async (instance) => {
            const answer = await fetch(`http://127.0.0.1:${instance.port}/ready`).catch(() => null);
            instance.ready = answer?.status === 200;
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const statuses: number[] = [];
    const failures: string[] = [];
    let retried = 0;
    let turn = 0;
    async function proxied(path: string): Promise<void> {
      const ready = upstreams.filter((instance) => instance.ready);
      const order = ready.length > 0 ? ready : upstreams;
      const start = turn++ % order.length;
      for (let attempt = 0; attempt < upstreams.length + 1; attempt++) {
        const instance = order[(start + attempt) % order.length] ?? upstreams[0];
        if (!instance) break;
        try {
          const answer = await fetch(`http://127.0.0.1:${instance.port}${path}`);
          await answer.arrayBuffer();
          statuses.push(answer.status);
          return;
        } catch (error) {
          // The connection failed before an answer (refused, closed): the proxy tries another instance.
          retried += 1;
          if (attempt === upstreams.length) failures.push(String((error as Error).cause ?? error));
        }
      }
    }

    let loading = true;
    const lanes = Array.from({ length: 4 }, async (_, lane) => {
      while (loading) await proxied(lane % 2 === 0 ? '/v1/cities/' : '/v1/csrf-token/');
    });

    await new Promise((resolve) => setTimeout(resolve, 600));
    // SIGTERM to instance a: it drains, ends, and a new process starts on its port.
    const servedBefore = statuses.length;
    // Requests the proxy already sent to a: they finish, though a stops accepting connections meanwhile.
    const inFlight = Array.from({ length: 3 }, () =>
      fetch(`http://127.0.0.1:${a.port}/slow-for-test`).then(async (answer) => [
        answer.status,
        await answer.json(),
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drained = await drainInstance({
      app: a.app,
      readiness: a.readiness,
      stopWorkers: async () => {},
      closeDatabase: () => a.database.close(),
      timeoutMs: 5000,
    });
    open.splice(open.indexOf(a), 1);
    expect(drained.cut).toBe(false);
    expect(await Promise.all(inFlight)).toEqual(Array(3).fill([200, { finished: true }]));
    const restarted = await startInstance(url, a.port);
    upstreams[0] = restarted;
    await new Promise((resolve) => setTimeout(resolve, 600));
    loading = false;
    await Promise.all(lanes);
    probing = false;
    await prober;

    expect(failures).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(servedBefore);
    // Both instances answer after the restart.
    for (const instance of upstreams) {
      expect((await fetch(`http://127.0.0.1:${instance.port}/ready`)).status).toBe(200);
    }
    console.info(
      `rolling restart: ${statuses.length} requests, ${retried} retried by the proxy, none failed`,
    );
  });
});
