import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { isCatalogEmpty } from './db/seed/catalog-state.ts';
import { seedDemoCatalog } from './db/seed/seed.ts';

const config = readConfig();
const database = await openDatabase(config.database);
await database.migrate();
// The embedded database seeds itself on first start so `npm start` gives a working shop; a PostgreSQL
// deployment is seeded explicitly with `npm run db:seed`.
if (database.engine === 'pglite' && (await isCatalogEmpty(database.db))) {
  await seedDemoCatalog(database.db);
}

const app = await buildApp({
  database,
  webDistDir: config.webDistDir,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
});

async function shutdown(): Promise<void> {
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`Mandado está listo en http://localhost:${config.port} (API en /v1, documentación en /v1/docs)`);
