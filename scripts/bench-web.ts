// The browse pages' own figures (issue 30): the server's time to answer each page's HTML (its head tags,
// JSON-LD and embedded data are worked out per request, decision 066), at 10 connections, and the pages
// Lighthouse measures. `npm run bench` prints both; `npm run bench -- --web` prints only them (a quick
// before/after of a web change); `npm run bench -- --scale` prints the page times on the scaled catalog.
// A measurement, not a test: it prints and never fails on a number.

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface BrowsePage {
  label: string;
  /** Path on the bench server. */
  path: string;
  /** localStorage entries the page needs to show content (the chosen city and store), set before loading. */
  storage: Record<string, string>;
}

interface StoreJson {
  id: number;
  slug: string;
}

/** Home, /stores, a store's products, a product detail and a search results page of the seeded catalog. */
export async function browsePages(base: string, state = 'Montevideo'): Promise<BrowsePage[]> {
  const cities = (await (await fetch(`${base}/v1/cities/`)).json()) as { results: unknown[] };
  const stores = (await (await fetch(`${base}/v1/stores/city/${state}`)).json()) as StoreJson[];
  const firstStore = stores[0];
  if (!firstStore) throw new Error('The bench catalog has no store');
  const catalog = (await (await fetch(`${base}/v1/stores/${firstStore.id}/products/`)).json()) as Array<{
    products: Array<{ id: number; name: string }>;
  }>;
  const product = catalog.flatMap((section) => section.products)[0];
  if (!product) throw new Error('The bench store has no product');
  const savedCity = JSON.stringify(cities.results[0]);
  const chosen = { city: savedCity, store: JSON.stringify(firstStore.id) };
  const term = encodeURIComponent(product.name.split(/\s+/)[0] ?? product.name);
  return [
    { label: 'home /', path: '/', storage: {} },
    { label: 'stores /stores', path: '/stores', storage: { city: savedCity } },
    { label: "a store's products", path: `/${firstStore.slug}/products`, storage: chosen },
    {
      label: 'a product detail',
      path: `/${firstStore.slug}/productDetails?id=${product.id}`,
      storage: chosen,
    },
    { label: 'search results /buscar', path: `/buscar?q=${term}`, storage: { city: savedCity } },
  ];
}

/**
 * The CPU time a process has used (user and system), in ms, from /proc (Linux): what a page costs the server
 * whatever else the machine runs, where the wall-clock times below move with the load average.
 */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses, in clock ticks (100 Hz).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * p50 and p95 of the server's answer to each page's HTML, with `connections` requests in flight for
 * `seconds`, as a crawler or a link preview asks for it (no browser, no assets), in ms; with the server's
 * process id, its CPU time per request too.
 */
export async function pageServerTimes(
  base: string,
  pages: BrowsePage[],
  { connections = 10, seconds = 3, serverPid = undefined as number | undefined } = {},
): Promise<
  Array<{ label: string; status: number; p50: number; p95: number; requests: number; cpuMs: number | null }>
> {
  const rows = [];
  for (const page of pages) {
    const times: number[] = [];
    let status = 0;
    const cpuBefore = processCpuMs(serverPid);
    const until = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(`${base}${page.path}`, { headers: { 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        status = response.status;
        times.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
    const cpuAfter = processCpuMs(serverPid);
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / times.length;
    rows.push({ label: page.label, status, p50: at(0.5), p95: at(0.95), requests: times.length, cpuMs });
  }
  return rows;
}

export function printPageServerTimes(rows: Awaited<ReturnType<typeof pageServerTimes>>, title: string): void {
  console.log(`\n${title} · load average ${loadavg()[0]?.toFixed(1)}`);
  console.log('page                       | status | p50 ms | p95 ms | requests | server CPU ms/req');
  for (const row of rows) {
    console.log(
      [
        row.label.padEnd(26),
        String(row.status).padStart(6),
        row.p50.toFixed(1).padStart(6),
        row.p95.toFixed(1).padStart(6),
        String(row.requests).padStart(8),
        (row.cpuMs === null ? '-' : row.cpuMs.toFixed(2)).padStart(17),
      ].join(' | '),
    );
  }
}
