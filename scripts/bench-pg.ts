// `npm run bench -- --postgres` (issue 20, decision 036): the mixed load of several instances on one
// PostgreSQL. A fresh database on the server of BENCH_DATABASE_URL (or DATABASE_URL) is migrated and seeded,
// shoppers with carts are written directly, then one and two real server processes (`server.ts`) take a
// mixed load — 80% catalog and search reads, 15% cart (reads and whole-cart replacements in random order),
// 5% orders (sandbox card) — spread round-robin over the instances as a proxy would, at 20 and 50
// connections. Prints requests/s, per-class p50/p95/p99 and the number of 5xx (goal: none). A measurement,
// not a test: it prints and never fails on a number.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { tokenizeSandboxCard } from '@mandado/shared/sandbox-cards';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { sessions, users } from '../apps/api/src/db/schema/accounts.ts';
import { beneficiaries } from '../apps/api/src/db/schema/beneficiaries.ts';
import { cartLines, carts } from '../apps/api/src/db/schema/cart.ts';
import { cities, products } from '../apps/api/src/db/schema/catalog.ts';
import { seedDemoCatalog } from '../apps/api/src/db/seed/seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 400);
// BENCH_PG_PORT, BENCH_PG_PORT + 1: the instances' ports (check they are free: another server there would be measured).
const basePort = Number(process.env.BENCH_PG_PORT ?? 3310);

type Kind = 'read' | 'cart' | 'order';

export interface Shopper {
  headers: Record<string, string>;
  beneficiaryId: string;
  lines: Array<{ product_id: number; quantity: number }>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Shoppers written straight to the database (registering 400 through argon2 would take minutes). */
export async function prepare(databaseUrl: string): Promise<{ shoppers: Shopper[]; readUrls: string[] }> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    await seedDemoCatalog(database.db);
    const [montevideo] = await database.db
      .select({ id: cities.id })
      .from(cities)
      .where(sql`${cities.name} = 'Montevideo'`);
    if (!montevideo) throw new Error('no Montevideo in the demo catalog');
    const catalog = (await database.db.execute(sql`
      select p.id, p.store_id from products p join stores s on s.id = p.store_id
      where s.status = 'approved' and exists (
        select 1 from store_cities sc where sc.store_id = s.id and sc.city_id = ${montevideo.id})
      order by p.id`)) as unknown as { rows: Array<{ id: number; store_id: number }> };
    const ids = catalog.rows.map((row) => Number(row.id));
    await database.db.update(products).set({ stock: 10_000_000 }).where(inArray(products.id, ids));
    const storeIds = [...new Set(catalog.rows.map((row) => Number(row.store_id)))];
    const people = Array.from({ length: SHOPPERS }, (_, index) => ({
      email: `banco.${index}.${randomBytes(4).toString('hex')}@ejemplo.com`,
      token: randomBytes(32).toString('base64url'),
      csrf: randomBytes(32).toString('base64url'),
      beneficiaryId: randomUUID(),
      // Four to eight lines, overlapping between shoppers (the products orders and carts contend on).
      lines: Array.from(
        { length: 4 + (index % 5) },
        (_, line) => ids[(index * 7 + line * 13) % Math.min(ids.length, 60)] ?? 0,
      ),
    }));
    const inserted = await database.db
      .insert(users)
      .values(
        people.map((person) => ({
          accountId: randomUUID(),
          email: person.email,
          passwordHash: 'no-login',
          firstName: 'Banco',
          lastName: 'Pruebas',
          phoneE164: '+14155552671',
          phoneFormatted: '+1 415 555 2671',
          referralToken: randomBytes(18).toString('base64url'),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idOf = new Map(inserted.map((row) => [row.email, row.id]));
    const rows = people.map((person) => ({ ...person, id: idOf.get(person.email) ?? 0 }));
    const expiresAt = new Date(Date.now() + 24 * 3600_000);
    await database.db.insert(sessions).values(
      rows.map((row) => ({
        tokenHash: createHash('sha256').update(row.token).digest('hex'),
        userId: row.id,
        csrfToken: row.csrf,
        expiresAt,
      })),
    );
    await database.db.insert(carts).values(rows.map((row) => ({ userId: row.id, cityId: montevideo.id })));
    await database.db
      .insert(cartLines)
      .values(
        rows.flatMap((row) =>
          [...new Set(row.lines)].map((productId) => ({ userId: row.id, productId, quantity: 1 })),
        ),
      );
    await database.db.insert(beneficiaries).values(
      rows.map((row) => ({
        beneficiaryId: row.beneficiaryId,
        remitterId: row.id,
        cityId: montevideo.id,
        firstName: 'Rosa',
        lastName: 'Fernández',
        addressLine1: 'Av. 18 de Julio 1234',
        mobile: '(091) 123456',
        residency: 'house' as const,
        latitude: '-34.905800',
        longitude: '-56.191300',
      })),
    );
    const readUrls = [
      ...Array.from({ length: 8 }, () => '/v1/by-categories/products/Montevideo'),
      ...storeIds.map((id) => `/v1/stores/${id}/products/`),
      ...['leche', 'arroz', 'yerba', 'cafe', 'pan'].map((word) => `/v1/products/Montevideo/?search=${word}`),
      ...ids.slice(0, 20).map((id) => `/v1/products/${id}`),
      '/v1/stores/city/Montevideo',
      '/v1/categories/',
    ];
    return {
      readUrls,
      shoppers: rows.map((row) => ({
        headers: {
          cookie: `mandado_session=${row.token}`,
          'x-csrftoken': row.csrf,
        },
        beneficiaryId: row.beneficiaryId,
        lines: [...new Set(row.lines)].map((id) => ({ product_id: id, quantity: 1 })),
      })),
    };
  } finally {
    await database.close();
  }
}

async function startInstances(databaseUrl: string, count: number): Promise<ChildProcess[]> {
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 };
  const children: ChildProcess[] = [];
  for (let index = 0; index < count; index++) {
    const port = basePort + index;
    const taken = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error(`port ${port} is already in use: set BENCH_PG_PORT`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'silent',
        MIGRATE_ON_START: 'false',
        TRUST_PROXY: '127.0.0.1',
        DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? '10',
        RATE_LIMITS: JSON.stringify({
          search: unlimited,
          placeOrderPerIp: unlimited,
          placeOrderPerUser: unlimited,
          cardTokenPerUser: unlimited,
        }),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/v1/categories/`)).ok) break;
      } catch {}
      if (exited || Date.now() > deadline) throw new Error(`instance on ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  return children;
}

async function stopInstances(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

export interface Result {
  times: Record<Kind, number[]>;
  serverErrors: number;
  /** The 5xx answers by request and status with the first words of their body, so a drill says what failed. */
  serverErrorKinds: Record<string, number>;
  /** Requests no instance answered (the chaos drill retries a refused connection on the next, as a proxy). */
  connectionErrors: number;
  otherErrors: Record<string, number>;
  total: number;
}

/** What the chaos drill (bench-chaos.ts) changes: when to stop, and what to do with a refused connection. */
export interface LoadOptions {
  /** Ends the run early (checked between requests); the run still ends after `seconds` otherwise. */
  stop?: () => boolean;
  seconds?: number;
  /** Retry a request whose connection failed on the next instance, as a proxy does, instead of failing. */
  retryConnectionErrors?: boolean;
  /** Each order the API answered 201 for: its number and payment status. */
  onOrder?: (order: { number: string; payment_status: string }) => void;
}

export async function mixedLoad(
  ports: number[],
  connections: number,
  shoppers: Shopper[],
  readUrls: string[],
  options: LoadOptions = {},
): Promise<Result> {
  const card = tokenizeSandboxCard(
    { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    new Date(),
    () => randomBytes(8).toString('hex'),
  );
  if (!('token' in card)) throw new Error('sandbox card refused');
  const result: Result = {
    times: { read: [], cart: [], order: [] },
    serverErrors: 0,
    serverErrorKinds: {},
    connectionErrors: 0,
    otherErrors: {},
    total: 0,
  };
  let next = 0;
  const until = Date.now() + (options.seconds ?? seconds) * 1000;
  const timed = async (kind: Kind, path: string, init: RequestInit, client: number) => {
    const json: Record<string, string> = init.body ? { 'content-type': 'application/json' } : {};
    const started = performance.now();
    let response: Response | null = null;
    let body = '';
    for (let attempt = 0; response === null; attempt++) {
      const port = ports[next++ % ports.length];
      try {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
          ...init,
          // Each connection is its own client address for the fairness caps, as behind a trusted proxy.
          headers: {
            ...json,
            ...(init.headers as Record<string, string>),
            'x-forwarded-for': `10.9.${client >> 8}.${client & 255}`,
          },
        });
        // Read here: an instance killed mid-answer cuts the body, which a proxy retries like a refusal.
        body = await answer.text();
        response = answer;
      } catch (error) {
        if (!options.retryConnectionErrors) throw error;
        result.connectionErrors++;
        // Every instance refused: wait a little rather than spin.
        if (attempt >= ports.length) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    result.total++;
    if (response.status >= 500) {
      result.serverErrors++;
      const key = `${init.method ?? 'GET'} ${path.replace(/\d+/g, ':n')} ${response.status} ${body.slice(0, 80)}`;
      result.serverErrorKinds[key] = (result.serverErrorKinds[key] ?? 0) + 1;
    } else if (response.status >= 400 && response.status !== 409) {
      const key = `${kind} ${response.status}`;
      result.otherErrors[key] = (result.otherErrors[key] ?? 0) + 1;
    }
    result.times[kind].push(performance.now() - started);
    return { status: response.status, body };
  };
  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      // Each connection acts for its own shoppers, so two connections never write one cart at once.
      const own = shoppers.filter((_, index) => index % connections === client);
      let turn = 0;
      while (Date.now() < until && !options.stop?.()) {
        const roll = Math.random() * 100;
        const shopper = own[turn++ % own.length];
        if (!shopper) break;
        if (roll < 80) {
          await timed(
            'read',
            readUrls[Math.floor(Math.random() * readUrls.length)] ?? '/v1/categories/',
            {},
            client,
          );
        } else if (roll < 95) {
          if (roll < 88) {
            await timed('cart', '/v1/cart/', { headers: shopper.headers }, client);
          } else {
            // The web app's whole-cart replacement, lines in a shuffled order (the deadlock's other side).
            const lines = [...shopper.lines].sort(() => Math.random() - 0.5);
            await timed(
              'cart',
              '/v1/cart/',
              { method: 'PUT', headers: shopper.headers, body: JSON.stringify(lines) },
              client,
            );
          }
        } else {
          // Refill the cart (an earlier order emptied it), read it as the checkout does, then place the order.
          await timed(
            'cart',
            '/v1/cart/',
            { method: 'PUT', headers: shopper.headers, body: JSON.stringify(shopper.lines) },
            client,
          );
          const read = await timed('cart', '/v1/cart/', { headers: shopper.headers }, client);
          if (read.status !== 200) continue;
          const cart = JSON.parse(read.body) as {
            products: Array<{
              quantity: number;
              product: {
                id: number;
                price: string;
                merchant_discounted_price: string | null;
                discount: boolean;
              };
            }>;
            subtotal: string | null;
            shipping: string | null;
          };
          const body = {
            beneficiary_id: shopper.beneficiaryId,
            delivery: 'standard',
            coupon: null,
            credit: '0.00',
            country: 'UY',
            payment: { method: 'card', token: card.token.token },
            lines: cart.products.map((line) => ({
              product_id: line.product.id,
              quantity: line.quantity,
              unit_price:
                line.product.discount && line.product.merchant_discounted_price
                  ? line.product.merchant_discounted_price
                  : line.product.price,
            })),
            expected_total: formatMinorAsDecimal(
              parseMoney(cart.subtotal ?? '0.00') + parseMoney(cart.shipping ?? '0.00'),
            ),
          };
          const placed = await timed(
            'order',
            '/v1/orders/',
            {
              method: 'POST',
              headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
              body: JSON.stringify(body),
            },
            client,
          );
          if (placed.status === 201 && options.onOrder) {
            options.onOrder(
              (JSON.parse(placed.body) as { order: { number: string; payment_status: string } }).order,
            );
          }
        }
      }
    }),
  );
  return result;
}

export async function benchPostgres(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set BENCH_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server');
  const name = `mandado_bench_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`create database ${name}`));
  const databaseUrl = withDatabase(serverUrl, name);
  try {
    const { shoppers, readUrls } = await prepare(databaseUrl);
    console.log(
      `\nMixed load on PostgreSQL (80% reads, 15% cart, 5% orders), ${seconds} s per run, ${SHOPPERS} shoppers`,
    );
    console.log('instances | conns | req/s | class | p50 ms | p95 ms | p99 ms | 5xx | other 4xx');
    for (const instances of [1, 2]) {
      const children = await startInstances(databaseUrl, instances);
      try {
        const ports = children.map((_, index) => basePort + index);
        for (const connections of [20, 50]) {
          const result = await mixedLoad(ports, connections, shoppers, readUrls);
          const rps = (result.total / seconds).toFixed(0);
          for (const kind of ['read', 'cart', 'order'] as const) {
            const sorted = [...result.times[kind]].sort((a, b) => a - b);
            console.log(
              `${String(instances).padStart(9)} | ${String(connections).padStart(5)} | ${rps.padStart(5)} | ${kind.padEnd(5)} | ${percentile(sorted, 50).toFixed(0).padStart(6)} | ${percentile(sorted, 95).toFixed(0).padStart(6)} | ${percentile(sorted, 99).toFixed(0).padStart(6)} | ${String(result.serverErrors).padStart(3)} | ${JSON.stringify(result.otherErrors)}`,
            );
          }
        }
      } finally {
        await stopInstances(children);
      }
    }
    console.log('goal: no 5xx');
  } finally {
    await admin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPostgres();
