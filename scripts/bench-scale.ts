// `npm run bench -- --scale` (issue 18): the catalog at a city's size (~100 stores, 10,000 products), on the
// embedded database, and on PostgreSQL when DATABASE_URL is set: shop search p95 at 10 connections, a store's
// catalog page, the owner's catalog list and its search, and the CSV import of 10,000 rows (dry run, import,
// the same file again), and the back office's order list at 10,000 orders (issue 19: queries per call, p50
// and p95 of its first page and of a filtered page; `npm run bench -- --scale --orders` runs only that part),
// and the browse pages' HTML at 10 connections, a scaled store's page and one of its products among them
// (issue 30; `npm run bench -- --scale --pages` runs only that part, on the scaled catalog without orders).
// A measurement: it prints and never fails on a number.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { browsePages, pageServerTimes, printPageServerTimes } from './bench-web.ts';

const port = Number(process.env.BENCH_PORT ?? 3250);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

/** p50 and p95 of `count` calls one after another (an operator's clicks, not a load test), in ms. */
async function sequentialLatency(url: string, headers: Record<string, string>, count = 200) {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return { p50: at(0.5).toFixed(1), p95: at(0.95).toFixed(1) };
}

export async function benchScale(): Promise<void> {
  const ordersOnly = process.argv.includes('--orders');
  const pagesOnly = process.argv.includes('--pages');
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'mandado-bench-scale-'));
  const server = fork('scripts/bench-scale-server.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir ?? '',
      LOG_LEVEL: 'silent',
      ...(ordersOnly ? { BENCH_SCALE_PART: 'orders' } : {}),
      ...(pagesOnly ? { BENCH_SCALE_PART: 'pages' } : {}),
    },
  });
  const session = await new Promise<ScaleSession>((resolve, reject) => {
    server.once('message', (message) => resolve(message as never));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  try {
    if (!pagesOnly) await benchCatalogAndOrders(session, ordersOnly);
    if (!ordersOnly) await benchPages(session.storeId, server.pid);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ScaleSession {
  cookie: string;
  csrf: string;
  storeId: number;
  importStoreId: number;
  seedMs: number;
  seedOrdersMs: number;
  orderListQueries: { first: number; filtered: number; late: number; search: number };
}

async function benchCatalogAndOrders(session: ScaleSession, ordersOnly: boolean): Promise<void> {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  {
    const owner = { cookie: session.cookie, origin: 'http://localhost:80', 'x-csrftoken': session.csrf };
    const orderRows: Array<[string, string]> = [
      [`${engine}: seeding 10,000 order groups`, `${(session.seedOrdersMs / 1000).toFixed(1)} s`],
    ];
    for (const [label, query, queries] of [
      ['first page (50)', '', session.orderListQueries.first],
      [
        'filtered: pending transfers from UY',
        '?payment_status=pending&method=bank_transfer&country=UY',
        session.orderListQueries.filtered,
      ],
      ["filtered: 'late' (past the 48-hour promise)", '?late=true', session.orderListQueries.late],
      ["search: 'nunez' (accents folded)", '?q=nunez', session.orderListQueries.search],
    ] as const) {
      const latency = await sequentialLatency(`${base}/v1/admin/orders/${query}`, { cookie: session.cookie });
      orderRows.push([
        `GET /v1/admin/orders/ ${label}`,
        `${queries} queries per call (session lookup included) · p50 ${latency.p50} ms · p95 ${latency.p95} ms`,
      ]);
    }
    console.log(`\nAdmin order list at 10,000 orders on ${engine} (issue 19; 200 calls one after another)`);
    for (const [label, value] of orderRows) console.log(`  ${label.padEnd(62)} ${value}`);
    if (ordersOnly) return;
    const rows: Array<[string, string]> = [
      [`${engine}: seeding 100 stores and 10,000 products`, `${(session.seedMs / 1000).toFixed(1)} s`],
    ];
    // The first search after a start builds the city's search index (decision 046): timed on its own, so
    // the rows below measure searches as a running server answers them.
    const firstSearch = performance.now();
    await fetch(`${base}/v1/products/Montevideo/?search=leche`);
    rows.push([
      'shop search, the first (builds the index)',
      `${Math.round(performance.now() - firstSearch)} ms`,
    ]);
    for (const [label, url, headers] of [
      ['shop search "yerba" (10 connections)', '/v1/products/Montevideo/?search=yerba', {}],
      ['shop search "queso suave"', '/v1/products/Montevideo/?search=queso%20suave', {}],
      ["a store's catalog page", `/v1/stores/${session.storeId}/products/`, {}],
      ["the owner's catalog list (page 1)", `/v1/merchant/stores/${session.storeId}/products/`, owner],
      ["the owner's catalog search", `/v1/merchant/stores/${session.storeId}/products/?q=cafe`, owner],
    ] as const) {
      const result = await autocannon({ url: `${base}${url}`, connections: 10, duration: seconds, headers });
      rows.push([
        label,
        `p50 ${result.latency.p50} ms · p90 ${result.latency.p90} ms · p97.5 ${result.latency.p97_5} ms · p99 ${result.latency.p99} ms · ${Math.round(result.requests.average)} req/s · non-2xx ${result.non2xx}`,
      ]);
    }
    const lines = ['nombre,categoria,precio,stock'];
    for (let index = 0; index < 10_000; index += 1) {
      lines.push(`Importado ${index},Categoría ${index % 40},${100 + (index % 500)},${index % 50}`);
    }
    const csv = lines.join('\n');
    for (const [label, query] of [
      ['CSV 10,000 rows: dry run', '?dry_run=1'],
      ['CSV 10,000 rows: import', ''],
      ['CSV 10,000 rows: the same file again', ''],
    ] as const) {
      const started = performance.now();
      const response = await fetch(
        `${base}/v1/merchant/stores/${session.importStoreId}/products/import/${query}`,
        {
          method: 'POST',
          // A real request's Origin is checked against the site (CSRF): this server's own.
          headers: { ...owner, origin: base, 'content-type': 'text/csv' },
          body: csv,
        },
      );
      const report = (await response.json()) as { created?: number; unchanged?: number; detail?: string };
      rows.push([
        label,
        `${Math.round(performance.now() - started)} ms (${response.status}; created ${report.created ?? '-'}, unchanged ${report.unchanged ?? '-'})`,
      ]);
    }
    console.log(`\nScaled catalog on ${engine} (issue 18)`);
    for (const [label, value] of rows) console.log(`  ${label.padEnd(48)} ${value}`);
  }
}

/**
 * The browse pages' HTML with their head, embedded data and markup (issue 30, decisions 066, 079 and 087): the
 * demo store's pages, and a scaled store's page and one of its products (its catalog is about a hundred
 * products), at 10 connections, with the server's CPU time per request.
 */
async function benchPages(scaledStoreId: number, serverPid: number | undefined): Promise<void> {
  if (!existsSync('apps/web/dist/index.html')) {
    console.log("\nBrowse pages' HTML: not measured (build the web app first: npm run build)");
    return;
  }
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const pages = await browsePages(base);
  const cityStores = (await (await fetch(`${base}/v1/stores/city/Montevideo`)).json()) as Array<{
    id: number;
    slug: string;
  }>;
  const scaled = cityStores.find((store) => store.id === scaledStoreId);
  if (scaled) {
    const catalog = (await (await fetch(`${base}/v1/stores/${scaled.id}/products/`)).json()) as Array<{
      products: Array<{ id: number }>;
    }>;
    const products = catalog.flatMap((section) => section.products);
    pages.push({
      label: `a scaled store (${products.length} products)`,
      path: `/${scaled.slug}/products`,
      storage: {},
    });
    const product = products[products.length - 1];
    if (product) {
      pages.push({
        label: 'a scaled store product',
        path: `/${scaled.slug}/productDetails?id=${product.id}`,
        storage: {},
      });
    }
  }
  printPageServerTimes(
    await pageServerTimes(base, pages, { seconds, serverPid }),
    `Browse pages' HTML on the scaled catalog on ${engine} (10 connections; goal: p95 < 50 ms)`,
  );
}
