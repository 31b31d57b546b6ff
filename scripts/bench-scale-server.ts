// The scaled catalog's server for `npm run bench -- --scale` (issue 18): the demo catalog plus ~100 stores and
// 10,000 products (seedScaleCatalog), on the embedded database (DATA_DIR) or PostgreSQL (DATABASE_URL), with an
// owner of one of the scaled stores whose session the bench uses for the merchant's list and the CSV import.
import { eq, like } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { users } from '../apps/api/src/db/schema/accounts.ts';
import { stores } from '../apps/api/src/db/schema/catalog.ts';
import { storeMembers } from '../apps/api/src/db/schema/staff.ts';
import { SCALE_STORE_PREFIX, seedScaleCatalog } from '../apps/api/src/db/seed/scale-seed.ts';
import { seedDemoCatalog } from '../apps/api/src/db/seed/seed.ts';

const port = Number(process.env.PORT ?? 3250);
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { dataDir: process.env.DATA_DIR ?? '' },
);
await database.migrate();
await seedDemoCatalog(database.db);
const seeded = performance.now();
await seedScaleCatalog(database.db);
const seedMs = performance.now() - seeded;
const unlimited = { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 };
const app = await buildApp({
  database,
  webDistDir: null,
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
  },
});
const [store] = await database.db
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

await app.listen({ port, host: '127.0.0.1' });
process.send?.({
  cookie: cookieHeader(created.headers['set-cookie']),
  csrf: created.json<{ csrf_token: string }>().csrf_token,
  storeId: store.id,
  importStoreId: importStore?.id ?? store.id,
  seedMs,
});
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
