import { readConfig } from '../config.ts';
import { openDatabase } from './database.ts';

const handle = await openDatabase(readConfig().database);
await handle.migrate();
await handle.close();
console.log('Migraciones aplicadas.');
