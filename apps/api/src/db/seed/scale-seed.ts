import { and, eq, like, sql } from 'drizzle-orm';
import { renderProductImage, renderStoreLogo } from '../../modules/media/product-image.ts';
import type { Database } from '../database.ts';
import { categories, cities, products, storeCities, stores } from '../schema/catalog.ts';
import { mediaFiles } from '../schema/media.ts';
import type { ImageMotif } from './catalog-seed.types.ts';

/**
 * `npm run db:seed -- --scale` (issue 18): a city's catalog at the size it will reach, about 100 stores and
 * 10,000 products in Montevideo, beside the demo catalog, with images drawn locally, so search, the store
 * pages and the owner's list are measured (`npm run bench -- --scale`) where they will have to stay fast.
 * Names are built from real grocery words (so a search finds tens or hundreds, as it would), deterministic
 * (the same run gives the same catalog) and idempotent (a second run adds nothing).
 */
export const SCALE_STORE_PREFIX = 'Almacén Escala';

const KINDS = ['store', 'pharmacy', 'greengrocer_shop', 'meat_shop'] as const;
const CATEGORIES = ['Almacén', 'Bebidas', 'Lácteos', 'Limpieza', 'Perfumería'];
const NOUNS = [
  'Yerba',
  'Café',
  'Arroz',
  'Fideos',
  'Aceite',
  'Harina',
  'Azúcar',
  'Leche',
  'Queso',
  'Yogur',
  'Galletitas',
  'Jabón',
  'Detergente',
  'Shampoo',
  'Agua',
  'Refresco',
  'Cerveza',
  'Vino',
  'Mermelada',
  'Dulce de leche',
];
const QUALITIES = ['clásico', 'suave', 'intenso', 'integral', 'light', 'premium', 'natural', 'familiar'];
const SIZES = ['250 g', '500 g', '1 kg', '1 L', '1,5 L', '2 L', 'x 6', 'x 12'];
const MOTIFS: readonly ImageMotif[] = ['bag', 'box', 'bottle', 'can', 'carton', 'jar', 'packet'];

/** A small deterministic generator (mulberry32): the same seed gives the same catalog on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(list: readonly T[], next: () => number): T {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

export async function seedScaleCatalog(
  db: Database,
  options: { stores?: number; productsPerStore?: number } = {},
): Promise<{ stores: number; products: number }> {
  const storeCount = options.stores ?? 100;
  const perStore = options.productsPerStore ?? 100;
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Montevideo'));
  if (!city) throw new Error('Load the demo catalog first (npm run db:seed): Montevideo is missing');
  const existing = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stores)
    .where(like(stores.name, `${SCALE_STORE_PREFIX}%`));
  if ((existing[0]?.count ?? 0) >= storeCount) return { stores: 0, products: 0 };

  let made = 0;
  for (let index = 1; index <= storeCount; index += 1) {
    const name = `${SCALE_STORE_PREFIX} ${String(index).padStart(3, '0')}`;
    const next = random(index);
    await db.transaction(async (tx) => {
      const logoKey = `stores/escala-${index}.svg`;
      const kind = pick(KINDS, next);
      await tx
        .insert(mediaFiles)
        .values({
          key: logoKey,
          contentType: 'image/svg+xml',
          body: renderStoreLogo({ name, kind, seed: logoKey }),
        })
        .onConflictDoNothing();
      const [store] = await tx
        .insert(stores)
        .values({
          name,
          kind,
          status: 'approved',
          logo: `/media/${logoKey}`,
          addressLine1: `Calle de prueba ${index}`,
          zipCode: '11200',
          rif: `21${String(index).padStart(6, '0')}0010`,
          sortIndex: 1000 + index,
          latitude: (-34.88 - next() * 0.05).toFixed(6),
          longitude: (-56.2 + next() * 0.1).toFixed(6),
          cityId: city.id,
        })
        .onConflictDoNothing()
        .returning({ id: stores.id });
      if (!store) return;
      await tx.insert(storeCities).values({ storeId: store.id, cityId: city.id }).onConflictDoNothing();
      const categoryRows = await tx
        .insert(categories)
        .values(CATEGORIES.map((category, sortIndex) => ({ storeId: store.id, name: category, sortIndex })))
        .returning({ id: categories.id });
      const names = new Set<string>();
      const rows: Array<typeof products.$inferInsert> = [];
      const images: Array<typeof mediaFiles.$inferInsert> = [];
      while (rows.length < perStore) {
        const productName = `${pick(NOUNS, next)} ${pick(QUALITIES, next)} ${pick(SIZES, next)} ${rows.length + 1}`;
        if (names.has(productName)) continue;
        names.add(productName);
        const key = `products/escala-${index}/${rows.length + 1}.svg`;
        images.push({
          key,
          contentType: 'image/svg+xml',
          body: renderProductImage({ name: productName, motif: pick(MOTIFS, next), seed: key }),
        });
        const price = 50 + Math.floor(next() * 1500);
        rows.push({
          storeId: store.id,
          categoryId: pick(categoryRows, next).id,
          name: productName,
          description: `${productName}. Producto de prueba del catálogo a escala.`,
          price: `${price}.00`,
          currency: 'UYU',
          images: [`/media/${key}`],
          popularity: Math.floor(next() * 1000),
          stock: Math.floor(next() * 40),
        });
      }
      for (let start = 0; start < rows.length; start += 500) {
        await tx
          .insert(mediaFiles)
          .values(images.slice(start, start + 500))
          .onConflictDoNothing();
        await tx.insert(products).values(rows.slice(start, start + 500));
      }
      made += rows.length;
    });
  }
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stores)
    .where(and(like(stores.name, `${SCALE_STORE_PREFIX}%`), eq(stores.status, 'approved')));
  return { stores: count?.count ?? 0, products: made };
}
