import { readConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { seedDemoCatalog } from './seed/seed.ts';

const handle = await openDatabase(readConfig().database);
await handle.migrate();
await seedDemoCatalog(handle.db);
await handle.close();
console.log('Catálogo de demostración cargado.');
