import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { setPasswordHashing } from '../src/modules/accounts/password-hashing.ts';
import { databaseUrlFor, withAdminClient } from './postgres-admin.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Statements sent to the database since the app was built. */
  queries: string[];
  close(): Promise<void>;
}

/** The real app on a private copy of the migrated, seeded database: tests never share rows. */
export async function createTestApp(
  options: Pick<
    BuildAppOptions,
    | 'rateLimits'
    | 'sessionLifetimes'
    | 'trustProxy'
    | 'publicUrl'
    | 'countryHeader'
    | 'concurrencyLimits'
    | 'serverTimeouts'
    | 'webDistDir'
    | 'staffDistDir'
    | 'geocoder'
    | 'mapTiles'
    | 'payments'
    | 'widgets'
    | 'media'
    | 'webhooks'
    | 'staffSecondFactorRequired'
    | 'logLevel'
    | 'logStream'
    | 'metricsToken'
    | 'tracing'
    | 'readiness'
    | 'surface'
    | 'messaging'
  > = {},
): Promise<TestApp> {
  // Some thousand accounts per run: their hashes at 0.7 ms, not 30 (decision 049; password-hashing.test.ts
  // checks the standard setting the server uses).
  setPasswordHashing('fast-for-tests');
  const template = inject('databaseTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  const queries: string[] = [];
  const onQuery = (query: string) => queries.push(query);
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  if (databaseUrl) {
    const name = `mandado_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient(databaseUrl, (client) =>
      client.query(`create database ${name} template ${template}`),
    );
    database = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, name), onQuery });
    dropDatabase = async () => {
      await withAdminClient(databaseUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    };
  } else {
    database = await openDatabase({ loadDataDir: new Blob([await readFile(template)]), onQuery });
  }
  const app = await buildApp({
    database,
    ...options,
    // Tests register their actors through the API, all from one address: new accounts per address
    // (issue 27) are limited only where a test sets it.
    rateLimits: { registerPerIp: { max: 100_000, windowSeconds: 3600 }, ...options.rateLimits },
    // Every injected request comes from one address and tests fire bursts (20 concurrent cart adds): the
    // per-session and per-client limits apply only where a test sets them.
    concurrencyLimits: { perSession: 1000, perClient: 1000, ...options.concurrencyLimits },
  });
  await app.ready();
  return {
    app,
    database,
    queries,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/** Rows of a raw statement; both engines' drivers answer with `{ rows }`. */
export async function queryRows<T>(database: DatabaseHandle, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
