// The server the benchmark measures: the real app on a fresh embedded database, plus static JSON routes
// that answer the same bytes as the dynamic ones, so the ratios isolate our own work (queries, shaping).
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { seedDemoCatalog } from '../apps/api/src/db/seed/seed.ts';

const port = Number(process.env.PORT ?? 3200);
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');

const database = await openDatabase({ dataDir });
await database.migrate();
await seedDemoCatalog(database.db);
// The limiter still counts every request (its write is part of the measured cost) but never refuses one.
const unlimited = { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 };
const app = await buildApp({
  database,
  webDistDir: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
  rateLimits: { search: unlimited, nearStores: unlimited, cityRequest: unlimited },
});

export const BENCH_ROUTES = {
  productsByCity: '/v1/by-categories/products/Montevideo',
  search: '/v1/products/Montevideo/?search=leche',
} as const;

// Routes must exist before the app is ready; their bodies are copied from the real answers right after.
const staticBodies = new Map<string, string>();
for (const name of Object.keys(BENCH_ROUTES)) {
  app.get(`/bench/static/${name}`, (_request, reply) =>
    reply.type('application/json').send(staticBodies.get(name)),
  );
}
await app.ready();
for (const [name, url] of Object.entries(BENCH_ROUTES)) {
  staticBodies.set(name, (await app.inject({ method: 'GET', url })).body);
}

await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
