import { buildApp } from './src/app.ts';
import { openDatabase } from './src/db/database.ts';
import { seedDemoCatalog } from './src/db/seed/seed.ts';
import { listCategoriesOfApprovedStores, listProductsForCity } from './src/modules/catalog/catalog.repository.ts';
import { getProductsByCategoryForCity } from './src/modules/catalog/catalog.service.ts';
import { categoryProductsListSchema } from '@mandado/shared/catalog.schemas';
const database = await openDatabase({ inMemory: true });
await database.migrate(); await seedDemoCatalog(database.db);
const app = await buildApp({ database }); await app.ready();
async function time(label: string, fn: () => Promise<unknown>, n = 30) {
  await fn(); const t = performance.now(); for (let i = 0; i < n; i++) await fn(); console.log(label, ((performance.now() - t) / n).toFixed(2), 'ms');
}
await time('categories query', () => listCategoriesOfApprovedStores(database.db, 36));
await time('products query', () => listProductsForCity(database.db, 36));
let out: unknown; 
await time('service', async () => { out = await getProductsByCategoryForCity(database.db, 'Montevideo'); });
await time('zod encode', async () => categoryProductsListSchema.encode(out as never));
await time('JSON.stringify', async () => JSON.stringify(out));
await time('inject', () => app.inject({ method: 'GET', url: '/v1/by-categories/products/Montevideo' }));
await time('inject search', () => app.inject({ method: 'GET', url: '/v1/products/Montevideo/?search=leche' }));
