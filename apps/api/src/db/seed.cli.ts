import { readConfig } from '../config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { seedScaleCatalog, seedScaleOrders } from './seed/scale-seed.ts';
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
// `npm run db:seed -- --scale` (issue 18): about 100 stores and 10,000 products more, to measure at size.
const scaled = process.argv.includes('--scale') ? await seedScaleCatalog(handle.db) : null;
// …and 10,000 orders for the back office's list (issue 19).
const scaledOrders = process.argv.includes('--scale') ? await seedScaleOrders(handle.db) : 0;
await handle.close();
console.log('Catálogo de demostración cargado.');
if (scaled) console.log(`Catálogo a escala: ${scaled.stores} tiendas, ${scaled.products} productos nuevos.`);
if (scaledOrders > 0) console.log(`Pedidos a escala: ${scaledOrders} pedidos nuevos.`);
