// `npm run bench -- --chaos` (issue 27, decision 056): the failure drill anyone can run. A throwaway PostgreSQL
// cluster, a local SMTP sink, a local webhook receiver, two web instances (MANDADO_ROLE=web) and one worker
// (MANDADO_ROLE=worker) on 127.0.0.1, under bench-pg.ts's mixed load spread over the web instances as a proxy
// would (a refused connection is retried on the other instance; orders carry an idempotency key). In turn it
// restarts a web instance as a rolling restart does (SIGTERM, its drain, started again: no 5xx allowed),
// kills a web instance with SIGKILL and starts it again, restarts PostgreSQL (`pg_ctl restart -m fast`), and
// stops the SMTP sink for a minute. For each phase it prints the 5xx count, the seconds to recover, paid
// orders lost (must be 0), duplicate e-mails and webhook deliveries, and the payments audit. Bounded: every
// wait has a limit and the whole drill stops after CHAOS_MAX_MINUTES (20). A drill, not a test: it prints.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { orderGroups } from '../apps/api/src/db/schema/orders.ts';
import { auditPayments } from '../apps/api/src/modules/payments/payments-audit.service.ts';
import { type MailSink, type ReceivedMail, startMailSink } from '../apps/api/test/mail-sink.ts';
import { admin, mixedLoad, prepare, withDatabase } from './bench-pg.ts';

const PG_PORT = Number(process.env.CHAOS_PG_PORT ?? 55440);
// Web instances on BENCH_PG_PORT and the next port, the worker on the one after.
const BASE_PORT = Number(process.env.BENCH_PG_PORT ?? 3310);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SMTP_DOWN_SECONDS = Number(process.env.CHAOS_SMTP_DOWN_SECONDS ?? 60);
const MAX_MINUTES = Number(process.env.CHAOS_MAX_MINUTES ?? 20);
/** Longest wait for one recovery (the SMTP phase waits for the mail worker's back-off: 30 s, 1 min, 2 min…). */
const RECOVERY_LIMIT_MS = 300_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/<version>/bin)');
  return path.join(root, newest, 'bin');
}

interface Cluster {
  url: string;
  /** Asynchronous: the load goes on (and sees the failures) while PostgreSQL restarts. */
  restart(): Promise<void>;
  stop(): void;
}

/** A throwaway cluster on 127.0.0.1:CHAOS_PG_PORT; as root its files belong to the postgres user. */
function startCluster(): Cluster {
  const bin = pgBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'mandado-chaos-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'ignore' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'ignore' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`,
    restart: () =>
      new Promise<void>((resolve, reject) => {
        const args = ['-D', data, '-l', path.join(dir, 'log'), '-w', '-m', 'fast', 'restart'];
        const [command, commandArgs] = asRoot
          ? ['runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args]]
          : [path.join(bin, 'pg_ctl'), args];
        execFile(command as string, commandArgs as string[], (error) => (error ? reject(error) : resolve()));
      }),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Records every webhook post by its event id and answers 200, as a partner's endpoint does. */
async function startWebhookReceiver(): Promise<{ url: string; received: string[]; close(): void }> {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    const id = request.headers['mandado-event-id'];
    request.resume();
    request.on('end', () => {
      if (typeof id === 'string') received.push(id);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks`, received, close: () => server.close() };
}

let readyRoute: '/ready' | '/v1/categories/' | null = null;

/**
 * Whether an instance is ready: GET /ready (the uptime work: 200, or 503 while draining or without its
 * database). An instance without /ready (404) is asked for the categories instead, which read the database.
 */
async function isReady(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${readyRoute ?? '/ready'}`, {
      signal: AbortSignal.timeout(2000),
    });
    if (readyRoute === null && response.status === 404) {
      readyRoute = '/v1/categories/';
      console.log('No GET /ready on this build: readiness is read from GET /v1/categories/ instead');
      return isReady(port);
    }
    if (readyRoute === null) readyRoute = '/ready';
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * One server process, supervised as systemd's Restart=always would: an exit the drill did not ask for is a
 * crash, counted, and the process is started again a second later. Its stderr goes to `<logDir>/<name>.log`.
 */
class Instance {
  child: ChildProcess | null = null;
  crashes = 0;
  private supervised = true;
  constructor(
    readonly name: string,
    readonly port: number,
    readonly role: 'web' | 'worker',
    readonly env: NodeJS.ProcessEnv,
    readonly logDir: string,
  ) {}

  start(): void {
    this.supervised = true;
    const log = openSync(path.join(this.logDir, `${this.name.replace(/\W+/g, '-')}.log`), 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      env: { ...this.env, PORT: String(this.port), MANDADO_ROLE: this.role },
      // The log (errors only by default, CHAOS_LOG_LEVEL) says what a 5xx was; it holds no personal data.
      stdio: ['ignore', log, log],
    });
    this.child = child;
    child.once('exit', () => {
      if (this.child !== child) return;
      this.child = null;
      if (!this.supervised) return;
      this.crashes++;
      setTimeout(() => {
        if (this.supervised && this.child === null) this.start();
      }, 1000);
    });
  }

  async waitReady(limitMs = 90_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!(await isReady(this.port))) {
      if (Date.now() > deadline) throw new Error(`${this.name} on ${this.port} did not become ready`);
      await sleep(250);
    }
  }

  kill9(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  /**
   * SIGTERM, as a rolling restart or a scale-down sends it: the instance drains (decision 054) and exits; past
   * `limitMs` it is killed. Unsupervised from here: start() again to bring it back. Answers its exit.
   */
  async stop(limitMs = 10_000): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
    this.supervised = false;
    const child = this.child;
    if (!child) return null;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    const exit = await exited;
    clearTimeout(timer);
    return exit;
  }
}

interface PhaseFigures {
  name: string;
  serverErrors: number;
  serverErrorKinds: Record<string, number>;
  refused: number;
  recoverSeconds: number | null;
  /** Instances that exited on their own during the phase (each started again by the supervisor). */
  crashes: number;
  paidOrders: number;
  paidLost: number;
  duplicateEmails: number;
  duplicateWebhooks: number;
  audit: string;
}

function duplicates(keys: string[]): number {
  const seen = new Map<string, number>();
  for (const key of keys) seen.set(key, (seen.get(key) ?? 0) + 1);
  return [...seen.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
}

export async function benchChaos(): Promise<void> {
  const children: Instance[] = [];
  let cluster: Cluster | null = null;
  let sink: MailSink | null = null;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | null = null;
  const cleanup = async () => {
    await Promise.all(children.map((instance) => instance.stop()));
    await sink?.close();
    receiver?.close();
    cluster?.stop();
  };
  const abort = (why: string) => {
    console.error(why);
    for (const instance of children) {
      void instance.stop();
      instance.kill9();
    }
    cluster?.stop();
    process.exit(2);
  };
  const watchdog = setTimeout(
    () => abort(`The drill ran past ${MAX_MINUTES} minutes: stopping everything`),
    MAX_MINUTES * 60_000,
  );
  const onSignal = () => abort('Interrupted: stopping everything');
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Node ends the process on an unhandled rejection without running `finally`: stop what the drill started.
  const onUnhandled = (reason: unknown) => abort(`The drill failed: ${String(reason)}: stopping everything`);
  process.once('unhandledRejection', onUnhandled);
  const logDir = mkdtempSync(path.join(tmpdir(), 'mandado-chaos-logs-'));
  try {
    cluster = startCluster();
    const databaseUrl = withDatabase(cluster.url, 'mandado_chaos');
    await admin(cluster.url, (client) => client.query('create database mandado_chaos'));
    console.log(
      `\nChaos drill: PostgreSQL on 127.0.0.1:${PG_PORT}, ${CONNECTIONS} connections of mixed load`,
    );
    const { shoppers, readUrls } = await prepare(databaseUrl);

    const mails: ReceivedMail[] = [];
    sink = await startMailSink({ onMessage: (mail) => void mails.push(mail) });
    const smtpPort = sink.port;
    receiver = await startWebhookReceiver();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `insert into webhook_endpoints (url, events, secret) values ($1, '["order.paid"]'::jsonb, 'chaos-drill-secret')`,
      [receiver.url],
    );
    await client.end();
    const unlimited = { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      STAFF_DIST_DIR: '',
      LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'error',
      MIGRATE_ON_START: 'false',
      TRUST_PROXY: '127.0.0.1',
      // With 127.0.0.1 a trusted proxy, loopback is no longer 'this machine' for /metrics: scrape with a token.
      METRICS_TOKEN: 'chaos-drill-metrics',
      DATABASE_POOL_MAX: '10',
      SMTP_URL: sink.url,
      RATE_LIMITS: JSON.stringify({
        search: unlimited,
        placeOrderPerIp: unlimited,
        placeOrderPerUser: unlimited,
        cardTokenPerUser: unlimited,
      }),
    };
    console.log(`Instance logs (stderr) in ${logDir}`);
    const webA = new Instance('web A', BASE_PORT, 'web', env, logDir);
    const webB = new Instance('web B', BASE_PORT + 1, 'web', env, logDir);
    const worker = new Instance('worker', BASE_PORT + 2, 'worker', env, logDir);
    children.push(webA, webB, worker);
    for (const instance of children) {
      if (await isReady(instance.port)) throw new Error(`port ${instance.port} is in use: set BENCH_PG_PORT`);
      instance.start();
    }
    for (const instance of children) await instance.waitReady();
    const webPorts = [webA.port, webB.port];
    // Operators scrape the worker too: it serves /metrics beside the probes.
    const workerMetrics = await fetch(`http://127.0.0.1:${worker.port}/metrics`, {
      headers: { authorization: 'Bearer chaos-drill-metrics' },
    }).catch(() => null);
    const workerSeries = (await workerMetrics?.text())?.includes('mandado_outbox_pending') ?? false;
    console.log(
      `worker GET /metrics: ${workerMetrics?.status ?? 'no answer'}${workerSeries ? ', outbox gauges present' : ''}`,
    );

    // The database as the drill sees it: paid orders and the payments audit.
    const database = await openDatabase({ databaseUrl, poolMax: 2 });
    const pendingMailBefore = async (time: Date): Promise<number> => {
      const result = (await database.db.execute(
        sql`select count(*)::int as count from email_outbox where status = 'pending' and created_at < ${time}`,
      )) as unknown as { rows: Array<{ count: number }> };
      return result.rows[0]?.count ?? 0;
    };
    const pendingWebhooks = async (): Promise<number> => {
      const result = (await database.db.execute(
        `select count(*)::int as count from webhook_deliveries where status = 'pending'`,
      )) as unknown as { rows: Array<{ count: number }> };
      return result.rows[0]?.count ?? 0;
    };

    /** What a phase saw besides the table's columns (the rolling restart's drain). */
    const notes: string[] = [];
    const phases: Array<{
      name: string;
      /** Makes the failure; returns when recovery starts counting (the SMTP sink counts from its return). */
      inject: () => Promise<number>;
      recovered: (since: number) => Promise<boolean>;
    }> = [
      {
        // A rolling restart's step: SIGTERM (web A drains: /ready 503, requests in flight finish, workers give
        // back their leases), then the same instance again on its port. No caller may see a 5xx.
        name: 'rolling restart A',
        async inject() {
          const at = Date.now();
          // The server's own drain is bounded by DRAIN_TIMEOUT_SECONDS (20); this limit only catches a hang.
          const exit = await webA.stop(30_000);
          const drained = (Date.now() - at) / 1000;
          webA.start();
          notes.push(
            `rolling restart: web A drained and exited in ${drained.toFixed(1)} s (exit code ${exit?.code ?? 'none'}${exit?.signal ? `, signal ${exit.signal}` : ''}); recover s = from SIGTERM to /ready 200 again`,
          );
          return at;
        },
        recovered: () => isReady(webA.port),
      },
      {
        name: 'kill -9 web A',
        async inject() {
          const at = Date.now();
          webA.kill9();
          // The supervisor (systemd, the orchestrator) starts it again at once.
          webA.start();
          return at;
        },
        recovered: () => isReady(webA.port),
      },
      {
        name: 'PostgreSQL restart',
        async inject() {
          const at = Date.now();
          await cluster?.restart();
          return at;
        },
        recovered: async () =>
          (await Promise.all(children.map((instance) => isReady(instance.port)))).every(Boolean),
      },
      {
        name: `SMTP down ${SMTP_DOWN_SECONDS} s`,
        async inject() {
          await sink?.close();
          await sleep(SMTP_DOWN_SECONDS * 1000);
          sink = await startMailSink({ port: smtpPort, onMessage: (mail) => void mails.push(mail) });
          return Date.now();
        },
        // Recovered once every e-mail written before the sink came back has gone out.
        recovered: async (since) => (await pendingMailBefore(new Date(since))) === 0,
      },
    ];

    const figures: PhaseFigures[] = [];
    // CHAOS_PHASES=smtp,postgres runs only the phases whose names contain those words (to look into one).
    const only = (process.env.CHAOS_PHASES ?? '').toLowerCase().split(',').filter(Boolean);
    for (const phase of phases) {
      if (only.length > 0 && !only.some((word) => phase.name.toLowerCase().includes(word))) continue;
      console.log(`phase: ${phase.name}…`);
      const mailsBefore = mails.length;
      const crashesBefore = children.reduce((sum, instance) => sum + instance.crashes, 0);
      const hooksBefore = receiver.received.length;
      const paid: string[] = [];
      let stop = false;
      const load = mixedLoad(webPorts, CONNECTIONS, shoppers, readUrls, {
        stop: () => stop,
        seconds: RECOVERY_LIMIT_MS / 1000 + SMTP_DOWN_SECONDS + 60,
        retryConnectionErrors: true,
        onOrder: (order) => {
          if (order.payment_status === 'paid') paid.push(order.number);
        },
      });
      // Awaited after the failure and its recovery: until then a rejection must not end the drill unhandled,
      // leaving the instances and the cluster behind (the finally below stops them).
      load.catch(() => {});
      await sleep(5000);
      const since = await phase.inject();
      let recoverSeconds: number | null = null;
      while (Date.now() - since < RECOVERY_LIMIT_MS) {
        if (await phase.recovered(since)) {
          recoverSeconds = (Date.now() - since) / 1000;
          break;
        }
        await sleep(250);
      }
      await sleep(5000);
      stop = true;
      const result = await load;
      // Let the outboxes drain (bounded) before counting what arrived.
      const drainUntil = Date.now() + 60_000;
      while (
        Date.now() < drainUntil &&
        ((await pendingMailBefore(new Date())) > 0 || (await pendingWebhooks()) > 0)
      ) {
        await sleep(500);
      }
      const stored = await database.db
        .select({ number: orderGroups.number })
        .from(orderGroups)
        .where(
          and(inArray(orderGroups.number, paid), inArray(orderGroups.paymentStatus, ['paid', 'refunded'])),
        );
      const findings = await auditPayments(database.db);
      const phaseMails = mails.slice(mailsBefore);
      figures.push({
        name: phase.name,
        serverErrors: result.serverErrors,
        serverErrorKinds: result.serverErrorKinds,
        refused: result.connectionErrors,
        recoverSeconds,
        crashes: children.reduce((sum, instance) => sum + instance.crashes, 0) - crashesBefore,
        paidOrders: paid.length,
        paidLost: paid.length - stored.length,
        duplicateEmails: duplicates(
          phaseMails.map((mail) => `${mail.to.join(',')}\n${mail.subject}\n${mail.text}`),
        ),
        duplicateWebhooks: duplicates(receiver.received.slice(hooksBefore)),
        audit: findings.length === 0 ? 'clean' : `${findings.length} finding(s): ${findings[0]?.kind}`,
      });
    }
    await database.close();

    console.log(
      '\nphase                | 5xx | refused (retried) | recover s | crashes | paid orders | paid lost | dup e-mails | dup webhooks | audit:payments',
    );
    for (const row of figures) {
      console.log(
        `${row.name.padEnd(20)} | ${String(row.serverErrors).padStart(3)} | ${String(row.refused).padStart(17)} | ${(row.recoverSeconds === null ? 'no' : row.recoverSeconds.toFixed(1)).padStart(9)} | ${String(row.crashes).padStart(7)} | ${String(row.paidOrders).padStart(11)} | ${String(row.paidLost).padStart(9)} | ${String(row.duplicateEmails).padStart(11)} | ${String(row.duplicateWebhooks).padStart(12)} | ${row.audit}`,
      );
    }
    for (const row of figures) {
      for (const [kind, count] of Object.entries(row.serverErrorKinds)) {
        console.log(`5xx in ${row.name}: ${count} × ${kind}`);
      }
    }
    for (const note of notes) console.log(note);
    console.log(`e-mails received: ${mails.length}; webhook posts received: ${receiver.received.length}`);
    console.log(
      'goal: 0 paid orders lost, 0 duplicates, audit clean; no 5xx in the rolling restart, 5xx elsewhere only while a failure lasts',
    );
  } finally {
    clearTimeout(watchdog);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('unhandledRejection', onUnhandled);
    await cleanup();
  }
}
