// The restart drill of issue 27 (decision 054), with real server processes: two instances (`server.ts`) on a
// fresh database of DRILL_DATABASE_URL's server take a checkout load (70% catalog reads, 20% whole-cart
// writes, 10% orders with the sandbox card) through a proxy as small as the README's (it probes /ready every
// 200 ms, sends to ready instances round-robin, and tries the other one when a connection is refused).
// 1. PostgreSQL restarts under the load (DRILL_PG_RESTART, a shell command such as
//    `runuser -u postgres -- pg_ctl -D … restart -m fast`; skipped when unset): the instances must keep
//    their processes and serve again; requests in the gap may answer 503, never another 5xx.
// 2. A rolling restart: SIGTERM to one instance, started again on its port once it exited: no 5xx at all.
// Prints what each phase saw. A drill, not a CI test: `node --import tsx scripts/restart-drill.ts`.
import { type ChildProcess, exec, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { tokenizeSandboxCard } from '@mandado/shared/sandbox-cards';

process.env.BENCH_SHOPPERS ??= '120';
const { admin, prepare, withDatabase } = await import('./bench-pg.ts');

const serverUrl = process.env.DRILL_DATABASE_URL ?? process.env.DATABASE_URL;
const restartCommand = process.env.DRILL_PG_RESTART;
const basePort = Number(process.env.DRILL_PORT ?? 3320);
const LANES = 8;
/** Another probe for a build without /ready (landed main before decision 054: `/v1/categories/`). */
const readyPath = process.env.DRILL_READY_PATH ?? '/ready';
/** `1`: only the database restart (a build without the drain). */
const databaseOnly = process.env.DRILL_DATABASE_ONLY === '1';

interface Instance {
  port: number;
  child: ChildProcess;
  ready: boolean;
  /** Set when the process ended without our SIGTERM. */
  crashed: boolean;
  stopping: boolean;
}

interface Tally {
  ok: number;
  clientErrors: number;
  unavailable: number;
  serverErrors: number;
  failed: number;
  retried: number;
  firstOkAfter: number | null;
}

function newTally(): Tally {
  return {
    ok: 0,
    clientErrors: 0,
    unavailable: 0,
    serverErrors: 0,
    failed: 0,
    retried: 0,
    firstOkAfter: null,
  };
}

function startInstance(databaseUrl: string, port: number): Instance {
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      STAFF_DIST_DIR: '',
      LOG_LEVEL: 'silent',
      MIGRATE_ON_START: 'false',
      TRUST_PROXY: '127.0.0.1',
      DATABASE_POOL_MAX: '10',
      RATE_LIMITS: JSON.stringify({
        search: unlimited,
        placeOrderPerIp: unlimited,
        placeOrderPerUser: unlimited,
        cardTokenPerUser: unlimited,
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const instance: Instance = { port, child, ready: false, crashed: false, stopping: false };
  child.once('exit', (code, signal) => {
    instance.ready = false;
    if (!instance.stopping) {
      instance.crashed = true;
      console.error(`instance on ${port} ended by itself: code ${code}, signal ${signal}`);
    }
  });
  return instance;
}

async function waitReady(instance: Instance, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${instance.port}${readyPath}`).catch(() => null);
    if (answer?.status === 200) return Date.now() - started;
    if (instance.crashed || Date.now() - started > timeoutMs) throw new Error(`${instance.port} never ready`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  if (!serverUrl) throw new Error('Set DRILL_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server');
  const name = `mandado_drill_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`create database ${name}`));
  const databaseUrl = withDatabase(serverUrl, name);
  const instances: Instance[] = [];
  try {
    const { shoppers, readUrls } = await prepare(databaseUrl);
    const card = tokenizeSandboxCard(
      { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      new Date(),
      () => randomBytes(8).toString('hex'),
    );
    if (!('token' in card)) throw new Error('sandbox card refused');
    for (let index = 0; index < 2; index++) instances.push(startInstance(databaseUrl, basePort + index));
    await Promise.all(instances.map((instance) => waitReady(instance)));

    let probing = true;
    const prober = (async () => {
      while (probing) {
        await Promise.all(
          instances.map(async (instance) => {
            const answer = await fetch(`http://127.0.0.1:${instance.port}${readyPath}`).catch(() => null);
            instance.ready = answer?.status === 200;
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();

    let tally = newTally();
    let phaseStarted = Date.now();
    let turn = 0;
    async function proxied(path: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
      const ready = instances.filter((instance) => instance.ready);
      const order = ready.length > 0 ? ready : instances;
      const start = turn++;
      const method = init.method ?? 'GET';
      for (let attempt = 0; attempt < 3; attempt++) {
        const instance = order[(start + attempt) % order.length];
        if (!instance) break;
        try {
          const answer = await fetch(`http://127.0.0.1:${instance.port}${path}`, {
            ...init,
            headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
          });
          const body = await answer.text();
          if (answer.status < 400) {
            tally.ok += 1;
            if (Date.now() >= phaseStarted) tally.firstOkAfter ??= Date.now() - phaseStarted;
          } else if (answer.status === 503) tally.unavailable += 1;
          else if (answer.status >= 500) tally.serverErrors += 1;
          else tally.clientErrors += 1;
          return { status: answer.status, body };
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          // Refused: nothing was sent, any proxy tries another instance. A GET is safe to send again anyway.
          if (code !== 'ECONNREFUSED' && method !== 'GET') break;
          tally.retried += 1;
        }
      }
      tally.failed += 1;
      return { status: 0, body: '' };
    }

    let loading = true;
    const lanes = Array.from({ length: LANES }, async (_, lane) => {
      const own = shoppers.filter((_, index) => index % LANES === lane);
      let step = 0;
      while (loading) {
        const shopper = own[step++ % own.length];
        if (!shopper) return;
        const roll = Math.random() * 100;
        if (roll < 70) {
          await proxied(readUrls[Math.floor(Math.random() * readUrls.length)] ?? '/v1/categories/');
        } else if (roll < 90) {
          await proxied('/v1/cart/', {
            method: 'PUT',
            headers: shopper.headers,
            body: JSON.stringify(shopper.lines),
          });
        } else {
          await proxied('/v1/cart/', {
            method: 'PUT',
            headers: shopper.headers,
            body: JSON.stringify(shopper.lines),
          });
          const read = await proxied('/v1/cart/', { headers: shopper.headers });
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
          await proxied('/v1/orders/', {
            method: 'POST',
            headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({
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
            }),
          });
        }
      }
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const report = (label: string) => {
      const alive = instances.map((instance) => (instance.crashed ? 'DOWN' : 'up')).join(', ');
      console.log(`${label}: ${JSON.stringify(tally)}; instances ${alive}`);
    };

    await sleep(3000);
    report('warm-up (3 s)');

    if (restartCommand) {
      tally = newTally();
      phaseStarted = Number.POSITIVE_INFINITY;
      const restartStarted = Date.now();
      // Not execSync: the load goes on while PostgreSQL stops and starts.
      await promisify(exec)(restartCommand);
      const restartMs = Date.now() - restartStarted;
      phaseStarted = Date.now();
      await sleep(6000);
      report(
        `PostgreSQL restart (pg_ctl took ${restartMs} ms; firstOkAfter: ms from its return to a success)`,
      );
    } else {
      console.log('DRILL_PG_RESTART is not set: no database restart');
    }

    if (databaseOnly) {
      loading = false;
      await Promise.all(lanes);
      probing = false;
      await prober;
      return;
    }
    tally = newTally();
    phaseStarted = Date.now();
    const [oldest] = instances;
    if (!oldest) throw new Error('no instance');
    oldest.stopping = true;
    const exited = new Promise<number | null>((resolve) =>
      oldest.child.once('exit', (code) => resolve(code)),
    );
    const termAt = Date.now();
    oldest.child.kill('SIGTERM');
    const code = await exited;
    const drainMs = Date.now() - termAt;
    const replacement = startInstance(databaseUrl, oldest.port);
    instances[0] = replacement;
    const startMs = await waitReady(replacement);
    await sleep(2000);
    loading = false;
    await Promise.all(lanes);
    probing = false;
    await prober;
    report(
      `rolling restart (drained in ${drainMs} ms, exit code ${code}; replacement ready in ${startMs} ms)`,
    );
  } finally {
    for (const instance of instances) {
      instance.stopping = true;
      instance.child.kill('SIGTERM');
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

await main();
