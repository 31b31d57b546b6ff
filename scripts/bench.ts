// `npm run bench`: throughput and p99 latency of products-by-city and search, each beside a static JSON
// route of the same size on the same server (as ratios), a bystander's p99 while one session floods the
// cart read (bench-bystander.ts, decision 014), and the gzip size of the JS and CSS that the home
// and store pages load first, Lighthouse's mobile scores of four pages (bench-lighthouse.ts), and placing an
// order beside a cart read (bench-orders.ts). A
// measurement, not a test: it prints and never fails on a number.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { DEFAULT_CONCURRENCY_LIMITS } from '../apps/api/src/plugins/request-fairness.ts';
import { measureBystander } from './bench-bystander.ts';
import { printLighthouseTable, runLighthouse } from './bench-lighthouse.ts';
import { benchOrders } from './bench-orders.ts';
import { browsePages, pageServerTimes, printPageServerTimes } from './bench-web.ts';

// `npm run bench -- --scale`: only the scaled catalog (issue 18), on PGlite, or PostgreSQL with DATABASE_URL.
if (process.argv.includes('--scale')) {
  const { benchScale } = await import('./bench-scale.ts');
  await benchScale();
  process.exit(0);
}

// `npm run bench -- --chaos`: the failure drill on a throwaway PostgreSQL cluster (bench-chaos.ts).
if (process.argv.includes('--chaos')) {
  const { benchChaos } = await import('./bench-chaos.ts');
  await benchChaos();
  process.exit(0);
}

// `npm run bench -- --postgres`: only the mixed load of one and two instances on PostgreSQL (bench-pg.ts).
if (process.argv.includes('--postgres')) {
  const { benchPostgres } = await import('./bench-pg.ts');
  await benchPostgres();
  process.exit(0);
}

// `npm run bench -- --web`: only the browse pages (server time per page, first load, Lighthouse; issue 30).
const webOnly = process.argv.includes('--web');

const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

if (!existsSync('apps/web/dist/index.html')) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'mandado-bench-'));
const server = fork('scripts/bench-server.ts', [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
});
/** The session of the bench server's logged-in shopper (for the cart read). */
const shopperCookie = await new Promise<string>((resolve, reject) => {
  server.once('message', (message: { cookie: string }) => resolve(message.cookie));
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

interface Measure {
  rps: number;
  p99: number;
  bytes: number;
}

async function measure(
  url: string,
  headers: Record<string, string> = {},
  connectionCount = connections,
): Promise<Measure> {
  const result = await autocannon({
    url: `${base}${url}`,
    connections: connectionCount,
    duration: seconds,
    headers,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: result.throughput.average / result.requests.average,
  };
}

const routes = [
  ['products by city', '/v1/by-categories/products/Montevideo', '/bench/static/productsByCity'],
  ['search "leche"', '/v1/products/Montevideo/?search=leche', '/bench/static/search'],
  ['cart (10 lines)', '/v1/cart/', '/bench/static/cart'],
] as const;

if (!webOnly) {
  console.log(`\nAPI (${connections} connections, ${seconds} s each, one process, embedded PGlite)`);
  console.log(
    'route              | req/s  | p99 ms | static req/s | static p99 ms | req/s ratio | p99 ratio',
  );
  for (const [label, dynamicUrl, staticUrl] of routes) {
    const isCart = dynamicUrl === '/v1/cart/';
    const headers: Record<string, string> = isCart ? { cookie: shopperCookie } : {};
    // One session may have only a few requests in progress (decision 014): the cart read uses that many.
    const cartConnections = Math.min(connections, DEFAULT_CONCURRENCY_LIMITS.perSession);
    const dynamic = await measure(dynamicUrl, headers, isCart ? cartConnections : connections);
    const fixed = await measure(staticUrl, headers, isCart ? cartConnections : connections);
    console.log(
      [
        label.padEnd(18),
        dynamic.rps.toFixed(0).padStart(6),
        dynamic.p99.toFixed(0).padStart(6),
        fixed.rps.toFixed(0).padStart(12),
        fixed.p99.toFixed(0).padStart(13),
        (dynamic.rps / fixed.rps).toFixed(3).padStart(11),
        (dynamic.p99 / Math.max(fixed.p99, 1)).toFixed(2).padStart(9),
      ].join(' | '),
    );
  }
}

// --- Bystander under a flood (decision 014) ---
if (!webOnly) {
  const floodConnections = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 64);
  const figure = await measureBystander({
    base,
    sessionCookie: shopperCookie,
    seconds: Math.max(seconds, 3),
    floodConnections,
    floodUrl: '/v1/cart/',
    bystanderUrl: '/v1/country/',
  });
  console.log(`\nBystander: GET /v1/country/ one at a time while one session floods GET /v1/cart/`);
  console.log(`(${floodConnections} keep-alive connections; goal: bystander p99 <= 100 ms)`);
  console.log('bystander reqs | p50 ms | p99 ms | flood 2xx | flood 429 | flood other');
  console.log(
    [
      String(figure.bystanderRequests).padStart(14),
      figure.bystanderP50.toFixed(1).padStart(6),
      figure.bystanderP99.toFixed(1).padStart(6),
      String(figure.flood2xx).padStart(9),
      String(figure.flood429).padStart(9),
      String(figure.floodOther).padStart(11),
    ].join(' | '),
  );
}
// --- end of the bystander block ---

/** JS and CSS a fresh visitor's browser fetches until the page settles, gzip-compressed. */
async function firstLoad(url: string, storage: Record<string, string>) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext();
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const sizes = { js: 0, css: 0, files: 0 };
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body).length;
    sizes.files += 1;
  });
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  await browser.close();
  return sizes;
}

const city = await (await fetch(`${base}/v1/cities/`)).json();
const stores = await (await fetch(`${base}/v1/stores/city/Montevideo`)).json();
const savedCity = JSON.stringify(city.results[0]);
const firstStore = stores[0];
console.log('\nWeb first load (gzip, fresh browser)');
console.log('page                       | JS KiB | CSS KiB| files');
for (const [label, url, storage] of [
  ['home /', '/', {}],
  ['stores /stores', '/stores', { city: savedCity }],
  ['store products /products', '/products', { city: savedCity, store: JSON.stringify(firstStore.id) }],
] as const) {
  const sizes = await firstLoad(url, storage);
  console.log(
    `${label.padEnd(26)} | ${(sizes.js / 1024).toFixed(1).padStart(6)} | ${(sizes.css / 1024).toFixed(1).padStart(6)} | ${sizes.files}`,
  );
}

// --- The browse pages: the server's time per page, then Lighthouse (mobile preset) ---
{
  const pages = await browsePages(base);
  printPageServerTimes(
    await pageServerTimes(base, pages, { serverPid: server.pid }),
    "Browse pages' HTML from the server (10 connections, 3 s each; goal: p95 < 50 ms)",
  );
  console.log('\nLighthouse 13, mobile preset (goal: performance >= 98, the other three 100)');
  printLighthouseTable(await runLighthouse(base, pages));
}
// --- end of the Lighthouse block ---

server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });

// --- Placing an order (issue 10), after the server above is gone so it has the cores to itself ---
if (!webOnly) await benchOrders();
