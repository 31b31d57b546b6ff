// `npm run check:entry-size` (run by `npm run test:e2e` right after the build): the JavaScript every shop page
// loads before its route's own chunk — the module scripts and preloads of apps/web/dist/index.html — measured
// gzip-compressed and held to a budget. The full first load of the browse routes (≤ 120 KiB, route chunk
// included) is measured in a browser by `npm run bench`; this check is the cheap guard that runs in CI, so a
// value import that drags a library into the shell (zod did, through the settings registry and the name rule)
// fails the build instead of waiting for the next bench.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The shell's share of the 120 KiB: what is left is for the route chunks of the home, store and product pages. */
const ENTRY_BUDGET_KIB = 116;

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((match) => match[1] ?? '');
if (files.length === 0) throw new Error('apps/web/dist/index.html names no module script: build first');

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
const kib = total / 1024;
console.log(`${kib.toFixed(1).padStart(7)} KiB  entry JS in all, gzip (budget ${ENTRY_BUDGET_KIB} KiB)`);
if (kib > ENTRY_BUDGET_KIB) {
  console.error(
    `The shop's entry JS is ${kib.toFixed(1)} KiB gzip, over its ${ENTRY_BUDGET_KIB} KiB budget.`,
  );
  process.exit(1);
}
