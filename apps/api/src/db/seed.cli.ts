import { readConfig } from '../config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { seedDemoCatalog } from './seed/seed.ts';

let handle: DatabaseHandle;
try {
  handle = await openDatabase(readConfig().database);
} catch (error) {
  // A running server holds the embedded database (issue 16): seeding beside it would be lost.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
await handle.migrate();
await seedDemoCatalog(handle.db);
await handle.close();
console.log('Catálogo de demostración cargado.');
