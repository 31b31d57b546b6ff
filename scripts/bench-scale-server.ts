// The scaled catalog's server for `npm run bench -- --scale` (issue 18): the demo catalog plus ~100 stores and
// 10,000 products (seedScaleCatalog), on the embedded database (DATA_DIR) or PostgreSQL (DATABASE_URL), with an
// owner of one of the scaled stores whose session the bench uses for the merchant's list and the CSV import.
import { existsSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { users } from '../apps/api/src/db/schema/accounts.ts';
import { stores } from '../apps/api/src/db/schema/catalog.ts';
import { storeMembers, userRoles } from '../apps/api/src/db/schema/staff.ts';
import { SCALE_STORE_PREFIX, seedScaleCatalog, seedScaleOrders } from '../apps/api/src/db/seed/scale-seed.ts';
import { seedDemoCatalog } from '../apps/api/src/db/seed/seed.ts';

const port = Number(process.env.PORT ?? 3250);
// `--orders` (BENCH_SCALE_PART=orders): only the back office's order list, without the scaled catalog.
const ordersOnly = process.env.BENCH_SCALE_PART === 'orders';
// `--pages` (BENCH_SCALE_PART=pages): only the browse pages' HTML, on the scaled catalog without orders.
const pagesOnly = process.env.BENCH_SCALE_PART === 'pages';
/** Statements sent, to report the order list's queries per call. */
let queryCount = 0;
const onQuery = () => {
  queryCount += 1;
};
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, onQuery }
    : { dataDir: process.env.DATA_DIR ?? '', onQuery },
);
await database.migrate();
await seedDemoCatalog(database.db);
const seeded = performance.now();
if (!ordersOnly) await seedScaleCatalog(database.db);
const seedMs = performance.now() - seeded;
const ordersSeeded = performance.now();
if (!pagesOnly) await seedScaleOrders(database.db);
const seedOrdersMs = performance.now() - ordersSeeded;
const unlimited = { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 };
const app = await buildApp({
  database,
  // The built shop, when there is one: the browse pages' HTML is timed on the scaled catalog (issue 30).
  webDistDir: existsSync('apps/web/dist/index.html') ? 'apps/web/dist' : null,
  rateLimits: {
    search: unlimited,
    loginPerIp: unlimited,
    loginPerEmail: unlimited,
    emailLookupPerIp: unlimited,
  },
  concurrencyLimits: { perClient: 10_000 },
});

function cookieHeader(setCookie: string | string[] | undefined, sent = ''): string {
  const pairs = new Map(sent ? sent.split('; ').map((pair) => pair.split('=') as [string, string]) : []);
  for (const line of [setCookie ?? []].flat()) {
    const [pair = ''] = line.split(';');
    const [name = '', value = ''] = pair.split('=');
    pairs.set(name, value);
  }
  return [...pairs].map(([name, value]) => `${name}=${value}`).join('; ');
}

const origin = 'http://localhost:80';
const ownerEmail = `duena-${Date.now()}@ejemplo.com`;
const csrf = await app.inject({ method: 'GET', url: '/v1/csrf-token/' });
const created = await app.inject({
  method: 'POST',
  url: '/v1/users/create/',
  headers: {
    origin,
    cookie: cookieHeader(csrf.headers['set-cookie']),
    'x-csrftoken': csrf.json<{ csrf_token: string }>().csrf_token,
  },
  payload: {
    email: ownerEmail,
    password: 'paseo-por-la-rambla',
    first_name: 'Dueña',
    last_name: 'Escala',
    phone_number: '+598 91 234 567',
    terms_accepted: true,
    privacy_accepted: true,
  },
});
const [store] = ordersOnly
  ? await database.db.select({ id: stores.id }).from(stores).orderBy(stores.id).limit(1)
  : await database.db
      .select({ id: stores.id })
      .from(stores)
      .where(like(stores.name, `${SCALE_STORE_PREFIX} 001`));
const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail));
if (!store || !user) throw new Error('the scaled store or its owner is missing');
await database.db
  .insert(storeMembers)
  .values({ storeId: store.id, userId: user.id, role: 'owner' })
  .onConflictDoNothing();
// A second store, empty, for the CSV import of 10,000 new rows.
const [importStore] = await database.db
  .select({ id: stores.id })
  .from(stores)
  .where(eq(stores.name, `${SCALE_STORE_PREFIX} 002`));
if (importStore) {
  await database.db
    .insert(storeMembers)
    .values({ storeId: importStore.id, userId: user.id, role: 'owner' })
    .onConflictDoNothing();
}

// The same person is an operator (issue 19): the back office's order list at 10,000 orders.
await database.db
  .insert(userRoles)
  .values({ userId: user.id, role: 'operator', operatorGroup: 'administracion' })
  .onConflictDoNothing();
const ownerCookie = cookieHeader(created.headers['set-cookie']);
/** Statements one call sends (the session lookup included), counted here where the database is. */
async function queriesPerCall(url: string): Promise<number> {
  await app.inject({ method: 'GET', url, headers: { cookie: ownerCookie } });
  const before = queryCount;
  const response = await app.inject({ method: 'GET', url, headers: { cookie: ownerCookie } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return queryCount - before;
}
const orderListQueries = {
  first: await queriesPerCall('/v1/admin/orders/'),
  filtered: await queriesPerCall('/v1/admin/orders/?payment_status=pending&method=bank_transfer&country=UY'),
  late: await queriesPerCall('/v1/admin/orders/?late=true'),
  search: await queriesPerCall('/v1/admin/orders/?q=nunez'),
};

await app.listen({ port, host: '127.0.0.1' });
process.send?.({
  cookie: ownerCookie,
  csrf: created.json<{ csrf_token: string }>().csrf_token,
  storeId: store.id,
  importStoreId: importStore?.id ?? store.id,
  seedMs,
  seedOrdersMs,
  orderListQueries,
  ordersOnly,
});
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
