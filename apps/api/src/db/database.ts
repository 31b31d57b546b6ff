import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { runCommitCallbacks, trackCommitCallbacks } from './after-commit.ts';
import { isConnectionLost, isIdempotentRead } from './connection-loss.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as accountsSchema from './schema/accounts.ts';
import * as backOfficeSchema from './schema/back-office.ts';
import * as beneficiariesSchema from './schema/beneficiaries.ts';
import * as cartSchema from './schema/cart.ts';
import * as catalogSchema from './schema/catalog.ts';
import * as couponsSchema from './schema/coupons.ts';
import * as currenciesSchema from './schema/currencies.ts';
import * as deliveryWindowsSchema from './schema/delivery-windows.ts';
import * as fulfilmentSchema from './schema/fulfilment.ts';
import * as helpSchema from './schema/help.ts';
import * as invoicingSchema from './schema/invoicing.ts';
import * as locationsSchema from './schema/locations.ts';
import * as mailSchema from './schema/mail.ts';
import * as mediaSchema from './schema/media.ts';
import * as messagesSchema from './schema/messages.ts';
import * as ordersSchema from './schema/orders.ts';
import * as paymentsSchema from './schema/payments.ts';
import * as rateLimitsSchema from './schema/rate-limits.ts';
import * as receiptsSchema from './schema/receipts.ts';
import * as referralsSchema from './schema/referrals.ts';
import * as returnsSchema from './schema/returns.ts';
import * as settingsSchema from './schema/settings.ts';
import * as staffSchema from './schema/staff.ts';
import * as substitutionsSchema from './schema/substitutions.ts';
import * as walletSchema from './schema/wallet.ts';
import { defaultRetryOptions, withTransactionRetries } from './transaction-retry.ts';

/** Every table, one file per domain under schema/ (drizzle-kit reads the folder). */
const schema = {
  ...accountsSchema,
  ...backOfficeSchema,
  ...beneficiariesSchema,
  ...cartSchema,
  ...catalogSchema,
  ...couponsSchema,
  ...currenciesSchema,
  ...deliveryWindowsSchema,
  ...fulfilmentSchema,
  ...helpSchema,
  ...invoicingSchema,
  ...locationsSchema,
  ...mailSchema,
  ...mediaSchema,
  ...messagesSchema,
  ...ordersSchema,
  ...paymentsSchema,
  ...rateLimitsSchema,
  ...receiptsSchema,
  ...referralsSchema,
  ...settingsSchema,
  ...staffSchema,
  ...returnsSchema,
  ...substitutionsSchema,
  ...walletSchema,
};

/** The one Drizzle type the repositories see, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or a transaction on it: a write made with a transaction commits (or not) with it. */
export type DatabaseOrTransaction = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** One round trip (`select 1`); rejects when the database does not answer (readiness, issue 27). */
  ping(): Promise<void>;
  /** How many migrations of the folder this database has not applied yet (readiness, issue 27). */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
  /**
   * PGlite only: a gzipped copy of the data directory, taken between transactions (tests clone a migrated
   * database with it; `npm run db:backup` asks the running server for one, decision 056).
   */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections right now, for /metrics (PGlite has one in-process connection). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export type DatabaseOptions = (
  | {
      databaseUrl: string;
      /** Connections this process may hold (DATABASE_POOL_MAX); instances × this must fit max_connections. */
      poolMax?: number;
    }
  | { dataDir: string }
  | { loadDataDir: Blob }
  | { inMemory: true }
) & {
  /** Called with every statement Drizzle sends; tests count queries with it. */
  onQuery?: (query: string) => void;
  /** Another folder of migrations (tests add a data migration to a copy of ours). */
  migrationsFolder?: string;
};

const defaultMigrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * The advisory lock every instance takes around migrating (decision 036): instances started together wait for
 * one another, and the ones that come second find everything applied, so each migration runs exactly once.
 * Any fixed 64-bit number works; this one is 'mandado' in ASCII.
 */
export const MIGRATION_LOCK_KEY = '0x6d616e6461646f';
const MIGRATION_LOCK_ID = BigInt(MIGRATION_LOCK_KEY).toString();

/** The PGlite extensions our migrations create; PostgreSQL gets them from postgresql-contrib. */
const pgliteExtensions = { unaccent, pg_trgm, fuzzystrmatch };

/** The lock file of a PGlite data directory: beside it, so DATA_DIR/pglite is locked by DATA_DIR/pglite.lock. */
export function dataDirLockFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  if ('databaseUrl' in options) {
    return openPostgres(options.databaseUrl, options.poolMax ?? 10, logger, migrationsFolder);
  }
  // PGlite creates its own folder but not the ones above it; a fresh clone has no ./data yet. Owner-only:
  // PGlite writes its files world-readable and -writable (0666), so DATA_DIR is what keeps other local
  // users from password hashes, second-factor keys and captured mail.
  if ('dataDir' in options) await mkdir(path.dirname(options.dataDir), { recursive: true, mode: 0o700 });
  // One process per data directory (issue 16): a second opener refuses before PGlite reads a byte.
  const lock = 'dataDir' in options ? acquireDataDirLock(dataDirLockFile(options.dataDir)) : null;
  let client: PGlite;
  try {
    client = await PGlite.create({
      extensions: pgliteExtensions,
      ...('dataDir' in options ? { dataDir: options.dataDir } : {}),
      ...('loadDataDir' in options ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = withRetriedTransactions(drizzlePglite({ client, schema, logger }));
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db),
    pendingMigrations: () => pendingMigrations(db, migrationsFolder),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    // PGlite's own dump holds only the query lock, so it could fall between two statements of a transaction;
    // holding the transaction lock too (every statement takes it: no query may run inside) makes it a point
    // between transactions. The checkpoint first leaves little write-ahead log for the copy to replay when it
    // is opened. Queries wait for the dump's duration (decision 056).
    dumpDataDir: async () => {
      await client.exec('checkpoint');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
  };
}

/**
 * Every top-level `db.transaction(...)` of the app runs through the one retry helper (decision 036): a
 * deadlock victim or a serialization failure runs again from the start instead of answering 500. Nested
 * transactions (savepoints, `tx.transaction`) are not retried on their own: PostgreSQL aborts the whole one.
 * Callbacks must therefore keep their effects inside the transaction (or recompute them on each run).
 */
function withRetriedTransactions<T extends Database>(db: T): T {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => {
    // A connection lost before COMMIT was sent rolled the transaction back: it runs again on a new one. Lost
    // during COMMIT, nobody knows whether it committed, so it is not repeated (the request answers 503).
    let committing = false;
    // The callbacks of the run that committed (afterCommit): a run that was rolled back and retried drops its own.
    let callbacks: Array<() => void> = [];
    return withTransactionRetries(
      () => {
        committing = false;
        callbacks = [];
        return transaction(async (tx) => {
          callbacks = trackCommitCallbacks(tx);
          const result = await run(tx);
          committing = true;
          return result;
        }, config);
      },
      { ...defaultRetryOptions, isRetryable: (error) => !committing && isConnectionLost(error) },
    ).then((result) => {
      // Committed: a failing callback (a metric) must not turn the committed work into an error.
      runCommitCallbacks(callbacks, (error) => console.error('An after-commit callback failed', error));
      return result;
    });
  }) as typeof db.transaction;
  return db;
}

/** Runs of a plain read whose connection died, the first included, and the first wait between them. */
const READ_ATTEMPTS = 3;
const READ_RETRY_BASE_MS = 100;

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Drizzle's migrator applies every journal entry newer than the last row of drizzle.__drizzle_migrations
 * (its `created_at` is the entry's `when`); the same comparison says what is still to apply.
 */
async function pendingMigrations(db: Database, migrationsFolder: string): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ when: number }>;
  };
  let lastApplied = Number.NEGATIVE_INFINITY;
  try {
    const result = (await db.execute(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ last: string | null }> };
    const last = result.rows[0]?.last;
    if (last) lastApplied = Number(last);
  } catch (error) {
    // No journal table yet (42P01, or its schema 3F000): nothing applied.
    const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    if (code !== '42P01' && code !== '3F000') throw error;
  }
  return journal.entries.filter((entry) => entry.when > lastApplied).length;
}

/**
 * Drizzle's node-postgres `transaction` checks a client out and sends BEGIN before its try/finally, so a
 * BEGIN that fails (the connection died while idle in the pool, a restart) never gives the client back: the
 * pool loses a slot for good and `pool.end()` waits forever (seen under pg_terminate_backend, issue 27). A
 * client checked out with `pool.connect()` whose BEGIN fails is released here, as broken, and its release
 * for that checkout becomes a no-op.
 */
function withReleaseOnFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.connect = ((...args: unknown[]) => {
    // The callback form is the pool's own (pool.query): it sends no BEGIN.
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      if (wrapped.has(client)) return client;
      wrapped.add(client);
      const query = client.query.bind(client) as (...queryArgs: unknown[]) => unknown;
      client.query = ((...queryArgs: unknown[]) => {
        const result = query(...queryArgs);
        const first = queryArgs[0];
        const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
        if (!(result instanceof Promise) || typeof text !== 'string' || !/^\s*begin\b/i.test(text))
          return result;
        return result.catch((error: unknown) => {
          // pg-pool sets `release` afresh at every checkout, so the no-op lasts for this one only.
          client.release(error instanceof Error ? error : true);
          client.release = () => {};
          throw error;
        });
      }) as typeof client.query;
      return client;
    });
  }) as typeof pool.connect;
}

/**
 * The pool's own `query` (statements outside a transaction) runs a plain SELECT again, on a new connection,
 * when its connection died under it (issue 27); other statements and callback-style calls pass through.
 */
function withRetriedReads(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
    if (typeof args.at(-1) === 'function' || typeof text !== 'string' || !isIdempotentRead(text)) {
      return query(...args);
    }
    return (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await (query(...args) as Promise<unknown>);
        } catch (error) {
          if (attempt >= READ_ATTEMPTS || !isConnectionLost(error)) throw error;
          const ceiling = READ_RETRY_BASE_MS * 2 ** (attempt - 1);
          await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + (Math.random() * ceiling) / 2));
        }
      }
    })();
  }) as typeof pool.query;
}

/**
 * An idle connection the server ends (a restart, a failover, a dropped test database) is an 'error' on the
 * pool; unheard it would crash the process. A connection checked out (inside a transaction, a migration) has
 * no pool listener while it is out: its 'error' event was unheard and ended the process (issue 27). Every
 * client gets a listener for its whole life; the query in progress rejects on its own, and the pool drops the
 * broken client when it is released and reconnects on the next query.
 */
function listenedPool(pool: pg.Pool): pg.Pool {
  // The client's own listener logs it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      console.warn(`PostgreSQL closed a connection: ${error.message}`);
    });
  });
  return pool;
}

function openPostgres(
  connectionString: string,
  poolMax: number,
  logger: false | { logQuery: (query: string) => void },
  migrationsFolder: string,
): DatabaseHandle {
  const pool = listenedPool(new pg.Pool({ connectionString, max: poolMax }));
  withRetriedReads(pool);
  withReleaseOnFailedBegin(pool);
  const db = withRetriedTransactions(drizzleNodePostgres({ client: pool, schema, logger }));
  // /ready's statements go through a connection of their own: a pool busy with requests answers a probe
  // late, and a proxy that took every busy instance out of rotation would turn load into an outage.
  const probePool = listenedPool(new pg.Pool({ connectionString, max: 1, idleTimeoutMillis: 30_000 }));
  withRetriedReads(probePool);
  const probeDb = drizzleNodePostgres({ client: probePool, schema });
  return {
    db,
    engine: 'postgres',
    async migrate() {
      // One connection holds the session-level lock and runs the migrations, so a pool of 1 is enough and the
      // lock ends with the connection if this process dies half-way.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_ID]);
        try {
          await migrateNodePostgres(drizzleNodePostgres({ client, schema, logger }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    ping: () => ping(probeDb),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    pendingMigrations: () => pendingMigrations(probeDb, migrationsFolder),
    close: async () => {
      await Promise.all([pool.end(), probePool.end()]);
    },
  };
}
