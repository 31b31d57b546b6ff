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
  // Every bench client comes from 127.0.0.1; the per-session limit stays as shipped (the bystander figure).
  concurrencyLimits: { perClient: 10_000 },
});

/** The cookies a response sets, as one Cookie header together with the ones sent. */
function withCookies(sent: string, setCookie: string | string[] | undefined): string {
  const pairs = new Map(sent ? sent.split('; ').map((pair) => pair.split('=') as [string, string]) : []);
  for (const line of [setCookie ?? []].flat()) {
    const [pair = ''] = line.split(';');
    const [name = '', value = ''] = pair.split('=');
    pairs.set(name, value);
  }
  return [...pairs].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A logged-in shopper with ten lines from several stores: the cart read measures the session lookup too. */
async function shopperWithCart(): Promise<string> {
  const origin = 'http://localhost:80';
  const csrf = await app.inject({ method: 'GET', url: '/v1/csrf-token/' });
  const created = await app.inject({
    method: 'POST',
    url: '/v1/users/create/',
    headers: {
      origin,
      cookie: withCookies('', csrf.headers['set-cookie']),
      'x-csrftoken': csrf.json<{ csrf_token: string }>().csrf_token,
    },
    payload: {
      email: 'bench@ejemplo.com',
      password: 'paseo-por-la-rambla',
      first_name: 'Banco',
      last_name: 'Pruebas',
      phone_number: '+598 91 234 567',
      terms_accepted: true,
      privacy_accepted: true,
    },
  });
  const headers = {
    origin,
    cookie: withCookies('', created.headers['set-cookie']),
    'x-csrftoken': created.json<{ csrf_token: string }>().csrf_token,
  };
  const catalog = await app.inject({ method: 'GET', url: '/v1/by-categories/products/Montevideo' });
  const products = catalog
    .json<{ products: { id: number; stock: number }[] }[]>()
    .flatMap((category) => category.products)
    .filter((product) => product.stock > 0);
  const lines = products.filter((_, index) => index % 30 === 0).slice(0, 10);
  await app.inject({ method: 'PUT', url: '/v1/cart/city/Montevideo', headers });
  const replaced = await app.inject({
    method: 'PUT',
    url: '/v1/cart/',
    headers,
    payload: lines.map((product) => ({ product_id: product.id, quantity: 2 })),
  });
  if (replaced.statusCode !== 200) throw new Error(`bench cart: ${replaced.statusCode} ${replaced.body}`);
  return headers.cookie;
}

export const BENCH_ROUTES = {
  productsByCity: '/v1/by-categories/products/Montevideo',
  search: '/v1/products/Montevideo/?search=leche',
  cart: '/v1/cart/',
} as const;

// Routes must exist before the app is ready; their bodies are copied from the real answers right after.
const staticBodies = new Map<string, string>();
for (const name of Object.keys(BENCH_ROUTES)) {
  app.get(`/bench/static/${name}`, (_request, reply) =>
    reply.type('application/json').send(staticBodies.get(name)),
  );
}
await app.ready();
const cookie = await shopperWithCart();
for (const [name, url] of Object.entries(BENCH_ROUTES)) {
  staticBodies.set(name, (await app.inject({ method: 'GET', url, headers: { cookie } })).body);
}

await app.listen({ port, host: '127.0.0.1' });
process.send?.({ cookie });
